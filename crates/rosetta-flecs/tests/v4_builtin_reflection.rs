//! The builtin components of a v4 world are reflected as Flecs v4.1.6 reflects them
//! (`src/addons/meta/definitions.c`, the doc and script addons): the inspector's entity JSON
//! of a builtin type (its `flecs.core.Component` layout, meta components and `type_info`) and
//! `ecs_type_info_to_json` of each builtin type. The expected texts are what a real v4.1.6
//! REST server (`crates/rosetta-rest/e2e/space_rest4.c`) answers to
//! `/entity/<path>?values=true&full_paths=true&type_info=true&inherited=true` and
//! `/type_info/<path>`. (4.1.2, the `flecs_ecs` oracle, lists `flecs.meta.type` before the
//! kind's component and makes member entities: 4.1.6 is the reference here.)

use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{entity_to_json, type_info_to_json, EntityDesc};
use rosetta_world::meta::Member;
use rosetta_world::{FlecsVersion, World};

/// (path, entity JSON of v4.1.6).
const ENTITIES: &[(&str, &str)] = &[
    (
        "flecs.meta.type",
        r#"{"type_info":{"flecs.core.Component":{"size":["int"], "alignment":["int"]}, "flecs.meta.struct":0, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}, "flecs.core.Identifier":{"value":["text"]}}, "parent":"flecs.meta", "name":"type", "pairs":{"flecs.core.OnInstantiate":"flecs.core.DontInherit"}, "components":{"flecs.core.Component":{"size":8, "alignment":4}, "flecs.meta.struct":null, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"StructType"}, "(flecs.core.Identifier,flecs.core.Symbol)":{"value":"EcsType"}}}"#,
    ),
    (
        "flecs.core.Identifier",
        r#"{"type_info":{"flecs.core.Component":{"size":["int"], "alignment":["int"]}, "flecs.meta.struct":0, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}, "flecs.core.Identifier":{"value":["text"]}}, "parent":"flecs.core", "name":"Identifier", "tags":["flecs.core.Relationship"], "pairs":{"flecs.core.OnInstantiate":"flecs.core.DontInherit"}, "components":{"flecs.core.Component":{"size":40, "alignment":8}, "flecs.meta.struct":null, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"StructType"}, "(flecs.core.Identifier,flecs.core.Symbol)":{"value":"EcsIdentifier"}}}"#,
    ),
    (
        "flecs.meta.TypeKind",
        r#"{"type_info":{"flecs.core.Component":{"size":["int"], "alignment":["int"]}, "flecs.meta.enum":{"underlying_type":["entity"]}, "flecs.meta.constants":0, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}}, "parent":"flecs.meta", "name":"TypeKind", "tags":["flecs.core.PairIsTag", "flecs.core.Exclusive", "flecs.core.OneOf"], "components":{"flecs.core.Component":{"size":4, "alignment":4}, "flecs.meta.enum":{"underlying_type":"flecs.meta.i32"}, "flecs.meta.constants":null, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"EnumType"}}}"#,
    ),
    (
        "flecs.meta.bool",
        r#"{"type_info":{"flecs.core.Component":{"size":["int"], "alignment":["int"]}, "flecs.meta.primitive":{"kind":["enum", "Bool", "Char", "Byte", "U8", "U16", "U32", "U64 ", "I8", "I16", "I32", "I64", "F32", "F64", "UPtr ", "IPtr", "String", "Entity", "Id"]}, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}, "flecs.core.Identifier":{"value":["text"]}}, "parent":"flecs.meta", "name":"bool", "components":{"flecs.core.Component":{"size":1, "alignment":1}, "flecs.meta.primitive":{"kind":"Bool"}, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"PrimitiveType"}, "(flecs.core.Identifier,flecs.core.Symbol)":{"value":"bool"}}}"#,
    ),
    (
        "flecs.script.Script",
        r#"{"type_info":{"flecs.core.Component":{"size":["int"], "alignment":["int"]}, "flecs.meta.opaque":{"as_type":["entity"]}, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}, "flecs.core.Identifier":{"value":["text"]}}, "parent":"flecs.script", "name":"Script", "tags":["flecs.core.PairIsTag"], "pairs":{"flecs.core.OnInstantiate":"flecs.core.DontInherit"}, "components":{"flecs.core.Component":{"size":40, "alignment":8}, "flecs.meta.opaque":{"as_type":"flecs.script.ecs_script_view_t"}, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"OpaqueType"}, "(flecs.core.Identifier,flecs.core.Symbol)":{"value":"EcsScript"}}}"#,
    ),
];

/// (path, type info of v4.1.6).
const TYPE_INFO: &[(&str, &str)] = &[
    (
        "flecs.core.Component",
        r#"{"size":["int"], "alignment":["int"]}"#,
    ),
    (
        "flecs.meta.primitive",
        r#"{"kind":["enum", "Bool", "Char", "Byte", "U8", "U16", "U32", "U64 ", "I8", "I16", "I32", "I64", "F32", "F64", "UPtr ", "IPtr", "String", "Entity", "Id"]}"#,
    ),
    (
        "flecs.meta.member_ranges",
        r#"{"value":{"min":["float"], "max":["float"]}, "warning":{"min":["float"], "max":["float"]}, "error":{"min":["float"], "max":["float"]}}"#,
    ),
    (
        "flecs.meta.unit",
        r#"{"symbol":["text"], "prefix":["entity"], "base":["entity"], "over":["entity"], "translation":{"factor":["int"], "power":["int"]}}"#,
    ),
    ("flecs.core.addon_vec_t", r#"["vector", ["text"]]"#),
    ("flecs.core.const_string_t", r#"["text"]"#),
    (
        "flecs.script.Script",
        r#"{"filename":["text"], "code":["text"], "error":["text"], "ast":["text"]}"#,
    ),
    ("flecs.doc.Description", r#"{"value":["text"]}"#),
    ("flecs.core.Identifier", r#"{"value":["text"]}"#),
    ("flecs.meta.struct", r#"0"#),
    (
        "flecs.meta.member",
        r#"{"type":["entity"], "count":["int"], "unit":["entity"], "offset":["int"], "use_offset":["bool"]}"#,
    ),
];

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

#[test]
fn builtin_type_entities_as_the_inspector_shows_them() {
    let w = World::with_version(FlecsVersion::V4);
    let desc = EntityDesc {
        values: true,
        full_paths: true,
        type_info: true,
        inherited: true,
        mode: Mode::Engine,
        ..EntityDesc::default()
    };
    for (path, want) in ENTITIES {
        let e = w.lookup(path).unwrap_or_else(|| panic!("{path}"));
        let got = entity_to_json(&w, e, &desc).unwrap();
        assert_eq!(json(&got), json(want), "{path}\n{got}");
        // Members in v4.1.6's order too (JSON equality does not see it).
        assert_eq!(got, *want, "{path}");
    }
}

#[test]
fn builtin_type_info_as_v4_writes_it() {
    let w = World::with_version(FlecsVersion::V4);
    for (path, want) in TYPE_INFO {
        let e = w.lookup(path).unwrap_or_else(|| panic!("{path}"));
        let mut got = String::new();
        type_info_to_json(&mut got, &w, e, Mode::Engine).unwrap();
        assert_eq!(got, *want, "{path}");
    }
}

/// A user's struct in the inspector: `type_info` describes the meta components written
/// beside `flecs.core.Component` too (v4.1.6: `"flecs.meta.struct":0`, ...).
#[test]
fn a_user_type_entity_has_type_info_for_its_meta_components() {
    let mut w = World::with_version(FlecsVersion::V4);
    let p = w.component("Position").unwrap();
    let f32_ = w.lookup("flecs.meta.f32").unwrap();
    let members = vec![Member::new("x", f32_), Member::new("y", f32_)];
    w.register_struct(p, members).unwrap();
    let w = &w;
    let e = w.lookup("Position").unwrap();
    let desc = EntityDesc {
        values: true,
        full_paths: true,
        type_info: true,
        mode: Mode::Engine,
        ..EntityDesc::default()
    };
    let got = json(&entity_to_json(w, e, &desc).unwrap());
    let kind = r#"{"kind":["enum", "PrimitiveType", "BitmaskType", "EnumType", "StructType", "ArrayType", "VectorType", "OpaqueType"]}"#;
    assert_eq!(
        got["type_info"],
        json(&format!(
            r#"{{"flecs.core.Component":{{"size":["int"], "alignment":["int"]}}, "flecs.meta.struct":0, "flecs.meta.TypeSerializer":0, "flecs.meta.type":{kind}, "flecs.core.Identifier":{{"value":["text"]}}}}"#
        ))
    );
    assert_eq!(
        got["components"]["flecs.core.Component"],
        json(r#"{"size":8, "alignment":4}"#)
    );
}
