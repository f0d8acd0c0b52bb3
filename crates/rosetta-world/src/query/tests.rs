//! Unit tests of the parser, one group per construct.

use super::*;

fn ok(text: &str) -> QueryAst {
    match parse(text) {
        Ok(q) => q,
        Err(e) => panic!("{text:?} should parse, got:\n{e}"),
    }
}

/// The canonical printing of a query.
fn canon(text: &str) -> String {
    ok(text).to_string()
}

/// The error as Flecs would log it.
fn err(text: &str) -> String {
    match parse(text) {
        Ok(q) => panic!("{text:?} should fail, parsed as {q}"),
        Err(e) => e.to_string(),
    }
}

fn name(s: &str) -> IdRef {
    IdRef::Name(s.into())
}

fn var(s: &str) -> IdRef {
    IdRef::Variable(s.into())
}

#[test]
fn components_tags_and_and() {
    let q = ok("Position, Velocity,Mass");
    assert_eq!(q.terms.len(), 3);
    assert_eq!(q.field_count, 3);
    for (i, t) in q.terms.iter().enumerate() {
        assert_eq!(t.kind, TermKind::Id);
        assert_eq!(t.src.id, IdRef::This);
        assert_eq!(t.oper, Oper::And);
        assert_eq!(t.field, i);
        assert!(!t.second.id.is_set());
    }
    assert_eq!(q.terms[2].first.id, name("Mass"));
    assert_eq!(canon(" Position ,\n Velocity "), "Position, Velocity");
    assert_eq!(canon("a.b.c"), "a.b.c");
    assert_eq!(ok("0").terms.len(), 0);
    assert_eq!(canon("0"), "0");
}

#[test]
fn an_empty_query_is_an_error() {
    for text in ["", "  ", " \n\t\x0b ", "\0Position"] {
        let e = parse(text).unwrap_err();
        assert_eq!(
            e.message(),
            "empty query (write at least one term, or 0 to match nothing)",
            "{text:?}"
        );
    }
    // `0` asks for nothing, and is a query.
    assert!(parse(" 0 ").is_ok());
}

#[test]
fn pairs() {
    let q = ok("(Likes, Apples), (ChildOf, 0), (Rel)");
    assert_eq!(q.terms[0].first.id, name("Likes"));
    assert_eq!(q.terms[0].second.id, name("Apples"));
    assert_eq!(q.terms[1].second.id, IdRef::Entity(0));
    assert!(!q.terms[2].second.id.is_set());
    assert_eq!(canon("(*, *), (_, $x)"), "(*, *), (_, $x)");
    assert_eq!(canon("Likes($this, Apples)"), "(Likes, Apples)");
    assert_eq!(canon("Likes(Bob, Apples)"), "Likes(Bob, Apples)");
    assert_eq!(canon("(10000, 20000)"), "(10000, 20000)");
}

#[test]
fn variables_this_and_anonymous() {
    let q = ok("Position($E), (Rel, $_x), Tag($this), Tag($This)");
    assert_eq!(q.terms[0].src.id, var("E"));
    assert_eq!(q.terms[1].second.id, var("_x"));
    assert_eq!(q.terms[2].src.id, IdRef::This);
    assert_eq!(q.terms[3].src.id, IdRef::This);
    // `_Food` is a name in v3, not a variable.
    assert_eq!(ok("(Eats, _Food)").terms[0].second.id, name("_Food"));
    // A variable as first element.
    let q = ok("Tag($this), ?$this(_)");
    assert_eq!(q.terms[1].first.id, IdRef::This);
    assert_eq!(q.terms[1].src.id, IdRef::Any);
}

#[test]
fn sources() {
    let q = ok("Position(Game), Position(), Input($), Tag(10000), Tag(0)");
    assert_eq!(q.terms[0].src.id, name("Game"));
    assert_eq!(q.terms[1].src.id, IdRef::Entity(0));
    assert_eq!(q.terms[2].src.id, IdRef::Singleton);
    assert_eq!(q.terms[3].src.id, IdRef::Entity(10000));
    assert_eq!(q.terms[4].src.id, IdRef::Entity(0));
    assert_eq!(
        canon("Position(Game), Position(), Input($)"),
        "Position(Game), Position(0), Input($)"
    );
}

#[test]
fn rel_with_more_arguments_expands() {
    let q = ok("Rel($a, $b, $c, $d)");
    assert_eq!(q.terms.len(), 3);
    let pairs: Vec<_> = q
        .terms
        .iter()
        .map(|t| (t.src.id.clone(), t.second.id.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            (var("a"), var("b")),
            (var("b"), var("c")),
            (var("c"), var("d"))
        ]
    );
    assert!(q.terms.iter().all(|t| t.span == q.terms[0].span));
    assert_eq!(q.field_count, 3);
    // `(Rel, A, B)` is `Rel($this, A), Rel(A, B)`.
    assert_eq!(canon("(Rel, A, B)"), "(Rel, A), Rel(A, B)");
    // An argument of flags alone: a second element with flags, then `$this` as a source.
    assert_eq!(canon("X(8, up, h)"), "X(8, up), X(up, h)");
    // A second element `0` becomes no source, its traversal dropped as for a source written in
    // place (found by the fuzzer: the expansion kept `up`, which printed back differently).
    let q = ok("X($v, 0:up, $w)");
    assert_eq!(q.terms[1].src.id, IdRef::Entity(0));
    assert_eq!(q.terms[1].src.trav, ok("X(0:up, $w)").terms[0].src.trav);
}

#[test]
fn or_chains() {
    let q = ok("Position, Velocity || Speed || Mass, Tag");
    let opers: Vec<_> = q.terms.iter().map(|t| t.oper).collect();
    assert_eq!(opers, [Oper::And, Oper::Or, Oper::Or, Oper::And, Oper::And]);
    let fields: Vec<_> = q.terms.iter().map(|t| t.field).collect();
    assert_eq!(fields, [0, 1, 1, 1, 2]);
    assert_eq!(q.field_count, 3);
    // `(Rel, A || B)` expands to an Or chain.
    let q = ok("(Rel, A || B || C)");
    assert_eq!(q.to_string(), "(Rel, A) || (Rel, B) || (Rel, C)");
    assert_eq!(q.field_count, 1);
    assert_eq!(canon("Rel($x, A || B)"), "Rel($x, A) || Rel($x, B)");
}

#[test]
fn not_optional_and_from_operators() {
    let q = ok("!Frozen, ?Velocity, AND | Type, OR|Type, NOT|Type");
    let opers: Vec<_> = q.terms.iter().map(|t| t.oper).collect();
    assert_eq!(
        opers,
        [
            Oper::Not,
            Oper::Optional,
            Oper::AndFrom,
            Oper::OrFrom,
            Oper::NotFrom
        ]
    );
    assert_eq!(
        q.to_string(),
        "!Frozen, ?Velocity, AND|Type, OR|Type, NOT|Type"
    );
}

#[test]
fn id_flags() {
    let q = ok("TOGGLE|Position, OVERRIDE | (Rel, Tgt)");
    assert_eq!(q.terms[0].id_flag, IdFlag::Toggle);
    assert_eq!(q.terms[1].id_flag, IdFlag::Override);
    assert_eq!(q.terms[1].second.id, name("Tgt"));
    assert_eq!(q.to_string(), "TOGGLE|Position, OVERRIDE|(Rel, Tgt)");
    // Arguments with a second element make the id a plain pair, as Flecs does.
    assert_eq!(ok("TOGGLE|Rel(Src, Tgt)").terms[0].id_flag, IdFlag::None);
}

#[test]
fn access_modifiers() {
    let q = ok("[in] A, [out] B, [inout] C, [none] D, E, [foo] F");
    let inout: Vec<_> = q.terms.iter().map(|t| t.inout).collect();
    assert_eq!(
        inout,
        [
            InOut::In,
            InOut::Out,
            InOut::InOut,
            InOut::None,
            InOut::Default,
            InOut::Default
        ]
    );
    assert_eq!(canon("[in]A,[out]  !B"), "[in] A, [out] !B");
}

#[test]
fn effective_access() {
    let q =
        ok("A, A(Src), A(up), A(self|up), !A, (*, *), *, A(_), [out] A(Src), $x == B, (Rel, *)");
    let got: Vec<_> = q.terms.iter().map(|t| t.effective_inout()).collect();
    use InOut as I;
    assert_eq!(
        got,
        [
            I::InOut,
            I::In,
            I::In,
            I::InOut,
            I::None,
            I::None,
            I::None,
            I::None,
            I::Out,
            I::None,
            I::InOut
        ]
    );
}

#[test]
fn traversal() {
    let q = ok("A(self), A(up), A(up(ChildOf)), A(parent), A(cascade), A(desc), A(self|up(Rel)), A(parent|cascade), A(down)");
    let flags: Vec<_> = q.terms.iter().map(|t| t.src.trav.flags).collect();
    use Traversal as T;
    assert_eq!(
        flags,
        [
            T::SELF,
            T::UP,
            T::UP,
            T::PARENT,
            T::CASCADE,
            T::DESC,
            T::SELF | T::UP,
            T::PARENT | T::CASCADE,
            T::DOWN
        ]
    );
    assert_eq!(q.terms[2].src.trav.rel.as_deref(), Some("ChildOf"));
    assert_eq!(q.terms[6].src.trav.rel.as_deref(), Some("Rel"));
    assert!(q.terms.iter().all(|t| t.src.id == IdRef::This));
    assert_eq!(
        q.terms[4].src_traversal(),
        (T::CASCADE | T::UP, Some("IsA"))
    );
    assert_eq!(
        canon("A(self|up(Rel)), A( up (ChildOf) )"),
        "A(self|up(Rel)), A(up(ChildOf))"
    );
    // No space inside `up(...)`, as in Flecs.
    assert_eq!(
        err("A(up( ChildOf))"),
        "expected ')', got ' '\nA(up( ChildOf))\n    ^"
    );
}

#[test]
fn traversal_with_fixed_source_and_on_pair_elements() {
    let q = ok("Window(my_widget:parent), Rel(Src:up(ChildOf), Tgt:self)");
    assert_eq!(q.terms[0].src.id, name("my_widget"));
    assert_eq!(q.terms[0].src.trav.flags, Traversal::PARENT);
    assert_eq!(q.terms[1].second.trav.flags, Traversal::SELF);
    let q = ok("(Rel:self|up, Tgt:up(ChildOf)), Pred:self:(Subj), Pred:up(ChildOf)");
    assert_eq!(q.terms[0].first.trav.flags, Traversal::SELF | Traversal::UP);
    assert_eq!(q.terms[0].second.trav.rel.as_deref(), Some("ChildOf"));
    assert_eq!(q.terms[1].first.trav.flags, Traversal::SELF);
    assert_eq!(q.terms[1].src.id, name("Subj"));
    assert_eq!(
        q.to_string(),
        "(Rel:self|up, Tgt:up(ChildOf)), Pred:self:(Subj), Pred:up(ChildOf):($this)"
    );
    // As v3.2.12's parser reads it (its documentation has it the other way round), the
    // source comes before the `:`.
    assert_eq!(
        err("Window(parent:my_widget)"),
        "invalid set token 'my_widget'\nWindow(parent:my_widget)\n              ^"
    );
}

#[test]
fn equality() {
    let q = ok("$this == Foo, $x != \"Bar\", $this ~= \"Fo\", $y ~= \"!Ba\", $a == $b");
    let kinds: Vec<_> = q.terms.iter().map(|t| (t.kind, t.oper)).collect();
    assert_eq!(
        kinds,
        [
            (TermKind::Eq, Oper::And),
            (TermKind::Eq, Oper::Not),
            (TermKind::Match, Oper::And),
            (TermKind::Match, Oper::Not),
            (TermKind::Eq, Oper::And),
        ]
    );
    assert_eq!(q.terms[0].src.id, IdRef::This);
    assert_eq!(q.terms[0].second.id, name("Foo"));
    assert_eq!(q.terms[1].second.id, IdRef::Str("Bar".into()));
    assert_eq!(q.terms[3].second.id, IdRef::Str("Ba".into()));
    assert!(q.terms.iter().all(|t| t.effective_inout() == InOut::None));
    assert_eq!(
        q.to_string(),
        "$this == Foo, $x != \"Bar\", $this ~= \"Fo\", $y ~= \"!Ba\", $a == $b"
    );
}

#[test]
fn equality_errors() {
    assert_eq!(
        err("Foo == Bar"),
        "both sides of operator cannot be an entity\nFoo == Bar\n^"
    );
    assert_eq!(
        err("Foo == $this"),
        "left-hand of operator must be a variable\nFoo == $this\n^"
    );
    // A term cannot start with a string, but a role can be followed by one.
    assert_eq!(
        err("\"a\" == \"b\""),
        "unexpected character '\"'\n\"a\" == \"b\"\n^"
    );
    assert_eq!(
        err("TOGGLE|\"a\" == \"b\""),
        "mismatch between term.id_flags & term.id\nTOGGLE|\"a\" == \"b\"\n^"
    );
    assert_eq!(
        err("$x ~= $y"),
        "right-hand of match operator must be a string\n$x ~= $y\n^"
    );
    assert_eq!(
        err("A, $x == $x"),
        "both sides of operator are equal\nA, $x == $x\n     ^"
    );
    assert_eq!(
        err("?$this == Foo"),
        "invalid operator combination\n?$this == Foo\n^"
    );
    assert_eq!(
        err("!$this != Foo"),
        "invalid operator combination\n!$this != Foo\n          ^"
    );
    assert_eq!(err("$x =="), "expected identifier\n$x ==\n     ^");
}

#[test]
fn scopes() {
    let q = ok("Position, !{ Velocity, !{ Mass || Tag } }");
    let kinds: Vec<_> = q.terms.iter().map(|t| t.kind).collect();
    use TermKind::*;
    assert_eq!(
        kinds,
        [Id, ScopeOpen, Id, ScopeOpen, Id, Id, ScopeClose, ScopeClose]
    );
    assert_eq!(q.terms[1].oper, Oper::Not);
    assert_eq!(q.terms[1].src.id, IdRef::Entity(0));
    assert_eq!(q.to_string(), "Position, !{Velocity, !{Mass || Tag}}");
    // Flecs shows these against the query printed back, `!{` printed as `{`, and the column
    // two past the term's start.
    assert_eq!(
        err("TagA, !{}"),
        "invalid empty scope\nTagA, {}\n         ^"
    );
    assert_eq!(err("TagA, !{ TagB"), "missing '}'\nTagA, {TagB\n         ^");
    assert_eq!(err("A }"), "'}' without matching '{'\nA}\n   ^");
    // At the very start (where Flecs would read the `{` forever).
    assert_eq!(canon("{A}"), "{A}");
    let deep = format!("{}A{}", "!{".repeat(100), "}".repeat(100));
    assert_eq!(ok(&deep).terms.len(), 201);
    let deeper = format!("{}A{}", "!{".repeat(101), "}".repeat(101));
    assert!(err(&deeper).starts_with("scopes nest deeper than 100 levels\n"));
}

#[test]
fn dollar_notation() {
    let q = ok("$(Movement), $(game.State, Player)");
    assert_eq!(q.terms[0].first.id, name("Movement"));
    assert_eq!(q.terms[0].src.id, IdRef::This);
    assert_eq!(q.terms[0].second.id, var("Movement"));
    assert_eq!(q.terms[1].first.id, name("game.State"));
    assert_eq!(q.terms[1].src.id, name("Player"));
    assert_eq!(q.terms[1].second.id, var("State"));
    assert_eq!(err("$"), "invalid $ for term.first\n$\n^");
    // A variable named `$` is a predicate, not the `$(Rel)` form (found by fuzzing: it
    // printed back as text that read the other way).
    let q = ok("$\\$(mf, 11)");
    assert_eq!(q.terms[0].first.id, var("$"));
    assert_eq!(q.terms[0].src.id, name("mf"));
    assert_eq!(canon("($\\$, mf, 11)"), "($\\$, mf), $\\$(mf, 11)");
    assert_eq!(canon("$\\$(mf, 11)"), "$\\$(mf, 11)");
}

#[test]
fn spans_point_at_terms() {
    let text = "  Position ,  [in] (Likes, $x)  ||  Tag\n";
    let q = ok(text);
    let spans: Vec<_> = q
        .terms
        .iter()
        .map(|t| &text[t.span.start..t.span.end])
        .collect();
    assert_eq!(spans, ["Position", "[in] (Likes, $x)", "Tag"]);
}

#[test]
fn logged_but_accepted() {
    let q = ok("Position Velocity");
    assert_eq!(q.to_string(), "Position, Velocity");
    assert_eq!(
        q.warnings[0].to_string(),
        "invalid preceding token\nPosition Velocity\n         ^"
    );
    assert_eq!(ok("A\nB").terms.len(), 2);
    let many = ok(&"A ".repeat(crate::query::MAX_TERMS));
    assert_eq!(
        (many.terms.len(), many.warnings.len()),
        (crate::query::MAX_TERMS, 16)
    );
    // When the query then fails, the first logged error is the one reported.
    assert_eq!(err("A /B"), "invalid preceding token\nA /B\n  ^");
}

#[test]
fn parse_errors() {
    let cases = [
        // Inside a term, the column is counted from the term's start, as Flecs shows it.
        ("Position, (Likes", "unexpected end of term", 6),
        ("Position, !", "unexpected end of term", 1),
        ("A, %", "unexpected character '%'", 0),
        ("[in Position", "expected ]", 0),
        ("[ in] A", "expected start of identifier", 1),
        ("FOO|Position", "invalid role 'FOO'", 4),
        ("TOGGLE|", "expected identifier after role", 7),
        (
            "Position, Velocity)",
            "expected end of expression or next term",
            18,
        ),
        ("(A) , B", "expected end of expression or next term", 3),
        ("Position(", "expected identifier or set expression", 9),
        ("Position(Game", "expected ',' or ')'", 13),
        ("Rel(A, B, C", "expected ',' or ')'", 11),
        (
            "(Rel, )",
            "expected identifier for second element of pair",
            6,
        ),
        ("(Rel, ?)", "expected pair object or ')'", 6),
        ("(Rel, A B)", "unexpected character 'B'", 8),
        ("A(self|foo)", "invalid set token 'foo'", 6),
        ("A(self|self)", "duplicate set token 'self'", 6),
        ("A(up(Rel)x)", "expected end of set expr", 4),
        ("A(up(Rel x", "expected ',' or ')'", 4),
        ("A(up(Rel, x)", "expected ')', got 'x'", 4),
        ("A:self;", "duplicate set token 'self'", 2),
        ("!A || B", "cannot combine || with other operators", 3),
        (
            "(Rel, A || B, C)",
            "cannot mix ',' and '||' in term arguments",
            12,
        ),
        ("0, A", "unexpected term after 0", 1),
        ("!A()", "invalid operator for empty source", 4),
        ("Vec<int", "identifier '' has mismatching < > pairs", 0),
        ("A ||", "last term of filter can't have OR operator", 0),
        ("A($x) || B", "mismatching src.id for OR terms", 11),
        ("A || !B", "term after OR operator must use AND operator", 7),
        (
            "[in] AND|T",
            "invalid inout value for AndFrom/OrFrom/NotFrom term",
            0,
        ),
        (
            "(0)",
            "invalid combination of 0 with non-default subject",
            3,
        ),
    ];
    for (text, message, column) in cases {
        let e = match parse(text) {
            Ok(q) => panic!("{text:?} should fail, parsed as {q}"),
            Err(e) => e,
        };
        assert_eq!(
            (text, e.message(), e.column()),
            (text, message, column),
            "{e}"
        );
    }
    let too_many = format!("Rel({})", vec!["$a"; 17].join(", "));
    assert!(err(&too_many).starts_with("too many arguments in term\n"));
    assert_eq!(err("A(up("), "expected ')', got '");
    assert_eq!(err("$x == \"B"), "missing '\"' at end of string\n\"B\n^");
}

#[test]
fn error_display_shows_the_line_of_the_error() {
    assert_eq!(err("A,\nB,\n%"), "unexpected character '%'\n%\n^");
}

#[test]
fn quoted_and_escaped_names() {
    let q = ok("my\\ tag, $x == \"a \\\"q\\\", b\"");
    assert_eq!(q.terms[0].first.id, name("my tag"));
    assert_eq!(q.terms[1].second.id, IdRef::Str("a \"q\", b".into()));
    assert_eq!(q.to_string(), "my\\ tag, $x == \"a \\\"q\\\", b\"");
    assert_eq!(ok("Tag($\"\")").terms[0].src.id, var(""));
    assert_eq!(canon("Tag($\"\")"), "Tag($\"\")");
}

#[test]
fn nul_ends_the_text() {
    assert_eq!(ok("A, B\0, %").terms.len(), 2);
}
