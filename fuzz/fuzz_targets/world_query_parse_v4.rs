//! Text through `rosetta_world::query::parse_v4` (Flecs v4.1.6's query language): it must
//! never panic, an error must print, and a query that parses must print back
//! (`QueryAst::to_v4_string`) to text that parses to the same terms.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_world::query::{parse_v4, QueryAst, Span, Term};

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

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_v4(&text) {
        Err(e) => {
            let _ = e.to_string();
        }
        Ok(q) => {
            let printed = q.to_v4_string();
            match parse_v4(&printed) {
                Ok(again) => assert_eq!(
                    normalized(&again),
                    normalized(&q),
                    "{text:?} -> {printed:?}"
                ),
                Err(e) => panic!("{text:?} printed as {printed:?}, which fails:\n{e}"),
            }
        }
    }
});
