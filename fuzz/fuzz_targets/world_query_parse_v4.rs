//! Text through `rosetta_world::query::parse_v4` (Flecs v4.1.6's query language): it must
//! never panic, an error must print, and a query that parses must print back
//! (`QueryAst::to_v4_string`) to text that parses to the same terms.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common/query_round_trip.rs"]
mod common;
use rosetta_world::query::{parse_v4, IdFlag, IdRef, Oper, QueryAst};

/// Whether every name can be written back: a non-ASCII character reaches a name only
/// through a `\\` escape (which takes one byte and ends the name) or inside a trailing
/// `<...>`, so a name with one elsewhere has no spelling of its own.
fn printable(q: &QueryAst) -> bool {
    // The trailing `<...>` is where the brackets first balance scanning back from the end.
    let ok = |s: &str| {
        let mut head = s;
        if s.ends_with('>') {
            let mut depth = 0i64;
            for (i, b) in s.bytes().enumerate().rev() {
                depth += match b {
                    b'<' => 1,
                    b'>' => -1,
                    _ => 0,
                };
                if depth == 0 {
                    head = &s[..i];
                    break;
                }
            }
        }
        head.is_ascii()
    };
    // A predicate named like an operator word (`and`, `toggle`, ...) only parses as a pair's
    // first element or after `!`/`?`/a flag; `Rel(A, B, C)` expanded from such a pair has
    // no spelling.
    let words = ["and", "or", "not", "toggle", "auto_override"];
    q.terms.iter().all(|t| {
        let word_first = matches!(&t.first.id, IdRef::Name(n) if words.contains(&n.as_str()))
            && matches!(t.oper, Oper::And | Oper::Or)
            && t.id_flag == IdFlag::None;
        !word_first
            && [&t.first, &t.second, &t.src].iter().all(|r| {
                let name_ok = match &r.id {
                    IdRef::Name(s) | IdRef::Variable(s) => ok(s),
                    // A string with both quote characters, or ending in `\`, fits no quotes.
                    IdRef::Str(s) => !(s.ends_with('\\') || s.contains('"') && s.contains('`')),
                    _ => true,
                };
                name_ok && r.trav.rel.as_deref().is_none_or(ok)
            })
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    common::check(&text, parse_v4, QueryAst::to_v4_string, printable);
});
