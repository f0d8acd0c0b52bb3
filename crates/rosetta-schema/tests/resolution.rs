//! Name resolution (innermost scope first, then enclosing types, then the package and its
//! parents, then fully qualified) and annotation values of every kind.

use rosetta_schema::bundle::{FieldType, SourceRef, TypeRef, ValueKind};
use rosetta_schema::{compile_sources, Compiled, SourceFile};

fn compile(files: &[(&str, &str)]) -> Compiled {
    let files = files
        .iter()
        .map(|(path, text)| SourceFile {
            canonical_path: path.to_string(),
            text: text.to_string(),
        })
        .collect();
    compile_sources(files).unwrap_or_else(|d| panic!("{}", d.render(false)))
}

fn field_type<'a>(compiled: &'a Compiled, ty: &str, field: &str) -> &'a FieldType {
    let def = compiled
        .bundle()
        .schema_files
        .iter()
        .flat_map(|f| &f.types)
        .find(|t| t.qualified_name == ty)
        .unwrap_or_else(|| panic!("no type {ty}"));
    &def.fields
        .iter()
        .find(|f| f.name == field)
        .unwrap_or_else(|| panic!("no field {field}"))
        .ty
}

fn named(name: &str) -> FieldType {
    FieldType::Singular(TypeRef::Type(name.into()))
}

#[test]
fn innermost_scope_wins() {
    let compiled = compile(&[(
        "a.schema",
        "package p;
type Same {}
type Outer {
  type Same {}
  type Middle {
    type Same {}
    Same inner = 1;
  }
  Same middle = 1;
  Middle.Same dotted = 2;
  .p.Same absolute_like = 3;
}",
    )]);
    assert_eq!(
        field_type(&compiled, "p.Outer.Middle", "inner"),
        &named("p.Outer.Middle.Same")
    );
    assert_eq!(
        field_type(&compiled, "p.Outer", "middle"),
        &named("p.Outer.Same")
    );
    assert_eq!(
        field_type(&compiled, "p.Outer", "dotted"),
        &named("p.Outer.Middle.Same")
    );
    assert_eq!(
        field_type(&compiled, "p.Outer", "absolute_like"),
        &named("p.Same")
    );
}

#[test]
fn parent_packages_and_fully_qualified_names() {
    let compiled = compile(&[
        (
            "improbable/core/nothing.schema",
            "package improbable.core; type Nothing {}",
        ),
        (
            "improbable/abilities/spells.schema",
            "package improbable.abilities;
import \"improbable/core/nothing.schema\";
type Uses { core.Nothing a = 1; improbable.core.Nothing b = 2; }
component Spells { id = 1; command core.Nothing cast(improbable.core.Nothing); }",
        ),
    ]);
    assert_eq!(
        field_type(&compiled, "improbable.abilities.Uses", "a"),
        &named("improbable.core.Nothing")
    );
    assert_eq!(
        field_type(&compiled, "improbable.abilities.Uses", "b"),
        &named("improbable.core.Nothing")
    );
    let spells = &compiled.bundle().schema_files[0].components[0];
    assert_eq!(spells.commands[0].response_type, "improbable.core.Nothing");
    // The compiler wrote the component's position for commands.
    assert_eq!(spells.commands[0].source_reference, spells.source_reference);
}

#[test]
fn enums_nested_and_shadowed() {
    let compiled = compile(&[(
        "a.schema",
        "package p;
type T {
  enum Kind { A = 1; B = 2; }
  Kind kind = 1;
  map<Kind, T.Kind> by = 2;
}",
    )]);
    assert_eq!(
        field_type(&compiled, "p.T", "kind"),
        &FieldType::Singular(TypeRef::Enum("p.T.Kind".into()))
    );
    let file = &compiled.bundle().schema_files[0];
    assert_eq!(file.enums[0].outer_type, "p.T");
    assert_eq!(file.enums[0].values[0].value, 1);
}

#[test]
fn annotation_values_of_every_kind() {
    let compiled = compile(&[(
        "a.schema",
        r#"package p;
enum Color { RED = 0; GREEN = 1; }
type Empty {}
type Inner { float number = 1; }
type All {
  bool b = 1; int32 i32 = 2; int64 i64 = 3; uint32 u32 = 4; uint64 u64 = 5; sint32 s32 = 6;
  sint64 s64 = 7; fixed32 f32 = 8; fixed64 f64 = 9; sfixed32 sf32 = 10; sfixed64 sf64 = 11;
  float f = 12; double d = 13; string s = 14; bytes by = 15; EntityId e = 16; Color c = 17;
  Empty t = 18; option<Inner> o = 19; list<Color> l = 20; map<string, Inner> m = 21;
}
type Target {
  [All(b = true, i32 = -1, i64 = -2, u32 = 3, u64 = 18446744073709551615, s32 = -4, s64 = -5,
       f32 = 6, f64 = 7, sf32 = -8, sf64 = -9, f = 1.5, d = -2, s = "str", by = "foo", e = 10,
       c = Color.GREEN, t = Empty, o = Inner(2.5), l = [RED, Color.GREEN], m = {"k": Inner(number = 1)})]
  int32 x = 1;
}
[Inner(3)]
component Comp { id = 5; [Empty] event Empty happened; }
"#,
    )]);
    let file = &compiled.bundle().schema_files[0];
    let target = file
        .types
        .iter()
        .find(|t| t.name == "Target")
        .expect("Target");
    let annotation = &target.fields[0].annotations[0];
    assert_eq!(
        annotation.source_reference,
        SourceRef {
            line: 12,
            column: 3
        }
    );
    assert_eq!(annotation.type_value.type_name, "p.All");
    let kinds: Vec<&ValueKind> = annotation
        .type_value
        .fields
        .iter()
        .map(|f| &f.value.kind)
        .collect();
    assert_eq!(kinds[0], &ValueKind::Bool(true));
    assert_eq!(kinds[1], &ValueKind::Int32(-1));
    assert_eq!(kinds[2], &ValueKind::Int64(-2));
    assert_eq!(kinds[3], &ValueKind::Uint32(3));
    assert_eq!(kinds[4], &ValueKind::Uint64(u64::MAX));
    assert_eq!(kinds[5], &ValueKind::Int32(-4));
    assert_eq!(kinds[7], &ValueKind::Uint32(6));
    assert_eq!(kinds[8], &ValueKind::Uint64(7));
    assert_eq!(kinds[11], &ValueKind::Float(1.5));
    assert_eq!(kinds[12], &ValueKind::Double(-2.0));
    assert_eq!(kinds[13], &ValueKind::String("str".into()));
    assert_eq!(kinds[14], &ValueKind::Bytes(b"foo".to_vec()));
    assert_eq!(kinds[15], &ValueKind::EntityId(10));
    assert_eq!(
        kinds[16],
        &ValueKind::Enum {
            enum_name: "p.Color".into(),
            value: "GREEN".into()
        }
    );
    assert!(
        matches!(kinds[17], ValueKind::Type(t) if t.type_name == "p.Empty" && t.fields.is_empty())
    );
    assert!(
        matches!(kinds[18], ValueKind::Option(Some(v)) if matches!(&v.kind, ValueKind::Type(t) if t.fields[0].value.kind == ValueKind::Float(2.5)))
    );
    assert!(matches!(kinds[19], ValueKind::List(items) if items.len() == 2));
    assert!(
        matches!(kinds[20], ValueKind::Map(entries) if entries[0].0.kind == ValueKind::String("k".into()))
    );
    // Named arguments: the field and its value point at the name.
    let first = &annotation.type_value.fields[0];
    assert_eq!(
        first.source_reference,
        SourceRef {
            line: 12,
            column: 8
        }
    );
    assert_eq!(first.value.source_reference, first.source_reference);
    assert_eq!(
        file.components[0].annotations[0].type_value.fields[0]
            .value
            .kind,
        ValueKind::Float(3.0)
    );
    assert_eq!(
        file.components[0].events[0].annotations[0]
            .type_value
            .type_name,
        "p.Empty"
    );
}

#[test]
fn annotation_types_resolve_from_the_field_scope() {
    let compiled = compile(&[("a.schema", "package example;\ntype TestType {\n  type Inner { float number = 2; }\n  [Inner(2.0)]\n  int32 value = 1;\n}\n")]);
    let ty = &compiled.bundle().schema_files[0].types[0];
    let annotation = &ty.fields[0].annotations[0];
    assert_eq!(annotation.type_value.type_name, "example.TestType.Inner");
    // Positional arguments point at the value.
    assert_eq!(
        annotation.type_value.fields[0].source_reference,
        SourceRef {
            line: 4,
            column: 10
        }
    );
}

#[test]
fn component_sets_list_members_by_id_and_types_in_pre_order() {
    let compiled = compile(&[(
        "a.schema",
        "package p;
component B { id = 20; }
component A { id = 10; }
component_set S { id = 1; components = [B, A,]; }
type X { type Y { type Z {} } }
type W {}",
    )]);
    let file = &compiled.bundle().schema_files[0];
    let members: Vec<&str> = file.component_sets[0]
        .component_list
        .components
        .iter()
        .map(|c| c.component.as_str())
        .collect();
    assert_eq!(members, ["p.A", "p.B"]);
    let types: Vec<&str> = file
        .types
        .iter()
        .map(|t| t.qualified_name.as_str())
        .collect();
    assert_eq!(types, ["p.X", "p.X.Y", "p.X.Y.Z", "p.W"]);
}

#[test]
fn ast_json_synthesises_component_data() {
    let compiled = compile(&[(
        "game/a.schema",
        "package game;\ncomponent Health {\n  id = 1;\n  int32 hp = 1;\n}\n",
    )]);
    let files = compiled.ast_json_files();
    assert_eq!(files[0].0, "game/a.json");
    let json: serde_json::Value = serde_json::from_str(&files[0].1).expect("json");
    assert_eq!(json["typeDefinitions"][0]["name"], "HealthData");
    assert_eq!(
        json["componentDefinitions"][0]["dataDefinition"]["userType"],
        "game.HealthData"
    );
    assert_eq!(
        json["componentDefinitions"][0]["dataDefinition"]["sourceReference"]["line"],
        4
    );
}
