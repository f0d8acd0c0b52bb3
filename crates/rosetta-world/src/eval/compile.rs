//! Resolving a parsed query against a world: names looked up as `ecs_lookup` does, variables
//! numbered in the order Flecs' rules discover them, and each term finalized with Flecs'
//! defaults (`$this` source, `self|up(IsA)` traversal, no traversal for `DontInherit` ids).

use crate::builtin::{self, ANY, DISABLED, DONT_INHERIT, PREFAB, TRAVERSABLE, WILDCARD};
use crate::id::Id;
use crate::query::{self, IdRef, InOut, Oper, ParseError, QueryAst, Term, TermKind, Traversal};
use crate::world::World;

/// One element of a resolved term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ref {
    /// A fixed entity (or `0`: no source, the root target of `(ChildOf, 0)`).
    Ent(Id),
    /// A variable, by index (0 is `$this`).
    Var(usize),
    /// `*`: every match.
    Wild,
    /// `_`: at most one match.
    Any,
    /// Not given (no pair target).
    Unset,
}

/// A term resolved against a world.
#[derive(Debug, Clone)]
pub(crate) struct CTerm {
    pub kind: TermKind,
    pub first: Ref,
    pub second: Ref,
    pub src: Ref,
    pub oper: Oper,
    pub field: usize,
    pub inout: InOut,
    /// Match on the source itself.
    pub self_: bool,
    /// The relationship traversed upwards, if any.
    pub up: Option<Id>,
    /// The right-hand string of `==`, `!=`, `~=`.
    pub text: Option<String>,
    /// The id as the term states it, variables and wildcards as `*` (what a field shows when
    /// nothing matched, and the query's top-level ids).
    pub id: Id,
    /// The id a match reports instead of the one matched (v4 reports `_` as `*` and the
    /// root term `(ChildOf, 0)` as written).
    pub report_id: Option<Id>,
    /// The source a match reports instead of the one matched (v4 reports `*` for `_`).
    pub report_src: Option<Id>,
    /// The field is never set (v4: scopes, and terms matched on no source, `Tag(#0)`).
    pub never_set: bool,
    /// v4: what earlier terms write of the variables this term uses (Flecs' compile-time
    /// write state); `None` in v3, whose engine decides on the running state alone.
    pub written: Option<Writes>,
}

/// What the terms before a term write of the variables it uses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Writes {
    /// Whether an earlier term writes the source variable (or the source is no variable).
    pub src: bool,
    /// The variables of the term that only Optional terms (or Or chains) wrote before it
    /// (`ctx->cond_written`): the term is skipped, its field unset, while one of them is
    /// unset (`flecs_query_begin_block_cond_eval`, the `IfVar` instruction). Set by
    /// `written_v4.rs`.
    pub cond: Vec<usize>,
}

/// A named variable of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// The name without `$`.
    pub name: String,
    /// Whether the name starts with `_` (not serialized).
    pub anonymous: bool,
}

/// A query compiled against one world.
#[derive(Debug, Clone)]
pub(crate) struct Compiled {
    pub terms: Vec<CTerm>,
    pub field_count: usize,
    /// Variables; index 0 is `$this`.
    pub vars: Vec<Variable>,
    pub match_prefab: bool,
    pub match_disabled: bool,
    /// The first `cascade` term's relationship, and whether it is `desc` (cached queries
    /// order their tables by depth in it).
    pub cascade: Option<(Id, bool)>,
    /// For a scope's `{` the index of its `}`, and the other way round (other terms: their
    /// own index).
    pub scopes: Vec<usize>,
    /// v4's lookup variables (`$a.b`), by variable index: the base variable and the path
    /// looked up under its entity (empty for v3).
    pub lookups: Vec<Option<(usize, String)>>,
}

/// Pairs each scope bracket with its partner (the parser has checked they balance).
pub(super) fn scope_partners(terms: &[Term]) -> Vec<usize> {
    let mut out: Vec<usize> = (0..terms.len()).collect();
    let mut open = Vec::new();
    for (i, t) in terms.iter().enumerate() {
        match t.kind {
            TermKind::ScopeOpen => open.push(i),
            TermKind::ScopeClose => {
                if let Some(o) = open.pop() {
                    out[o] = i;
                    out[i] = o;
                }
            }
            _ => {}
        }
    }
    out
}

pub(super) fn resolve_name(w: &World, name: &str) -> Option<Id> {
    w.lookup(name)
}

pub(super) struct Ctx<'a> {
    pub w: &'a World,
    pub terms: &'a [Term],
    pub vars: Vec<Variable>,
    /// Flecs v4.1.6's semantics and error form, with the query text for its errors.
    pub v4: Option<&'a str>,
    /// v4: which element of the current term is being looked up (0 source, 1 first, 2
    /// second; 3 once all are), for the state its errors print the term in.
    pub part: u8,
    /// v4: the traversal each term before the current one was finalized with.
    pub finals: Vec<query::FinalTrav>,
}

/// What v4's errors print of finalized terms: paths as `ecs_get_path` writes them, and
/// the traversal the terms were finalized with.
struct WorldFinals<'a>(&'a World, &'a [query::FinalTrav]);

impl query::Finalized for WorldFinals<'_> {
    fn path(&self, r: &IdRef) -> Option<String> {
        let e = match r {
            IdRef::Name(n) => resolve_name(self.0, n)?,
            IdRef::Entity(n) => self.0.alive(Id(*n))?,
            _ => return None,
        };
        Some(path_v4(self.0, e))
    }
    fn trav(&self, i: usize) -> Option<query::FinalTrav> {
        self.1.get(i).cloned()
    }
}

/// `ecs_get_path` in v4: the entity 0 as `#0`, and `flecs.core`'s children by their names
/// alone (`flecs_path_append` leaves that parent out when no prefix is asked for).
pub(super) fn path_v4(w: &World, e: Id) -> String {
    if e == Id::NULL {
        return "#0".into();
    }
    let path = w.path_of(e);
    match path.strip_prefix("flecs.core.") {
        Some(name) if !name.contains('.') => name.to_owned(),
        _ => path,
    }
}

impl Ctx<'_> {
    /// The error Flecs reports while finalizing term `i`, in the version's form.
    pub fn error(&self, i: usize, message: impl Into<String>) -> ParseError {
        match self.v4 {
            Some(expr) => {
                let stage = query::Stage::Failing {
                    looked_up: self.part,
                    failed: self.part < 3,
                };
                let fin = WorldFinals(self.w, &self.finals);
                query::validator_error_v4(expr, self.terms, i, stage, &fin, message)
            }
            None => query::term_error(self.terms, i, message),
        }
    }

    fn var(&mut self, name: &str) -> usize {
        if name == "this" || (name == "This" && self.v4.is_none()) {
            return 0;
        }
        if let Some(i) = self.vars.iter().position(|v| v.name == name) {
            return i;
        }
        self.vars.push(Variable {
            name: name.to_string(),
            anonymous: name.starts_with('_'),
        });
        self.vars.len() - 1
    }

    pub fn resolve(&mut self, i: usize, r: &IdRef) -> Result<Ref, ParseError> {
        Ok(match r {
            IdRef::Unset => Ref::Unset,
            IdRef::This => Ref::Var(0),
            IdRef::Variable(n) => Ref::Var(self.var(n)),
            IdRef::Wildcard => Ref::Wild,
            IdRef::Any => Ref::Any,
            // `$` as a source is handled by the caller.
            IdRef::Singleton => Ref::Unset,
            IdRef::Str(_) => Ref::Unset,
            IdRef::Entity(0) => Ref::Ent(Id::NULL),
            IdRef::Entity(n) => match self.w.alive(Id(*n)).filter(|e| e.index() as u64 == *n) {
                Some(e) => Ref::Ent(e),
                None if self.v4.is_some() => {
                    return Err(self.error(i, format!("identifier '#{n}' is not alive")))
                }
                None if *n <= u32::MAX as u64 => {
                    return Err(self.error(i, format!("identifier '{n}' is not alive")))
                }
                None => return Err(self.error(i, format!("unresolved identifier '{n}'"))),
            },
            IdRef::Name(n) => match resolve_name(self.w, n) {
                Some(e) if e == WILDCARD => Ref::Wild,
                Some(e) if e == ANY => Ref::Any,
                Some(e) => Ref::Ent(e),
                None => return Err(self.error(i, format!("unresolved identifier '{n}'"))),
            },
        })
    }
}

/// The id a term states: variables and wildcards as `*`, `_` as `_`.
pub(super) fn stated_id(first: Ref, second: Ref) -> Id {
    let el = |r: Ref| match r {
        Ref::Ent(e) => e,
        Ref::Any => ANY,
        _ => WILDCARD,
    };
    match second {
        Ref::Unset => el(first),
        s => Id::pair(el(first), el(s)),
    }
}

impl<'a> Ctx<'a> {
    /// The context for resolving `ast`'s terms; `v4` is the query text when the world
    /// follows Flecs v4.1.6 (its errors quote it).
    pub(super) fn new(w: &'a World, ast: &'a QueryAst, v4: Option<&'a str>) -> Ctx<'a> {
        Ctx {
            w,
            terms: &ast.terms,
            vars: vec![Variable {
                name: "this".into(),
                anonymous: false,
            }],
            v4,
            part: 3,
            finals: Vec::new(),
        }
    }
}

/// Resolves and finalizes the parsed terms as v3.2.12's rules do (v4's are in [`super::v4`]).
pub(crate) fn compile(mut cx: Ctx<'_>, ast: &QueryAst) -> Result<Compiled, ParseError> {
    let w = cx.w;
    let mut out = Vec::with_capacity(ast.terms.len());
    let (mut match_prefab, mut match_disabled) = (false, false);
    let mut cascade = None;
    for (i, t) in ast.terms.iter().enumerate() {
        let first = cx.resolve(i, &t.first.id)?;
        let src = match &t.src.id {
            IdRef::Singleton => first,
            other => cx.resolve(i, other)?,
        };
        let second = cx.resolve(i, &t.second.id)?;
        let text = match &t.second.id {
            IdRef::Str(s) => Some(s.clone()),
            _ => None,
        };
        let (flags, rel) = t.src_traversal();
        let mut up = match rel {
            Some(name) => match resolve_name(w, name) {
                Some(r) => Some(r),
                None => {
                    return Err(query::term_error(
                        &ast.terms,
                        i,
                        format!("unresolved identifier '{name}'"),
                    ))
                }
            },
            None => None,
        };
        if let Some(r) = up {
            if r != builtin::IS_A && !w.owns(r, TRAVERSABLE) {
                return Err(query::term_error(
                    &ast.terms,
                    i,
                    "src.trav is not traversable",
                ));
            }
        }
        if cascade.is_none() && flags & Traversal::CASCADE != 0 {
            if let Some(r) = up {
                cascade = Some((r, flags & Traversal::DESC != 0));
            }
        }
        let mut self_ = flags & Traversal::SELF != 0 || flags == 0;
        let written_trav = !t.src.trav.is_empty();
        if let Ref::Ent(f) = first {
            if up == Some(builtin::IS_A) && f.0 != 0 && w.owns(f, DONT_INHERIT) {
                if written_trav && flags & (Traversal::UP | Traversal::DOWN) != 0 {
                    return Err(query::term_error(
                        &ast.terms,
                        i,
                        "traversing not allowed for id that can't be inherited",
                    ));
                }
                up = None;
                self_ = true;
            }
        }
        if src == Ref::Ent(Id::NULL) {
            up = None;
        }
        let id = stated_id(first, second);
        if t.kind == TermKind::Id && second == Ref::Unset && src != Ref::Ent(Id::NULL) {
            match first {
                Ref::Ent(e) if e == PREFAB => match_prefab = true,
                Ref::Ent(e) if e == DISABLED && self_ => match_disabled = true,
                _ => {}
            }
        }
        out.push(CTerm {
            kind: t.kind,
            first,
            second,
            src,
            oper: t.oper,
            field: t.field,
            inout: t.effective_inout(),
            self_,
            up,
            text,
            id,
            report_id: None,
            report_src: None,
            never_set: false,
            written: None,
        });
    }
    check_written(&ast.terms, &out, &cx.vars)?;
    Ok(Compiled {
        terms: out,
        field_count: ast.field_count,
        vars: cx.vars,
        match_prefab,
        match_disabled,
        cascade,
        scopes: scope_partners(&ast.terms),
        lookups: Vec::new(),
    })
}

/// The checks Flecs v3.2.12's rule compiler makes of the variables of `==`, `!=` and `~=`: the
/// right-hand side must have been written by an earlier term, and so must the left-hand side,
/// except for `==` (which then assigns it) and for a query's first term (which the engine
/// precedes with a search of every entity). Variables written inside a not-scope are not
/// written after it.
pub(super) fn check_written(
    terms: &[Term],
    out: &[CTerm],
    vars: &[Variable],
) -> Result<(), ParseError> {
    let mut written = vec![false; vars.len()];
    let mut scopes: Vec<Option<Vec<bool>>> = Vec::new();
    let name = |v: usize| vars.get(v).map_or("", |x| x.name.as_str());
    for (i, t) in out.iter().enumerate() {
        match t.kind {
            TermKind::ScopeOpen => scopes.push((t.oper == Oper::Not).then(|| written.clone())),
            TermKind::ScopeClose => {
                if let Some(Some(before)) = scopes.pop() {
                    written = before;
                }
            }
            TermKind::Eq | TermKind::Match => {
                if let Ref::Var(v) = t.second {
                    if !written.get(v).copied().unwrap_or(true) {
                        return Err(query::term_error(
                            terms,
                            i,
                            format!(
                                "uninitialized variable '{}' on right-hand side of equality operator",
                                name(v)
                            ),
                        ));
                    }
                }
                if let Ref::Var(v) = t.src {
                    let assigns = t.kind == TermKind::Eq && t.oper != Oper::Not;
                    if !written.get(v).copied().unwrap_or(true) && !assigns && i != 0 {
                        return Err(query::term_error(
                            terms,
                            i,
                            format!(
                                "uninitialized variable '{}' on left-hand side of equality operator",
                                name(v)
                            ),
                        ));
                    }
                    if let Some(w) = written.get_mut(v) {
                        *w = true;
                    }
                }
            }
            TermKind::Id => {
                if t.oper == Oper::Not && i != 0 {
                    continue;
                }
                for r in [t.src, t.first, t.second] {
                    if let Some(w) = match r {
                        Ref::Var(v) => written.get_mut(v),
                        _ => None,
                    } {
                        *w = true;
                    }
                }
            }
        }
    }
    Ok(())
}
