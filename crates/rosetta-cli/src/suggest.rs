//! "Did you mean …": the names of the schema closest to one it does not have, for
//! `convert --component` and `--type`.
//!
//! The candidates whose unqualified name is the one given, in any case (`Player` for
//! `game.Player`), are the close ones when there are any. Otherwise a candidate is close when the
//! edit distance to it is at most a third of the name's length, and at most 3 (the distance of
//! the unqualified names, or for a qualified name given, of the whole names if that is less).

/// How many close names are said at most.
const MAX_SUGGESTIONS: usize = 5;

/// The candidates closest to `given`, best first, at most [`MAX_SUGGESTIONS`].
pub fn close_names<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let given_lower = given.to_lowercase();
    let given_short = last_part(&given_lower);
    let qualified = given.contains('.');
    let limit = (given_short.chars().count() / 3).clamp(1, 3);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let lower = candidate.to_lowercase();
            let short = distance(given_short, last_part(&lower));
            let distance = if qualified {
                short.min(distance(&given_lower, &lower))
            } else {
                short
            };
            (distance <= limit).then_some((distance, candidate))
        })
        .collect();
    scored.sort();
    scored.dedup();
    if scored.first().is_some_and(|(d, _)| *d == 0) {
        scored.retain(|(d, _)| *d == 0);
    }
    scored
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, name)| name)
        .collect()
}

/// ` (did you mean `a` or `b`?)`, or nothing when no name is close.
pub fn did_you_mean(close: &[&str]) -> String {
    match close {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(|n| format!("`{n}`")).collect();
            format!("; did you mean {} or `{last}`?", first.join(", "))
        }
    }
}

/// The unqualified name: what follows the last `.`.
fn last_part(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or(name)
}

/// The Levenshtein distance between two strings, in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 6] = [
        "game.Player",
        "game.Health",
        "improbable.Position",
        "game.Team",
        "a.Interest.QueryConstraint",
        "a.Interest.SelfConstraint",
    ];

    #[test]
    fn an_unqualified_name_finds_its_qualified_name() {
        assert_eq!(close_names("Player", NAMES), ["game.Player"]);
        assert_eq!(close_names("position", NAMES), ["improbable.Position"]);
    }

    #[test]
    fn a_misspelled_name_finds_the_close_ones() {
        assert_eq!(close_names("game.Plyer", NAMES), ["game.Player"]);
        assert_eq!(close_names("Helth", NAMES), ["game.Health"]);
        assert!(close_names("Zebra", NAMES).is_empty());
        assert_eq!(
            close_names("b.Interest.QueryConstraint", NAMES),
            ["a.Interest.QueryConstraint"]
        );
    }

    #[test]
    fn the_suggestion_reads_as_a_sentence() {
        assert_eq!(did_you_mean(&[]), "");
        assert_eq!(did_you_mean(&["a.B"]), "; did you mean `a.B`?");
        assert_eq!(
            did_you_mean(&["a.B", "c.D", "e.F"]),
            "; did you mean `a.B`, `c.D` or `e.F`?"
        );
    }

    #[test]
    fn distances() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("same", "same"), 0);
    }
}
