//! Property tests of the v4 query parser (`query::parse_v4`): it never panics on text made of
//! v4's tokens, and a query that parses prints (`to_v4_string`) to text that parses back to
//! the same terms.

use proptest::prelude::*;
use rosetta_world::query::{parse_v4, QueryAst, Span, Term};

/// Pieces of v4 query text: names (some escaped, some keyword-like), variables, ids,
/// operators, traversal words and punctuation.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[A-Za-z_][A-Za-z0-9_]{0,4}(\\.[A-Za-z][A-Za-z0-9]{0,3})?",
        2 => "\\$[A-Za-z_][A-Za-z0-9_]{0,3}",
        1 => Just("$this".to_owned()),
        1 => "#[0-9]{1,3}",
        1 => "[0-9]{1,3}",
        1 => "\"!?[ -!#-~]{0,4}\"",
        1 => "[A-Za-z]\\\\[ ,()|]",
        1 => prop::sample::select(vec!["in", "up", "self", "desc", "cascade", "and", "toggle",
            "auto_override", "not", "or", "with"]).prop_map(str::to_owned),
        6 => prop::sample::select(vec![", ", ",", "(", ")", "|", " || ", " ", "!", "?", "[in] ",
            "[none] ", "[filter] ", "{", "}", " == ", " != ", " ~= ", "*", "_", "$", "\n",
            "/* c */", "// c\n"]).prop_map(str::to_owned),
    ]
}

fn terms(q: &QueryAst) -> Vec<Term> {
    q.terms
        .iter()
        .cloned()
        .map(|mut t| {
            t.span = Span::default();
            t
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn printed_queries_parse_back_to_the_same_terms(pieces in prop::collection::vec(piece(), 1..16)) {
        let text = pieces.concat();
        if let Ok(q) = parse_v4(&text) {
            let printed = q.to_v4_string();
            let again = parse_v4(&printed);
            prop_assert!(again.is_ok(), "{:?} printed as {:?}: {:?}", text, printed, again);
            if let Ok(again) = again {
                prop_assert_eq!(terms(&again), terms(&q), "{:?} -> {:?}", text, printed);
            }
        }
    }
}
