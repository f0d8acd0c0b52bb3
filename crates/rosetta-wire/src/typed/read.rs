//! Reading an object as a value of the shared type model, object levels counted.

use std::collections::BTreeMap;

use rosetta_types::{Arity, Kind, StructType, TypeId, TypeRegistry, Value, MAX_NESTING};

use super::element::{component_step, element, too_deep, Element};
use crate::error::{Error, Result};
use crate::object::{item_object, Object};
use crate::typed_scalar::{read_last_scalar, read_scalars};

/// How an element's path goes on from its field's, in the SDK's JSON form: a singular field's
/// value is the field, an option's value `/0`, a list's elements `/0`, `/1`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Field,
    Option,
    List,
}

impl Step {
    /// The path of element `index` of the field at `field`.
    pub(super) fn of<'a>(self, field: &'a Path<'a>, index: usize) -> Path<'a> {
        match self {
            Step::Field => *field,
            Step::Option => Path::Index(field, 0),
            Step::List => Path::Index(field, index),
        }
    }
}

/// Reading an object as a value. Objects are counted as [`MAX_NESTING`] counts them: the root
/// object is level 1, every struct or entity inside one level deeper, a component's data one
/// level below its entity.
#[derive(Clone, Copy)]
pub(super) struct Reader<'r> {
    pub(super) registry: &'r TypeRegistry,
    /// Read objects one level past [`MAX_NESTING`] and give what they hold deeper its default,
    /// instead of refusing them ([`read_past_limit`](super::read_past_limit)).
    pub(super) past_limit: bool,
}

/// What an object at `level` is read as: `Ok(true)` when it is read, `Ok(false)` when it is past
/// the levels [`read_past_limit`](super::read_past_limit) keeps, an error when it is too deep to read.
fn within(level: usize, past_limit: bool, path: &Path<'_>) -> Result<bool> {
    match level.checked_sub(MAX_NESTING) {
        None | Some(0) => Ok(true),
        Some(1) if past_limit => Ok(true),
        Some(_) if past_limit => Ok(false),
        Some(_) => Err(too_deep(&path.render())),
    }
}

impl Reader<'_> {
    /// Reads every element of a field, each an object at `level` if the elements are objects.
    fn elements(
        self,
        ty: TypeId,
        object: &Object,
        id: u32,
        (path, step): (&Path<'_>, Step),
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
                        .ok_or_else(|| Error::at_path("not a UTF-8 string", path.render()))
                })
                .collect::<Result<_>>()?,
            Element::Bytes => object
                .bytes_iter(id)
                .map(|bytes| Value::bytes(bytes.unwrap_or_default()))
                .collect(),
            Element::Struct(ty, def) => object
                .objects(id)
                .map_err(|e| Error::at_path(e.to_string(), path.render()))?
                .into_iter()
                .enumerate()
                .map(|(i, o)| self.structure(ty, def, o, &step.of(path, i), level))
                .collect::<Result<_>>()?,
            Element::Entity => object
                .objects(id)
                .map_err(|e| Error::at_path(e.to_string(), path.render()))?
                .into_iter()
                .enumerate()
                .map(|(i, o)| self.entity(o, &step.of(path, i), level))
                .collect::<Result<_>>()?,
        })
    }

    /// The last element of a field (the value of a singular or option field), `None` when it
    /// has none. Every occurrence is read as [`Reader::elements`] reads it, so that a bad one
    /// before the last is still an error, but only the last is kept, and no list is made.
    fn last_element(
        self,
        ty: TypeId,
        object: &Object,
        id: u32,
        (path, step): (&Path<'_>, Step),
        level: usize,
    ) -> Result<Option<Value>> {
        let registry = self.registry;
        let element = element(registry, ty)?;
        if let Element::Scalar(scalar, narrow) = element {
            return Ok(read_last_scalar(scalar, narrow, object, id));
        }
        let items = || object.items(id).filter(|i| i.is_len());
        let mut last = None;
        match element {
            Element::Scalar(..) => {}
            Element::String => {
                let mut text = None;
                for bytes in object.bytes_iter(id) {
                    text = Some(
                        bytes
                            .and_then(|b| std::str::from_utf8(b).ok())
                            .ok_or_else(|| Error::at_path("not a UTF-8 string", path.render()))?,
                    );
                }
                last = text.map(Value::string);
            }
            Element::Bytes => {
                last = object
                    .bytes_iter(id)
                    .last()
                    .map(|bytes| Value::bytes(bytes.unwrap_or_default()));
            }
            Element::Struct(..) | Element::Entity => {
                // As `Object::objects`: every occurrence must be an object before any is read.
                for item in items() {
                    item_object(item).map_err(|e| Error::at_path(e.to_string(), path.render()))?;
                }
                for (i, item) in items().enumerate() {
                    let o = item_object(item)
                        .map_err(|e| Error::at_path(e.to_string(), path.render()))?;
                    last = Some(match element {
                        Element::Struct(ty, def) => {
                            self.structure(ty, def, o, &step.of(path, i), level)?
                        }
                        _ => self.entity(o, &step.of(path, i), level)?,
                    });
                }
            }
        }
        Ok(last)
    }

    /// Reads a struct's fields from `object`, an object at `level`, which must hold no field
    /// the struct does not declare: data the schema cannot name is an error, as the SDK's JSON
    /// form says it, not dropped quietly.
    pub(super) fn structure(
        self,
        ty: TypeId,
        def: &StructType,
        object: &Object,
        path: &Path<'_>,
        level: usize,
    ) -> Result<Value> {
        if !within(level, self.past_limit, path)? {
            return rosetta_types::default_value(self.registry, ty)
                .map_err(|e| Error::at_path(e.to_string(), path.render()));
        }
        // A few fields are scanned (cheaper than hashing each number); more are looked up.
        let declared = |id: u32| match def.fields() {
            few if few.len() <= 8 => few.iter().any(|f| f.number() == Some(id)),
            _ => def.index_of_number(id).is_some(),
        };
        if let Some(id) = object.field_ids().find(|id| !declared(*id)) {
            return Err(Error::at_path(
                format!(
                    "the data has field {id}, which `{}` does not declare",
                    self.registry.display(ty)
                ),
                path.render(),
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
        path: &Path<'_>,
        level: usize,
    ) -> Result<Value> {
        let mut fields = Vec::with_capacity(def.len());
        for field in def.fields() {
            let Some(id) = field.number() else {
                return Err(Error::at_path(
                    format!("field `{}` has no field number", field.name()),
                    path.render(),
                ));
            };
            let path = Path::Field(path, field.name());
            let value = match field.arity() {
                Arity::Singular => {
                    let value =
                        self.last_element(field.ty(), object, id, (&path, Step::Field), level + 1)?;
                    match value {
                        Some(value) => value,
                        None => self.default(field.ty(), &path, level + 1)?,
                    }
                }
                Arity::Option(inner) => Value::Option(
                    self.last_element(inner, object, id, (&path, Step::Option), level + 1)?
                        .map(Box::new),
                ),
                Arity::List(inner) => {
                    Value::list(self.elements(inner, object, id, (&path, Step::List), level + 1)?)
                }
                Arity::Map(k, v) => {
                    let mut entries = Vec::new();
                    for (i, entry) in object
                        .objects(id)
                        .map_err(|e| Error::at_path(e.to_string(), path.render()))?
                        .into_iter()
                        .enumerate()
                    {
                        // The entry object is no level of its own.
                        let entry_path = Path::Index(&path, i);
                        let key_path = Path::Field(&entry_path, "key");
                        let value_path = Path::Field(&entry_path, "value");
                        let key =
                            self.last_element(k, entry, 1, (&key_path, Step::Field), level + 1)?;
                        let value =
                            self.last_element(v, entry, 2, (&value_path, Step::Field), level + 1)?;
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
    fn default(self, ty: TypeId, path: &Path<'_>, level: usize) -> Result<Value> {
        if !self.past_limit {
            if let Some(steps) = rosetta_types::default_past_limit(self.registry, ty, level) {
                let mut path = path.render();
                for step in steps {
                    path.push('/');
                    path.push_str(step);
                }
                return Err(too_deep(&path));
            }
        }
        rosetta_types::default_value(self.registry, ty)
            .map_err(|e| Error::at_path(e.to_string(), path.render()))
    }

    /// Reads an entity, an object at `level`; its components' data is one level deeper.
    fn entity(self, object: &Object, path: &Path<'_>, level: usize) -> Result<Value> {
        if !within(level, self.past_limit, path)? {
            return Ok(Value::entity([]));
        }
        let registry = self.registry;
        let mut components = BTreeMap::new();
        for id in object.unique_field_ids() {
            let step = component_step(registry, id);
            let path = Path::Field(path, &step);
            let component = registry.component(id).ok_or_else(|| {
                Error::at_path(format!("unknown component id {id}"), path.render())
            })?;
            let Kind::Struct(def) = component.kind() else {
                return Err(Error::at_path(
                    "a component must have fields",
                    path.render(),
                ));
            };
            let data = object
                .object(id)
                .ok_or_else(|| Error::at_path("component data is not an object", path.render()))?;
            components.insert(
                id,
                self.structure(component.id(), def, data, &path, level + 1)?,
            );
        }
        Ok(Value::entity(components))
    }
}

/// Where a value is read from, as the JSON Pointer of the SDK's JSON form: a chain of steps on
/// the stack, written out only when an error needs it (a read that succeeds builds no text).
#[derive(Debug, Clone, Copy)]
pub(super) enum Path<'a> {
    /// The value read (the empty pointer).
    Root,
    /// A named step (`/name`) below a value.
    Field(&'a Path<'a>, &'a str),
    /// An element's index (`/3`) below a value.
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    /// The pointer as text: `""` for the root, `/field/0/...` below it.
    pub(super) fn render(&self) -> String {
        let mut out = String::new();
        self.write_to(&mut out);
        out
    }

    fn write_to(&self, out: &mut String) {
        match self {
            Path::Root => {}
            Path::Field(parent, name) => {
                parent.write_to(out);
                out.push('/');
                out.push_str(name);
            }
            Path::Index(parent, i) => {
                parent.write_to(out);
                out.push('/');
                out.push_str(&i.to_string());
            }
        }
    }
}
