//! Shortening long text for messages: a deep JSON Pointer or a huge source line keeps its start
//! and its end, with ` … ` in place of the middle.

use std::borrow::Cow;

/// What stands for the characters left out.
pub const ELISION: &str = " … ";

/// `text` whole when it has at most `max` characters; otherwise its first and last characters
/// with [`ELISION`] between them, `max` characters in all (at least one character of each end is
/// kept, so the result may be longer for a tiny `max`). Counts and cuts whole characters, never
/// inside one.
///
/// ```
/// use rosetta_types::elide_middle;
///
/// assert_eq!(elide_middle("/a/b/c", 10), "/a/b/c");
/// let pointer = "/child".repeat(100);
/// let short = elide_middle(&pointer, 40);
/// assert_eq!(short.chars().count(), 40);
/// assert!(short.starts_with("/child/child") && short.ends_with("child/child"));
/// assert!(short.contains(" … "));
/// ```
pub fn elide_middle(text: &str, max: usize) -> Cow<'_, str> {
    let count = text.chars().count();
    if count <= max {
        return Cow::Borrowed(text);
    }
    let keep = max.saturating_sub(ELISION.chars().count()).max(2);
    let head = keep - keep / 2;
    let tail = keep / 2;
    let head_end = text.char_indices().nth(head).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .nth(count - tail)
        .map_or(text.len(), |(i, _)| i);
    Cow::Owned(format!(
        "{}{ELISION}{}",
        &text[..head_end],
        &text[tail_start..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_borrowed_whole() {
        assert!(matches!(elide_middle("abc", 3), Cow::Borrowed("abc")));
        assert_eq!(elide_middle("", 0), "");
    }

    #[test]
    fn long_text_keeps_both_ends_at_the_length_asked() {
        let text: String = ('a'..='z').cycle().take(1000).collect();
        let short = elide_middle(&text, 23);
        assert_eq!(short.chars().count(), 23);
        assert!(short.starts_with("abcdefghij"));
        assert!(short.ends_with(&text[text.len() - 10..]));
    }

    #[test]
    fn cuts_between_characters() {
        let text = "é".repeat(50);
        let short = elide_middle(&text, 13);
        assert_eq!(
            short,
            format!("{}{ELISION}{}", "é".repeat(5), "é".repeat(5))
        );
    }

    #[test]
    fn a_tiny_maximum_still_keeps_one_character_of_each_end() {
        assert_eq!(elide_middle("abcdefgh", 1), format!("a{ELISION}h"));
    }
}
