//! Text through `rosetta_world::query::parse`: it must never panic, an error must print, and
//! a query that parses must print back to text that parses to the same terms.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_world::query::{parse, IdRef, QueryAst, Span, Term};

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

/// Whether every name can be written back: a name whose token had a `"` (which switches
/// Flecs' tokenizer into string mode) or a byte it only took through a backslash escape
/// (non-ASCII) has no canonical spelling.
fn printable(q: &QueryAst) -> bool {
    // A name spelled like a traversal keyword reads as the keyword in an argument list.
    let keywords = ["self", "up", "down", "cascade", "desc", "parent"];
    let plain = |s: &str| s.is_ascii() && !s.contains('"') && !keywords.contains(&s);
    q.terms.iter().all(|t| {
        // A term cannot start with a string, so a string first element only comes after a
        // role, and `("x")` cannot be followed by a space.
        !matches!(t.first.id, IdRef::Str(_))
            && [&t.first, &t.second, &t.src].iter().all(|id| {
                let name_ok = match &id.id {
                    // `$0` as a source reads as no source, as in Flecs.
                    IdRef::Variable(s) if s == "0" => false,
                    // Flecs drops a `!` right after a string's opening quote.
                    IdRef::Str(s) if s.starts_with('!') => false,
                    IdRef::Name(s) | IdRef::Variable(s) => plain(s),
                    _ => true,
                };
                name_ok && id.trav.rel.as_deref().map_or(true, plain)
            })
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse(&text) {
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
            let printed = q.to_string();
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
});
