//! Terms as Flecs v4.1.6 prints them in its validator's errors (`flecs_term_to_buf` in
//! `src/query/util.c`): `Position($this)`, `ChildOf($this,$p)`, `Foo($this|self|up IsA)`,
//! `Foo()`. The validator prints each term in the state it is in when the error is raised:
//! the terms before the failing one finalized (names looked up, `$this` source, traversal
//! defaults), the failing one part way (its source defaulted, the elements before the one
//! that failed looked up), the ones after it as the parser left them (names as written, an
//! unwritten source `#0`).

use crate::query::ast::{IdFlag, IdRef, InOut, Oper, Term, TermKind, Traversal};

/// How far finalizing a term got when the error was raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// As parsed (a term after the failing one).
    Parsed,
    /// The failing term: its elements before `looked_up` (0 source, 1 first, 2 second, 3
    /// all) are looked up; with `failed`, the lookup of element `looked_up` failed.
    Failing { looked_up: u8, failed: bool },
    /// Finalized (a term before the failing one).
    Final,
}

/// A finalized term's traversal of its source: whether it matches the source itself, and
/// the relationship it traverses upwards (its path), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FinalTrav {
    pub self_: bool,
    pub up: Option<String>,
}

/// What the world knows of the terms: an element's path once looked up, and the traversal
/// a finalized term ended with. Without a world, names print as written and traversal
/// follows the written flags.
pub(crate) trait Finalized {
    /// The path `ecs_get_path` prints for the entity `r` names (`None`: print as written).
    fn path(&self, r: &IdRef) -> Option<String>;
    /// Term `i`'s finalized traversal (`None`: derive it from the written flags).
    fn trav(&self, i: usize) -> Option<FinalTrav>;
}

/// No world: everything as written.
pub(crate) struct Written;

impl Finalized for Written {
    fn path(&self, _: &IdRef) -> Option<String> {
        None
    }
    fn trav(&self, _: usize) -> Option<FinalTrav> {
        None
    }
}

/// The element as the parser left it: names as written, variables with their `$`.
fn written(r: &IdRef) -> String {
    match r {
        IdRef::Unset => "#0".into(),
        IdRef::This => "$this".into(),
        IdRef::Variable(v) => format!("${v}"),
        IdRef::Name(n) => n.clone(),
        IdRef::Entity(n) => format!("#{n}"),
        IdRef::Wildcard => "*".into(),
        IdRef::Any => "_".into(),
        IdRef::Singleton => "$".into(),
        IdRef::Str(s) => s.clone(),
    }
}

/// The element once looked up: an entity by its path; a variable `$name` (wildcards bare).
fn looked_up(r: &IdRef, fin: &dyn Finalized) -> String {
    match r {
        IdRef::Name(_) | IdRef::Entity(_) => fin.path(r).unwrap_or_else(|| written(r)),
        other => written(other),
    }
}

/// Whether the query wrote the term's `$this` source (`Foo($this)`), which the parser keeps;
/// an unwritten one (`Foo`, `(R, T)`) is set only while finalizing.
fn src_written(expr: &str, t: &Term) -> bool {
    if t.src.id != IdRef::This {
        return true;
    }
    let text = expr.get(t.span.start..t.span.end).unwrap_or_default();
    // Past an access modifier (`[in]`) and an operator (`!`, `?`).
    let body = text.trim_start();
    let body = match body.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(_, after)| after),
        None => body,
    };
    let body = body.trim_start_matches(|c: char| c == '!' || c == '?' || c.is_whitespace());
    // `(R, T)` has no source; `R(...)` has it first in its parentheses.
    !body.starts_with('(')
        && text
            .split_once('(')
            .is_some_and(|(_, args)| args.contains("$this"))
}

/// The traversal a term ends with when finalizing never reached it: the written flags.
fn written_trav(t: &Term) -> FinalTrav {
    let f = t.src.trav.flags;
    let up = f & (Traversal::UP | Traversal::CASCADE) != 0;
    FinalTrav {
        self_: f & Traversal::SELF != 0 || f == 0,
        up: up.then(|| t.src.trav.rel.clone().unwrap_or_else(|| "ChildOf".into())),
    }
}

/// `|self|up ChildOf` after a source, as far as the flags differ from `self` alone.
fn write_src_trav(out: &mut String, t: &Term, trav: Option<FinalTrav>) {
    let flags = t.src.trav.flags;
    let (self_, up, rel) = match trav {
        Some(tr) => (tr.self_, tr.up.is_some(), tr.up),
        None => (
            flags & Traversal::SELF != 0 || flags == 0,
            flags & (Traversal::UP | Traversal::CASCADE) != 0,
            t.src.trav.rel.clone(),
        ),
    };
    let desc = flags & Traversal::DESC != 0;
    if self_ && !up && !desc {
        return;
    }
    let mut parts = Vec::new();
    if self_ {
        parts.push("self");
    }
    if flags & Traversal::CASCADE != 0 {
        parts.push("cascade");
    } else if up {
        parts.push("up");
    }
    if desc {
        parts.push("desc");
    }
    out.push('|');
    out.push_str(&parts.join("|"));
    if let Some(r) = rel {
        out.push(' ');
        out.push_str(&r);
    }
}

/// Writes term `i` of `terms` in `stage` as `flecs_term_to_buf` does.
pub(crate) fn write_term(
    out: &mut String,
    expr: &str,
    terms: &[Term],
    i: usize,
    stage: Stage,
    fin: &dyn Finalized,
) {
    let Some(t) = terms.get(i) else { return };
    // Which elements print looked up, and which element's lookup failed (0 src, 1 first,
    // 2 second).
    let (done, failed) = match stage {
        Stage::Parsed => (0, None),
        Stage::Failing { looked_up, failed } => (looked_up, failed.then_some(looked_up)),
        Stage::Final => (3, None),
    };
    let el = |r: &IdRef, at: u8| {
        if at < done {
            looked_up(r, fin)
        } else if failed == Some(at) && at == 2 && matches!(t.kind, TermKind::Eq | TermKind::Match)
        {
            // The right-hand side of `==` is an entity whose lookup left it 0.
            "#0".into()
        } else {
            written(r)
        }
    };
    match t.kind {
        TermKind::ScopeOpen => return out.push('{'),
        TermKind::ScopeClose => return out.push('}'),
        TermKind::Eq | TermKind::Match => {
            out.push_str(&el(&t.src.id, 0));
            out.push_str(match (t.kind, t.oper) {
                (TermKind::Eq, Oper::Not) => " != ",
                (TermKind::Eq, _) => " == ",
                _ => " ~= ",
            });
            match &t.second.id {
                IdRef::Str(s) => {
                    let not = t.kind == TermKind::Match && t.oper == Oper::Not;
                    out.push('"');
                    if not {
                        out.push('!');
                    }
                    out.push_str(s);
                    out.push('"');
                }
                other => out.push_str(&el(other, 2)),
            }
            return;
        }
        TermKind::Id => {}
    }
    let after_or = i > 0 && terms.get(i - 1).is_some_and(|p| p.oper == Oper::Or);
    let src_var_wild = matches!(t.src.id, IdRef::Wildcard | IdRef::Any);
    if !after_or {
        let inout = match t.inout {
            // Finalizing makes a term on a wildcard source `[none]`.
            InOut::Default if src_var_wild && stage != Stage::Parsed => InOut::None,
            other => other,
        };
        match inout {
            InOut::In => out.push_str("[in] "),
            InOut::InOut => out.push_str("[inout] "),
            InOut::Out => out.push_str("[out] "),
            InOut::None | InOut::Filter if t.oper != Oper::Not => out.push_str("[none] "),
            _ => {}
        }
    }
    match t.oper {
        Oper::Not => out.push('!'),
        Oper::Optional => out.push('?'),
        _ => {}
    }
    // A source left 0 (`Foo()`, or one whose lookup failed) prints no source.
    let no_src = t.src.id == IdRef::Entity(0) || failed == Some(0);
    let src_unset = stage == Stage::Parsed && !src_written(expr, t);
    let second_set = t.second.id.is_set();
    if !no_src {
        match t.id_flag {
            IdFlag::Toggle => out.push_str("TOGGLE|"),
            IdFlag::Override => out.push_str("AUTO_OVERRIDE|"),
            IdFlag::None => {}
        }
    }
    out.push_str(&el(&t.first.id, 1));
    if no_src {
        if second_set {
            out.push_str("(#0,");
            out.push_str(&el(&t.second.id, 2));
            out.push(')');
        } else {
            out.push_str("()");
        }
        return;
    }
    out.push('(');
    if src_unset {
        out.push_str("#0");
    } else {
        out.push_str(&el(&t.src.id, 0));
    }
    let trav = match stage {
        Stage::Final => Some(fin.trav(i).unwrap_or_else(|| written_trav(t))),
        _ => None,
    };
    write_src_trav(out, t, trav);
    if second_set {
        out.push(',');
        out.push_str(&el(&t.second.id, 2));
    }
    out.push(')');
}

/// The error v4's validator logs for term `index` (`flecs_query_validator_error`): the
/// message, the query expression, and the terms one a line, ` > ` before term `index` (in
/// `stage`), the ones before it finalized, the ones after it as parsed.
pub(crate) fn validator_error_in(
    expr: &str,
    terms: &[Term],
    index: usize,
    stage: Stage,
    fin: &dyn Finalized,
    message: impl Into<String>,
) -> crate::query::error::ParseError {
    let mut text = message.into();
    text.push_str("\nexpr: ");
    text.push_str(expr);
    text.push('\n');
    for (i, t) in terms.iter().enumerate() {
        text.push_str(if i == index { " > " } else { "   " });
        let st = match i.cmp(&index) {
            std::cmp::Ordering::Less => Stage::Final,
            std::cmp::Ordering::Equal => stage,
            std::cmp::Ordering::Greater => Stage::Parsed,
        };
        write_term(&mut text, expr, terms, i, st, fin);
        if t.oper == Oper::Or {
            text.push_str(" ||");
        } else if i + 1 != terms.len() {
            text.push(',');
        }
        text.push('\n');
    }
    crate::query::error::ParseError::v4_plain(text, terms.get(index).map(|t| t.span.start))
}
