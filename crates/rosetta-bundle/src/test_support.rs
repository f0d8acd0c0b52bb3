//! A hand-made bundle touching every message, field type and value kind, for unit tests.

use crate::model::*;

pub(crate) fn at(line: u32, column: u32) -> SourceRef {
    SourceRef { line, column }
}

pub(crate) fn value(line: u32, kind: ValueKind) -> Value {
    Value {
        source_reference: at(line, 3),
        kind,
    }
}

pub(crate) fn field(name: &str, id: u32, ty: FieldType) -> FieldDef {
    FieldDef {
        source_reference: at(id + 10, 5),
        annotations: Vec::new(),
        name: name.into(),
        field_id: id,
        transient: false,
        ty,
    }
}

/// One annotation whose type value has a field of every value kind.
pub(crate) fn every_value_annotation() -> Annotation {
    let kinds = vec![
        ValueKind::Bool(false),
        ValueKind::Uint32(0),
        ValueKind::Uint64(u64::MAX),
        ValueKind::Int32(-2),
        ValueKind::Int64(i64::MIN),
        ValueKind::Float(10.5),
        ValueKind::Double(-15.5),
        ValueKind::String("a \"quoted\" <string>\n".into()),
        ValueKind::Bytes(b"foo".to_vec()),
        ValueKind::EntityId(10),
        ValueKind::Enum {
            enum_name: "pkg.SomeEnum".into(),
            value: "FIRST".into(),
        },
        ValueKind::Type(TypeValue {
            type_name: "pkg.Empty".into(),
            fields: Vec::new(),
        }),
        ValueKind::Option(Some(Box::new(Value {
            source_reference: SourceRef::default(),
            kind: ValueKind::Bool(true),
        }))),
        ValueKind::Option(None),
        ValueKind::List(vec![
            value(7, ValueKind::Int32(1)),
            value(7, ValueKind::Int32(2)),
        ]),
        ValueKind::Map(vec![(
            value(8, ValueKind::String("k".into())),
            value(8, ValueKind::Float(0.1)),
        )]),
    ];
    Annotation {
        source_reference: at(2, 1),
        type_value: TypeValue {
            type_name: "pkg.Everything".into(),
            fields: kinds
                .into_iter()
                .enumerate()
                .map(|(i, kind)| FieldValue {
                    source_reference: at(3, i as u32 + 1),
                    name: format!("field{}", i + 1),
                    value: value(3, kind),
                })
                .collect(),
        },
    }
}

pub(crate) fn sample_bundle() -> SchemaBundle {
    let annotation = every_value_annotation();
    let mut transient = field(
        "list",
        3,
        FieldType::List(TypeRef::Type("pkg.Inner".into())),
    );
    transient.transient = true;
    SchemaBundle {
        schema_files: vec![SchemaFile {
            canonical_path: "pkg/sample.schema".into(),
            package: Package {
                source_reference: at(1, 1),
                name: "pkg".into(),
            },
            imports: vec![Import {
                source_reference: at(2, 1),
                path: "other.schema".into(),
            }],
            enums: vec![EnumDef {
                source_reference: at(4, 1),
                annotations: vec![annotation.clone()],
                qualified_name: "pkg.SomeEnum".into(),
                name: "SomeEnum".into(),
                outer_type: String::new(),
                values: vec![
                    EnumValueDef {
                        source_reference: at(5, 3),
                        annotations: Vec::new(),
                        name: "FIRST".into(),
                        value: 0,
                    },
                    EnumValueDef {
                        source_reference: at(6, 3),
                        annotations: vec![annotation.clone()],
                        name: "SECOND".into(),
                        value: 1,
                    },
                ],
            }],
            types: vec![TypeDef {
                source_reference: at(8, 1),
                annotations: Vec::new(),
                qualified_name: "pkg.Inner".into(),
                name: "Inner".into(),
                outer_type: "pkg.Outer".into(),
                fields: vec![
                    field(
                        "single",
                        1,
                        FieldType::Singular(TypeRef::Primitive(PrimitiveType::Invalid)),
                    ),
                    field(
                        "opt",
                        2,
                        FieldType::Option(TypeRef::Enum("pkg.SomeEnum".into())),
                    ),
                    transient,
                    field(
                        "map",
                        4,
                        FieldType::Map(
                            TypeRef::Primitive(PrimitiveType::Sfixed64),
                            TypeRef::Primitive(PrimitiveType::Entity),
                        ),
                    ),
                ],
            }],
            components: vec![ComponentDef {
                source_reference: at(20, 1),
                annotations: vec![annotation.clone()],
                qualified_name: "pkg.Comp".into(),
                name: "Comp".into(),
                component_id: 190_000,
                data_definition: "pkg.Inner".into(),
                fields: Vec::new(),
                events: vec![EventDef {
                    source_reference: at(21, 3),
                    annotations: Vec::new(),
                    name: "ev".into(),
                    type_name: "pkg.Inner".into(),
                    event_index: 1,
                }],
                commands: vec![CommandDef {
                    source_reference: at(20, 1),
                    annotations: Vec::new(),
                    name: "cmd".into(),
                    request_type: "pkg.Inner".into(),
                    response_type: "pkg.Inner".into(),
                    command_index: 1,
                }],
            }],
            component_sets: vec![ComponentSetDef {
                source_reference: at(30, 1),
                annotations: vec![annotation],
                qualified_name: "pkg.Set".into(),
                name: "Set".into(),
                component_set_id: 7,
                component_list: ComponentList {
                    source_reference: at(31, 3),
                    annotations: Vec::new(),
                    components: vec![ComponentRef {
                        source_reference: at(31, 17),
                        component: "pkg.Comp".into(),
                    }],
                },
            }],
        }],
    }
}
