//! The Flecs-only metadata of a reflected type: its kind, members, units.

use crate::id::Id;

/// What kind of Flecs type a reflected component is.
#[derive(Debug, Clone, PartialEq)]
pub enum FlecsKind {
    /// A primitive: `bool`, `char`, `byte`, `u8` .. `id`.
    Primitive(&'static str),
    /// An enum.
    Enum,
    /// A bitmask.
    Bitmask,
    /// A struct.
    Struct,
    /// An array type of `count` elements.
    Array {
        /// Element type.
        element: Id,
        /// Element count.
        count: u32,
    },
    /// A vector (`ecs_vec_t`).
    Vector {
        /// Element type.
        element: Id,
    },
    /// An opaque type serialized as `as_type`.
    Opaque {
        /// The type it serializes as.
        as_type: Id,
    },
}

/// A struct member as Flecs describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// Member name.
    pub name: String,
    /// Member type (an entity with reflection).
    pub ty: Id,
    /// Element count; more than 1 makes an inline array.
    pub count: u32,
    /// Unit entity.
    pub unit: Option<Id>,
    /// Value range.
    pub range: Option<(f64, f64)>,
    /// Error range.
    pub error_range: Option<(f64, f64)>,
    /// Warning range.
    pub warning_range: Option<(f64, f64)>,
}

impl Member {
    /// A member of type `ty`, count 1, no metadata.
    pub fn new(name: impl Into<String>, ty: Id) -> Member {
        Member {
            name: name.into(),
            ty,
            count: 1,
            unit: None,
            range: None,
            error_range: None,
            warning_range: None,
        }
    }
}

/// A unit (`ecs_unit_init`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Unit {
    /// Symbol, e.g. `°`.
    pub symbol: Option<String>,
    /// Quantity entity.
    pub quantity: Option<Id>,
    /// Base unit (for a derived unit).
    pub base: Option<Id>,
    /// Unit divided by (for a derived unit).
    pub over: Option<Id>,
}

/// Flecs-only metadata of a reflected type.
#[derive(Debug, Clone, PartialEq)]
pub struct FlecsType {
    /// The kind.
    pub kind: FlecsKind,
    /// Struct members in declaration order.
    pub members: Vec<Member>,
    /// Enum or bitmask constants in declaration (insertion) order.
    pub constants: Vec<(String, i64)>,
    /// Indices into [`FlecsType::constants`] in the order Flecs lists the constants' child
    /// entities (`ecs_type_info_to_json`): a constant declared without a value (or with 0)
    /// and one with a value end up in two different tables, listed in the order each table
    /// got its first constant, each in declaration order.
    pub child_order: Vec<usize>,
    /// Per constant of [`FlecsType::constants`]: whether it was declared with a value (not 0).
    /// Flecs keeps the two kinds in different tables: one declared without a value also has
    /// the `flecs.meta.Constant` tag.
    pub explicit: Vec<bool>,
    /// Whether this describes a schema type to Flecs (`register_schema` in a v4 world): its
    /// values are those of the schema's registry type (an option stays an option), the
    /// members name the Flecs types that hold them (an option is a vector).
    pub schema: bool,
}

impl FlecsType {
    pub(super) fn new(kind: FlecsKind) -> FlecsType {
        FlecsType {
            kind,
            members: Vec::new(),
            constants: Vec::new(),
            child_order: Vec::new(),
            explicit: Vec::new(),
            schema: false,
        }
    }
}
