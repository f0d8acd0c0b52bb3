//! The round trip both query-parser targets check (v3.2.12's and v4.1.6's language): text
//! must never panic the parser, an error and every warning must print, and a query that
//! parses and can be spelled must print back to text that parses to the same terms.

use rosetta_world::query::{ParseError, QueryAst, Span, Term};

/// The terms without their spans (printed text places them elsewhere).
fn normalized(q: &QueryAst) -> Vec<Term> {
    q.terms
        .iter()
        .cloned()
        .map(|mut t| {
            t.span = Span::default();
            t
        })
        .collect()
}

/// Parses `text` with `parse`; a query for which `printable` holds is printed with `print`
/// and parsed again, and must give the same terms.
pub fn check(
    text: &str,
    parse: fn(&str) -> Result<QueryAst, ParseError>,
    print: fn(&QueryAst) -> String,
    printable: fn(&QueryAst) -> bool,
) {
    match parse(text) {
        Err(e) => {
            let _ = e.to_string();
        }
        Ok(q) => {
            for w in &q.warnings {
                let _ = w.to_string();
            }
            if !printable(&q) {
                return;
            }
            let printed = print(&q);
            match parse(&printed) {
                Ok(again) => assert_eq!(
                    normalized(&again),
                    normalized(&q),
                    "{text:?} -> {printed:?}"
                ),
                Err(e) => panic!("{text:?} printed as {printed:?}, which fails:\n{e}"),
            }
        }
    }
}
