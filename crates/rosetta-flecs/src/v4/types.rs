//! Type entities in v4's world JSON, as a v4 world holds them (`meta.c`, `definitions.c`): a
//! component has `flecs.core.Component` `{"size":8, "alignment":4}` (its C layout); a
//! reflected type also has `flecs.meta.type` `{"kind":"StructType"}`,
//! `flecs.meta.TypeSerializer` and its kind's component (`flecs.meta.struct`, `enum`
//! `{"underlying_type":…}`, `bitmask`, `array` `{"type":…, "count":…}`, `vector`
//! `{"type":…}`, `opaque` `{"as_type":…}`); a struct's members are child entities with
//! `flecs.meta.member` `{"type":…, "count":…, "unit":…, "offset":…, "use_offset":false}`
//! (as 4.1.2 makes them: 4.1.6's `ecs_struct_init` makes no member entities, and reads
//! them); an enum is also `PairIsTag`, `Exclusive` and `OneOf` and has `flecs.meta.constants`,
//! and its constants are child entities with `(flecs.core.constant, i32)` (`u32` for a
//! bitmask) holding the value, those declared without a value (or 0) also the `constant`
//! tag (`ecs_enum_init`).
//!
//! `ecs_world_from_json` commits each entity to exactly the ids written: a type entity
//! written without these would lose its reflection in the Flecs world that loads it.

use rosetta_types::Value;
use rosetta_world::builtin::{
    ARRAY, BITMASK, COMPONENT, CONSTANT, DOC_DESCRIPTION, ENUM, EXCLUSIVE, I32, IDENTIFIER,
    META_TYPE, META_TYPE_SERIALIZED, ONE_OF, OPAQUE, PRIMITIVE, STRUCT, TAG, U32, VECTOR,
};
use rosetta_world::meta::FlecsKind;
use rosetta_world::{Id, World};

use crate::ser::names::{path_into, push_u32};
use crate::ser::type_info::type_info_to_json_mode;
use crate::ser::types::kind_name;
use crate::text::{self, List, Mode};

/// The kind v4.1.6 reflects type entity `e` as: the world's reflection, or for
/// `flecs.core.Identifier` and `flecs.doc.Description` (structs `{value: string}` in Flecs, whose
/// values the world keeps as strings) a struct.
fn kind_of(w: &World, e: Id) -> Option<&FlecsKind> {
    match w.flecs_type(e) {
        Some(ft) => Some(&ft.kind),
        None if e == IDENTIFIER || e == DOC_DESCRIPTION => Some(&FlecsKind::Struct),
        None => None,
    }
}

/// Whether type entity `e`'s meta components are written: not for an empty struct (a tag in
/// Flecs: a struct without members aborts it).
fn writes_meta(w: &World, e: Id) -> bool {
    match kind_of(w, e) {
        Some(FlecsKind::Primitive(_)) => true,
        Some(_) => !is_zero_sized(w, e),
        None => false,
    }
}

/// `ecs_type_info_to_json` (v4.1.6) of type `ty`: `flecs.core.Identifier` and
/// `flecs.doc.Description` (structs `{value: string}` in Flecs) are `{"value":["text"]}`, the
/// others as [`type_info_to_json_mode`] writes them.
pub fn type_info_to_json(out: &mut String, w: &World, ty: Id, mode: Mode) -> crate::Result<()> {
    if ty == IDENTIFIER || ty == DOC_DESCRIPTION {
        out.push_str("{\"value\":[\"text\"]}");
        return Ok(());
    }
    type_info_to_json_mode(out, w, ty, mode)
}

/// `ecs_primitive_kind_t`'s constant for a primitive, as the `PrimitiveKind` enum of v4.1
/// names it (its `U64` and `UPtr` constants have a trailing space).
pub(crate) fn primitive_kind(p: &str) -> &'static str {
    match p {
        "bool" => "Bool",
        "char" => "Char",
        "byte" => "Byte",
        "u8" => "U8",
        "u16" => "U16",
        "u32" => "U32",
        "u64" => "U64 ",
        "uptr" => "UPtr ",
        "i8" => "I8",
        "i16" => "I16",
        "i32" => "I32",
        "i64" => "I64",
        "iptr" => "IPtr",
        "f32" => "F32",
        "f64" => "F64",
        "string" => "String",
        "entity" => "Entity",
        _ => "Id",
    }
}

/// The value of `flecs.core.Component` for `e`: the size and alignment the world holds
/// (a v4 world sets them for its builtins, as 4.1.6's C types have them, and for each
/// reflected type), else its type's C layout; `None` where the world knows neither (a
/// component without reflection: written `null`).
pub(crate) fn component_value(w: &World, e: Id) -> Option<String> {
    let held = w.get_owned(e, COMPONENT).and_then(|v| match v.as_ref() {
        Value::Struct(f) => match f.as_ref() {
            [Value::I32(size), Value::I32(align)] if *size > 0 => Some((*size, *align)),
            _ => None,
        },
        _ => None,
    });
    let (size, align) = match held {
        Some((s, a)) => (u32::try_from(s).ok()?, u32::try_from(a).ok()?),
        None => {
            let l = w.c_layout(e)?;
            (l.size, l.align)
        }
    };
    let mut s = String::from("{\"size\":");
    push_u32(&mut s, size);
    s.push_str(", \"alignment\":");
    // A component of size 0 is a tag to Flecs, with alignment 0 (1 makes
    // `ecs_world_from_json` abort on an invalid component).
    push_u32(&mut s, if size == 0 { 0 } else { align });
    s.push('}');
    Some(s)
}

fn quoted_path(out: &mut String, w: &World, e: Id, mode: Mode) {
    out.push('"');
    path_into(out, w, e, mode);
    out.push('"');
}

/// After `flecs.core.Component` in a type entity's `components`: the meta components of its
/// kind.
/// Returns the ids written, for their type info.
pub(crate) fn meta_components(
    out: &mut String,
    map: &mut List,
    w: &World,
    e: Id,
    mode: Mode,
) -> Vec<Id> {
    let Some(kind) = kind_of(w, e) else {
        return Vec::new();
    };
    // An empty struct is a tag in Flecs: no meta type (a struct without members aborts it).
    if !writes_meta(w, e) {
        return Vec::new();
    }
    // In v4.1.6's id order: the kind's component (`EcsPrimitive` .. `EcsOpaque`, with
    // `EcsConstants` after an enum's or bitmask's), then `EcsTypeSerializer`, then `EcsType`
    // (4.1.2 had `EcsType` and `EcsTypeSerializer` first).
    let (key, value) = match kind {
        FlecsKind::Struct => ("struct", None),
        FlecsKind::Enum => ("enum", Some((vec![("underlying_type", I32)], None))),
        FlecsKind::Bitmask => ("bitmask", None),
        FlecsKind::Array { element, count } => {
            ("array", Some((vec![("type", *element)], Some(*count))))
        }
        FlecsKind::Vector { element } => ("vector", Some((vec![("type", *element)], None))),
        FlecsKind::Opaque { as_type } => ("opaque", Some((vec![("as_type", *as_type)], None))),
        FlecsKind::Primitive(_) => ("primitive", None),
    };
    map.key(out, &format!("flecs.meta.{key}"), mode);
    let mut written = vec![match kind {
        FlecsKind::Struct => STRUCT,
        FlecsKind::Enum => ENUM,
        FlecsKind::Bitmask => BITMASK,
        FlecsKind::Array { .. } => ARRAY,
        FlecsKind::Vector { .. } => VECTOR,
        FlecsKind::Opaque { .. } => OPAQUE,
        FlecsKind::Primitive(_) => PRIMITIVE,
    }];
    match (kind, value) {
        (FlecsKind::Primitive(p), _) => {
            // `EcsPrimitive` of a component of a primitive type (`ecs_primitive_init`).
            out.push_str("{\"kind\":\"");
            out.push_str(primitive_kind(p));
            out.push_str("\"}");
        }
        (_, None) => out.push_str("null"),
        (_, Some((members, count))) => {
            let mut o = List::open(out, '{');
            for (k, t) in members {
                o.key(out, k, mode);
                quoted_path(out, w, t, mode);
            }
            if let Some(n) = count {
                o.key(out, "count", mode);
                push_u32(out, n);
            }
            o.close(out, '}');
        }
    }
    // `EcsEnum` and `EcsBitmask` are `(With, EcsConstants)`, which has no reflection.
    if let (FlecsKind::Enum | FlecsKind::Bitmask, Some(c)) = (kind, constants_id(w)) {
        map.key(out, "flecs.meta.constants", mode);
        out.push_str("null");
        written.push(c);
    }
    map.key(out, "flecs.meta.TypeSerializer", mode);
    out.push_str("null");
    map.key(out, "flecs.meta.type", mode);
    out.push_str("{\"kind\":\"");
    out.push_str(kind_name(kind));
    out.push_str("\"}");
    written.extend([META_TYPE_SERIALIZED, META_TYPE]);
    written
}

/// `flecs.meta.constants` (`EcsConstants`) of a v4 world.
fn constants_id(w: &World) -> Option<Id> {
    w.lookup("flecs.meta.constants")
}

/// The tags a type entity has in Flecs that the world keeps as its type's metadata: an
/// enum's `PairIsTag`, `Exclusive` and `OneOf` (`flecs_add_enum`), sorted.
pub(crate) fn meta_tags(w: &World, e: Id) -> &'static [Id] {
    match w.flecs_type(e).map(|t| &t.kind) {
        Some(FlecsKind::Enum) => &[TAG, EXCLUSIVE, ONE_OF],
        _ => &[],
    }
}

/// The type entities that type `e` is made of (its members' types, its element type), which
/// a Flecs world reading world JSON must know before it: [`super::world_to_json`] writes them
/// first.
pub(crate) fn parts(w: &World, e: Id) -> Vec<Id> {
    match w.flecs_type(e) {
        Some(ft) => match ft.kind {
            FlecsKind::Array { element, .. } | FlecsKind::Vector { element } => vec![element],
            FlecsKind::Opaque { as_type } => vec![as_type],
            _ => ft.members.iter().map(|m| m.ty).collect(),
        },
        None => Vec::new(),
    }
}

/// The rows of an enum's (bitmask's) constants, after the type's, in the order Flecs lists
/// its children: `{"parent":"T", "name":"C", "tags":["flecs.core.constant"],
/// "components":{"(flecs.core.constant,flecs.meta.i32)":0}}` (the tag only when the constant
/// was declared without a value).
pub(crate) fn constant_rows(out: &mut String, results: &mut List, w: &World, e: Id, mode: Mode) {
    let Some(ft) = w.flecs_type(e) else { return };
    let bitmask = match ft.kind {
        FlecsKind::Enum => false,
        FlecsKind::Bitmask => true,
        _ => return,
    };
    let order: Vec<usize> = if ft.child_order.len() == ft.constants.len() {
        ft.child_order.clone()
    } else {
        (0..ft.constants.len()).collect()
    };
    let mut parent = String::new();
    path_into(&mut parent, w, e, Mode::Engine);
    let mut constant = String::new();
    path_into(&mut constant, w, CONSTANT, mode);
    let mut ty = String::new();
    path_into(&mut ty, w, if bitmask { U32 } else { I32 }, mode);
    for i in order {
        let Some((name, value)) = ft.constants.get(i) else {
            continue;
        };
        results.next(out);
        let mut row = List::open(out, '{');
        row.key(out, "parent", mode);
        text::push_escaped(out, &parent, mode);
        row.key(out, "name", mode);
        text::push_escaped(out, name, mode);
        if !ft.explicit.get(i).copied().unwrap_or(false) {
            row.key(out, "tags", mode);
            out.push_str("[\"");
            out.push_str(&constant);
            out.push_str("\"]");
        }
        row.key(out, "components", mode);
        out.push_str("{\"(");
        out.push_str(&constant);
        out.push(',');
        out.push_str(&ty);
        out.push_str(")\":");
        if bitmask {
            // A bitmask's constants are `u32`s.
            text::push_u64(out, (*value as u64) & u64::from(u32::MAX));
        } else {
            text::push_i64(out, *value, mode);
        }
        out.push('}');
        row.close(out, '}');
    }
}

/// The rows of a struct's members (child entities in Flecs, metadata here), after the type's.
pub(crate) fn member_rows(out: &mut String, results: &mut List, w: &World, e: Id, mode: Mode) {
    let Some(ft) = w.flecs_type(e) else { return };
    if ft.kind != FlecsKind::Struct {
        return;
    }
    let offsets = w.c_layout(e).map(|l| l.offsets).unwrap_or_default();
    let mut parent = String::new();
    path_into(&mut parent, w, e, Mode::Engine);
    for (i, m) in ft.members.iter().enumerate() {
        results.next(out);
        let mut row = List::open(out, '{');
        row.key(out, "parent", mode);
        text::push_escaped(out, &parent, mode);
        row.key(out, "name", mode);
        text::push_escaped(out, &m.name, mode);
        row.key(out, "components", mode);
        out.push_str("{\"flecs.meta.member\":{\"type\":");
        quoted_path(out, w, m.ty, mode);
        out.push_str(", \"count\":");
        // v4 keeps 0 for a member that is not an inline array.
        push_u32(out, if m.count > 1 { m.count } else { 0 });
        out.push_str(", \"unit\":");
        match m.unit {
            Some(u) => quoted_path(out, w, u, mode),
            None => out.push_str("\"#0\""),
        }
        out.push_str(", \"offset\":");
        push_u32(out, offsets.get(i).copied().unwrap_or(0));
        out.push_str(", \"use_offset\":false}}");
        row.close(out, '}');
    }
}

/// Whether the values of `ty` take no space (an empty struct): Flecs holds such a component as
/// a tag, without a column.
pub(crate) fn is_zero_sized(w: &World, ty: Id) -> bool {
    w.c_layout(ty).is_some_and(|l| l.size == 0)
}

/// Whether [`meta_components`] writes `id` for type entity `e`: such an id in `e`'s own type
/// (a document may give a type entity those ids without describing a type) is not written
/// again, or the row would hold it twice.
pub(crate) fn writes_meta_id(w: &World, e: Id, id: Id) -> bool {
    let Some(kind) = kind_of(w, e) else {
        return false;
    };
    if !writes_meta(w, e) {
        return false;
    }
    [
        META_TYPE,
        META_TYPE_SERIALIZED,
        PRIMITIVE,
        STRUCT,
        ENUM,
        BITMASK,
        ARRAY,
        VECTOR,
        OPAQUE,
    ]
    .contains(&id)
        || (matches!(kind, FlecsKind::Enum | FlecsKind::Bitmask) && Some(id) == constants_id(w))
}

/// Whether `id` is `flecs.core.Component` on a type entity, which [`component_value`] writes.
pub(crate) fn is_component_id(id: Id) -> bool {
    id == COMPONENT
}
