//! The builtin entities of Flecs v3.2.12, with the ids `src/world.c` gives them and the paths
//! `src/bootstrap.c` and the addons (meta, doc, pipeline, timer, rest) give them.
//!
//! Builtin components take ids 1..8; `FLECS_HI_COMPONENT_ID` is 256 and the builtin entities
//! take `256 + n`. Components get low ids from [`FIRST_USER_COMPONENT_ID`] (8) below 256;
//! other entities get ids above [`FIRST_USER_ENTITY_ID`] (384). The addons `ecs_init` imports
//! take the first of these (`builtin/addons.rs`), so a user's first entity is [`FIRST_FREE_ID`] (541)
//! and first component 10. Types are sorted by numeric id, so these values decide where
//! builtins appear in a type.
//!
//! ```
//! use rosetta_world::{builtin, World};
//! let world = World::new();
//! assert_eq!(builtin::NAME.0, 289);
//! assert_eq!(world.path_of(builtin::CHILD_OF), "flecs.core.ChildOf");
//! assert_eq!(world.path_of(builtin::DOC_DESCRIPTION), "flecs.doc.Description");
//! assert_eq!(world.lookup("flecs.meta.f32"), Some(builtin::F32));
//! assert_eq!(world.lookup("flecs.rest.Plecs").map(|e| e.0), Some(540));
//! ```

use crate::id::Id;

pub(crate) mod addons;
pub(crate) mod units;
pub(crate) mod v4;
pub(crate) mod v4_components;
mod v4_meta;
pub(crate) mod v4_table;
pub(crate) mod v4_tables;

pub use addons::FIRST_FREE_ID;
pub(crate) use addons::{Kind, ADDONS};

/// `FLECS_HI_COMPONENT_ID`.
pub const HI_COMPONENT_ID: u64 = 256;
/// `EcsFirstUserComponentId`: the first low id handed to a user component.
pub const FIRST_USER_COMPONENT_ID: u64 = 8;
/// `EcsFirstUserEntityId`: regular ids are handed out above this one.
pub const FIRST_USER_ENTITY_ID: u64 = HI_COMPONENT_ID + 128;

const fn hi(n: u64) -> Id {
    Id(HI_COMPONENT_ID + n)
}

/// `flecs.core.Component`.
pub const COMPONENT: Id = Id(1);
/// `flecs.core.Identifier` (the relationship of `(Identifier, Name)`).
pub const IDENTIFIER: Id = Id(2);
/// `flecs.core.Iterable`.
pub const ITERABLE: Id = Id(3);
/// `flecs.core.Poly`.
pub const POLY: Id = Id(4);
/// `flecs.core.Query`.
pub const QUERY: Id = Id(5);
/// `flecs.core.Observer`.
pub const OBSERVER: Id = Id(6);
/// `flecs.system.System`.
pub const SYSTEM: Id = Id(7);
/// `flecs.core.World`.
pub const WORLD: Id = hi(0);
/// `flecs`.
pub const FLECS: Id = hi(1);
/// `flecs.core`.
pub const FLECS_CORE: Id = hi(2);
/// `flecs.core.internals`.
pub const FLECS_INTERNALS: Id = hi(3);
/// `flecs.core.Module`.
pub const MODULE: Id = hi(4);
/// `flecs.core.Private`.
pub const PRIVATE: Id = hi(5);
/// `flecs.core.Prefab`.
pub const PREFAB: Id = hi(6);
/// `flecs.core.Disabled`.
pub const DISABLED: Id = hi(7);
/// `flecs.core.SlotOf`.
pub const SLOT_OF: Id = hi(8);
/// `flecs.core.Flag`.
pub const FLAG: Id = hi(9);
/// `flecs.core.*`.
pub const WILDCARD: Id = hi(10);
/// `flecs.core._`.
pub const ANY: Id = hi(11);
/// `flecs.core.this`.
pub const THIS: Id = hi(12);
/// `flecs.core.$`.
pub const VARIABLE: Id = hi(13);
/// `flecs.core.Transitive`.
pub const TRANSITIVE: Id = hi(14);
/// `flecs.core.Reflexive`.
pub const REFLEXIVE: Id = hi(15);
/// `flecs.core.Symmetric`.
pub const SYMMETRIC: Id = hi(16);
/// `flecs.core.Final`.
pub const FINAL: Id = hi(17);
/// `flecs.core.DontInherit`.
pub const DONT_INHERIT: Id = hi(18);
/// `flecs.core.AlwaysOverride`.
pub const ALWAYS_OVERRIDE: Id = hi(19);
/// `flecs.core.Tag`.
pub const TAG: Id = hi(20);
/// `flecs.core.Union`.
pub const UNION: Id = hi(21);
/// `flecs.core.Exclusive`.
pub const EXCLUSIVE: Id = hi(22);
/// `flecs.core.Acyclic`.
pub const ACYCLIC: Id = hi(23);
/// `flecs.core.Traversable`.
pub const TRAVERSABLE: Id = hi(24);
/// `flecs.core.With`.
pub const WITH: Id = hi(25);
/// `flecs.core.OneOf`.
pub const ONE_OF: Id = hi(26);
/// `flecs.core.Trait`.
pub const TRAIT: Id = hi(27);
/// `flecs.core.Relationship`.
pub const RELATIONSHIP: Id = hi(28);
/// `flecs.core.Target`.
pub const TARGET: Id = hi(29);
/// `flecs.core.ChildOf`.
pub const CHILD_OF: Id = hi(30);
/// `flecs.core.IsA`.
pub const IS_A: Id = hi(31);
/// `flecs.core.DependsOn`.
pub const DEPENDS_ON: Id = hi(32);
/// `flecs.core.Name`.
pub const NAME: Id = hi(33);
/// `flecs.core.Symbol`.
pub const SYMBOL: Id = hi(34);
/// `flecs.core.Alias`.
pub const ALIAS: Id = hi(35);
/// `flecs.core.OnDelete`.
pub const ON_DELETE: Id = hi(40);
/// `flecs.core.OnDeleteTarget`.
pub const ON_DELETE_TARGET: Id = hi(46);
/// `flecs.core.Remove`.
pub const REMOVE: Id = hi(50);
/// `flecs.core.PredEq`, the first element of an `==` term.
pub const PRED_EQ: Id = hi(56);
/// `flecs.core.PredMatch`, the first element of a `~=` term.
pub const PRED_MATCH: Id = hi(57);
/// `flecs.core.ScopeOpen`, the first element of a `{` term.
pub const SCOPE_OPEN: Id = hi(59);
/// `flecs.core.ScopeClose`, the first element of a `}` term.
pub const SCOPE_CLOSE: Id = hi(60);
/// `flecs.core.Delete`.
pub const DELETE: Id = hi(51);
/// `flecs.core.Panic`.
pub const PANIC: Id = hi(52);
/// `flecs.meta.bool`.
pub const BOOL: Id = hi(80);
/// `flecs.meta.char`.
pub const CHAR: Id = hi(81);
/// `flecs.meta.byte`.
pub const BYTE: Id = hi(82);
/// `flecs.meta.u8`.
pub const U8: Id = hi(83);
/// `flecs.meta.u16`.
pub const U16: Id = hi(84);
/// `flecs.meta.u32`.
pub const U32: Id = hi(85);
/// `flecs.meta.u64`.
pub const U64: Id = hi(86);
/// `flecs.meta.uptr`.
pub const UPTR: Id = hi(87);
/// `flecs.meta.i8`.
pub const I8: Id = hi(88);
/// `flecs.meta.i16`.
pub const I16: Id = hi(89);
/// `flecs.meta.i32`.
pub const I32: Id = hi(90);
/// `flecs.meta.i64`.
pub const I64: Id = hi(91);
/// `flecs.meta.iptr`.
pub const IPTR: Id = hi(92);
/// `flecs.meta.f32`.
pub const F32: Id = hi(93);
/// `flecs.meta.f64`.
pub const F64: Id = hi(94);
/// `flecs.meta.string`.
pub const STRING: Id = hi(95);
/// `flecs.meta.entity`.
pub const ENTITY: Id = hi(96);
/// `flecs.meta.id`.
pub const ID: Id = hi(97);
/// `flecs.meta.MetaType`.
pub const META_TYPE: Id = hi(98);
/// `flecs.meta.MetaTypeSerialized`.
pub const META_TYPE_SERIALIZED: Id = hi(99);
/// `flecs.meta.Primitive`.
pub const PRIMITIVE: Id = hi(100);
/// `flecs.meta.Enum`.
pub const ENUM: Id = hi(101);
/// `flecs.meta.Bitmask`.
pub const BITMASK: Id = hi(102);
/// `flecs.meta.Member`.
pub const MEMBER: Id = hi(103);
/// `flecs.meta.MemberRanges`.
pub const MEMBER_RANGES: Id = hi(104);
/// `flecs.meta.Struct`.
pub const STRUCT: Id = hi(105);
/// `flecs.meta.Array`.
pub const ARRAY: Id = hi(106);
/// `flecs.meta.Vector`.
pub const VECTOR: Id = hi(107);
/// `flecs.meta.Opaque`.
pub const OPAQUE: Id = hi(108);
/// `flecs.meta.Unit`.
pub const UNIT: Id = hi(109);
/// `flecs.meta.Constant`.
pub const CONSTANT: Id = hi(111);
/// `flecs.meta.Quantity`.
pub const QUANTITY: Id = hi(112);
/// `flecs.doc.Description`.
pub const DOC_DESCRIPTION: Id = hi(113);
/// `flecs.doc.Brief`.
pub const DOC_BRIEF: Id = hi(114);
/// `flecs.doc.Detail`.
pub const DOC_DETAIL: Id = hi(115);
/// `flecs.doc.Link`.
pub const DOC_LINK: Id = hi(116);
/// `flecs.doc.Color`.
pub const DOC_COLOR: Id = hi(117);

/// Which module scope a builtin lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    Root,
    Core,
    Module(&'static str),
}

/// One builtin: id, name, scope, and whether it is a component (has data).
pub(crate) struct Builtin {
    pub id: u64,
    pub name: &'static str,
    pub scope: Scope,
}

const fn b(id: u64, name: &'static str, scope: Scope) -> Builtin {
    Builtin { id, name, scope }
}

const C: Scope = Scope::Core;
const H: u64 = HI_COMPONENT_ID;
const META: Scope = Scope::Module("meta");
const DOC: Scope = Scope::Module("doc");
const PIPE: Scope = Scope::Module("pipeline");
const TIMER: Scope = Scope::Module("timer");
const SYS: Scope = Scope::Module("system");

/// The module `flecs.<name>` of an addon, from [`ADDONS`].
pub(crate) fn module_id(name: &str) -> Option<Id> {
    ADDONS
        .iter()
        .find(|a| a.parent == FLECS.0 && a.kind == addons::Kind::Module && a.name == name)
        .map(|a| Id(a.id))
}

/// Every builtin entity with a fixed id, in id order.
pub(crate) const BUILTINS: &[Builtin] = &[
    b(1, "Component", C),
    b(2, "Identifier", C),
    b(3, "Iterable", C),
    b(4, "Poly", C),
    b(5, "Query", C),
    b(6, "Observer", C),
    b(7, "System", SYS),
    b(H, "World", C),
    b(H + 1, "flecs", Scope::Root),
    b(H + 2, "core", Scope::Module("")),
    b(H + 3, "internals", C),
    b(H + 4, "Module", C),
    b(H + 5, "Private", C),
    b(H + 6, "Prefab", C),
    b(H + 7, "Disabled", C),
    b(H + 8, "SlotOf", C),
    b(H + 9, "Flag", C),
    b(H + 10, "*", C),
    b(H + 11, "_", C),
    b(H + 12, "this", C),
    b(H + 13, "$", C),
    b(H + 14, "Transitive", C),
    b(H + 15, "Reflexive", C),
    b(H + 16, "Symmetric", C),
    b(H + 17, "Final", C),
    b(H + 18, "DontInherit", C),
    b(H + 19, "AlwaysOverride", C),
    b(H + 20, "Tag", C),
    b(H + 21, "Union", C),
    b(H + 22, "Exclusive", C),
    b(H + 23, "Acyclic", C),
    b(H + 24, "Traversable", C),
    b(H + 25, "With", C),
    b(H + 26, "OneOf", C),
    b(H + 27, "Trait", C),
    b(H + 28, "Relationship", C),
    b(H + 29, "Target", C),
    b(H + 30, "ChildOf", C),
    b(H + 31, "IsA", C),
    b(H + 32, "DependsOn", C),
    b(H + 33, "Name", C),
    b(H + 34, "Symbol", C),
    b(H + 35, "Alias", C),
    b(H + 36, "OnAdd", C),
    b(H + 37, "OnRemove", C),
    b(H + 38, "OnSet", C),
    b(H + 39, "UnSet", C),
    b(H + 40, "OnDelete", C),
    b(H + 41, "OnTableCreate", C),
    b(H + 42, "OnTableDelete", C),
    b(H + 43, "OnTableEmpty", C),
    b(H + 44, "OnTableFilled", C),
    b(H + 46, "OnDeleteTarget", C),
    b(H + 47, "TickSource", SYS),
    b(H + 48, "Timer", TIMER),
    b(H + 49, "RateFilter", TIMER),
    b(H + 50, "Remove", C),
    b(H + 51, "Delete", C),
    b(H + 52, "Panic", C),
    b(H + 53, "FlattenTarget", C),
    b(H + 54, "Flatten", C),
    b(H + 55, "DefaultChildComponent", C),
    b(H + 56, "PredEq", C),
    b(H + 57, "PredMatch", C),
    b(H + 58, "PredLookup", C),
    b(H + 59, "ScopeOpen", C),
    b(H + 60, "ScopeClose", C),
    b(H + 61, "EcsMonitor", C),
    b(H + 62, "Empty", C),
    b(H + 63, "Pipeline", PIPE),
    b(H + 64, "OnStart", PIPE),
    b(H + 65, "PreFrame", PIPE),
    b(H + 66, "OnLoad", PIPE),
    b(H + 67, "PostLoad", PIPE),
    b(H + 68, "PreUpdate", PIPE),
    b(H + 69, "OnUpdate", PIPE),
    b(H + 70, "OnValidate", PIPE),
    b(H + 71, "PostUpdate", PIPE),
    b(H + 72, "PreStore", PIPE),
    b(H + 73, "OnStore", PIPE),
    b(H + 74, "PostFrame", PIPE),
    b(H + 75, "Phase", PIPE),
    b(H + 80, "bool", META),
    b(H + 81, "char", META),
    b(H + 82, "byte", META),
    b(H + 83, "u8", META),
    b(H + 84, "u16", META),
    b(H + 85, "u32", META),
    b(H + 86, "u64", META),
    b(H + 87, "uptr", META),
    b(H + 88, "i8", META),
    b(H + 89, "i16", META),
    b(H + 90, "i32", META),
    b(H + 91, "i64", META),
    b(H + 92, "iptr", META),
    b(H + 93, "f32", META),
    b(H + 94, "f64", META),
    b(H + 95, "string", META),
    b(H + 96, "entity", META),
    b(H + 97, "id", META),
    b(H + 98, "MetaType", META),
    b(H + 99, "MetaTypeSerialized", META),
    b(H + 100, "Primitive", META),
    b(H + 101, "Enum", META),
    b(H + 102, "Bitmask", META),
    b(H + 103, "Member", META),
    b(H + 104, "MemberRanges", META),
    b(H + 105, "Struct", META),
    b(H + 106, "Array", META),
    b(H + 107, "Vector", META),
    b(H + 108, "Opaque", META),
    b(H + 109, "Unit", META),
    b(H + 110, "UnitPrefix", META),
    b(H + 111, "Constant", META),
    b(H + 112, "Quantity", META),
    b(H + 113, "Description", DOC),
    b(H + 114, "Brief", DOC),
    b(H + 115, "Detail", DOC),
    b(H + 116, "Link", DOC),
    b(H + 117, "Color", DOC),
    b(H + 118, "Rest", Scope::Module("rest")),
];

/// Traits v3.2.12 puts on builtins (`bootstrap.c`, `doc.c`): `(entity, trait)`.
pub(crate) const TRAITS: &[(Id, Id)] = &[
    (IS_A, TAG),
    (CHILD_OF, TAG),
    (UNION, TAG),
    (CHILD_OF, EXCLUSIVE),
    (CHILD_OF, ACYCLIC),
    (CHILD_OF, TRAVERSABLE),
    (CHILD_OF, DONT_INHERIT),
    (IDENTIFIER, DONT_INHERIT),
    (PREFAB, DONT_INHERIT),
    (COMPONENT, DONT_INHERIT),
    (ON_DELETE, DONT_INHERIT),
    (IS_A, TRAVERSABLE),
    (DEPENDS_ON, TRAVERSABLE),
    (IS_A, TRANSITIVE),
    (IS_A, REFLEXIVE),
    (POLY, PRIVATE),
    (IDENTIFIER, PRIVATE),
    (CHILD_OF, PRIVATE),
    (IS_A, PRIVATE),
    (DOC_DESCRIPTION, DONT_INHERIT),
    (DOC_DESCRIPTION, PRIVATE),
    (QUANTITY, EXCLUSIVE),
    (QUANTITY, TAG),
];

/// The meta primitive for a Flecs primitive type name (`"f32"` → [`F32`]).
pub fn primitive(name: &str) -> Option<Id> {
    BUILTINS
        .iter()
        .filter(|b| b.scope == META && (BOOL.0..=ID.0).contains(&b.id))
        .find(|b| b.name == name)
        .map(|b| Id(b.id))
}

// `Id::is_wildcard` is here, beside the wildcards it checks for: `id` sits below `builtin`.
impl Id {
    /// Whether the id is or contains the wildcard `*` or any `_` (as relationship or target).
    pub fn is_wildcard(self) -> bool {
        let w = |e: Id| e == WILDCARD || e == ANY;
        if self.has_pair_flag() {
            w(self.first()) || w(self.second())
        } else {
            w(self.without_flags())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_match_world_c() {
        assert_eq!(WILDCARD.0, 266);
        assert_eq!(ANY.0, 267);
        assert_eq!(CHILD_OF.0, 286);
        assert_eq!(IS_A.0, 287);
        assert_eq!(NAME.0, 289);
        assert_eq!(F32.0, 349);
        assert_eq!(DOC_DESCRIPTION.0, 369);
        assert_eq!(primitive("id"), Some(ID));
        assert_eq!(primitive("Struct"), None);
        let mut last = 0;
        for b in BUILTINS {
            assert!(b.id > last, "{} out of order", b.name);
            last = b.id;
        }
    }
}
