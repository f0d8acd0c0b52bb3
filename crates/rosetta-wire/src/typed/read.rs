//! Reading an object as a value of the shared type model, object levels counted.

use std::collections::BTreeMap;

use rosetta_types::{Arity, Kind, StructType, TypeId, Value};

use super::{component_step, element, too_deep, within, Element, Reader, Step};
use crate::error::{Error, Result};
use crate::object::Object;
use crate::typed_scalar::read_scalars;

impl Reader<'_> {
    /// Reads every element of a field, each an object at `level` if the elements are objects.
    fn elements(
        self,
        ty: TypeId,
        object: &Object,
        id: u32,
        (path, step): (&str, Step),
        level: usize,
    ) -> Result<Vec<Value>> {
        let registry = self.registry;
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
                .enumerate()
                .map(|(i, o)| self.structure(ty, def, o, &step.path(path, i), level))
                .collect::<Result<_>>()?,
            Element::Entity => object
                .objects(id)
                .map_err(|e| Error::at_path(e.to_string(), path))?
                .into_iter()
                .enumerate()
                .map(|(i, o)| self.entity(o, &step.path(path, i), level))
                .collect::<Result<_>>()?,
        })
    }

    /// Reads a struct's fields from `object`, an object at `level`, which must hold no field
    /// the struct does not declare: data the schema cannot name is an error, as the SDK's JSON
    /// form says it, not dropped quietly.
    pub(super) fn structure(
        self,
        ty: TypeId,
        def: &StructType,
        object: &Object,
        path: &str,
        level: usize,
    ) -> Result<Value> {
        if !within(level, self.past_limit, path)? {
            return rosetta_types::default_value(self.registry, ty)
                .map_err(|e| Error::at_path(e.to_string(), path));
        }
        if let Some(id) = object
            .field_ids()
            .find(|id| def.index_of_number(*id).is_none())
        {
            return Err(Error::at_path(
                format!(
                    "the data has field {id}, which `{}` does not declare",
                    self.registry.display(ty)
                ),
                path,
            ));
        }
        self.fields(def, object, path, level)
    }

    /// Reads the fields `def` declares from `object`, an object at `level`, whatever else it
    /// holds (one field of a larger struct, for [`get_field`]).
    pub(super) fn fields(
        self,
        def: &StructType,
        object: &Object,
        path: &str,
        level: usize,
    ) -> Result<Value> {
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
                Arity::Singular => {
                    let mut values =
                        self.elements(field.ty(), object, id, (&path, Step::Field), level + 1)?;
                    match values.pop() {
                        Some(value) => value,
                        None => self.default(field.ty(), &path, level + 1)?,
                    }
                }
                Arity::Option(inner) => Value::Option(
                    self.elements(inner, object, id, (&path, Step::Option), level + 1)?
                        .pop()
                        .map(Box::new),
                ),
                Arity::List(inner) => {
                    Value::list(self.elements(inner, object, id, (&path, Step::List), level + 1)?)
                }
                Arity::Map(k, v) => {
                    let mut entries = Vec::new();
                    for (i, entry) in object
                        .objects(id)
                        .map_err(|e| Error::at_path(e.to_string(), &path))?
                        .into_iter()
                        .enumerate()
                    {
                        // The entry object is no level of its own.
                        let entry_path = format!("{path}/{i}");
                        let key_path = format!("{entry_path}/key");
                        let value_path = format!("{entry_path}/value");
                        let key = self
                            .elements(k, entry, 1, (&key_path, Step::Field), level + 1)?
                            .pop();
                        let value = self
                            .elements(v, entry, 2, (&value_path, Step::Field), level + 1)?
                            .pop();
                        let key = match key {
                            Some(key) => key,
                            None => self.default(k, &key_path, level + 1)?,
                        };
                        let value = match value {
                            Some(value) => value,
                            None => self.default(v, &value_path, level + 1)?,
                        };
                        entries.push((key, value));
                    }
                    Value::map(entries)
                }
            };
            fields.push(value);
        }
        Ok(Value::structure(fields))
    }

    /// The default of `ty`, at `path`, for a value the data leaves out: an object at `level` if
    /// it is one, refused past [`MAX_NESTING`](rosetta_types::MAX_NESTING) as one in the data
    /// would be (a writer meets it as a value).
    fn default(self, ty: TypeId, path: &str, level: usize) -> Result<Value> {
        if !self.past_limit {
            if let Some(steps) = rosetta_types::default_past_limit(self.registry, ty, level) {
                let mut path = path.to_owned();
                for step in steps {
                    path.push('/');
                    path.push_str(step);
                }
                return Err(too_deep(&path));
            }
        }
        rosetta_types::default_value(self.registry, ty)
            .map_err(|e| Error::at_path(e.to_string(), path))
    }

    /// Reads an entity, an object at `level`; its components' data is one level deeper.
    fn entity(self, object: &Object, path: &str, level: usize) -> Result<Value> {
        if !within(level, self.past_limit, path)? {
            return Ok(Value::entity([]));
        }
        let registry = self.registry;
        let mut components = BTreeMap::new();
        for id in object.unique_field_ids() {
            let path = format!("{path}/{}", component_step(registry, id));
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
                self.structure(component.id(), def, data, &path, level + 1)?,
            );
        }
        Ok(Value::entity(components))
    }
}
