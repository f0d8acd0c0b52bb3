//! Property tests of the query parser: it never panics, and printing a query gives text that
//! parses back to the same terms.

use proptest::prelude::*;
use rosetta_world::query::{
    parse, IdFlag, IdRef, InOut, Oper, QueryAst, Span, Term, TermId, TermKind, Traversal,
};

const KEYWORDS: [&str; 6] = ["self", "up", "down", "cascade", "desc", "parent"];

fn name() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_ <>]{0,5}(\\.[A-Za-z][A-Za-z0-9_]{0,4})?"
        .prop_filter("keywords are not names", |s| {
            !KEYWORDS.contains(&s.as_str())
        })
}

fn variable() -> impl Strategy<Value = String> {
    "_?[A-Za-z][A-Za-z0-9_]{0,5}"
        .prop_filter("$this is not a variable", |s| s != "this" && s != "This")
}

fn string() -> impl Strategy<Value = String> {
    "[ -~é]{0,8}".prop_filter("a leading ! is read as negation", |s| !s.starts_with('!'))
}

fn trav() -> impl Strategy<Value = Traversal> {
    (0u8..64, prop::option::of(name())).prop_map(|(flags, rel)| Traversal {
        flags,
        rel: if flags == 0 { None } else { rel },
    })
}

fn id_ref(allow_zero: bool) -> impl Strategy<Value = IdRef> {
    let min = u64::from(!allow_zero);
    prop_oneof![
        4 => name().prop_map(IdRef::Name),
        2 => variable().prop_map(IdRef::Variable),
        1 => Just(IdRef::This),
        1 => Just(IdRef::Wildcard),
        1 => Just(IdRef::Any),
        1 => (min..100_000u64).prop_map(IdRef::Entity),
    ]
}

fn term_id(id: impl Strategy<Value = IdRef>) -> impl Strategy<Value = TermId> {
    (id, prop::option::weighted(0.3, trav())).prop_map(|(id, trav)| {
        let trav = if id == IdRef::Entity(0) { None } else { trav };
        TermId {
            id,
            trav: trav.unwrap_or_default(),
        }
    })
}

fn inout() -> impl Strategy<Value = InOut> {
    prop_oneof![
        Just(InOut::Default),
        Just(InOut::In),
        Just(InOut::Out),
        Just(InOut::InOut),
        Just(InOut::None)
    ]
}

fn term(kind: TermKind, first: TermId, second: TermId, src: TermId) -> Term {
    Term {
        kind,
        first,
        second,
        src,
        id_flag: IdFlag::None,
        oper: Oper::And,
        inout: InOut::Default,
        field: 0,
        span: Span::default(),
    }
}

/// An id term on a given source.
fn id_term(src: TermId) -> impl Strategy<Value = Term> {
    (
        term_id(id_ref(false)),
        prop::option::of(term_id(prop_oneof![id_ref(true), Just(IdRef::Singleton)])),
        inout(),
        0u8..3,
    )
        .prop_map(move |(first, second, inout, flag)| {
            let mut t = term(TermKind::Id, first, second.unwrap_or_default(), src.clone());
            t.inout = inout;
            let default_src = t.src.id == IdRef::This && t.src.trav.is_empty();
            // A role and a pair with an explicit source cannot be written together.
            if !t.second.id.is_set() || default_src {
                t.id_flag = [IdFlag::None, IdFlag::Toggle, IdFlag::Override][usize::from(flag)];
            }
            t
        })
}

fn src() -> impl Strategy<Value = TermId> {
    prop_oneof![
        3 => Just(TermId { id: IdRef::This, trav: Traversal::default() }),
        2 => term_id(prop_oneof![id_ref(true), Just(IdRef::Singleton)]),
    ]
}

/// A group of terms: one term with an operator, an Or chain, an equality, or a scope.
fn group(depth: u32) -> BoxedStrategy<Vec<Term>> {
    let single = (src().prop_flat_map(id_term), 0u8..6).prop_map(|(mut t, op)| {
        t.oper = [
            Oper::And,
            Oper::Not,
            Oper::Optional,
            Oper::AndFrom,
            Oper::OrFrom,
            Oper::NotFrom,
        ][usize::from(op)];
        if matches!(t.oper, Oper::AndFrom | Oper::OrFrom | Oper::NotFrom) {
            t.id_flag = IdFlag::None;
            if !matches!(t.inout, InOut::Default | InOut::None) {
                t.inout = InOut::Default;
            }
            let default_src = t.src.id == IdRef::This && t.src.trav.is_empty();
            if !default_src {
                t.second = TermId::default();
            }
        }
        vec![t]
    });
    // `$` as source stands for each term's own first element, so an Or chain does not use it.
    let chain = src()
        .prop_filter("one source", |s| s.id != IdRef::Singleton)
        .prop_flat_map(|s| prop::collection::vec(id_term(s), 2..4))
        .prop_map(|mut terms| {
            let last = terms.len() - 1;
            for t in &mut terms[..last] {
                t.oper = Oper::Or;
            }
            terms
        });
    let equality = (
        prop_oneof![Just(IdRef::This), variable().prop_map(IdRef::Variable)],
        prop_oneof![
            name().prop_map(IdRef::Name),
            string().prop_map(IdRef::Str),
            variable().prop_map(|v| IdRef::Variable(format!("{v}_2"))),
        ],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lhs, rhs, matching, negate)| {
            let (kind, rhs) = match (matching, rhs) {
                (true, IdRef::Str(s)) => (TermKind::Match, IdRef::Str(s)),
                (_, rhs) => (TermKind::Eq, rhs),
            };
            let src = TermId {
                id: lhs,
                trav: Traversal {
                    flags: Traversal::SELF,
                    rel: None,
                },
            };
            let mut t = term(
                kind,
                TermId::default(),
                TermId {
                    id: rhs,
                    trav: Traversal::default(),
                },
                src,
            );
            t.inout = InOut::None;
            if negate {
                t.oper = Oper::Not;
            }
            vec![t]
        });
    let leaf = prop_oneof![4 => single, 2 => chain, 1 => equality].boxed();
    if depth == 0 {
        return leaf;
    }
    let scope = (prop::collection::vec(group(depth - 1), 1..3), any::<bool>()).prop_map(
        |(inner, negate)| {
            let zero = TermId {
                id: IdRef::Entity(0),
                trav: Traversal::default(),
            };
            let mut open = term(
                TermKind::ScopeOpen,
                TermId::default(),
                TermId::default(),
                zero.clone(),
            );
            open.inout = InOut::None;
            if negate {
                open.oper = Oper::Not;
            }
            let mut close = term(
                TermKind::ScopeClose,
                TermId::default(),
                TermId::default(),
                zero,
            );
            close.inout = InOut::None;
            let mut terms = vec![open];
            terms.extend(inner.into_iter().flatten());
            terms.push(close);
            terms
        },
    );
    prop_oneof![4 => leaf, 1 => scope].boxed()
}

fn query() -> impl Strategy<Value = QueryAst> {
    prop::collection::vec(group(2), 1..5).prop_map(|groups| QueryAst {
        terms: groups.into_iter().flatten().collect(),
        field_count: 0,
        warnings: Vec::new(),
    })
}

fn normalized(q: &QueryAst) -> Vec<Term> {
    q.terms
        .iter()
        .cloned()
        .map(|mut t| {
            t.span = Span::default();
            t.field = 0;
            t
        })
        .collect()
}

/// Whether every name can be written back (see `QueryAst`'s `Display`).
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,60}") {
        let _ = parse(&text);
    }

    #[test]
    fn query_like_text_never_panics(text in "[A-Za-z$_*0-9 ,|!?()\\[\\]{}:=~\"\\\\<>.\n]{0,60}") {
        if let Some(q) = parse(&text).ok().filter(printable) {
            // What parses prints back to text that parses to the same terms.
            let printed = q.to_string();
            match parse(&printed) {
                Ok(again) => prop_assert_eq!(normalized(&again), normalized(&q), "{}", printed),
                Err(e) => prop_assert!(false, "{:?} printed as {:?}, which fails:\n{}", text, printed, e),
            }
        }
    }

    #[test]
    fn print_then_parse_round_trips(q in query()) {
        let printed = q.to_string();
        match parse(&printed) {
            Ok(again) => {
                prop_assert_eq!(normalized(&again), normalized(&q), "{}", printed);
                prop_assert!(again.warnings.is_empty());
            }
            Err(e) => prop_assert!(false, "{:?} fails:\n{}", printed, e),
        }
    }
}
