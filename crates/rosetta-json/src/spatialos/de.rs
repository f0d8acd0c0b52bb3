//! Loading: walks a schema type and a JSON value together and builds the [`Object`].
//!
//! Strict about types: every value must have its field's JSON form (numbers for 32-bit integers
//! and floats, numbers or decimal strings for 64-bit integers and entity ids, names or numbers
//! for enums, base64 strings for bytes, arrays for options, lists and maps, objects for types);
//! a member the type does not declare is an error, and so is a missing singular field (except
//! at the top of a component update). Fields are added in declaration order, whatever the order
//! of the members, so the bytes do not depend on how the JSON was written.

use base64::Engine as _;
use rosetta_types::{
    Arity, EnumType, Field, IntEncoding, IntType, StructType, TypeId, TypeRegistry, MAX_NESTING,
};
use rosetta_wire::family;
use rosetta_wire::Object;
use serde_json::{Map, Value};

use super::elem::{elem, struct_def, Elem, Int, Path};
use super::ser::field_number;
use crate::error::{Error, Result};

/// What a JSON value is, for messages.
pub(crate) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The walker: the registry and where it is in the JSON.
pub(crate) struct Loader<'r> {
    pub(crate) registry: &'r TypeRegistry,
    pub(crate) path: Path<'r>,
}

impl<'r> Loader<'r> {
    pub(crate) fn new(registry: &'r TypeRegistry) -> Self {
        Loader {
            registry,
            path: Path::default(),
        }
    }

    /// A whole object of a type with fields.
    pub(crate) fn object(&mut self, ty: TypeId, json: &Value) -> Result<Object> {
        let def = struct_def(self.registry, ty)?;
        let mut object = Object::new();
        self.structure(ty, def, json, &mut object, 1)?;
        Ok(object)
    }

    /// The members of a JSON object, or an error naming the type expected.
    pub(crate) fn members<'j>(
        &self,
        ty: TypeId,
        json: &'j Value,
    ) -> Result<&'j Map<String, Value>> {
        json.as_object().ok_or_else(|| {
            self.path.error(format!(
                "expected an object (`{}`), found {}",
                self.registry.display(ty),
                json_kind(json)
            ))
        })
    }

    /// Fails on a member that is not a field of the type (and not one of `reserved`).
    pub(crate) fn check_members(
        &self,
        ty: TypeId,
        def: &StructType,
        members: &Map<String, Value>,
        reserved: &[&str],
    ) -> Result<()> {
        for name in members.keys() {
            if def.index_of(name).is_none() && !reserved.contains(&name.as_str()) {
                return Err(Error::at(
                    self.path.child(name),
                    format!("`{}` has no field `{name}`", self.registry.display(ty)),
                ));
            }
        }
        Ok(())
    }

    /// An object of a type with fields, at `level` (the root is level 1, as
    /// [`MAX_NESTING`] counts).
    pub(crate) fn structure(
        &mut self,
        ty: TypeId,
        def: &'r StructType,
        json: &Value,
        object: &mut Object,
        level: usize,
    ) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.path.too_deep());
        }
        let members = self.members(ty, json)?;
        self.check_members(ty, def, members, &[])?;
        for field in def.fields() {
            match members.get(field.name()) {
                Some(value) => {
                    self.path.push_name(field.name());
                    self.field(field, value, object, level)?;
                    self.path.pop();
                }
                None if field.arity() == Arity::Singular => {
                    return Err(self.path.error(format!(
                        "`{}` is missing its field `{}`",
                        self.registry.display(ty),
                        field.name()
                    )));
                }
                // An absent option, list or map is empty.
                None => {}
            }
        }
        Ok(())
    }

    /// One field's value, added to `object`, an object at `level`.
    pub(crate) fn field(
        &mut self,
        field: &'r Field,
        json: &Value,
        object: &mut Object,
        level: usize,
    ) -> Result<()> {
        let id = field_number(field)?;
        match field.arity() {
            Arity::Singular => {
                let element = elem(self.registry, field.ty())?;
                self.element(element, json, object, id, level)
            }
            Arity::Option(inner) => {
                let element = elem(self.registry, inner)?;
                let items = self.array(json, "an option (an array of 0 or 1 elements)")?;
                if items.len() > 1 {
                    return Err(self.path.error(format!(
                        "an option holds at most one value, found {}",
                        items.len()
                    )));
                }
                self.items(element, items, object, id, level)
            }
            Arity::List(inner) => {
                let element = elem(self.registry, inner)?;
                let items = self.array(json, "a list (an array)")?;
                self.items(element, items, object, id, level)
            }
            Arity::Map(key, value) => {
                let (key, value) = (elem(self.registry, key)?, elem(self.registry, value)?);
                let entries =
                    self.array(json, "a map (an array of {\"key\", \"value\"} objects)")?;
                for (i, entry) in entries.iter().enumerate() {
                    self.path.push_index(i);
                    let members = entry.as_object().ok_or_else(|| {
                        self.path.error(format!(
                            "expected a map entry ({{\"key\": …, \"value\": …}}), found {}",
                            json_kind(entry)
                        ))
                    })?;
                    if let Some(other) = members.keys().find(|k| *k != "key" && *k != "value") {
                        return Err(Error::at(
                            self.path.child(other),
                            format!("a map entry has only `key` and `value`, not `{other}`"),
                        ));
                    }
                    // The entry object is no level of its own.
                    let entry_object = object.add_object(id);
                    for (slot, name, element) in [(1, "key", key), (2, "value", value)] {
                        let json = members.get(name).ok_or_else(|| {
                            self.path.error(format!("the map entry has no `{name}`"))
                        })?;
                        self.path.push_name(name);
                        self.element(element, json, entry_object, slot, level)?;
                        self.path.pop();
                    }
                    self.path.pop();
                }
                Ok(())
            }
        }
    }

    fn array<'j>(&self, json: &'j Value, what: &str) -> Result<&'j [Value]> {
        json.as_array().map(Vec::as_slice).ok_or_else(|| {
            self.path
                .error(format!("expected {what}, found {}", json_kind(json)))
        })
    }

    fn items(
        &mut self,
        element: Elem<'r>,
        items: &[Value],
        object: &mut Object,
        id: u32,
        level: usize,
    ) -> Result<()> {
        for (i, item) in items.iter().enumerate() {
            self.path.push_index(i);
            self.element(element, item, object, id, level)?;
            self.path.pop();
        }
        Ok(())
    }

    /// One value of an element type, added as one occurrence of field `id` of `object`, an
    /// object at `level`.
    pub(crate) fn element(
        &mut self,
        element: Elem<'r>,
        json: &Value,
        object: &mut Object,
        id: u32,
        level: usize,
    ) -> Result<()> {
        let wrong = || {
            self.path.error(format!(
                "expected {}, found {}",
                element.describe(),
                json_kind(json)
            ))
        };
        match element {
            Elem::Bool => object.add::<family::Bool>(id, json.as_bool().ok_or_else(wrong)?),
            Elem::Int(family, int) => self.int(family, int, json, object, id)?,
            Elem::Float => {
                let v = self.float(json)?;
                let narrow = v as f32;
                if v.is_finite() && !narrow.is_finite() {
                    return Err(self.path.error(format!("{v} is out of range for float")));
                }
                object.add::<family::Float>(id, narrow);
            }
            Elem::Double => object.add::<family::Double>(id, self.float(json)?),
            Elem::EntityId => object.add::<family::EntityId>(id, self.i64(json, IntType::INT64)?),
            Elem::Enum(def) => object.add::<family::Enum>(id, self.enum_value(def, json)?),
            Elem::Bitmask => {
                object.add::<family::Enum>(id, self.u64_in(json, IntType::UINT32, false)? as u32)
            }
            Elem::String => object.add_string(id, json.as_str().ok_or_else(wrong)?),
            Elem::Bytes => {
                let text = json.as_str().ok_or_else(wrong)?;
                object.add_bytes(id, &self.base64(text)?);
            }
            Elem::Struct(ty, def) => {
                let nested = object.add_object(id);
                self.structure(ty, def, json, nested, level + 1)?;
            }
            Elem::Entity => self.entity(json, object.add_object(id), level + 1)?,
        }
        Ok(())
    }

    fn int(
        &self,
        family: Int,
        int: IntType,
        json: &Value,
        object: &mut Object,
        id: u32,
    ) -> Result<()> {
        // 64-bit integers may be strings (that is how they are written); 32-bit ones are numbers.
        match family {
            Int::I32(encoding) => {
                let v = self.i64_in(json, int, false)? as i32;
                match encoding {
                    IntEncoding::Varint => object.add::<family::Int32>(id, v),
                    IntEncoding::ZigZag => object.add::<family::Sint32>(id, v),
                    IntEncoding::Fixed => object.add::<family::Sfixed32>(id, v),
                }
            }
            Int::U32(encoding) => {
                let v = self.u64_in(json, int, false)? as u32;
                match encoding {
                    IntEncoding::Varint => object.add::<family::Uint32>(id, v),
                    IntEncoding::ZigZag => object.add::<family::Sint32>(id, v as i32),
                    IntEncoding::Fixed => object.add::<family::Fixed32>(id, v),
                }
            }
            Int::I64(encoding) => {
                let v = self.i64(json, int)?;
                match encoding {
                    IntEncoding::Varint => object.add::<family::Int64>(id, v),
                    IntEncoding::ZigZag => object.add::<family::Sint64>(id, v),
                    IntEncoding::Fixed => object.add::<family::Sfixed64>(id, v),
                }
            }
            Int::U64(encoding) => {
                let v = self.u64_in(json, int, true)?;
                match encoding {
                    IntEncoding::Varint => object.add::<family::Uint64>(id, v),
                    IntEncoding::ZigZag => object.add::<family::Sint64>(id, v as i64),
                    IntEncoding::Fixed => object.add::<family::Fixed64>(id, v),
                }
            }
        }
        Ok(())
    }

    /// A signed 64-bit integer: a number or a decimal string.
    fn i64(&self, json: &Value, int: IntType) -> Result<i64> {
        self.i64_in(json, int, true)
    }

    fn i64_in(&self, json: &Value, int: IntType, strings: bool) -> Result<i64> {
        let v = match json {
            Value::Number(n) => n.as_i64().ok_or_else(|| self.bad_number(int, n))?,
            Value::String(s) if strings => s.parse::<i64>().map_err(|_| self.bad_text(int, s))?,
            other => return Err(self.expected_int(int, other, strings)),
        };
        if !int.contains(v) {
            return Err(self.out_of_range(int, &v.to_string()));
        }
        Ok(v)
    }

    fn u64_in(&self, json: &Value, int: IntType, strings: bool) -> Result<u64> {
        let v = match json {
            Value::Number(n) => n.as_u64().ok_or_else(|| self.bad_number(int, n))?,
            Value::String(s) if strings => s.parse::<u64>().map_err(|_| self.bad_text(int, s))?,
            other => return Err(self.expected_int(int, other, strings)),
        };
        if v > int.max() {
            return Err(self.out_of_range(int, &v.to_string()));
        }
        Ok(v)
    }

    /// A number that is no value of `int`: out of its range if it is a whole number.
    fn bad_number(&self, int: IntType, n: &serde_json::Number) -> Error {
        let whole = n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0);
        if whole {
            self.out_of_range(int, &n.to_string())
        } else {
            self.not_integer(int, &n.to_string())
        }
    }

    /// Text that is no value of `int`: out of its range if it is a decimal integer (of any
    /// size: `"99999999999999999999"` is one).
    fn bad_text(&self, int: IntType, text: &str) -> Error {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            self.out_of_range(int, &format!("{text:?}"))
        } else {
            self.not_integer(int, &format!("{text:?}"))
        }
    }

    fn out_of_range(&self, int: IntType, shown: &str) -> Error {
        self.path.error(format!(
            "{shown} is out of range for {} ({} to {})",
            int.name(),
            int.min(),
            int.max()
        ))
    }

    fn not_integer(&self, int: IntType, text: &str) -> Error {
        self.path
            .error(format!("{text} is not a valid {}", int.name()))
    }

    fn expected_int(&self, int: IntType, json: &Value, strings: bool) -> Error {
        let form = if strings {
            "a number or a decimal string"
        } else {
            "a number"
        };
        self.path.error(format!(
            "expected {} ({form}), found {}",
            int.name(),
            json_kind(json)
        ))
    }

    /// A float or double: a number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    fn float(&self, json: &Value) -> Result<f64> {
        match json {
            Value::Number(n) => n.as_f64().ok_or_else(|| self.path.error("the number is not representable")),
            Value::String(s) => match s.as_str() {
                "NaN" => Ok(f64::NAN),
                "Infinity" => Ok(f64::INFINITY),
                "-Infinity" => Ok(f64::NEG_INFINITY),
                _ => Err(self.path.error(format!(
                    "expected a number, found the string {s:?} (only \"NaN\", \"Infinity\" and \"-Infinity\" are allowed)"
                ))),
            },
            other => Err(self.path.error(format!("expected a number, found {}", json_kind(other)))),
        }
    }

    /// An enum value: a constant's name, or a number.
    fn enum_value(&self, def: &EnumType, json: &Value) -> Result<u32> {
        match json {
            Value::String(name) => {
                let constant = def.constant(name).ok_or_else(|| {
                    let names: Vec<&str> = def.constants().iter().map(|c| c.name()).collect();
                    self.path.error(format!(
                        "unknown enum value {name:?} (expected one of {})",
                        names.join(", ")
                    ))
                })?;
                u32::try_from(constant.value()).map_err(|_| {
                    self.path
                        .error(format!("the value of {name} does not fit a uint32"))
                })
            }
            Value::Number(_) => Ok(self.u64_in(json, IntType::UINT32, false)? as u32),
            other => Err(self.path.error(format!(
                "expected an enum value (a name or a number), found {}",
                json_kind(other)
            ))),
        }
    }

    /// Base64, standard or URL-safe alphabet, padded or not.
    fn base64(&self, text: &str) -> Result<Vec<u8>> {
        use base64::engine::general_purpose::{
            STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD,
        };
        let engines = [&STANDARD, &STANDARD_NO_PAD, &URL_SAFE, &URL_SAFE_NO_PAD];
        let mut first_error = None;
        for engine in engines {
            match engine.decode(text) {
                Ok(bytes) => return Ok(bytes),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let reason = first_error.map(|e| e.to_string()).unwrap_or_default();
        Err(self
            .path
            .error(format!("bytes must be a base64 string: {reason}")))
    }

    /// An `Entity` at `level`: `{"<component qualified name>": {component data}}`, added by
    /// ascending component id; the components' data is one level deeper.
    fn entity(&mut self, json: &Value, entity: &mut Object, level: usize) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.path.too_deep());
        }
        let members = json.as_object().ok_or_else(|| {
            self.path.error(format!(
                "expected an Entity (an object of components), found {}",
                json_kind(json)
            ))
        })?;
        let mut components = Vec::with_capacity(members.len());
        for (name, data) in members {
            let component = self
                .registry
                .get_by_name(name)
                .and_then(|t| t.component().map(|c| (t, c.id())));
            let Some((ty, component_id)) = component else {
                return Err(Error::at(
                    self.path.child(name),
                    format!("`{name}` is not a component"),
                ));
            };
            let name = ty.qualified_name().unwrap_or_default();
            components.push((component_id, ty.id(), name, data));
        }
        components.sort_by_key(|c| c.0);
        for (component_id, ty, name, data) in components {
            self.path.push_name(name);
            let def = struct_def(self.registry, ty)?;
            // A component id past what a tag carries (2^29 and above) is no Entity field.
            let data_object = entity
                .try_add_object(component_id)
                .map_err(|e| self.path.error(e.to_string()))?;
            self.structure(ty, def, data, data_object, level + 1)?;
            self.path.pop();
        }
        Ok(())
    }
}
