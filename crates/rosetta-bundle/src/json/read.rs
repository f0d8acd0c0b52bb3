//! Reading bundle JSON back into the model.
//!
//! Accepts what a proto3 JSON parser accepts for `schema_bundle.proto`: both format versions
//! (`transient` and `componentSets` are optional), lowerCamelCase or original snake_case keys,
//! missing keys and `null` as defaults, integers as numbers or strings, floats as numbers or
//! `"NaN"`/`"Infinity"`/`"-Infinity"`, bytes in standard or URL-safe base64 with or without
//! padding, and `PrimitiveType` by name or number. Unknown keys are ignored. What the model cannot
//! hold (a field without a type, a value without a kind, two members of one `oneof`) is an error
//! naming the JSON path.

use crate::error::Error;
use crate::model::*;
use base64::Engine as _;
use serde_json::{Map, Value as Json};

type Result<T> = std::result::Result<T, Error>;
type Obj = Map<String, Json>;

/// A JSON path as a linked list on the stack: rendered only when an error is reported.
#[derive(Clone, Copy)]
struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    seg: Seg<'a>,
}

#[derive(Clone, Copy)]
enum Seg<'a> {
    Root,
    Key(&'a str),
    Index(usize),
}

impl<'a> Path<'a> {
    const ROOT: Path<'static> = Path {
        parent: None,
        seg: Seg::Root,
    };

    fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            seg: Seg::Key(key),
        }
    }

    fn index(&'a self, i: usize) -> Path<'a> {
        Path {
            parent: Some(self),
            seg: Seg::Index(i),
        }
    }

    fn render(&self) -> String {
        let mut segs = Vec::new();
        let mut p = Some(self);
        while let Some(cur) = p {
            segs.push(cur.seg);
            p = cur.parent;
        }
        let mut s = String::new();
        for seg in segs.iter().rev() {
            match seg {
                Seg::Root => s.push('$'),
                Seg::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                Seg::Index(i) => {
                    s.push('[');
                    s.push_str(&i.to_string());
                    s.push(']');
                }
            }
        }
        s
    }

    fn error(&self, problem: impl Into<String>) -> Error {
        Error::json(self.render(), problem)
    }
}

/// Parses bundle JSON of either format version.
pub(crate) fn from_json(text: &str) -> Result<SchemaBundle> {
    let root: Json = serde_json::from_str(text).map_err(Error::json_syntax)?;
    let path = Path::ROOT;
    let obj = object(&root, &path)?;
    if get(obj, "schemaFiles").is_none() && obj.contains_key("v1") {
        return Err(path.error(
            "this is the legacy 13.x bundle format ({\"v1\": ..., \"sourceMapV1\": ...}), \
             which is not supported; only the 14.x and 15.x format (\"schemaFiles\") is",
        ));
    }
    Ok(SchemaBundle {
        schema_files: list(obj, "schemaFiles", &path, file)?,
    })
}

fn kind_name(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

fn object<'v>(v: &'v Json, path: &Path<'_>) -> Result<&'v Obj> {
    v.as_object()
        .ok_or_else(|| path.error(format!("expected an object, found {}", kind_name(v))))
}

/// The value of `key` (or its snake_case spelling); `null` counts as absent.
fn get<'v>(obj: &'v Obj, key: &str) -> Option<&'v Json> {
    let found = match obj.get(key) {
        Some(v) => Some(v),
        None if key.bytes().any(|b| b.is_ascii_uppercase()) => obj.get(&snake_case(key)),
        None => None,
    };
    found.filter(|v| !v.is_null())
}

fn snake_case(camel: &str) -> String {
    let mut s = String::with_capacity(camel.len() + 4);
    for c in camel.chars() {
        if c.is_ascii_uppercase() {
            s.push('_');
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

/// A repeated field: absent is empty.
fn list<T>(
    obj: &Obj,
    key: &str,
    path: &Path<'_>,
    mut item: impl FnMut(&Json, &Path<'_>) -> Result<T>,
) -> Result<Vec<T>> {
    let path = path.key(key);
    match get(obj, key) {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| item(v, &path.index(i)))
            .collect(),
        Some(other) => Err(path.error(format!("expected an array, found {}", kind_name(other)))),
    }
}

/// A singular message field: absent is the default message.
fn message<T: Default>(
    obj: &Obj,
    key: &str,
    path: &Path<'_>,
    read: impl FnOnce(&Obj, &Path<'_>) -> Result<T>,
) -> Result<T> {
    let path = path.key(key);
    match get(obj, key) {
        None => Ok(T::default()),
        Some(v) => read(object(v, &path)?, &path),
    }
}

fn string(obj: &Obj, key: &str, path: &Path<'_>) -> Result<String> {
    match get(obj, key) {
        None => Ok(String::new()),
        Some(Json::String(s)) => Ok(s.clone()),
        Some(other) => Err(path
            .key(key)
            .error(format!("expected a string, found {}", kind_name(other)))),
    }
}

fn boolean(obj: &Obj, key: &str, path: &Path<'_>) -> Result<bool> {
    match get(obj, key) {
        None => Ok(false),
        Some(v) => bool_value(v, &path.key(key)),
    }
}

fn bool_value(v: &Json, path: &Path<'_>) -> Result<bool> {
    v.as_bool()
        .ok_or_else(|| path.error(format!("expected true or false, found {}", kind_name(v))))
}

/// An integer given as a JSON number (integral, possibly with exponent) or a decimal string.
fn integer<T: TryFrom<i128>>(v: &Json, path: &Path<'_>, what: &str) -> Result<T> {
    let wide: Option<i128> = match v {
        Json::Number(n) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1.9e19)
                    .map(|f| f as i128)
            }),
        Json::String(s) => s.trim().parse::<i128>().ok().or_else(|| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1.9e19)
                .map(|f| f as i128)
        }),
        _ => None,
    };
    let wide = wide.ok_or_else(|| path.error(format!("expected {what}, found {v}")))?;
    T::try_from(wide).map_err(|_| path.error(format!("{wide} is out of range for {what}")))
}

fn uint(obj: &Obj, key: &str, path: &Path<'_>) -> Result<u32> {
    match get(obj, key) {
        None => Ok(0),
        Some(v) => integer(v, &path.key(key), "a uint32"),
    }
}

fn float64(v: &Json, path: &Path<'_>) -> Result<f64> {
    let parsed = match v {
        Json::Number(n) => n.as_f64(),
        Json::String(s) => match s.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            other => other.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
        },
        _ => None,
    };
    parsed.ok_or_else(|| path.error(format!("expected a number, found {v}")))
}

fn float32(v: &Json, path: &Path<'_>) -> Result<f32> {
    let wide = float64(v, path)?;
    let narrow = wide as f32;
    if wide.is_finite() && !narrow.is_finite() {
        return Err(path.error(format!("{wide} is out of range for a float")));
    }
    Ok(narrow)
}

fn bytes(v: &Json, path: &Path<'_>) -> Result<Vec<u8>> {
    use base64::engine::{
        general_purpose, DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig,
    };
    const LENIENT: GeneralPurposeConfig =
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    const STANDARD: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, LENIENT);
    const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, LENIENT);
    let Json::String(s) = v else {
        return Err(path.error(format!("expected a base64 string, found {}", kind_name(v))));
    };
    STANDARD
        .decode(s)
        .or_else(|_| URL_SAFE.decode(s))
        .or_else(|_| general_purpose::STANDARD.decode(s))
        .map_err(|e| path.error(format!("invalid base64: {e}")))
}

/// The one key of `keys` present in `obj`, erroring when several are.
fn one_of<'v, 'k>(
    obj: &'v Obj,
    keys: &[&'k str],
    path: &Path<'_>,
    what: &str,
) -> Result<Option<(&'k str, &'v Json)>> {
    let mut found: Option<(&'k str, &'v Json)> = None;
    for &key in keys {
        if let Some(v) = get(obj, key) {
            if let Some((first, _)) = found {
                return Err(path.error(format!(
                    "{what} has both `{first}` and `{key}`; exactly one may be set"
                )));
            }
            found = Some((key, v));
        }
    }
    Ok(found)
}

fn source_ref(obj: &Obj, path: &Path<'_>) -> Result<SourceRef> {
    message(obj, "sourceReference", path, |o, p| {
        Ok(SourceRef {
            line: uint(o, "line", p)?,
            column: uint(o, "column", p)?,
        })
    })
}

fn file(v: &Json, path: &Path<'_>) -> Result<SchemaFile> {
    let o = object(v, path)?;
    Ok(SchemaFile {
        canonical_path: string(o, "canonicalPath", path)?,
        package: message(o, "package", path, |o, p| {
            Ok(Package {
                source_reference: source_ref(o, p)?,
                name: string(o, "name", p)?,
            })
        })?,
        imports: list(o, "imports", path, |v, p| {
            let o = object(v, p)?;
            Ok(Import {
                source_reference: source_ref(o, p)?,
                path: string(o, "path", p)?,
            })
        })?,
        enums: list(o, "enums", path, enum_def)?,
        types: list(o, "types", path, type_def)?,
        components: list(o, "components", path, component)?,
        component_sets: list(o, "componentSets", path, component_set)?,
    })
}

fn enum_def(v: &Json, path: &Path<'_>) -> Result<EnumDef> {
    let o = object(v, path)?;
    Ok(EnumDef {
        source_reference: source_ref(o, path)?,
        annotations: list(o, "annotations", path, annotation)?,
        qualified_name: string(o, "qualifiedName", path)?,
        name: string(o, "name", path)?,
        outer_type: string(o, "outerType", path)?,
        values: list(o, "values", path, |v, p| {
            let o = object(v, p)?;
            Ok(EnumValueDef {
                source_reference: source_ref(o, p)?,
                annotations: list(o, "annotations", p, annotation)?,
                name: string(o, "name", p)?,
                value: uint(o, "value", p)?,
            })
        })?,
    })
}

fn type_def(v: &Json, path: &Path<'_>) -> Result<TypeDef> {
    let o = object(v, path)?;
    Ok(TypeDef {
        source_reference: source_ref(o, path)?,
        annotations: list(o, "annotations", path, annotation)?,
        qualified_name: string(o, "qualifiedName", path)?,
        name: string(o, "name", path)?,
        outer_type: string(o, "outerType", path)?,
        fields: list(o, "fields", path, field_def)?,
    })
}

fn component(v: &Json, path: &Path<'_>) -> Result<ComponentDef> {
    let o = object(v, path)?;
    Ok(ComponentDef {
        source_reference: source_ref(o, path)?,
        annotations: list(o, "annotations", path, annotation)?,
        qualified_name: string(o, "qualifiedName", path)?,
        name: string(o, "name", path)?,
        component_id: uint(o, "componentId", path)?,
        data_definition: string(o, "dataDefinition", path)?,
        fields: list(o, "fields", path, field_def)?,
        events: list(o, "events", path, |v, p| {
            let o = object(v, p)?;
            Ok(EventDef {
                source_reference: source_ref(o, p)?,
                annotations: list(o, "annotations", p, annotation)?,
                name: string(o, "name", p)?,
                type_name: string(o, "type", p)?,
                event_index: uint(o, "eventIndex", p)?,
            })
        })?,
        commands: list(o, "commands", path, |v, p| {
            let o = object(v, p)?;
            Ok(CommandDef {
                source_reference: source_ref(o, p)?,
                annotations: list(o, "annotations", p, annotation)?,
                name: string(o, "name", p)?,
                request_type: string(o, "requestType", p)?,
                response_type: string(o, "responseType", p)?,
                command_index: uint(o, "commandIndex", p)?,
            })
        })?,
    })
}

fn component_set(v: &Json, path: &Path<'_>) -> Result<ComponentSetDef> {
    let o = object(v, path)?;
    Ok(ComponentSetDef {
        source_reference: source_ref(o, path)?,
        annotations: list(o, "annotations", path, annotation)?,
        qualified_name: string(o, "qualifiedName", path)?,
        name: string(o, "name", path)?,
        component_set_id: uint(o, "componentSetId", path)?,
        component_list: message(o, "componentList", path, |o, p| {
            Ok(ComponentList {
                source_reference: source_ref(o, p)?,
                annotations: list(o, "annotations", p, annotation)?,
                components: list(o, "components", p, |v, p| {
                    let o = object(v, p)?;
                    Ok(ComponentRef {
                        source_reference: source_ref(o, p)?,
                        component: string(o, "component", p)?,
                    })
                })?,
            })
        })?,
    })
}

fn field_def(v: &Json, path: &Path<'_>) -> Result<FieldDef> {
    let o = object(v, path)?;
    const KINDS: [&str; 4] = ["singularType", "optionType", "listType", "mapType"];
    let Some((kind, body)) = one_of(o, &KINDS, path, "a field definition")? else {
        return Err(
            path.error("field definition has none of singularType, optionType, listType, mapType")
        );
    };
    let p = path.key(kind);
    let body = object(body, &p)?;
    let ty = match kind {
        "singularType" => FieldType::Singular(type_ref(body, "type", &p)?),
        "optionType" => FieldType::Option(type_ref(body, "innerType", &p)?),
        "listType" => FieldType::List(type_ref(body, "innerType", &p)?),
        _ => FieldType::Map(
            type_ref(body, "keyType", &p)?,
            type_ref(body, "valueType", &p)?,
        ),
    };
    Ok(FieldDef {
        source_reference: source_ref(o, path)?,
        annotations: list(o, "annotations", path, annotation)?,
        name: string(o, "name", path)?,
        field_id: uint(o, "fieldId", path)?,
        transient: boolean(o, "transient", path)?,
        ty,
    })
}

fn type_ref(obj: &Obj, key: &str, path: &Path<'_>) -> Result<TypeRef> {
    let path = path.key(key);
    let Some(v) = get(obj, key) else {
        return Err(path.error("missing type reference"));
    };
    let o = object(v, &path)?;
    let found = one_of(o, &["primitive", "enum", "type"], &path, "a type reference")?;
    let Some((which, v)) = found else {
        return Err(path.error("type reference has none of primitive, enum, type"));
    };
    let p = path.key(which);
    let name = || -> Result<String> {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| p.error(format!("expected a string, found {}", kind_name(v))))
    };
    Ok(match which {
        "primitive" => TypeRef::Primitive(primitive(v, &p)?),
        "enum" => TypeRef::Enum(name()?),
        _ => TypeRef::Type(name()?),
    })
}

fn primitive(v: &Json, path: &Path<'_>) -> Result<PrimitiveType> {
    let found = match v {
        Json::String(s) => PrimitiveType::from_bundle_name(s).or(match s.as_str() {
            // The documentation's table spells these two with a capital F.
            "SFixed32" => Some(PrimitiveType::Sfixed32),
            "SFixed64" => Some(PrimitiveType::Sfixed64),
            _ => None,
        }),
        Json::Number(n) => n.as_u64().and_then(PrimitiveType::from_number),
        _ => None,
    };
    found.ok_or_else(|| path.error(format!("unknown primitive type {v}")))
}

fn annotation(v: &Json, path: &Path<'_>) -> Result<Annotation> {
    let o = object(v, path)?;
    Ok(Annotation {
        source_reference: source_ref(o, path)?,
        type_value: message(o, "typeValue", path, type_value)?,
    })
}

fn type_value(o: &Obj, path: &Path<'_>) -> Result<TypeValue> {
    Ok(TypeValue {
        type_name: string(o, "type", path)?,
        fields: list(o, "fields", path, |v, p| {
            let o = object(v, p)?;
            let Some(value_json) = get(o, "value") else {
                return Err(p.error("field value has no `value`"));
            };
            Ok(FieldValue {
                source_reference: source_ref(o, p)?,
                name: string(o, "name", p)?,
                value: value(value_json, &p.key("value"))?,
            })
        })?,
    })
}

const VALUE_KINDS: [&str; 15] = [
    "boolValue",
    "uint32Value",
    "uint64Value",
    "int32Value",
    "int64Value",
    "floatValue",
    "doubleValue",
    "stringValue",
    "bytesValue",
    "entityIdValue",
    "enumValue",
    "typeValue",
    "optionValue",
    "listValue",
    "mapValue",
];

fn value(v: &Json, path: &Path<'_>) -> Result<Value> {
    let o = object(v, path)?;
    let Some((which, body)) = one_of(o, &VALUE_KINDS, path, "a value")? else {
        return Err(path.error("value has none of boolValue ... mapValue set"));
    };
    let p = path.key(which);
    let kind = match which {
        "boolValue" => ValueKind::Bool(bool_value(body, &p)?),
        "uint32Value" => ValueKind::Uint32(integer(body, &p, "a uint32")?),
        "uint64Value" => ValueKind::Uint64(integer(body, &p, "a uint64")?),
        "int32Value" => ValueKind::Int32(integer(body, &p, "an int32")?),
        "int64Value" => ValueKind::Int64(integer(body, &p, "an int64")?),
        "floatValue" => ValueKind::Float(float32(body, &p)?),
        "doubleValue" => ValueKind::Double(float64(body, &p)?),
        "stringValue" => ValueKind::String(
            body.as_str()
                .map(str::to_owned)
                .ok_or_else(|| p.error(format!("expected a string, found {}", kind_name(body))))?,
        ),
        "bytesValue" => ValueKind::Bytes(bytes(body, &p)?),
        "entityIdValue" => ValueKind::EntityId(integer(body, &p, "an int64")?),
        "enumValue" => {
            let e = object(body, &p)?;
            ValueKind::Enum {
                enum_name: string(e, "enum", &p)?,
                value: string(e, "value", &p)?,
            }
        }
        "typeValue" => ValueKind::Type(type_value(object(body, &p)?, &p)?),
        "optionValue" => {
            let opt = object(body, &p)?;
            match get(opt, "value") {
                None => ValueKind::Option(None),
                Some(inner) => ValueKind::Option(Some(Box::new(value(inner, &p.key("value"))?))),
            }
        }
        "listValue" => ValueKind::List(list(object(body, &p)?, "values", &p, value)?),
        _ => ValueKind::Map(list(object(body, &p)?, "values", &p, |v, p| {
            let entry = object(v, p)?;
            let side = |key: &str| -> Result<Value> {
                let Some(v) = get(entry, key) else {
                    return Err(p.error(format!("map entry has no `{key}`")));
                };
                value(v, &p.key(key))
            };
            Ok((side("key")?, side("value")?))
        })?),
    };
    Ok(Value {
        source_reference: source_ref(o, path)?,
        kind,
    })
}
