//! Random bundles survive both encodings: `decode(encode(b)) == b`, `from_json(to_json(b)) == b`
//! (minus what a format version cannot hold), and writing what was read gives the same text.

use proptest::prelude::*;
use rosetta_bundle::*;

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z][a-zA-Z0-9_.]{0,12}",
        1 => prop::collection::vec(any::<char>(), 0..8).prop_map(String::from_iter),
    ]
}

fn source_ref() -> impl Strategy<Value = SourceRef> {
    prop_oneof![
        1 => Just(SourceRef::default()),
        3 => (0u32..300, 0u32..120).prop_map(|(line, column)| SourceRef { line, column }),
        1 => (any::<u32>(), any::<u32>()).prop_map(|(line, column)| SourceRef { line, column }),
    ]
}

fn float32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>().prop_filter("NaN != NaN", |x| !x.is_nan()),
        Just(10.5f32),
        Just(0.1f32),
        Just(-0.0f32),
        Just(f32::INFINITY),
    ]
}

fn float64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("NaN != NaN", |x| !x.is_nan()),
        Just(-15.5f64),
        Just(1e15),
        Just(f64::MIN_POSITIVE / 3.0),
        Just(f64::NEG_INFINITY),
    ]
}

fn scalar_kind() -> impl Strategy<Value = ValueKind> {
    prop_oneof![
        any::<bool>().prop_map(ValueKind::Bool),
        any::<u32>().prop_map(ValueKind::Uint32),
        any::<u64>().prop_map(ValueKind::Uint64),
        any::<i32>().prop_map(ValueKind::Int32),
        any::<i64>().prop_map(ValueKind::Int64),
        float32().prop_map(ValueKind::Float),
        float64().prop_map(ValueKind::Double),
        text().prop_map(ValueKind::String),
        prop::collection::vec(any::<u8>(), 0..8).prop_map(ValueKind::Bytes),
        any::<i64>().prop_map(ValueKind::EntityId),
        (text(), text()).prop_map(|(enum_name, value)| ValueKind::Enum { enum_name, value }),
    ]
}

fn value() -> BoxedStrategy<Value> {
    let leaf = (source_ref(), scalar_kind()).prop_map(|(source_reference, kind)| Value {
        source_reference,
        kind,
    });
    leaf.prop_recursive(4, 24, 4, |inner| {
        let kind = prop_oneof![
            prop::option::of(inner.clone()).prop_map(|v| ValueKind::Option(v.map(Box::new))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(ValueKind::List),
            prop::collection::vec((inner.clone(), inner.clone()), 0..3).prop_map(ValueKind::Map),
            type_value_of(inner).prop_map(ValueKind::Type),
        ];
        (source_ref(), kind).prop_map(|(source_reference, kind)| Value {
            source_reference,
            kind,
        })
    })
    .boxed()
}

fn type_value_of(v: impl Strategy<Value = Value>) -> impl Strategy<Value = TypeValue> {
    (
        text(),
        prop::collection::vec(
            (source_ref(), text(), v).prop_map(|(source_reference, name, value)| FieldValue {
                source_reference,
                name,
                value,
            }),
            0..3,
        ),
    )
        .prop_map(|(type_name, fields)| TypeValue { type_name, fields })
}

fn annotations() -> impl Strategy<Value = Vec<Annotation>> {
    prop::collection::vec(
        (source_ref(), type_value_of(value())).prop_map(|(source_reference, type_value)| {
            Annotation {
                source_reference,
                type_value,
            }
        }),
        0..2,
    )
}

fn type_ref() -> impl Strategy<Value = TypeRef> {
    prop_oneof![
        (0usize..PrimitiveType::ALL.len()).prop_map(|i| TypeRef::Primitive(PrimitiveType::ALL[i])),
        text().prop_map(TypeRef::Enum),
        text().prop_map(TypeRef::Type),
    ]
}

fn field_def() -> impl Strategy<Value = FieldDef> {
    let ty = prop_oneof![
        type_ref().prop_map(FieldType::Singular),
        type_ref().prop_map(FieldType::Option),
        type_ref().prop_map(FieldType::List),
        (type_ref(), type_ref()).prop_map(|(k, v)| FieldType::Map(k, v)),
    ];
    (
        source_ref(),
        annotations(),
        text(),
        any::<u32>(),
        any::<bool>(),
        ty,
    )
        .prop_map(
            |(source_reference, annotations, name, field_id, transient, ty)| FieldDef {
                source_reference,
                annotations,
                name,
                field_id,
                transient,
                ty,
            },
        )
}

fn schema_file() -> impl Strategy<Value = SchemaFile> {
    let enums = prop::collection::vec(
        (
            source_ref(),
            annotations(),
            text(),
            text(),
            text(),
            prop::collection::vec(
                (source_ref(), annotations(), text(), any::<u32>()).prop_map(
                    |(source_reference, annotations, name, value)| EnumValueDef {
                        source_reference,
                        annotations,
                        name,
                        value,
                    },
                ),
                0..3,
            ),
        )
            .prop_map(
                |(source_reference, annotations, qualified_name, name, outer_type, values)| {
                    EnumDef {
                        source_reference,
                        annotations,
                        qualified_name,
                        name,
                        outer_type,
                        values,
                    }
                },
            ),
        0..2,
    );
    let types = prop::collection::vec(
        (
            source_ref(),
            annotations(),
            text(),
            text(),
            text(),
            prop::collection::vec(field_def(), 0..3),
        )
            .prop_map(
                |(source_reference, annotations, qualified_name, name, outer_type, fields)| {
                    TypeDef {
                        source_reference,
                        annotations,
                        qualified_name,
                        name,
                        outer_type,
                        fields,
                    }
                },
            ),
        0..3,
    );
    let events = prop::collection::vec(
        (source_ref(), annotations(), text(), text(), any::<u32>()).prop_map(
            |(source_reference, annotations, name, type_name, event_index)| EventDef {
                source_reference,
                annotations,
                name,
                type_name,
                event_index,
            },
        ),
        0..2,
    );
    let commands = prop::collection::vec(
        (source_ref(), text(), text(), text(), any::<u32>()).prop_map(
            |(source_reference, name, request_type, response_type, command_index)| CommandDef {
                source_reference,
                annotations: Vec::new(),
                name,
                request_type,
                response_type,
                command_index,
            },
        ),
        0..2,
    );
    let components = prop::collection::vec(
        (
            (
                source_ref(),
                annotations(),
                text(),
                text(),
                any::<u32>(),
                text(),
            ),
            prop::collection::vec(field_def(), 0..2),
            events,
            commands,
        )
            .prop_map(
                |(
                    (
                        source_reference,
                        annotations,
                        qualified_name,
                        name,
                        component_id,
                        data_definition,
                    ),
                    fields,
                    events,
                    commands,
                )| {
                    ComponentDef {
                        source_reference,
                        annotations,
                        qualified_name,
                        name,
                        component_id,
                        data_definition,
                        fields,
                        events,
                        commands,
                    }
                },
            ),
        0..2,
    );
    let component_sets = prop::collection::vec(
        (
            (source_ref(), annotations(), text(), text(), any::<u32>()),
            (
                source_ref(),
                annotations(),
                prop::collection::vec(
                    (source_ref(), text()).prop_map(|(source_reference, component)| ComponentRef {
                        source_reference,
                        component,
                    }),
                    0..3,
                ),
            ),
        )
            .prop_map(
                |(
                    (source_reference, annotations, qualified_name, name, component_set_id),
                    (lsr, lann, components),
                )| {
                    ComponentSetDef {
                        source_reference,
                        annotations,
                        qualified_name,
                        name,
                        component_set_id,
                        component_list: ComponentList {
                            source_reference: lsr,
                            annotations: lann,
                            components,
                        },
                    }
                },
            ),
        0..2,
    );
    let imports = prop::collection::vec(
        (source_ref(), text()).prop_map(|(source_reference, path)| Import {
            source_reference,
            path,
        }),
        0..2,
    );
    (
        (text(), source_ref(), text(), imports),
        enums,
        types,
        components,
        component_sets,
    )
        .prop_map(
            |((canonical_path, psr, pname, imports), enums, types, components, component_sets)| {
                SchemaFile {
                    canonical_path,
                    package: Package {
                        source_reference: psr,
                        name: pname,
                    },
                    imports,
                    enums,
                    types,
                    components,
                    component_sets,
                }
            },
        )
}

fn bundle() -> impl Strategy<Value = SchemaBundle> {
    prop::collection::vec(schema_file(), 0..3)
        .prop_map(|schema_files| SchemaBundle { schema_files })
}

/// What a V15 JSON can hold: no `transient`.
fn as_v15(mut b: SchemaBundle) -> SchemaBundle {
    for f in &mut b.schema_files {
        let fields = f
            .types
            .iter_mut()
            .flat_map(|t| t.fields.iter_mut())
            .chain(f.components.iter_mut().flat_map(|c| c.fields.iter_mut()));
        for field in fields {
            field.transient = false;
        }
    }
    b
}

/// What a V14 JSON can hold: no component sets.
fn as_v14(mut b: SchemaBundle) -> SchemaBundle {
    for f in &mut b.schema_files {
        f.component_sets.clear();
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn binary_round_trips(b in bundle()) {
        let bytes = encode(&b);
        prop_assert_eq!(decode(&bytes).expect("decodes"), b.clone());
        // Bit-exact floats too: encoding what was decoded gives the same bytes.
        prop_assert_eq!(encode(&decode(&bytes).expect("decodes")), bytes);
    }

    #[test]
    fn json_round_trips(b in bundle()) {
        for format in [BundleFormat::V15, BundleFormat::V14, BundleFormat::V15Early] {
            let expected = match format {
                BundleFormat::V15 => as_v15(b.clone()),
                BundleFormat::V14 => as_v14(b.clone()),
                BundleFormat::V15Early => b.clone(),
            };
            let text = to_json(&b, format);
            let back = from_json(&text).expect("reads");
            prop_assert_eq!(&back, &expected);
            prop_assert_eq!(to_json(&back, format), text);
            let compact = to_json_compact(&b, format);
            prop_assert_eq!(from_json(&compact).expect("reads compact"), expected);
        }
    }
}
