//! Schema-aware access: an [`Object`] read as, and written from, a typed
//! [`rosetta_types::Value`] of the shared type model; fields by name; validation with
//! paths.
//!
//! ```
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//! use rosetta_types::Value;
//! use rosetta_wire::{typed, Object};
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "game.schema".into(),
//!     text: "package game; type Hit { uint32 damage = 1; option<string> by = 2; }".into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let hit = schema.registry().lookup("game.Hit").unwrap();
//! let mut object = Object::new();
//! typed::set_field(schema.registry(), hit, &mut object, "damage", &Value::U32(12)).unwrap();
//! assert_eq!(typed::get_field(schema.registry(), hit, &object, "damage").unwrap(), Value::U32(12));
//! assert!(typed::validate(schema.registry(), hit, &object).is_empty());
//! ```

use std::collections::BTreeMap;

use rosetta_types::{Arity, FloatType, IntWidth, Kind, StructType, TypeId, TypeRegistry, Value};

use crate::error::{Error, Result};
use crate::object::Object;
pub(crate) use crate::typed_scalar::Scalar;
use crate::typed_scalar::{int_scalar, read_scalars, write_scalar};

/// How deep typed values may nest (recursive types through options, lists and maps).
pub const MAX_DEPTH: usize = 100;

/// What an element of a field is on the wire.
pub(crate) enum Element<'r> {
    /// A scalar family, with the width of narrow integers (8 and 16 bits travel as 32).
    Scalar(Scalar, Option<IntWidth>),
    String,
    Bytes,
    Struct(TypeId, &'r StructType),
    Entity,
}

pub(crate) fn element(registry: &TypeRegistry, ty: TypeId) -> Result<Element<'_>> {
    let kind = registry
        .get(ty)
        .map(|t| t.kind())
        .ok_or_else(|| Error::msg(format!("unknown type id {}", ty.as_u32())))?;
    Ok(match kind {
        Kind::Bool => Element::Scalar(Scalar::Bool, None),
        Kind::Int(int) => Element::Scalar(int_scalar(*int), Some(int.width())),
        Kind::Float(FloatType::F32) => Element::Scalar(Scalar::Float, None),
        Kind::Float(FloatType::F64) => Element::Scalar(Scalar::Double, None),
        Kind::EntityId => Element::Scalar(Scalar::EntityId, None),
        Kind::Enum(_) | Kind::Bitmask(_) => Element::Scalar(Scalar::Enum, None),
        Kind::String => Element::String,
        Kind::Bytes => Element::Bytes,
        Kind::Struct(def) => Element::Struct(ty, def),
        Kind::Entity => Element::Entity,
        other => {
            return Err(Error::msg(format!(
                "`{}` ({other:?}) has no SpatialOS wire form",
                registry.display(ty)
            )))
        }
    })
}

/// Reads every element of a field.
fn read_elements(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    id: u32,
    path: &str,
    depth: usize,
) -> Result<Vec<Value>> {
    Ok(match element(registry, ty)? {
        Element::Scalar(scalar, narrow) => read_scalars(scalar, narrow, object, id),
        Element::String => object
            .bytes_iter(id)
            .map(|bytes| {
                bytes
                    .and_then(|b| std::str::from_utf8(b).ok())
                    .map(Value::string)
                    .ok_or_else(|| Error::at_path("not a UTF-8 string", path))
            })
            .collect::<Result<_>>()?,
        Element::Bytes => object
            .bytes_iter(id)
            .map(|bytes| Value::bytes(bytes.unwrap_or_default()))
            .collect(),
        Element::Struct(ty, def) => object
            .objects(id)
            .map_err(|e| Error::at_path(e.to_string(), path))?
            .into_iter()
            .map(|o| read_struct(registry, ty, def, o, path, depth + 1))
            .collect::<Result<_>>()?,
        Element::Entity => object
            .objects(id)
            .map_err(|e| Error::at_path(e.to_string(), path))?
            .into_iter()
            .map(|o| read_entity(registry, o, path, depth + 1))
            .collect::<Result<_>>()?,
    })
}

/// Reads a struct's fields from `object`, which must hold no field the struct does not
/// declare: data the schema cannot name is an error, as the SDK's JSON form says it, not
/// dropped quietly.
fn read_struct(
    registry: &TypeRegistry,
    ty: TypeId,
    def: &StructType,
    object: &Object,
    path: &str,
    depth: usize,
) -> Result<Value> {
    if let Some(id) = object
        .field_ids()
        .find(|id| def.index_of_number(*id).is_none())
    {
        return Err(Error::at_path(
            format!(
                "the data has field {id}, which `{}` does not declare",
                registry.display(ty)
            ),
            path,
        ));
    }
    read_fields(registry, def, object, path, depth)
}

/// Reads the fields `def` declares from `object`, whatever else it holds (one field of a
/// larger struct, for [`get_field`]).
fn read_fields(
    registry: &TypeRegistry,
    def: &StructType,
    object: &Object,
    path: &str,
    depth: usize,
) -> Result<Value> {
    if depth > MAX_DEPTH {
        return Err(Error::at_path(
            format!("values nested deeper than {MAX_DEPTH} levels"),
            path,
        ));
    }
    let mut fields = Vec::with_capacity(def.len());
    for field in def.fields() {
        let Some(id) = field.number() else {
            return Err(Error::at_path(
                format!("field `{}` has no field number", field.name()),
                path,
            ));
        };
        let path = format!("{path}/{}", field.name());
        let value = match field.arity() {
            Arity::Singular => read_elements(registry, field.ty(), object, id, &path, depth)?
                .pop()
                .map_or_else(|| rosetta_types::default_value(registry, field.ty()), Ok)
                .map_err(|e| Error::at_path(e.to_string(), &path))?,
            Arity::Option(inner) => Value::Option(
                read_elements(registry, inner, object, id, &path, depth)?
                    .pop()
                    .map(Box::new),
            ),
            Arity::List(inner) => {
                Value::list(read_elements(registry, inner, object, id, &path, depth)?)
            }
            Arity::Map(k, v) => {
                let mut entries = Vec::new();
                for (i, entry) in object
                    .objects(id)
                    .map_err(|e| Error::at_path(e.to_string(), &path))?
                    .into_iter()
                    .enumerate()
                {
                    let entry_path = format!("{path}/{i}");
                    let key = read_elements(
                        registry,
                        k,
                        entry,
                        1,
                        &format!("{entry_path}/key"),
                        depth + 1,
                    )?
                    .pop();
                    let value = read_elements(
                        registry,
                        v,
                        entry,
                        2,
                        &format!("{entry_path}/value"),
                        depth + 1,
                    )?
                    .pop();
                    let key = key
                        .map_or_else(|| rosetta_types::default_value(registry, k), Ok)
                        .map_err(|e| Error::at_path(e.to_string(), &entry_path))?;
                    let value = value
                        .map_or_else(|| rosetta_types::default_value(registry, v), Ok)
                        .map_err(|e| Error::at_path(e.to_string(), &entry_path))?;
                    entries.push((key, value));
                }
                Value::map(entries)
            }
        };
        fields.push(value);
    }
    Ok(Value::structure(fields))
}

fn read_entity(
    registry: &TypeRegistry,
    object: &Object,
    path: &str,
    depth: usize,
) -> Result<Value> {
    let mut components = BTreeMap::new();
    for id in object.unique_field_ids() {
        let path = format!("{path}/{id}");
        let component = registry
            .component(id)
            .ok_or_else(|| Error::at_path(format!("unknown component id {id}"), &path))?;
        let Kind::Struct(def) = component.kind() else {
            return Err(Error::at_path("a component must have fields", &path));
        };
        let data = object
            .object(id)
            .ok_or_else(|| Error::at_path("component data is not an object", &path))?;
        components.insert(
            id,
            read_struct(registry, component.id(), def, data, &path, depth + 1)?,
        );
    }
    Ok(Value::entity(components))
}

fn struct_def(registry: &TypeRegistry, ty: TypeId) -> Result<&StructType> {
    match registry.get(ty).map(|t| t.kind()) {
        Some(Kind::Struct(def)) => Ok(def),
        _ => Err(Error::msg(format!(
            "`{}` is not a type with fields",
            registry.display(ty)
        ))),
    }
}

/// Reads an object as a value of a struct type (a schema type or component). Absent singular
/// fields read as their defaults, as `Schema_Get*` does; [`validate`] reports them.
pub fn read(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Result<Value> {
    read_struct(registry, ty, struct_def(registry, ty)?, object, "", 0)
}

/// Writes a value of a struct type as an object.
pub fn write(registry: &TypeRegistry, ty: TypeId, value: &Value) -> Result<Object> {
    let mut object = Object::new();
    write_struct(
        registry,
        struct_def(registry, ty)?,
        value,
        &mut object,
        "",
        0,
    )?;
    Ok(object)
}

fn write_struct(
    registry: &TypeRegistry,
    def: &StructType,
    value: &Value,
    object: &mut Object,
    path: &str,
    depth: usize,
) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(Error::at_path(
            format!("values nested deeper than {MAX_DEPTH} levels"),
            path,
        ));
    }
    let values = value.as_struct().ok_or_else(|| {
        Error::at_path(
            format!("expected a struct, found {}", value.kind_name()),
            path,
        )
    })?;
    if values.len() != def.len() {
        return Err(Error::at_path(
            format!("expected {} fields, found {}", def.len(), values.len()),
            path,
        ));
    }
    for (field, value) in def.fields().iter().zip(values) {
        let path = format!("{path}/{}", field.name());
        let id = field
            .number()
            .ok_or_else(|| Error::at_path("field has no number", &path))?;
        write_field(
            registry,
            field.arity(),
            field.ty(),
            value,
            object,
            id,
            &path,
            depth,
        )?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn write_field(
    registry: &TypeRegistry,
    arity: Arity,
    ty: TypeId,
    value: &Value,
    object: &mut Object,
    id: u32,
    path: &str,
    depth: usize,
) -> Result<()> {
    match arity {
        Arity::Singular => write_element(registry, ty, value, object, id, path, depth),
        Arity::Option(inner) => match value.as_option() {
            Some(Some(v)) => write_element(registry, inner, v, object, id, path, depth),
            Some(None) => Ok(()),
            None => Err(Error::at_path(
                format!("expected an option, found {}", value.kind_name()),
                path,
            )),
        },
        Arity::List(inner) => {
            let items = value.as_list().ok_or_else(|| {
                Error::at_path(
                    format!("expected a list, found {}", value.kind_name()),
                    path,
                )
            })?;
            for (i, item) in items.iter().enumerate() {
                write_element(
                    registry,
                    inner,
                    item,
                    object,
                    id,
                    &format!("{path}/{i}"),
                    depth,
                )?;
            }
            Ok(())
        }
        Arity::Map(k, v) => {
            let entries = value.as_map().ok_or_else(|| {
                Error::at_path(format!("expected a map, found {}", value.kind_name()), path)
            })?;
            for (i, (key, val)) in entries.iter().enumerate() {
                let entry = object.add_object(id);
                write_element(
                    registry,
                    k,
                    key,
                    entry,
                    1,
                    &format!("{path}/{i}/key"),
                    depth + 1,
                )?;
                write_element(
                    registry,
                    v,
                    val,
                    entry,
                    2,
                    &format!("{path}/{i}/value"),
                    depth + 1,
                )?;
            }
            Ok(())
        }
    }
}

fn write_element(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    object: &mut Object,
    id: u32,
    path: &str,
    depth: usize,
) -> Result<()> {
    match element(registry, ty)? {
        Element::Scalar(scalar, _) => write_scalar(scalar, value, object, id, path),
        Element::String => {
            let text = value.as_str().ok_or_else(|| {
                Error::at_path(
                    format!("expected a string, found {}", value.kind_name()),
                    path,
                )
            })?;
            object.add_string(id, text);
            Ok(())
        }
        Element::Bytes => {
            let bytes = value.as_bytes().ok_or_else(|| {
                Error::at_path(format!("expected bytes, found {}", value.kind_name()), path)
            })?;
            object.add_bytes(id, bytes);
            Ok(())
        }
        Element::Struct(_, def) => {
            write_struct(registry, def, value, object.add_object(id), path, depth + 1)
        }
        Element::Entity => {
            let components = value.as_entity().ok_or_else(|| {
                Error::at_path(
                    format!("expected an entity, found {}", value.kind_name()),
                    path,
                )
            })?;
            let entity = object.add_object(id);
            for (component_id, data) in components {
                let path = format!("{path}/{component_id}");
                let component = registry.component(*component_id).ok_or_else(|| {
                    Error::at_path(format!("unknown component id {component_id}"), &path)
                })?;
                let def = struct_def(registry, component.id())?;
                write_struct(
                    registry,
                    def,
                    data,
                    entity.add_object(*component_id),
                    &path,
                    depth + 1,
                )?;
            }
            Ok(())
        }
    }
}

/// The value of one field, by name.
pub fn get_field(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    name: &str,
) -> Result<Value> {
    let def = struct_def(registry, ty)?;
    let index = def
        .index_of(name)
        .ok_or_else(|| Error::msg(format!("`{}` has no field `{name}`", registry.display(ty))))?;
    // Reading one field reads only its occurrences.
    let field = &def.fields()[index];
    let single = StructType::new([field.clone()]).map_err(|e| Error::msg(e.to_string()))?;
    let value = read_fields(registry, &single, object, "", 0)?;
    value
        .as_struct()
        .and_then(|fields| fields.first().cloned())
        .ok_or_else(|| Error::msg("internal: one-field struct read"))
}

/// Checks that component `ty` declares everything `update` holds: its fields, the fields it
/// clears and its events. (Readers of single fields and events would drop the rest quietly.)
pub fn check_update(
    registry: &TypeRegistry,
    ty: TypeId,
    update: &crate::ComponentUpdate,
) -> Result<()> {
    let def = struct_def(registry, ty)?;
    let info = registry.get(ty).and_then(|t| t.component());
    let undeclared = |what: String| {
        Err(Error::msg(format!(
            "the update has {what}, which `{}` does not declare",
            registry.display(ty)
        )))
    };
    if let Some(id) = update
        .fields()
        .field_ids()
        .find(|id| def.field_by_number(*id).is_none())
    {
        return undeclared(format!("field {id}"));
    }
    if let Some(id) = update
        .cleared_fields()
        .iter()
        .find(|id| def.field_by_number(**id).is_none())
    {
        return undeclared(format!("a cleared field {id}"));
    }
    if let Some(index) = update
        .events()
        .field_ids()
        .find(|i| info.map_or(true, |info| info.event(*i).is_none()))
    {
        return undeclared(format!("event {index}"));
    }
    Ok(())
}

/// Replaces one field, by name, with a value of its type.
pub fn set_field(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &mut Object,
    name: &str,
    value: &Value,
) -> Result<()> {
    let def = struct_def(registry, ty)?;
    let field = def
        .field(name)
        .ok_or_else(|| Error::msg(format!("`{}` has no field `{name}`", registry.display(ty))))?;
    let id = field
        .number()
        .ok_or_else(|| Error::msg(format!("field `{name}` has no number")))?;
    let mut staged = Object::new();
    write_field(
        registry,
        field.arity(),
        field.ty(),
        value,
        &mut staged,
        id,
        &format!("/{name}"),
        0,
    )?;
    object.replace_field_from(&staged, id);
    Ok(())
}

/// A problem [`validate`] found, with the path of the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON Pointer-style path (`/position/coords`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// Checks an object against a struct type: unknown fields, missing or repeated singular
/// fields, values of the wrong wire type, and the same inside nested objects.
pub fn validate(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Vec<Problem> {
    let mut problems = Vec::new();
    match struct_def(registry, ty) {
        Ok(def) => crate::validate::check_struct(registry, def, object, "", 0, &mut problems),
        Err(e) => problems.push(Problem {
            path: String::new(),
            message: e.to_string(),
        }),
    }
    problems
}
