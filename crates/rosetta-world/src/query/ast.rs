//! The parsed query: terms as Flecs v3.2.12's parser leaves them, before any name is looked up
//! in a world.

use super::error::ParseError;

/// The most terms a query may have, counted after expansion (`Rel($a, $b, $c)` is two), or
/// [`super::parse`] refuses it with an error naming this limit.
///
/// Flecs allows fewer: v3.2.12 keeps a filter's term count in an `int8_t` (127 at most) and
/// its rules engine marks compiled terms in a 64-bit mask; v4.1.6 has
/// `FLECS_TERM_COUNT_MAX`, 32. So any query Flecs runs fits, and a query of many thousand
/// terms (a 64 KiB URL holds about 10,000) is refused before it costs anything.
///
/// ```
/// use rosetta_world::query::{parse, MAX_TERMS};
/// assert!(parse(&vec!["A"; MAX_TERMS].join(", ")).is_ok());
/// let err = parse(&vec!["A"; MAX_TERMS + 1].join(", ")).unwrap_err();
/// assert!(err.message().contains("MAX_TERMS"));
/// ```
pub const MAX_TERMS: usize = 256;

/// A parsed query: its terms in order, with Flecs' field indices assigned.
///
/// ```
/// let q = rosetta_world::query::parse("Position, Velocity || Mass, !Frozen").unwrap();
/// assert_eq!(q.terms.len(), 4);
/// assert_eq!(q.field_count, 3); // an Or chain is one field
/// assert_eq!(q.to_string(), "Position, Velocity || Mass, !Frozen");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QueryAst {
    /// The terms, after Flecs' expansions (`Rel($a, $b, $c)` is two terms, `(Rel, A || B)` an
    /// Or chain of two terms).
    pub terms: Vec<Term>,
    /// How many fields the query's results have: one per term, an Or chain counting once.
    pub field_count: usize,
    /// Errors Flecs logs without refusing the query (e.g. `invalid preceding token` for two
    /// terms separated by a space or a newline rather than a comma); the first 16 are kept.
    pub warnings: Vec<ParseError>,
}

/// One term of a query.
///
/// ```
/// use rosetta_world::query::{parse, IdRef, Oper};
///
/// let q = parse("?(Likes, $Food)").unwrap();
/// let t = &q.terms[0];
/// assert_eq!(t.first.id, IdRef::Name("Likes".into()));
/// assert_eq!(t.second.id, IdRef::Variable("Food".into()));
/// assert_eq!(t.src.id, IdRef::This);
/// assert_eq!(t.oper, Oper::Optional);
/// assert_eq!(&"?(Likes, $Food)"[t.span.start..t.span.end], "?(Likes, $Food)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// What the term is: an id to match, an equality test, or a scope bracket.
    pub kind: TermKind,
    /// The component, tag or relationship (unset for equality terms and scopes).
    pub first: TermId,
    /// The pair target, or the right-hand side of an equality term (unset if neither).
    pub second: TermId,
    /// The entity the term is matched on: `$this` unless the query says otherwise; the
    /// left-hand side of an equality term; `Entity(0)` for no source (`Position()`).
    pub src: TermId,
    /// `TOGGLE|` or `OVERRIDE|` in front of the id.
    pub id_flag: IdFlag,
    /// The term's operator.
    pub oper: Oper,
    /// The access modifier as written (`Default` if none); see [`Term::effective_inout`].
    pub inout: InOut,
    /// The index of the field this term fills (terms of one Or chain share it).
    pub field: usize,
    /// Where the term is in the query text (for a term expanded from another, that one's).
    pub span: Span,
}

/// A byte range of the query text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// What kind of term this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermKind {
    /// Matches an id (`Position`, `(Rel, Tgt)`) on its source.
    Id,
    /// `$x == y` (with [`Oper::Not`], `$x != y`): `src` is `$x`, `second` is `y`.
    Eq,
    /// `$x ~= "y"` (with [`Oper::Not`], `$x ~= "!y"`): name of `$x` contains `y`.
    Match,
    /// `{` opening a scope (Flecs' rules accept `!{`).
    ScopeOpen,
    /// `}` closing a scope.
    ScopeClose,
}

/// One of a term's three elements (first, second, source) and how it is traversed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TermId {
    /// Which entity or variable.
    pub id: IdRef,
    /// Traversal flags and relationship written after it (`src:up(ChildOf)`).
    pub trav: Traversal,
}

/// An element of a term as the query names it; nothing is looked up yet.
///
/// ```
/// use rosetta_world::query::{parse, IdRef};
///
/// let q = parse("(*, _), Position($), Tag(10000), $this == \"Foo\"").unwrap();
/// assert_eq!(q.terms[0].first.id, IdRef::Wildcard);
/// assert_eq!(q.terms[0].second.id, IdRef::Any);
/// assert_eq!(q.terms[1].src.id, IdRef::Singleton);
/// assert_eq!(q.terms[2].src.id, IdRef::Entity(10000));
/// assert_eq!(q.terms[3].second.id, IdRef::Str("Foo".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum IdRef {
    /// Not given (a term without a pair target).
    #[default]
    Unset,
    /// The `$this` variable (`$this` or `$This`; the default source).
    This,
    /// A variable `$Name`; a name starting with `_` is anonymous (not serialized).
    Variable(String),
    /// An entity by name or path (`a.b.c`), to be looked up like `ecs_lookup` does.
    Name(String),
    /// An entity by numeric id (an all-digit identifier); `0` is no entity (no source, or
    /// the `(ChildOf, 0)` root target).
    Entity(u64),
    /// `*`: one result per matching id.
    Wildcard,
    /// `_`: at most one result.
    Any,
    /// `$`: as a source, the singleton shorthand (`Input($)` is `Input(Input)`).
    Singleton,
    /// A quoted string (`"Foo"`), matched against names by `==`, `!=` and `~=`.
    Str(String),
}

impl IdRef {
    /// Whether this is a variable once resolved: `$this`, `$x`, `*`, `_`, or `$`.
    ///
    /// ```
    /// assert!(rosetta_world::query::IdRef::Wildcard.is_variable());
    /// ```
    pub fn is_variable(&self) -> bool {
        matches!(
            self,
            IdRef::This | IdRef::Variable(_) | IdRef::Wildcard | IdRef::Any | IdRef::Singleton
        )
    }

    /// Whether this names an entity (by name or id).
    ///
    /// ```
    /// assert!(rosetta_world::query::IdRef::Entity(42).is_entity());
    /// ```
    pub fn is_entity(&self) -> bool {
        matches!(self, IdRef::Name(_) | IdRef::Entity(_))
    }

    /// Whether this is set at all.
    ///
    /// ```
    /// assert!(!rosetta_world::query::IdRef::Unset.is_set());
    /// ```
    pub fn is_set(&self) -> bool {
        !matches!(self, IdRef::Unset)
    }
}

/// Traversal flags (`self`, `up`, `down`, `cascade`, `desc`, `parent`) and the relationship
/// written with them (`up(ChildOf)`), as the query gives them.
///
/// ```
/// use rosetta_world::query::{parse, Traversal};
///
/// let q = parse("Position(self|up(ChildOf))").unwrap();
/// let trav = &q.terms[0].src.trav;
/// assert!(trav.has(Traversal::SELF) && trav.has(Traversal::UP));
/// assert_eq!(trav.rel.as_deref(), Some("ChildOf"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Traversal {
    /// The flags, a union of the constants of this type.
    pub flags: u8,
    /// The relationship (as written, not looked up), if one was given in parentheses.
    pub rel: Option<String>,
}

impl Traversal {
    /// `self`: match on the entity itself.
    pub const SELF: u8 = 1 << 0;
    /// `up`: match by traversing a relationship upwards.
    pub const UP: u8 = 1 << 1;
    /// `down`: match by traversing downwards.
    pub const DOWN: u8 = 1 << 2;
    /// `cascade`: breadth-first order (cached queries).
    pub const CASCADE: u8 = 1 << 3;
    /// `desc`: descending group order (cached queries).
    pub const DESC: u8 = 1 << 4;
    /// `parent`: short for `up(ChildOf)`.
    pub const PARENT: u8 = 1 << 5;

    /// The keywords in the order this crate prints them.
    pub(crate) const KEYWORDS: [(&'static str, u8); 6] = [
        ("self", Self::SELF),
        ("up", Self::UP),
        ("down", Self::DOWN),
        ("cascade", Self::CASCADE),
        ("desc", Self::DESC),
        ("parent", Self::PARENT),
    ];

    /// Whether all of `flags` are set.
    ///
    /// ```
    /// let t = rosetta_world::query::Traversal::default();
    /// assert!(!t.has(rosetta_world::query::Traversal::UP));
    /// ```
    pub fn has(&self, flags: u8) -> bool {
        self.flags & flags == flags && flags != 0
    }

    /// Whether no flag was written.
    ///
    /// ```
    /// assert!(rosetta_world::query::Traversal::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.flags == 0
    }
}

/// `TOGGLE|` or `OVERRIDE|` in front of a term's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IdFlag {
    /// No flag.
    #[default]
    None,
    /// `TOGGLE|Id`: the id can be toggled per entity.
    Toggle,
    /// `OVERRIDE|Id`.
    Override,
}

/// A term's operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Oper {
    /// The term must match (`,` between terms).
    #[default]
    And,
    /// This term or the next (`A || B`): the chain is one field.
    Or,
    /// `!A`: must not match.
    Not,
    /// `?A`: matches whether or not the id is there (the field says whether it is set).
    Optional,
    /// `AND|T`: all ids of type `T`.
    AndFrom,
    /// `OR|T`: any id of type `T`.
    OrFrom,
    /// `NOT|T`: none of the ids of type `T`.
    NotFrom,
}

/// A term's access modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InOut {
    /// Not written (an unknown word in brackets, like `[foo]`, also leaves it unset).
    #[default]
    Default,
    /// `[in]`
    In,
    /// `[out]`
    Out,
    /// `[inout]`
    InOut,
    /// `[none]`: no data.
    None,
    /// `[filter]` (v4 only): matched, but the field is neither read nor written.
    Filter,
}
