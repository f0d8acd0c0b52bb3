//! Loading straight from JSON text: walks a schema type and a [`JsonScanner`] together and
//! builds the [`Object`] that [`Loader`] builds from the same JSON as a `Value`, without the
//! `Value` (the snapshot codec's [`read_json`](rosetta_wire::snapshot::ComponentJson::read_json)).
//!
//! It only ever gives the same object as [`Loader`] or refuses: refusals carry no message,
//! since the snapshot reader then reads the entity through `Value`s and [`Loader`], whose error
//! is the one reported. To keep the two the same by construction, a scalar is handed to
//! [`Loader::element`] as the one-node `Value` it is (no allocation but for strings), except
//! for the kinds read here directly because they are common (strings, enum names).
//!
//! Fields are added in declaration order, as [`Loader`] adds them, whatever the order of the
//! members: a member that comes before a field declared earlier than it is passed over
//! ([`JsonScanner::skip_value`]) and read when its turn comes. Objects nest at most
//! [`MAX_NESTING`] levels here too, so the recursion is bounded as [`Loader`]'s is.

use rosetta_types::{Arity, Field, StructType, TypeId, TypeRegistry, MAX_NESTING};
use rosetta_wire::family;
use rosetta_wire::snapshot::{JsonKind, JsonMark, JsonScanner};
use rosetta_wire::Object;
use serde_json::Value;

use super::de::Loader;
use super::elem::{elem, struct_def, Elem, Int, Stack};
use super::ser::field_number;

/// The result of the direct path: an error only means "read it through `Value`s instead".
type Result<T> = rosetta_wire::Result<T>;

fn refused() -> rosetta_wire::Error {
    rosetta_wire::Error::custom("not read directly")
}

/// Any error of the `Value` path's functions, as a refusal.
fn refuse<E>(_: E) -> rosetta_wire::Error {
    refused()
}

/// The index of the field named `name`: a look at each field when there are few, which is
/// quicker than hashing the name.
fn index_of(def: &StructType, name: &[u8]) -> Option<usize> {
    let fields = def.fields();
    if fields.len() <= 16 {
        return fields.iter().position(|f| f.name().as_bytes() == name);
    }
    def.index_of(std::str::from_utf8(name).ok()?)
}

/// Where a member of an object being read stands.
#[derive(Debug, Clone, Copy, Default)]
enum Slot {
    /// Not seen (yet).
    #[default]
    Unseen,
    /// Read into the object.
    Done,
    /// Passed over: its value is at the mark and ends at the offset.
    At(JsonMark, usize),
}

/// The walker: the registry, the scanner, and the members of the objects being read.
pub(crate) struct ScanLoader<'r, 'a, 's> {
    loader: Loader<'r>,
    registry: &'r TypeRegistry,
    scanner: &'s mut JsonScanner<'a>,
    /// One run of slots per object being read, innermost last.
    slots: Stack<Slot>,
}

impl<'r, 'a, 's> ScanLoader<'r, 'a, 's> {
    pub(crate) fn new(registry: &'r TypeRegistry, scanner: &'s mut JsonScanner<'a>) -> Self {
        ScanLoader {
            loader: Loader::new(registry),
            registry,
            scanner,
            slots: Stack::default(),
        }
    }

    /// A whole object of a type with fields.
    pub(crate) fn object(&mut self, ty: TypeId) -> Result<Object> {
        let def = struct_def(self.registry, ty).map_err(refuse)?;
        let mut object = Object::new();
        self.structure(def, &mut object, 1)?;
        Ok(object)
    }

    /// An object of a type with fields, at `level` (the root is level 1).
    fn structure(&mut self, def: &'r StructType, object: &mut Object, level: usize) -> Result<()> {
        if level > MAX_NESTING {
            return Err(refused());
        }
        self.scanner.begin_object()?;
        let fields = def.fields();
        let base = self.slots.len();
        for _ in 0..fields.len() {
            self.slots.push(Slot::Unseen);
        }
        // Fields before `next` have been read, in order; a member of a later field waits.
        let mut next = 0;
        while let Some(name) = self.scanner.next_key_bytes()? {
            let i = match fields.get(next) {
                Some(field) if field.name().as_bytes() == name => next,
                _ => index_of(def, name).ok_or_else(refused)?,
            };
            if !matches!(self.slots.get(base + i), Some(Slot::Unseen)) {
                return Err(refused());
            }
            if i == next {
                self.field(&fields[i], object, level)?;
                self.slots.set(base + i, Slot::Done);
                next += 1;
            } else {
                let mark = self.scanner.mark();
                self.scanner.skip_value()?;
                let at = Slot::At(mark, self.scanner.position());
                self.slots.set(base + i, at);
            }
        }
        let end = self.scanner.mark();
        for (i, field) in fields.iter().enumerate().skip(next) {
            match self.slots.get(base + i).unwrap_or_default() {
                Slot::At(mark, stop) => {
                    self.waiting(mark, stop, |s| s.field(field, object, level))?
                }
                Slot::Unseen if field.arity() == Arity::Singular => return Err(refused()),
                _ => {}
            }
        }
        self.scanner.reset(end);
        self.slots.truncate(base);
        Ok(())
    }

    /// Reads a value passed over before, with `read`; it must end where the pass ended.
    fn waiting(
        &mut self,
        mark: JsonMark,
        stop: usize,
        read: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        self.scanner.reset(mark);
        read(self)?;
        if self.scanner.position() != stop {
            return Err(refused());
        }
        Ok(())
    }

    /// One field's value (the member's value is next), added to `object`, an object at `level`.
    fn field(&mut self, field: &'r Field, object: &mut Object, level: usize) -> Result<()> {
        let id = field_number(field).map_err(refuse)?;
        let registry = self.registry;
        match field.arity() {
            Arity::Singular => {
                let element = elem(registry, field.ty()).map_err(refuse)?;
                self.element(element, object, id, level)
            }
            Arity::Option(inner) => {
                let element = elem(registry, inner).map_err(refuse)?;
                self.scanner.begin_array()?;
                let mut count = 0;
                while self.scanner.next_item()? {
                    // An option holds at most one value.
                    if count == 1 {
                        return Err(refused());
                    }
                    self.element(element, object, id, level)?;
                    count += 1;
                }
                Ok(())
            }
            Arity::List(inner) => {
                let element = elem(registry, inner).map_err(refuse)?;
                self.scanner.begin_array()?;
                while self.scanner.next_item()? {
                    self.element(element, object, id, level)?;
                }
                Ok(())
            }
            Arity::Map(key, value) => {
                let key = elem(registry, key).map_err(refuse)?;
                let value = elem(registry, value).map_err(refuse)?;
                self.scanner.begin_array()?;
                while self.scanner.next_item()? {
                    // The entry object is no level of its own.
                    let entry = object.add_object(id);
                    self.entry(key, value, entry, level)?;
                }
                Ok(())
            }
        }
    }

    /// A map entry, `{"key": k, "value": v}` (either order), into `entry`: the key at 1, then
    /// the value at 2.
    fn entry(
        &mut self,
        key: Elem<'r>,
        value: Elem<'r>,
        entry: &mut Object,
        level: usize,
    ) -> Result<()> {
        self.scanner.begin_object()?;
        let mut has_key = false;
        let mut value_at = Slot::Unseen;
        while let Some(name) = self.scanner.next_key_bytes()? {
            match (name, has_key, value_at) {
                (b"key", false, Slot::Unseen | Slot::At(..)) => {
                    self.element(key, entry, 1, level)?;
                    has_key = true;
                }
                (b"value", true, Slot::Unseen) => {
                    self.element(value, entry, 2, level)?;
                    value_at = Slot::Done;
                }
                (b"value", false, Slot::Unseen) => {
                    let mark = self.scanner.mark();
                    self.scanner.skip_value()?;
                    value_at = Slot::At(mark, self.scanner.position());
                }
                // A second member of one name, or another name.
                _ => return Err(refused()),
            }
        }
        match (has_key, value_at) {
            (true, Slot::Done) => Ok(()),
            (true, Slot::At(mark, stop)) => {
                let end = self.scanner.mark();
                self.waiting(mark, stop, |s| s.element(value, entry, 2, level))?;
                self.scanner.reset(end);
                Ok(())
            }
            _ => Err(refused()),
        }
    }

    /// One value of an element type, added as one occurrence of field `id` of `object`, an
    /// object at `level`.
    fn element(
        &mut self,
        element: Elem<'r>,
        object: &mut Object,
        id: u32,
        level: usize,
    ) -> Result<()> {
        let json = match self.scanner.peek()? {
            JsonKind::Object => {
                return match element {
                    Elem::Struct(_, def) => self.structure(def, object.add_object(id), level + 1),
                    // Rare: read as the `Value` path reads it, then as the loader reads it.
                    Elem::Entity => {
                        let json = self.scanner.value()?;
                        self.loader
                            .element(element, &json, object, id, level)
                            .map_err(refuse)
                    }
                    _ => Err(refused()),
                };
            }
            JsonKind::String => {
                let text = self.scanner.string()?;
                match element {
                    Elem::String => {
                        object.add_string(id, &text);
                        return Ok(());
                    }
                    Elem::Enum(def) => {
                        let constant = match def.constants() {
                            // A few: a look at each is quicker than hashing the name.
                            few if few.len() <= 16 => few.iter().find(|c| c.name() == text),
                            _ => def.constant(&text),
                        };
                        let value = u32::try_from(constant.ok_or_else(refused)?.value());
                        object.add::<family::Enum>(id, value.map_err(refuse)?);
                        return Ok(());
                    }
                    // 64-bit integers are written as strings. The loader reads the number that
                    // the string is, as it would read the string (the same parse, then the
                    // same range check), and no `String` is made.
                    Elem::Int(Int::I64(_), _) | Elem::EntityId => {
                        Value::Number(text.parse::<i64>().map_err(refuse)?.into())
                    }
                    Elem::Int(Int::U64(_), _) => {
                        Value::Number(text.parse::<u64>().map_err(refuse)?.into())
                    }
                    _ => Value::String(text.into_owned()),
                }
            }
            JsonKind::Number => Value::Number(self.scanner.number()?.to_serde()),
            JsonKind::Bool => Value::Bool(self.scanner.bool()?),
            JsonKind::Null | JsonKind::Array => return Err(refused()),
        };
        self.loader
            .element(element, &json, object, id, level)
            .map_err(refuse)
    }
}
