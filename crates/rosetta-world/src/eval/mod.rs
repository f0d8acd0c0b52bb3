//! Query evaluation: a parsed query ([`crate::query`]) resolved against a [`World`] and run
//! with the semantics and result order of Flecs v3.2.12's rules engine (what REST `/query`
//! uses).
//!
//! Each result is one table (or one table and matched id, for wildcards, variables and Or
//! chains): its entities, the id each field matched, each field's source (`0` for `$this`),
//! whether each field is set, and the variables' values. Results borrow the world; nothing is
//! allocated per entity.
//!
//! ```
//! use rosetta_world::{eval::Query, script};
//! let mut loaded = script::load_str(r#"[
//!     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
//!     ["tag", "Likes"], ["tag", "Apples"], ["tag", "Pears"],
//!     ["entity", "Alice"], ["set", "Alice", "Position", {"x": 1, "y": 2}],
//!     ["add", "Alice", ["Likes", "Apples"]], ["add", "Alice", ["Likes", "Pears"]]
//! ]"#)?;
//! loaded.world.process_pending();
//! let w = &loaded.world;
//! let q = Query::new(w, "Position, (Likes, $Food)").unwrap();
//! let mut foods = Vec::new();
//! q.each(w, |m| {
//!     assert_eq!(m.entities(), &[w.lookup("Alice").unwrap()]);
//!     foods.push(w.path_of(m.var(1)));
//!     true
//! });
//! assert_eq!(foods, ["Apples", "Pears"]);
//! # Ok::<(), rosetta_world::Error>(())
//! ```

mod backtrack;
mod compile;
pub mod corpus;
mod filter;
mod info;
mod listing;
mod listing_v4;
mod plan;
mod pred;
mod result;
mod run;
mod trav;
mod tree;
mod v4;
mod written_v4;

pub use compile::Variable;
pub use info::{ProfileCounts, TermInfo, TermRef};
pub use result::{page, FieldValue, Match, QueryResult};

/// A step limit for [`Query::each_bounded`] and [`Query::page`] that a query from outside
/// (the command line, the REST API) gets: about a second of search on this machine.
pub const DEFAULT_STEP_LIMIT: u64 = 20_000_000;

use crate::error::Error;
use crate::id::Id;
use crate::query::{self, InOut, Oper, ParseError, QueryAst};
use crate::version::FlecsVersion;
use crate::world::World;

use compile::Compiled;
use run::Search;

/// Which Flecs query kind to imitate (they differ in what they accept and, for cached
/// queries, in table order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// `ecs_rule_init`: what REST `/query` uses; variables, scopes and equality allowed.
    #[default]
    Rule,
    /// `ecs_filter_init`: uncached.
    Filter,
    /// `ecs_query_init`: cached. As v3.2.12's cached queries do (and its rules do not), a
    /// `(Rel, Tgt)` of a `Union` relationship matches through the `(Union, Rel)` column and
    /// yields one result per entity with that target (`(Rel, *)` keeps the table whole), and
    /// a field whose id the table has with the `TOGGLE` flag yields one result per run of
    /// rows whose bit is enabled; a `cascade` term orders the results by their table's
    /// depth in its relationship (`desc`: deepest first). Otherwise results come in the
    /// rules' order.
    Query,
}

/// A query resolved against a world, ready to run.
///
/// ```
/// use rosetta_world::{eval::Query, World};
/// let w = World::new();
/// let err = Query::new(&w, "Position").unwrap_err();
/// assert_eq!(err.to_string(), "unresolved identifier 'Position'\nPosition\n^");
/// ```
#[derive(Debug, Clone)]
pub struct Query {
    ast: QueryAst,
    compiled: Compiled,
    engine: Engine,
}

impl Query {
    /// Parses `text` and resolves it against `world` as a rule.
    pub fn new(world: &World, text: &str) -> Result<Query, ParseError> {
        Query::with_engine(world, text, Engine::Rule)
    }

    /// Parses `text` and resolves it for one engine.
    ///
    /// A world of [`FlecsVersion::V4`] reads the text in Flecs v4.1.6's query language
    /// ([`query::parse_v4`]) and resolves it with v4's semantics (implicit `self|up IsA` only
    /// for components with the `(OnInstantiate, Inherit)` trait, `up` traversing `ChildOf`,
    /// `!(ChildOf, _)` matching roots); any other world uses v3.2.12's language and rules.
    pub fn with_engine(world: &World, text: &str, engine: Engine) -> Result<Query, ParseError> {
        if world.version() == FlecsVersion::V4 {
            let ast = query::parse_v4(text)?;
            let compiled = v4::compile(compile::Ctx::new(world, &ast, Some(text)), &ast)?;
            return Ok(Query {
                ast,
                compiled,
                engine,
            });
        }
        let ast = query::parse(text)?;
        Query::from_ast(world, ast, engine)
    }

    /// Resolves a parsed query (with v4's semantics in a [`FlecsVersion::V4`] world).
    pub fn from_ast(world: &World, ast: QueryAst, engine: Engine) -> Result<Query, ParseError> {
        let v4_text = (world.version() == FlecsVersion::V4).then(|| ast.to_v4_string());
        let cx = compile::Ctx::new(world, &ast, v4_text.as_deref());
        let compiled = if v4_text.is_some() {
            v4::compile(cx, &ast)?
        } else {
            compile::compile(cx, &ast)?
        };
        Ok(Query {
            ast,
            compiled,
            engine,
        })
    }

    /// The parsed query.
    pub fn ast(&self) -> &QueryAst {
        &self.ast
    }

    /// The engine it imitates.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// How many fields each result has.
    pub fn field_count(&self) -> usize {
        self.compiled.field_count
    }

    /// The id each field states (the first term of an Or chain; variables and wildcards as
    /// `*`): Flecs' top-level `ids`.
    pub fn field_ids(&self) -> Vec<Id> {
        let mut out = vec![Id::NULL; self.field_count()];
        for t in self.compiled.terms.iter().rev() {
            if let Some(x) = out.get_mut(t.field) {
                *x = t.id;
            }
        }
        out
    }

    /// The access of each field, with Flecs' defaults (`[none]` for a Not term, a wildcard
    /// source, ...).
    pub fn field_inout(&self) -> Vec<InOut> {
        let mut out = vec![InOut::Default; self.field_count()];
        for t in self.compiled.terms.iter().rev() {
            if let Some(x) = out.get_mut(t.field) {
                *x = t.inout;
            }
        }
        out
    }

    /// Whether a field may be unset (an Optional or Not term): Flecs serializes `is_set` then.
    pub fn has_conditional(&self) -> bool {
        self.compiled
            .terms
            .iter()
            .any(|t| matches!(t.oper, Oper::Optional | Oper::Not))
    }

    /// The variables; index 0 is `$this`.
    pub fn variables(&self) -> &[Variable] {
        &self.compiled.vars
    }

    /// The terms as Flecs describes a finalized filter (`query_info` in the iterator JSON).
    ///
    /// ```
    /// use rosetta_world::{eval::{Query, TermRef}, query::Oper, script};
    /// let mut l = script::load_str(r#"[["struct", "Position", [["x", "f32"]]], ["tag", "T"]]"#)?;
    /// l.world.process_pending();
    /// let q = Query::new(&l.world, "Position, !T").unwrap();
    /// let info = q.term_info(&l.world);
    /// assert_eq!(info[0].src, TermRef::Var("this".into()));
    /// assert!(info[0].has_data && info[0].self_ && info[0].up);
    /// assert_eq!((info[1].oper, info[1].has_data), (Oper::Not, false));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn term_info(&self, world: &World) -> Vec<TermInfo> {
        info::term_info(&self.ast, &self.compiled, world)
    }

    /// The plan as Flecs v3.2.12's `ecs_rule_str` lists a rule's operations (for a v4 world,
    /// as v4.1.6's `ecs_query_plan` lists them, or its "Optimized out (trivial query)" line),
    /// with Flecs' terminal colors when `colors` is set (what the iterator JSON's
    /// `query_plan` holds).
    ///
    /// ```
    /// use rosetta_world::{eval::Query, script};
    /// let mut l = script::load_str(r#"[["struct", "Position", [["x", "f32"]]]]"#)?;
    /// l.world.process_pending();
    /// let q = Query::new(&l.world, "Position").unwrap();
    /// assert_eq!(
    ///     q.plan_str(&l.world, false),
    ///     " 0. [-1,  1]  setids      \n 1. [ 0,  2]  selfupid    $[this]           (Position)\n 2. [ 1,  3]  pop         \n 3. [ 2,  4]  yield       \n"
    /// );
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn plan_str(&self, world: &World, colors: bool) -> String {
        if world.version() == crate::version::FlecsVersion::V4 {
            return listing_v4::plan_str(&self.compiled, world, colors);
        }
        listing::plan_str(&self.compiled, world, colors)
    }

    /// Runs the query once and counts what it finds, as Flecs' `query_profile` does: results,
    /// entities, and the bytes of the set fields' components (a field's size is its type's
    /// C layout; a type without one counts 0; a field not on `$this` counts one value). The
    /// search is bounded as [`Query::each_bounded`]'s.
    pub fn profile_counts(&self, world: &World, max_steps: u64) -> Result<ProfileCounts, Error> {
        let mut c = ProfileCounts::default();
        let fields = self.field_count();
        self.each_bounded(world, max_steps, |m| {
            c.results += 1;
            let count = m.count() as usize;
            c.entities += count;
            for f in (0..fields).filter(|&f| m.is_set(f)) {
                let size = info::field_size(world, m.id(f));
                if m.source(f) == Id::NULL {
                    c.component_bytes += size * count;
                } else {
                    c.shared_component_bytes += size;
                }
            }
            true
        })?;
        Ok(c)
    }

    /// Whether some term is matched on `$this`, so results have entities.
    pub fn matches_this(&self) -> bool {
        self.compiled.terms.iter().any(|t| {
            t.src == compile::Ref::Var(0)
                || t.first == compile::Ref::Var(0)
                || t.second == compile::Ref::Var(0)
        })
    }

    /// Runs the query, calling `f` per result in Flecs' order until it returns `false`.
    /// Call [`World::process_pending`] first, as Flecs does before it iterates.
    ///
    /// The search is not bounded: for a query from outside, use [`Query::each_bounded`].
    pub fn each<'w>(&self, world: &'w World, f: impl FnMut(&Match<'w, '_>) -> bool) {
        self.run(world, u64::MAX, f);
    }

    /// [`Query::each`] that gives up after `max_steps` search steps (a step is one term
    /// tried in one state, or one match of a term with more than a thousand found again
    /// when the search comes back to it; [`DEFAULT_STEP_LIMIT`] takes a second or two), with
    /// [`Error::QueryBudget`].
    ///
    /// ```
    /// use rosetta_world::{script, Error, Query};
    /// let mut l = script::load_str(r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"]]"#)?;
    /// l.world.process_pending();
    /// let q = Query::new(&l.world, "*, *, *, *, *, *, *, *, *, *, *, *, !T").unwrap();
    /// let r = q.each_bounded(&l.world, 10_000, |_| true);
    /// assert!(matches!(r, Err(Error::QueryBudget(10_000))));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn each_bounded<'w>(
        &self,
        world: &'w World,
        max_steps: u64,
        f: impl FnMut(&Match<'w, '_>) -> bool,
    ) -> Result<(), Error> {
        match self.run(world, max_steps, f) {
            true => Err(Error::QueryBudget(max_steps)),
            false => Ok(()),
        }
    }

    /// Runs the search; true if it stopped because its steps ran out.
    fn run<'w>(
        &self,
        world: &'w World,
        max_steps: u64,
        mut f: impl FnMut(&Match<'w, '_>) -> bool,
    ) -> bool {
        let cached = self.engine == Engine::Query;
        let search = Search {
            w: world,
            q: &self.compiled,
            cached,
            steps: std::cell::Cell::new(max_steps),
            exhausted: std::cell::Cell::new(false),
        };
        let mut st = search.new_state();
        if let (true, Some((rel, desc))) = (cached, self.compiled.cascade) {
            // `cascade`: tables grouped by depth, ascending (`desc`: descending), keeping
            // the order within a depth.
            let mut found: Vec<(u32, run::State)> = Vec::new();
            search.run_terms(&mut st, &mut |st| {
                search.split_rows(st, &mut |st| {
                    let depth = st
                        .this
                        .map_or(0, |(t, _, _)| search.relation_depth(rel, t, 0));
                    found.push((depth, st.clone()));
                    true
                })
            });
            if desc {
                found.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
            } else {
                found.sort_by_key(|(d, _)| *d);
            }
            for (_, st) in &found {
                if !f(&Match::new(world, st)) {
                    break;
                }
            }
            return search.out_of_steps();
        }
        let mut stopped = false;
        search.run_terms(&mut st, &mut |st| {
            let go = if cached {
                search.split_rows(st, &mut |st| f(&Match::new(world, st)))
            } else {
                f(&Match::new(world, st))
            };
            stopped |= !go;
            go
        });
        !stopped && search.out_of_steps()
    }

    /// The results in one page: `offset` entities skipped, at most `limit` kept (as
    /// [`page`] cuts them), found without searching past the page. Prefer this to
    /// [`Query::results`] for queries from outside: wildcard terms multiply, and
    /// `*, *, *, *, *, *` has more results than memory.
    ///
    /// ```
    /// use rosetta_world::{script, Query};
    /// let mut l = script::load_str(r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"],
    ///     ["entity", "b"], ["add", "b", "T"]]"#)?;
    /// l.world.process_pending();
    /// let q = Query::new(&l.world, "T").unwrap();
    /// let p = q.page(&l.world, 1, Some(5), rosetta_world::eval::DEFAULT_STEP_LIMIT)?;
    /// assert_eq!(p[0].entities(&l.world), &[l.world.lookup("b").unwrap()]);
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn page(
        &self,
        world: &World,
        offset: usize,
        limit: Option<usize>,
        max_steps: u64,
    ) -> Result<Vec<QueryResult>, Error> {
        let mut pager = result::Pager::new(offset, limit);
        if pager.wants_more() {
            self.each_bounded(world, max_steps, |m| pager.push(m.to_owned()))?;
        }
        Ok(pager.out)
    }

    /// Every result, owned (one allocation per result, none per entity).
    pub fn results(&self, world: &World) -> Vec<QueryResult> {
        let mut out = Vec::new();
        self.each(world, |m| {
            out.push(m.to_owned());
            true
        });
        out
    }
}

#[cfg(test)]
mod tests;
