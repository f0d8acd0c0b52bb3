//! Doc comments from the schema's own comments: the `//` lines (or `/* */` block) right above a
//! declaration, read from the file's text, made safe for rustdoc.

use std::collections::HashMap;

use rosetta_bundle::SourceRef;

/// The text of every compiled file, by canonical path.
#[derive(Debug, Default)]
pub struct Comments<'a> {
    files: HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> Comments<'a> {
    pub fn add(&mut self, canonical_path: &'a str, text: &'a str) {
        self.files.insert(canonical_path, text.lines().collect());
    }

    /// The comment right above the declaration at `at` in `file`, one entry per line.
    pub fn above(&self, file: &str, at: SourceRef) -> Vec<String> {
        let Some(lines) = self.files.get(file) else {
            return Vec::new();
        };
        // `line` is 1-based: the line above is at index line - 2.
        let mut index = (at.line as usize).saturating_sub(1);
        let mut out = Vec::new();
        while index > 0 {
            let line = lines.get(index - 1).map_or("", |l| l.trim());
            if let Some(text) = line.strip_prefix("//") {
                out.push(text.trim_start_matches('/').trim().to_owned());
                index -= 1;
            } else if line.ends_with("*/") {
                let mut block = Vec::new();
                loop {
                    let line = lines.get(index - 1).map_or("", |l| l.trim());
                    block.push(line);
                    index -= 1;
                    if line.contains("/*") || index == 0 {
                        break;
                    }
                }
                for line in block {
                    let text = line.replace("/**", "").replace("/*", "").replace("*/", "");
                    let text = text.trim().trim_start_matches('*').trim();
                    out.push(text.to_owned());
                }
                break;
            } else {
                break;
            }
        }
        out.reverse();
        while out.first().is_some_and(String::is_empty) {
            out.remove(0);
        }
        while out.last().is_some_and(String::is_empty) {
            out.pop();
        }
        out.into_iter().map(|l| escape(&l)).collect()
    }
}

/// A comment line as rustdoc text: no link, HTML tag or code block it would act on (`[x]`,
/// `<T>`, a fenced block that doctests would compile). Code spans are kept (rustdoc reads
/// nothing in them), unless a line leaves one open.
fn escape(line: &str) -> String {
    let balanced = line.matches('`').count() % 2 == 0;
    let fenced = line.contains("```");
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        if !in_code && (rest.starts_with("https://") || rest.starts_with("http://")) {
            // A bare URL becomes an autolink, which rustdoc accepts.
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let url = rest[..end].trim_end_matches(['.', ',', ';', ':', ')', '\'', '"']);
            out.push('<');
            out.push_str(url);
            out.push('>');
            rest = &rest[url.len()..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        if c == '`' && balanced && !fenced {
            in_code = !in_code;
            out.push(c);
            continue;
        }
        if in_code {
            out.push(c);
            continue;
        }
        match c {
            '[' | ']' | '`' | '*' | '_' | '#' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            _ => out.push(c),
        }
    }
    unlist(&out)
}

/// A line that Markdown would read as a list item, a quote or a heading underline, kept as
/// text: schema comments are plain text, and a list in one would swallow the lines after it.
fn unlist(line: &str) -> String {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &line[digits..];
    if digits > 0
        && (rest.starts_with(". ") || rest.starts_with(") ") || rest == "." || rest == ")")
    {
        return format!("{}\\{}", &line[..digits], rest);
    }
    match line.chars().next() {
        Some('-' | '+' | '=') => format!("\\{line}"),
        _ => line.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_block_comments_above_a_declaration() {
        let text = "package a;\n\n// The player.\n// Has <T> and [links].\ntype P {}\n/* Block\n * two */\ntype Q {}\nint32 x = 1; // trailing\ntype R {}\n";
        let mut c = Comments::default();
        c.add("a.schema", text);
        let at = |line| SourceRef { line, column: 1 };
        assert_eq!(
            c.above("a.schema", at(5)),
            ["The player.", "Has &lt;T&gt; and \\[links\\]."]
        );
        assert_eq!(c.above("a.schema", at(8)), ["Block", "two"]);
        assert!(c.above("a.schema", at(10)).is_empty());
        assert!(c.above("a.schema", at(1)).is_empty());
        assert_eq!(escape("1. first"), "1\\. first");
        assert_eq!(escape("- item"), "\\- item");
        assert_eq!(escape("`a_b` and a_b"), "`a_b` and a\\_b");
        assert_eq!(escape("see https://x.io/a_b."), "see <https://x.io/a_b>.");
    }
}
