//! The v4 parser against what Flecs v4.1.6's parser accepts, refuses and logs.

use crate::query::ast::{IdFlag, IdRef, InOut, Oper, TermKind, Traversal};
use crate::query::parse_v4;

fn err(text: &str) -> String {
    parse_v4(text).unwrap_err().to_string()
}

fn round_trip(text: &str) -> String {
    let q = parse_v4(text).unwrap();
    let printed = q.to_v4_string();
    let again = parse_v4(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    let strip = |q: &crate::query::QueryAst| {
        q.terms
            .iter()
            .cloned()
            .map(|mut t| {
                t.span = Default::default();
                t
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&again), strip(&q), "{text:?} -> {printed:?}");
    printed
}

#[test]
fn explorer_queries_parse() {
    let tree = "[none] ?flecs.core.Module, [none] ?flecs.core.Component, \
                [none] ?flecs.core.Observer, [none] ?flecs.system.System, ?Prefab";
    let q = parse_v4(tree).unwrap();
    assert_eq!(q.terms.len(), 5);
    assert!(q.terms[..4]
        .iter()
        .all(|t| t.inout == InOut::None && t.oper == Oper::Optional));
    let search =
        parse_v4("$this ~= \"P\", ?(flecs.doc.Description, flecs.doc.Brief), ?$this(_)").unwrap();
    assert_eq!(search.terms[0].kind, TermKind::Match);
    assert_eq!(search.terms[0].second.id, IdRef::Str("P".into()));
    assert_eq!(search.terms[2].first.id, IdRef::This);
    assert_eq!(search.terms[2].src.id, IdRef::Any);
    let obs = parse_v4("Observer, !Query, ?(ChildOf, $parent)").unwrap();
    assert_eq!(obs.terms[2].second.id, IdRef::Variable("parent".into()));
    assert_eq!(obs.field_count, 3);
}

#[test]
fn v4_forms() {
    let q = parse_v4(
        "Position(self|up ChildOf), Mass(up), Foo(#0), Bar(#42), 12, toggle|Tag, and|Type",
    )
    .unwrap();
    assert_eq!(q.terms[0].src.trav.flags, Traversal::SELF | Traversal::UP);
    assert_eq!(q.terms[0].src.trav.rel.as_deref(), Some("ChildOf"));
    assert_eq!(q.terms[1].src.trav.flags, Traversal::UP);
    assert_eq!(q.terms[2].src.id, IdRef::Entity(0));
    assert_eq!(q.terms[3].src.id, IdRef::Entity(42));
    assert_eq!(q.terms[4].first.id, IdRef::Name("12".into()));
    assert_eq!(q.terms[5].id_flag, IdFlag::Toggle);
    assert_eq!(q.terms[6].oper, Oper::AndFrom);
    // `$This` is an ordinary variable in v4.
    let v = parse_v4("Likes($This, $x)").unwrap();
    assert_eq!(v.terms[0].src.id, IdRef::Variable("This".into()));
    // Expansion of extra arguments.
    let x = parse_v4("Rel($a, $b, $c), (Likes, A || B)").unwrap();
    assert_eq!(x.terms.len(), 4);
    assert_eq!(x.terms[1].src.id, IdRef::Variable("b".into()));
    assert_eq!(x.terms[2].oper, Oper::Or);
    assert_eq!(x.field_count, 3);
    // A trailing comma and an empty query are fine; so is `0`.
    assert_eq!(parse_v4("A,").unwrap().terms.len(), 1);
    assert_eq!(parse_v4("").unwrap().terms.len(), 0);
    assert_eq!(parse_v4("0").unwrap().terms.len(), 0);
    assert_eq!(
        parse_v4("[filter] A").unwrap().terms[0].inout,
        InOut::Filter
    );
    let s = parse_v4("A, !{B, C}").unwrap();
    assert_eq!(s.terms[1].kind, TermKind::ScopeOpen);
    assert_eq!(s.terms[4].kind, TermKind::ScopeClose);
    let m = parse_v4("$this ~= \"!P\", $x != Foo").unwrap();
    assert_eq!((m.terms[0].oper, m.terms[1].oper), (Oper::Not, Oper::Not));
}

#[test]
fn parser_errors_as_v4_logs_them() {
    assert_eq!(
        err("Position, (Likes)"),
        "1: unexpected ')'\nPosition, (Likes)\n                ^"
    );
    assert_eq!(
        err("Position Velocity"),
        "1: unexpected identifier 'Velocity'\nPosition Velocity\n                ^"
    );
    assert_eq!(err("A,,B"), "1: unexpected ','\nA,,B\n  ^");
    assert_eq!(
        err("Position(up(ChildOf))"),
        "1: unexpected '('\nPosition(up(ChildOf))\n           ^"
    );
    assert_eq!(err("A:self"), "1: unexpected ':'\nA:self\n ^");
    assert_eq!(
        err("!A || B"),
        "1: cannot mix operators in || expression\n!A || B\n    ^"
    );
    assert_eq!(
        err("!$x == A"),
        "1: cannot mix operator with equality expression\n!$x == A\n     ^"
    );
    assert_eq!(err("A,\nB C"), "2: unexpected identifier 'C'\nB C\n  ^");
    assert_eq!(err("A, ^"), "1: unknown token '^'\nA, ^\n   ^");
    assert_eq!(
        err("A, [in]"),
        "1: unexpected end of script\nA, [in]\n      ^"
    );
    assert_eq!(
        err("Position, in"),
        "1: unexpected keyword 'in'\nPosition, in\n           ^"
    );
    assert_eq!(
        err("Rel(a,b,c||d)"),
        "1: cannot mix operators in extra term arguments\nRel(a,b,c||d)\n          ^"
    );
}

#[test]
fn validator_errors() {
    let e = err("{A");
    assert!(e.starts_with("missing '}'\nexpr: {A\n"), "{e}");
    assert!(err("{}").starts_with("invalid empty scope"));
    assert!(err("A}").starts_with("'}' without matching '{'"));
    assert!(err("A(*) || B(*)").starts_with("terms in an OR chain must have the same source"));
    assert!(err("Position($)").starts_with("invalid variable name for term.src ('$' syntax"));
    assert!(err("$this ~= Foo").starts_with("right-hand of match operator must be a string"));
    // Found by the differential fuzz target against Flecs 4.1.2.
    assert!(
        err("#0").starts_with("invalid \"0\" for first.name\nexpr: #0\n"),
        "{}",
        err("#0")
    );
    assert!(err("A(desc)").starts_with("desc modifier invalid without cascade"));
    assert!(err("A(cascade), B(cascade)").starts_with("query can only have one cascade term"));
    assert!(err(&"{".repeat(8)).starts_with("query has too many nested scopes"));
    let many = vec!["A"; 33].join(", ");
    assert_eq!(
        err(&many),
        "max number of terms (32) reached, increase FLECS_TERM_COUNT_MAX to support more"
    );
    assert!(parse_v4(&vec!["A"; 32].join(", ")).is_ok());
}

/// The terms of a validator error as 4.1.6's `flecs_term_to_buf` prints them (the real
/// server's texts): earlier terms finalized with a `$this` source, the failing one with its
/// source defaulted, later ones as parsed (`#0` for an unwritten source).
#[test]
fn validator_errors_print_terms_as_finalizing_left_them() {
    assert_eq!(
        err("Position, $"),
        "invalid variable name for term.first ('$' syntax support is removed, use new \
         Singleton trait)\nexpr: Position, $\n   Position($this),\n > $($this)\n"
    );
    assert_eq!(
        err("[in] A(up), B($), C, (R, T)"),
        "invalid variable name for term.src ('$' syntax support is removed, use new \
         Singleton trait)\nexpr: [in] A(up), B($), C, (R, T)\n   [in] A($this|up ChildOf),\n \
         > B($),\n   C(#0),\n   R(#0,T)\n"
    );
    assert_eq!(
        err("A || B, {C, D}, E}"),
        "'}' without matching '{'\nexpr: A || B, {C, D}, E}\n   A($this) ||\n   B($this),\n   \
         {,\n   C($this),\n   D($this),\n   },\n   E($this),\n > }\n"
    );
}

#[test]
fn canonical_text_round_trips() {
    assert_eq!(
        round_trip("[in]Position($this|up ChildOf),(Likes,$Food)"),
        "[in] Position(up ChildOf), (Likes, $Food)"
    );
    assert_eq!(round_trip("?$this(_)"), "?$this(_)");
    assert_eq!(round_trip("A, !{B, C}"), "A, !{B, C}");
    assert_eq!(round_trip("Foo()"), "Foo(#0)");
    // Fuzz find: `()` cannot follow flags, `#0` can.
    assert_eq!(round_trip("A|x R(#0)"), "A|_ R(#0)");
    // Fuzz find: ` 0` is a query of one term named `0`; `0` alone is the empty query.
    assert_eq!(round_trip(" 0"), "0($this)");
    // Fuzz find: a relationship after a word that is no flag (`|x Jedi`) is kept.
    assert_eq!(round_trip("A |x Jedi"), "A|_ Jedi");
    // Fuzz find: a template argument list is copied whole, non-ASCII text too.
    assert_eq!(round_trip("i<é ü>"), "i<é ü>");
    assert_eq!(round_trip("$P\\<<in é>"), "$P\\<<in é>");
    assert_eq!(round_trip("$<é>"), "$<é>");
    // Fuzz find: an operator word before a pair is dropped by the parser, so such a term
    // prints in the predicate form.
    assert_eq!(round_trip("and|R($this, T)"), "and|R($this, T)");
    assert_eq!(round_trip("toggle|R($this, T)"), "toggle|R($this, T)");
    // Fuzz find: an access modifier on a predicate is kept.
    assert_eq!(round_trip("[out]$s~= \"P\""), "[out] $s ~= \"P\"");
    assert_eq!(round_trip("A || [in] B"), "A || [in] B");
    // Fuzz find: a flag before an equality is kept.
    assert_eq!(round_trip("toggle|$x == \"a\""), "toggle|$x == \"a\"");
    // Fuzz find: a `...` string may hold a bare ", and is written back that way.
    assert_eq!(round_trip("$x ~= `a\"b`"), "$x ~= `a\"b`");
    assert_eq!(round_trip("$x ~= \"a\\\"b\""), "$x ~= \"a\\\"b\"");
    for text in [
        "Position(self|up ChildOf), Mass(up), Foo(#0), Bar(#42), 12, toggle|Tag, and|Type",
        "$this ~= \"!P\", $x != Foo, $y == \"Bar\"",
        "Rel($a, $b, $c), (Likes, A || B), auto_override|X",
        "a\\,b, in(x), A|self, (A|self, B|up IsA), Pos(cascade desc), [filter] X",
        "V<a, b>, a.*, $x.y == $z",
    ] {
        round_trip(text);
    }
}
