//! Schema-aware access: an [`Object`] read as, and written from, a typed
//! [`rosetta_types::Value`] of the shared type model; fields by name; validation with
//! paths; the check of an object's nesting against [`MAX_NESTING`] ([`check_nesting`]).
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

use rosetta_types::{Arity, StructType, TypeId, TypeRegistry, Value, MAX_NESTING};

use crate::error::{Error, Result};
use crate::object::Object;
pub use crate::validate::Problem;
pub(crate) use element::component_step;
use element::{element, struct_def, too_deep, Element};
pub use nesting::{check_nesting, check_update_nesting};
use read::Reader;

pub(crate) mod element;
mod nesting;
mod read;
use crate::typed_scalar::write_scalar;

/// Reads an object as a value of a struct type (a schema type or component). Absent singular
/// fields read as their defaults, as `Schema_Get*` does; [`validate`] reports them. Objects nested
/// deeper than [`MAX_NESTING`] are an error, `nesting deeper than 100 object levels (at PATH)`,
/// at the JSON Pointer the object has in the SDK's JSON form.
pub fn read(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Result<Value> {
    let reader = Reader {
        registry,
        past_limit: false,
    };
    reader.structure(ty, struct_def(registry, ty)?, object, &read::Path::Root, 1)
}

/// [`read`] for a writer of another format that refuses objects nested deeper than
/// [`MAX_NESTING`] itself, saying where in its own notation: the objects one level past the limit
/// are read, so that the writer meets them, and what they hold deeper is read as its type's
/// default, not refused. The value is no faithful copy of such data, only of data within the
/// limit, which it reads as [`read`] does.
pub fn read_past_limit(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Result<Value> {
    let reader = Reader {
        registry,
        past_limit: true,
    };
    reader.structure(ty, struct_def(registry, ty)?, object, &read::Path::Root, 1)
}

/// Writes a value of a struct type as an object. Objects nested deeper than [`MAX_NESTING`] are
/// an error, said as [`read`] says it.
pub fn write(registry: &TypeRegistry, ty: TypeId, value: &Value) -> Result<Object> {
    let mut object = Object::new();
    write_struct(
        registry,
        struct_def(registry, ty)?,
        value,
        &mut object,
        "",
        1,
    )?;
    Ok(object)
}

fn write_struct(
    registry: &TypeRegistry,
    def: &StructType,
    value: &Value,
    object: &mut Object,
    path: &str,
    level: usize,
) -> Result<()> {
    if level > MAX_NESTING {
        return Err(too_deep(path));
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
            level,
        )?;
    }
    Ok(())
}

/// Writes a field of an object at `level`: its elements, if objects, are one level deeper.
#[allow(clippy::too_many_arguments)]
fn write_field(
    registry: &TypeRegistry,
    arity: Arity,
    ty: TypeId,
    value: &Value,
    object: &mut Object,
    id: u32,
    path: &str,
    level: usize,
) -> Result<()> {
    let level = level + 1;
    match arity {
        Arity::Singular => write_element(registry, ty, value, object, id, path, level),
        Arity::Option(inner) => match value.as_option() {
            Some(Some(v)) => {
                let path = format!("{path}/0");
                write_element(registry, inner, v, object, id, &path, level)
            }
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
                    level,
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
                    level,
                )?;
                write_element(
                    registry,
                    v,
                    val,
                    entry,
                    2,
                    &format!("{path}/{i}/value"),
                    level,
                )?;
            }
            Ok(())
        }
    }
}

/// Writes one element, at `level` if it is an object.
fn write_element(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    object: &mut Object,
    id: u32,
    path: &str,
    level: usize,
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
            write_struct(registry, def, value, object.add_object(id), path, level)
        }
        Element::Entity => {
            if level > MAX_NESTING {
                return Err(too_deep(path));
            }
            let components = value.as_entity().ok_or_else(|| {
                Error::at_path(
                    format!("expected an entity, found {}", value.kind_name()),
                    path,
                )
            })?;
            let entity = object.add_object(id);
            for (component_id, data) in components {
                let path = format!("{path}/{}", component_step(registry, *component_id));
                let component = registry.component(*component_id).ok_or_else(|| {
                    Error::at_path(format!("unknown component id {component_id}"), &path)
                })?;
                let def = struct_def(registry, component.id())?;
                // Component ids go past what a tag carries (field numbers do not: the registry
                // refuses them).
                let data_object = entity
                    .try_add_object(*component_id)
                    .map_err(|e| Error::at_path(e.to_string(), &path))?;
                write_struct(registry, def, data, data_object, &path, level + 1)?;
            }
            Ok(())
        }
    }
}

/// The value of one field, by name. Objects nested deeper than [`MAX_NESTING`] (the field's
/// value is at level 2) are refused as [`read`] refuses them.
pub fn get_field(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    name: &str,
) -> Result<Value> {
    field_value(registry, ty, object, name, false)
}

/// [`get_field`] as [`read_past_limit`] reads: for a writer that refuses objects past
/// [`MAX_NESTING`] itself.
pub fn get_field_past_limit(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    name: &str,
) -> Result<Value> {
    field_value(registry, ty, object, name, true)
}

fn field_value(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    name: &str,
    past_limit: bool,
) -> Result<Value> {
    let def = struct_def(registry, ty)?;
    let index = def
        .index_of(name)
        .ok_or_else(|| Error::msg(format!("`{}` has no field `{name}`", registry.display(ty))))?;
    // Reading one field reads only its occurrences.
    let field = &def.fields()[index];
    let single = StructType::new([field.clone()]).map_err(|e| Error::msg(e.to_string()))?;
    let reader = Reader {
        registry,
        past_limit,
    };
    let value = reader.fields(&single, object, &read::Path::Root, 1)?;
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
        1,
    )?;
    object.replace_field_from(&staged, id);
    Ok(())
}

/// Checks an object against a struct type: unknown fields, missing or repeated singular
/// fields, values of the wrong wire type, and the same inside nested objects.
pub fn validate(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Vec<Problem> {
    let mut problems = Vec::new();
    match struct_def(registry, ty) {
        Ok(def) => crate::validate::check_struct(registry, def, object, "", 1, &mut problems),
        Err(e) => problems.push(Problem {
            path: String::new(),
            message: e.to_string(),
        }),
    }
    problems
}
