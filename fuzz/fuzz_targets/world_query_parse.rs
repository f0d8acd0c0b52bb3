//! Text through `rosetta_world::query::parse`: it must never panic, an error must print, and
//! a query that parses must print back to text that parses to the same terms.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common/query_round_trip.rs"]
mod common;
use rosetta_world::query::{parse, IdRef, QueryAst};

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
                name_ok && id.trav.rel.as_deref().is_none_or(plain)
            })
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    common::check(&text, parse, |q| q.to_string(), printable);
});
