//! Dumping: walks a schema type and an [`Object`] together and sends the JSON to a [`Sink`].
//!
//! Values are read as `Schema_Get*` reads them: a singular or option field shows its last
//! occurrence, a list all occurrences of the field's wire family; occurrences of another wire
//! family are not seen (`typed::validate` in `rosetta-wire` reports them). A singular field with
//! no value, a field the type does not declare, a string that is not UTF-8 or an integer outside
//! a narrow type's range is an error that gives the JSON Pointer the value would have had.

use base64::Engine as _;
use rosetta_types::{Arity, Field, IntEncoding, StructType, TypeId, TypeRegistry, MAX_NESTING};
use rosetta_wire::family::{self, Family};
use rosetta_wire::Object;

use super::elem::{elem, struct_def, Elem, Int, Path};
use super::options::{DumpOptions, MemberOrder};
use super::sink::Sink;
use crate::error::{Error, Result};

/// Which occurrences of a field to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Take {
    /// The last one (singular and option fields).
    Last,
    /// All of them (lists).
    All,
}

/// Calls `f` with the last value or every value of a family; returns how many.
fn each<F: Family>(
    object: &Object,
    id: u32,
    take: Take,
    mut f: impl FnMut(F::Value) -> Result<()>,
) -> Result<usize> {
    match take {
        Take::Last => match object.try_get::<F>(id) {
            Some(value) => f(value).map(|()| 1),
            None => Ok(0),
        },
        Take::All => {
            let values = object.list::<F>(id);
            for value in &values {
                f(*value)?;
            }
            Ok(values.len())
        }
    }
}

/// The JSON form of a non-finite float: the strings proto3 JSON uses.
pub(crate) fn non_finite(value: f64) -> &'static str {
    if value.is_nan() {
        "NaN"
    } else if value > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

/// The walker: the registry, where the JSON goes and where it is.
pub(crate) struct Dumper<'r, 's, S> {
    pub(crate) registry: &'r TypeRegistry,
    pub(crate) sink: &'s mut S,
    pub(crate) path: Path<'r>,
    pub(crate) options: DumpOptions,
}

impl<'r, 's, S: Sink> Dumper<'r, 's, S> {
    pub(crate) fn new(registry: &'r TypeRegistry, sink: &'s mut S, options: DumpOptions) -> Self {
        Dumper {
            registry,
            sink,
            path: Path::default(),
            options,
        }
    }

    /// A whole object of a type with fields.
    pub(crate) fn object(&mut self, ty: TypeId, object: &Object) -> Result<()> {
        let def = struct_def(self.registry, ty)?;
        self.structure(ty, def, object, 1)
    }

    /// The positions of a type's fields in the order they are written.
    pub(crate) fn order(&self, def: &'r StructType) -> Vec<&'r Field> {
        let mut fields: Vec<&Field> = def.fields().iter().collect();
        if self.options.member_order == MemberOrder::Alphabetical {
            fields.sort_by(|a, b| a.name().cmp(b.name()));
        }
        fields
    }

    /// Fails on a field id the type does not declare, unless told to skip them.
    pub(crate) fn check_unknown(
        &self,
        ty: TypeId,
        def: &StructType,
        object: &Object,
    ) -> Result<()> {
        if self.options.skip_unknown_fields {
            return Ok(());
        }
        // The common case first, without the sorted list of ids or a hash per id (the error
        // below names the smallest unknown id, as it always has).
        let fields = def.fields();
        // Data usually has its fields in declaration order: each search starts where the last
        // one ended.
        let mut at = 0;
        let mut declared = |id: u32| {
            if fields.len() > 16 {
                return def.index_of_number(id).is_some();
            }
            let (head, tail) = fields.split_at(at.min(fields.len()));
            match tail.iter().chain(head).position(|f| f.number() == Some(id)) {
                Some(i) => {
                    at = (at + i + 1) % fields.len().max(1);
                    true
                }
                None => false,
            }
        };
        if object.field_ids().all(&mut declared) {
            return Ok(());
        }
        if let Some(id) = object
            .unique_field_ids()
            .into_iter()
            .find(|id| def.index_of_number(*id).is_none())
        {
            return Err(self.path.error(format!(
                "the data has field {id}, which `{}` does not declare",
                self.registry.display(ty)
            )));
        }
        Ok(())
    }

    /// An object of a type with fields, at `level` (the root is level 1, as [`MAX_NESTING`]
    /// counts).
    pub(crate) fn structure(
        &mut self,
        ty: TypeId,
        def: &'r StructType,
        object: &Object,
        level: usize,
    ) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.path.too_deep());
        }
        self.check_unknown(ty, def, object)?;
        self.sink.begin_object();
        let fields = def.fields();
        let sorted = || fields.windows(2).all(|w| w[0].name() <= w[1].name());
        if self.options.member_order == MemberOrder::Declaration || sorted() {
            for field in fields {
                self.member(field, object, level)?;
            }
        } else if fields.len() <= 32 {
            // `order`'s order without its `Vec`: field names are distinct, so any sort agrees.
            let mut order = [0u8; 32];
            for (i, slot) in order.iter_mut().enumerate().take(fields.len()) {
                *slot = i as u8;
            }
            let order = &mut order[..fields.len()];
            order.sort_unstable_by(|&a, &b| {
                fields[usize::from(a)]
                    .name()
                    .cmp(fields[usize::from(b)].name())
            });
            for &i in order.iter() {
                self.member(&fields[usize::from(i)], object, level)?;
            }
        } else {
            for field in self.order(def) {
                self.member(field, object, level)?;
            }
        }
        self.sink.end_object();
        Ok(())
    }

    /// One member: the field's name and value.
    fn member(&mut self, field: &'r Field, object: &Object, level: usize) -> Result<()> {
        self.sink.key(field.name());
        self.path.push_name(field.name());
        self.field(field, object, level)?;
        self.path.pop();
        Ok(())
    }

    /// One field's value, of `object`, an object at `level`: the key has been written.
    pub(crate) fn field(&mut self, field: &'r Field, object: &Object, level: usize) -> Result<()> {
        let id = field_number(field)?;
        match field.arity() {
            Arity::Singular => {
                let element = elem(self.registry, field.ty())?;
                if self.elements(element, object, id, Take::Last, level)? == 0 {
                    return Err(self.absent(
                        element.describe(),
                        object,
                        id,
                        "missing singular field",
                    ));
                }
            }
            Arity::Option(inner) => {
                let element = elem(self.registry, inner)?;
                self.sink.begin_array();
                // The value is at `/0`, as in a list.
                self.path.push_index(0);
                if self.elements(element, object, id, Take::Last, level)? == 0
                    && object.has_field(id)
                {
                    return Err(self.absent(element.describe(), object, id, ""));
                }
                self.path.pop();
                self.sink.end_array();
            }
            Arity::List(inner) => {
                let element = elem(self.registry, inner)?;
                self.sink.begin_array();
                if self.elements(element, object, id, Take::All, level)? == 0
                    && object.has_field(id)
                {
                    return Err(self.absent(element.describe(), object, id, ""));
                }
                self.sink.end_array();
            }
            Arity::Map(key, value) => self.map(key, value, object, id, level)?,
        }
        Ok(())
    }

    /// The error for a field with no value of its element: missing, or of another wire type.
    fn absent(&self, what: &str, object: &Object, id: u32, missing: &str) -> Error {
        if object.has_field(id) {
            self.path.error(format!(
                "field {id} holds no value of its type ({what}): its occurrences have another wire type"
            ))
        } else {
            self.path.error(format!("{missing} (id {id})"))
        }
    }

    fn map(
        &mut self,
        key: TypeId,
        value: TypeId,
        object: &Object,
        id: u32,
        level: usize,
    ) -> Result<()> {
        let (key_elem, value_elem) = (elem(self.registry, key)?, elem(self.registry, value)?);
        let entries = object
            .objects(id)
            .map_err(|e| Error::wire(self.path.pointer(), &e))?;
        if entries.is_empty() && object.has_field(id) {
            return Err(self.absent("map entries", object, id, ""));
        }
        self.sink.begin_array();
        for (i, entry) in entries.into_iter().enumerate() {
            self.path.push_index(i);
            self.sink.begin_object();
            for (slot, name, element) in [(1, "key", key_elem), (2, "value", value_elem)] {
                self.sink.key(name);
                self.path.push_name(name);
                // The entry object is no level of its own.
                if self.elements(element, entry, slot, Take::Last, level)? == 0 {
                    return Err(self.absent(
                        element.describe(),
                        entry,
                        slot,
                        &format!("map entry without a {name}"),
                    ));
                }
                self.path.pop();
            }
            self.sink.end_object();
            self.path.pop();
        }
        self.sink.end_array();
        Ok(())
    }

    /// Writes the last value or every value of a field of `object`, an object at `level`, as
    /// `element`s; returns how many. List elements are found at `path/index`.
    pub(crate) fn elements(
        &mut self,
        element: Elem<'r>,
        object: &Object,
        id: u32,
        take: Take,
        level: usize,
    ) -> Result<usize> {
        match element {
            Elem::String | Elem::Bytes => self.byte_values(element, object, id, take),
            // One nested object, without the `Vec` of `objects`.
            Elem::Struct(ty, def) if take == Take::Last => match self.last_object(object, id)? {
                Some(nested) => self.structure(ty, def, nested, level + 1).map(|()| 1),
                None => Ok(0),
            },
            Elem::Struct(ty, def) => {
                let objects = self.objects(object, id, take)?;
                for (i, nested) in objects.iter().enumerate() {
                    self.push_item(take, i);
                    self.structure(ty, def, nested, level + 1)?;
                    self.pop_item(take);
                }
                Ok(objects.len())
            }
            Elem::Entity => {
                let objects = self.objects(object, id, take)?;
                for (i, nested) in objects.iter().enumerate() {
                    self.push_item(take, i);
                    self.entity(nested, level + 1)?;
                    self.pop_item(take);
                }
                Ok(objects.len())
            }
            scalar => self.scalars(scalar, object, id, take),
        }
    }

    fn push_item(&mut self, take: Take, index: usize) {
        if take == Take::All {
            self.path.push_index(index);
        }
    }

    fn pop_item(&mut self, take: Take) {
        if take == Take::All {
            self.path.pop();
        }
    }

    fn objects<'o>(&self, object: &'o Object, id: u32, take: Take) -> Result<Vec<&'o Object>> {
        let wire = |e: rosetta_wire::Error| Error::wire(self.path.pointer(), &e);
        match take {
            Take::All => object.objects(id).map_err(wire),
            Take::Last => Ok(self.last_object(object, id)?.into_iter().collect()),
        }
    }

    /// The last occurrence of an object field, `None` when it has none.
    fn last_object<'o>(&self, object: &'o Object, id: u32) -> Result<Option<&'o Object>> {
        if object.bytes_count(id) == 0 {
            return Ok(None);
        }
        match object.object(id) {
            Some(nested) => Ok(Some(nested)),
            None => Err(self.path.error(format!("field {id} is not an object"))),
        }
    }

    fn byte_values(
        &mut self,
        element: Elem<'_>,
        object: &Object,
        id: u32,
        take: Take,
    ) -> Result<usize> {
        let count = object.bytes_count(id);
        let skip = match take {
            Take::Last => count.saturating_sub(1),
            Take::All => 0,
        };
        for (index, bytes) in object.bytes_iter(id).enumerate().skip(skip) {
            self.push_item(take, index);
            let bytes = bytes.ok_or_else(|| {
                self.path
                    .error(format!("expected {}, found an object", element.describe()))
            })?;
            if matches!(element, Elem::String) {
                let text = std::str::from_utf8(bytes)
                    .map_err(|e| self.path.error(format!("the string is not UTF-8: {e}")))?;
                self.sink.string(text);
            } else {
                self.sink
                    .string(&base64::engine::general_purpose::STANDARD.encode(bytes));
            }
            self.pop_item(take);
        }
        Ok(count - skip)
    }

    fn scalars(
        &mut self,
        element: Elem<'r>,
        object: &Object,
        id: u32,
        take: Take,
    ) -> Result<usize> {
        let sink = &mut *self.sink;
        let path = &self.path;
        let i64s = |sink: &mut S, v: i64| {
            sink.string(itoa::Buffer::new().format(v));
            Ok(())
        };
        let u64s = |sink: &mut S, v: u64| {
            sink.string(itoa::Buffer::new().format(v));
            Ok(())
        };
        match element {
            Elem::Bool => each::<family::Bool>(object, id, take, |v| {
                sink.bool(v);
                Ok(())
            }),
            Elem::Int(int_family, int) => {
                let signed = |sink: &mut S, v: i64| {
                    if !int.contains(v) {
                        return Err(path.error(format!("{v} is out of range for {}", int.name())));
                    }
                    sink.i64(v);
                    Ok(())
                };
                let unsigned = |sink: &mut S, v: u64| {
                    if v > int.max() {
                        return Err(path.error(format!("{v} is out of range for {}", int.name())));
                    }
                    sink.u64(v);
                    Ok(())
                };
                match int_family {
                    Int::I32(IntEncoding::Varint) => {
                        each::<family::Int32>(object, id, take, |v| signed(sink, v.into()))
                    }
                    Int::I32(IntEncoding::ZigZag) => {
                        each::<family::Sint32>(object, id, take, |v| signed(sink, v.into()))
                    }
                    Int::I32(IntEncoding::Fixed) => {
                        each::<family::Sfixed32>(object, id, take, |v| signed(sink, v.into()))
                    }
                    // Unsigned zig-zag is not a SpatialOS type; it travels as sint32, as in `typed`.
                    Int::U32(IntEncoding::ZigZag) => {
                        each::<family::Sint32>(object, id, take, |v| {
                            unsigned(sink, u64::from(v as u32))
                        })
                    }
                    Int::U32(IntEncoding::Varint) => {
                        each::<family::Uint32>(object, id, take, |v| unsigned(sink, v.into()))
                    }
                    Int::U32(IntEncoding::Fixed) => {
                        each::<family::Fixed32>(object, id, take, |v| unsigned(sink, v.into()))
                    }
                    Int::I64(IntEncoding::Varint) => {
                        each::<family::Int64>(object, id, take, |v| i64s(sink, v))
                    }
                    Int::I64(IntEncoding::ZigZag) => {
                        each::<family::Sint64>(object, id, take, |v| i64s(sink, v))
                    }
                    Int::I64(IntEncoding::Fixed) => {
                        each::<family::Sfixed64>(object, id, take, |v| i64s(sink, v))
                    }
                    Int::U64(IntEncoding::Varint) => {
                        each::<family::Uint64>(object, id, take, |v| u64s(sink, v))
                    }
                    Int::U64(IntEncoding::ZigZag) => {
                        each::<family::Sint64>(object, id, take, |v| u64s(sink, v as u64))
                    }
                    Int::U64(IntEncoding::Fixed) => {
                        each::<family::Fixed64>(object, id, take, |v| u64s(sink, v))
                    }
                }
            }
            Elem::EntityId => each::<family::EntityId>(object, id, take, |v| i64s(sink, v)),
            Elem::Float => each::<family::Float>(object, id, take, |v| {
                if v.is_finite() {
                    sink.f32(v);
                } else {
                    sink.string(non_finite(f64::from(v)));
                }
                Ok(())
            }),
            Elem::Double => each::<family::Double>(object, id, take, |v| {
                if v.is_finite() {
                    sink.f64(v);
                } else {
                    sink.string(non_finite(v));
                }
                Ok(())
            }),
            Elem::Enum(def) => each::<family::Enum>(object, id, take, |v| {
                match def.by_value(i64::from(v)) {
                    Some(constant) => sink.string(constant.name()),
                    // A value the schema does not name (data from a newer schema) stays a number.
                    None => sink.u64(u64::from(v)),
                }
                Ok(())
            }),
            Elem::Bitmask => each::<family::Enum>(object, id, take, |v| {
                sink.u64(u64::from(v));
                Ok(())
            }),
            Elem::String | Elem::Bytes | Elem::Struct(..) | Elem::Entity => Ok(0),
        }
    }

    /// An `Entity`: `{"<component qualified name>": {component data}}`, by ascending component id
    /// (or by name when members are sorted).
    pub(crate) fn entity(&mut self, entity: &Object, level: usize) -> Result<()> {
        if level > MAX_NESTING {
            return Err(self.path.too_deep());
        }
        let mut components = Vec::new();
        for component_id in entity.unique_field_ids() {
            let component = self.registry.component(component_id).ok_or_else(|| {
                self.path.error(format!(
                    "the entity has component {component_id}, which the schema does not define"
                ))
            })?;
            let name = component.qualified_name().ok_or_else(|| {
                self.path
                    .error(format!("component {component_id} has no name"))
            })?;
            components.push((component.id(), name, component_id));
        }
        if self.options.member_order == MemberOrder::Alphabetical {
            components.sort_by(|a, b| a.1.cmp(b.1));
        }
        self.sink.begin_object();
        for (ty, name, component_id) in components {
            self.sink.key(name);
            self.path.push_name(name);
            let data = entity.object(component_id).ok_or_else(|| {
                self.path.error(format!(
                    "the data of component {component_id} is not an object"
                ))
            })?;
            let def = struct_def(self.registry, ty)?;
            self.structure(ty, def, data, level + 1)?;
            self.path.pop();
        }
        self.sink.end_object();
        Ok(())
    }
}

/// A field's number; lowered SpatialOS schemas always have one.
pub(crate) fn field_number(field: &Field) -> Result<u32> {
    field
        .number()
        .ok_or_else(|| Error::schema(format!("field `{}` has no field number", field.name())))
}
