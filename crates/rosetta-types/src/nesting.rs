//! The one limit on how deeply schema data nests, [`MAX_NESTING`], which every format reads and
//! writes, and the message that refuses deeper data.

/// The most object levels a piece of schema data may have. Every format Rosetta reads and writes
/// (the SDK's wire format, its JSON form and JSON snapshots, binary snapshots, O3DE's JSON,
/// Godot 3 and Godot 4 Variants) reads and writes data this deep, and refuses deeper data, on
/// reading and on writing alike, with [`too_deep_message`] followed by where the first object
/// past the limit is, in the format's own notation. So whatever one format writes, every other
/// format reads.
///
/// # How levels count
///
/// - The root object of a piece of data is level 1: an object of a type, a component's data, a
///   command request or response, the fields of a component update, each event payload of an
///   update, and each component's data in a snapshot entity.
/// - An object inside an object of level *n* is at level *n* + 1, wherever it sits: a field, a
///   list element, an option's value, a map's key or value. Lists, options and maps add no level
///   of their own, nor do the entry objects that hold a map's keys and values on the wire and in
///   the SDK's JSON. Scalars, strings and bytes add none.
/// - An `Entity` value is an object (one level), and each of its components' data is an object one
///   level below it.
///
/// A type that holds itself (`type Node { option<Node> next = 1; }`, or through a `list<Node>` or
/// a `map<K, Node>`) may so be nested 100 deep: the root and 99 `next`s.
///
/// # Why 100
///
/// It is the default recursion limit of protobuf (C++, Java, prost: 100 nested messages), the
/// format SpatialOS data travels in, so data other tools wrote is not refused; and it is far
/// deeper than real data: the snapshots of the shared corpus nest at most 7 object levels
/// (counted without their schemas, map entries included; their JSON snapshots 5). And at this
/// depth every reader and writer stays within the 2 MiB stack of a spawned thread, even in a
/// debug build (Rust's test threads have 2 MiB, a program's main thread usually 8): the
/// deepest, O3DE's store, takes about 1.6 MiB there for 100 levels of map values.
///
/// The text formats derive their own limits from it, so that no limit of theirs cuts in first:
/// JSON documents [`MAX_JSON_NESTING`]; Godot Variants at most two per level (an `Array` of
/// `Dictionary`s), well within the engine's own 1024. Those limits only bound what no schema data
/// needs (unknown members, deep arrays), so that no input can overflow the stack.
///
/// Protobuf itself counts map entries as messages, so data nested through maps may be within this
/// limit and past protobuf's when read with the `.proto` files `rosetta schema proto` writes.
pub const MAX_NESTING: usize = 100;

/// How many levels of arrays and objects the JSON readers of schema data (the SDK's JSON form,
/// JSON snapshots, O3DE's JSON) accept, derived from [`MAX_NESTING`] so that they reach the first
/// object past that limit and refuse it by its object level: the root object is one JSON level,
/// and each further object level costs at most three (a map value is an array, an entry object
/// and the value object), so that object lies at most `1 + 3 * MAX_NESTING` levels deep; the
/// envelope of an update's event payloads (`{"events": {"name": [payload]}}`) adds three more.
/// Deeper text, which no schema data within the limit needs (unknown members, say), is refused
/// as text, so that no input can overflow the stack.
pub const MAX_JSON_NESTING: usize = 3 * MAX_NESTING + 4;

/// What every format says about data nested deeper than [`MAX_NESTING`]:
/// `nesting deeper than 100 object levels`. Each format puts where after it, in its own
/// notation, and says it the same on reading and on writing.
///
/// ```
/// assert_eq!(rosetta_types::too_deep_message(), "nesting deeper than 100 object levels");
/// ```
pub fn too_deep_message() -> String {
    format!("nesting deeper than {MAX_NESTING} object levels")
}
