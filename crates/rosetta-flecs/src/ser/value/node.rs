//! The nodes a [`super::ValueWriter`] is compiled into.

use crate::ser::shape::Prim;

/// A node's index in the writer's node list.
pub(super) type NodeId = usize;

/// One node of a compiled type: what to write for a value of it.
#[derive(Debug, Clone)]
pub(super) enum Node {
    /// Being compiled (only seen through a recursive type).
    Pending,
    /// The same as another node (an opaque type).
    Alias(NodeId),
    Prim(Prim),
    /// Constants as (value, quoted name).
    Enum(Box<str>, Vec<(i32, Box<str>)>),
    /// Flags as (bits, name) in Flecs' map order.
    Bitmask(Box<str>, Vec<(u32, Box<str>)>),
    /// Members and their nodes.
    Struct(Vec<Member>, Vec<NodeId>),
    /// `[e, e, ...]`.
    List(NodeId),
    /// Only the list's first element.
    First(NodeId),
    /// An option as a vector of 0 or 1.
    Optional(NodeId),
    /// A byte string as a vector of `byte`.
    Bytes,
    /// Map entries as `{"key":k, "value":v}` structs.
    Map(NodeId, NodeId),
    /// A schema `Entity`: `{"pkg.C":value, ...}`; per component id (ascending), its key as
    /// written (`"pkg.C":`) and its node.
    Components(Vec<(u32, Box<str>, NodeId)>),
}

/// A struct member's key as written (`"name":`) and its name (for messages).
#[derive(Debug, Clone)]
pub(super) struct Member {
    pub(super) key: Box<str>,
    pub(super) name: Box<str>,
}
