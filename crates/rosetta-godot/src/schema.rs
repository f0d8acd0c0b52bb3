//! Schema mapping: a value of the shared type model ([`rosetta_types::Value`] of a [`TypeId`], or
//! SpatialOS schema data as a [`rosetta_wire::Object`]) to a [`Variant`] and back.
//!
//! | kind | Variant |
//! | --- | --- |
//! | `Bool` | `bool` |
//! | `Char` | a one-character `String` |
//! | `Int`, `EntityId`, `Enum`, `Bitmask` | `int` (a `uint64` above `i64::MAX` as its bit pattern) |
//! | `Float` | `float` |
//! | `String` | `String` |
//! | `Bytes` | `PackedByteArray` |
//! | `Uuid` | `String` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`) |
//! | `Struct` | `Dictionary` keyed by field name (`String`), in declaration order |
//! | `Array`, `List`, `Set` | a packed array for primitive elements (below), else `Array` |
//! | `Map` | `Dictionary` |
//! | `Option` | `null` or the value (an option of a nullable type: `null` or `[value]`) |
//! | `Tuple` | `Array`; the empty tuple (`nil`) is `null` |
//! | `Math` | Godot's type of the shape (`Vector3`, `Vector3i`, `Quaternion`, `Color`, `Basis`, ...) |
//! | `Entity` | `Dictionary` keyed by component id (`int`) |
//! | `Polymorphic`, `Any` | `{"$type": name, "$value": value}` |
//!
//! Lists: integers of at most 32 bits (signed) or 16 bits (unsigned) and enums over them are
//! `PackedInt32Array`; `uint32`, 64-bit integers, enums over them and entity ids
//! `PackedInt64Array`; `float` `PackedFloat32Array`; `double` `PackedFloat64Array`; `string`
//! `PackedStringArray`; `f32` `Vector2`, `Vector3`, `Vector4` and `Color` the matching packed
//! vector and color arrays. Math values without a Godot type (`TransformTrs`, matrices, `Color`
//! of `f64`, quaternions of `i32`) are packed arrays of their components.
//!
//! [`Version::Godot3`] lacks some types: there, `PackedInt64Array`, `PackedFloat64Array` and
//! `PackedVector4Array` become `Array`s, and the integer vectors, `Rect2i`, `Vector4` and
//! `Projection` become packed arrays of their components.
//!
//! Reading back accepts what the forward direction writes and lenient forms: an `Array` (or any
//! packed array) for a packed array, an `int` for a `float`, an integral `float` for an `int`, a
//! `StringName` for a `String`, an enum constant's name for an enum, an `Array` of components for a
//! math value, a struct `Dictionary` with fields missing (they take their defaults). Errors say
//! where, as a path (`.inventory[3].count`).

use std::fmt;

use rosetta_types::{
    default_value, Arity, FloatType, IntType, IntWidth, Kind, MathScalar, MathShape, MathType,
    TypeId, TypeRegistry, Value,
};
use rosetta_wire::{typed, ComponentUpdate, Object};

use crate::header::Version;
use crate::math::{
    Aabb, Basis, Color, Plane, Projection, Quaternion, Rect2, Rect2i, Transform2D, Transform3D,
    Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
use crate::variant::{Array, Dictionary, Variant};

/// The key of the actual type in a polymorphic or `any` value's Dictionary.
pub const TYPE_KEY: &str = "$type";
/// The key of the value in a polymorphic or `any` value's Dictionary.
pub const VALUE_KEY: &str = "$value";
/// The key of the events in a component update's Dictionary.
pub const EVENTS_KEY: &str = "$events";

/// A schema value that does not map, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SchemaError {
    /// Where (`.field[2]`, empty for the root).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "at `{}`: {}", self.path, self.message)
        }
    }
}

type Result<T, E = SchemaError> = std::result::Result<T, E>;

/// A step of a path, rendered only when an error happens.
#[derive(Clone, Copy)]
enum Seg<'a> {
    Root,
    Field(&'a str),
    Index(usize),
    Key(usize),
    Component(u32),
    Dynamic,
}

#[derive(Clone, Copy)]
struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    seg: Seg<'a>,
}

impl<'a> Path<'a> {
    const ROOT: Path<'static> = Path {
        parent: None,
        seg: Seg::Root,
    };

    fn child(&'a self, seg: Seg<'a>) -> Path<'a> {
        Path {
            parent: Some(self),
            seg,
        }
    }

    fn render(&self) -> String {
        let mut segs = Vec::new();
        let mut at = Some(self);
        while let Some(p) = at {
            segs.push(p.seg);
            at = p.parent;
        }
        let mut out = String::new();
        for seg in segs.iter().rev() {
            match seg {
                Seg::Root => {}
                Seg::Field(name) => {
                    out.push('.');
                    out.push_str(name);
                }
                Seg::Index(i) => out.push_str(&format!("[{i}]")),
                Seg::Key(i) => out.push_str(&format!("{{key {i}}}")),
                Seg::Component(id) => out.push_str(&format!("[component {id}]")),
                Seg::Dynamic => out.push_str(&format!(".{VALUE_KEY}")),
            }
        }
        out
    }

    fn error(&self, message: impl Into<String>) -> SchemaError {
        SchemaError {
            path: self.render(),
            message: message.into(),
        }
    }
}

/// Maps values of one registry's types to and from Variants for one engine version.
#[derive(Debug, Clone, Copy)]
pub struct Mapping<'r> {
    registry: &'r TypeRegistry,
    version: Version,
}

impl<'r> Mapping<'r> {
    /// A mapping for `registry`'s types that writes only types `version` has.
    pub fn new(registry: &'r TypeRegistry, version: Version) -> Self {
        Mapping { registry, version }
    }

    /// The value `value` of type `ty` as a Variant.
    pub fn to_variant(&self, ty: TypeId, value: &Value) -> Result<Variant> {
        self.fwd(ty, value, &Path::ROOT, 0)
    }

    /// The Variant `variant` as a value of type `ty`.
    pub fn from_variant(&self, ty: TypeId, variant: &Variant) -> Result<Value> {
        self.bwd(ty, variant, &Path::ROOT, 0)
    }

    /// Schema data `object` of struct type (or component) `ty` as a Variant (a Dictionary).
    pub fn object_to_variant(&self, ty: TypeId, object: &Object) -> Result<Variant> {
        let value = typed::read(self.registry, ty, object).map_err(|e| SchemaError {
            path: String::new(),
            message: e.to_string(),
        })?;
        self.to_variant(ty, &value)
    }

    /// The Variant `variant` as schema data of struct type (or component) `ty`.
    pub fn object_from_variant(&self, ty: TypeId, variant: &Variant) -> Result<Object> {
        let value = self.from_variant(ty, variant)?;
        typed::write(self.registry, ty, &value).map_err(|e| SchemaError {
            path: String::new(),
            message: e.to_string(),
        })
    }

    /// A component update as a Dictionary: the fields that change, by name (a cleared list, map
    /// or option as its empty value: `[]`/packed, `{}`, `null`), and, when it has events,
    /// [`EVENTS_KEY`]: a Dictionary of event name to an Array of event Dictionaries.
    pub fn update_to_variant(
        &self,
        component: TypeId,
        update: &ComponentUpdate,
    ) -> Result<Variant> {
        let wire = |e: rosetta_wire::Error| Path::ROOT.error(e.to_string());
        let def = self.struct_def(component)?;
        typed::check_update(self.registry, component, update).map_err(wire)?;
        let mut entries = Vec::new();
        for field in def.fields() {
            let Some(n) = field.number() else { continue };
            let value = if update.fields().has_field(n) {
                typed::get_field(self.registry, component, update.fields(), field.name())
                    .map_err(wire)?
            } else if update.is_field_cleared(n) {
                default_value(self.registry, field.ty())
                    .map_err(|e| Path::ROOT.error(e.to_string()))?
            } else {
                continue;
            };
            let p = Path::ROOT.child(Seg::Field(field.name()));
            entries.push((
                Variant::String(field.name().to_owned()),
                self.fwd(field.ty(), &value, &p, 1)?,
            ));
        }
        let mut events = Vec::new();
        if let Some(info) = self.registry.get(component).and_then(|t| t.component()) {
            for event in info.events() {
                let objects = update.events().objects(event.index()).map_err(wire)?;
                if objects.is_empty() {
                    continue;
                }
                let mut items = Vec::with_capacity(objects.len());
                for object in objects {
                    items.push(self.object_to_variant(event.ty(), object)?);
                }
                events.push((
                    Variant::String(event.name().to_owned()),
                    Variant::from(Array::untyped(items)),
                ));
            }
        }
        if !events.is_empty() {
            entries.push((
                Variant::String(EVENTS_KEY.into()),
                Variant::from(Dictionary::untyped(events)),
            ));
        }
        Ok(Variant::from(Dictionary::untyped(entries)))
    }

    /// The Dictionary [`Mapping::update_to_variant`] writes as a component update: an empty list,
    /// map or option clears the field.
    pub fn update_from_variant(
        &self,
        component: TypeId,
        variant: &Variant,
    ) -> Result<ComponentUpdate> {
        let root = Path::ROOT;
        let def = self.struct_def(component)?;
        let Variant::Dictionary(d) = variant else {
            return Err(root.error(format!(
                "expected a Dictionary for an update of `{}`, found {}",
                self.registry.display(component),
                variant_name(variant)
            )));
        };
        let mut update = ComponentUpdate::new();
        for (key, value) in &d.entries {
            let name = match key {
                Variant::String(s) | Variant::StringName(s) => s.as_str(),
                other => {
                    return Err(root.error(format!(
                        "update keys are field names, found a key of {}",
                        variant_name(other)
                    )))
                }
            };
            if name == EVENTS_KEY {
                self.events_from_variant(component, value, &mut update)?;
                continue;
            }
            let field = def.field(name).ok_or_else(|| {
                root.error(format!(
                    "`{}` has no field `{name}`",
                    self.registry.display(component)
                ))
            })?;
            let p = root.child(Seg::Field(field.name()));
            let value = self.bwd(field.ty(), value, &p, 1)?;
            let empty = match &value {
                Value::List(xs) => xs.is_empty(),
                Value::Map(xs) => xs.is_empty(),
                Value::Option(o) => o.is_none(),
                _ => false,
            };
            match (field.arity(), field.number()) {
                (Arity::List(_) | Arity::Map(..) | Arity::Option(_), Some(n)) if empty => {
                    update.add_cleared_field(n)
                }
                _ => typed::set_field(self.registry, component, update.fields_mut(), name, &value)
                    .map_err(|e| p.error(e.to_string()))?,
            }
        }
        Ok(update)
    }

    fn events_from_variant(
        &self,
        component: TypeId,
        value: &Variant,
        update: &mut ComponentUpdate,
    ) -> Result<()> {
        let p = Path::ROOT.child(Seg::Field(EVENTS_KEY));
        let info = self
            .registry
            .get(component)
            .and_then(|t| t.component())
            .ok_or_else(|| p.error("only components have events"))?;
        let Variant::Dictionary(events) = value else {
            return Err(p.error("events are a Dictionary of event name to Array"));
        };
        for (key, list) in &events.entries {
            let (Variant::String(name) | Variant::StringName(name)) = key else {
                return Err(p.error("event keys are event names"));
            };
            let event = info
                .event_by_name(name)
                .ok_or_else(|| p.error(format!("no event `{name}`")))?;
            let ep = p.child(Seg::Field(event.name()));
            let Variant::Array(items) = list else {
                return Err(ep.error("expected an Array of events"));
            };
            for (i, item) in items.items.iter().enumerate() {
                let object = self
                    .object_from_variant(event.ty(), item)
                    .map_err(|e| ep.child(Seg::Index(i)).error(e.to_string()))?;
                *update.add_event(event.index()) = object;
            }
        }
        Ok(())
    }

    fn struct_def(&self, ty: TypeId) -> Result<&'r rosetta_types::StructType> {
        match self.kind(ty, &Path::ROOT)? {
            Kind::Struct(def) => Ok(def),
            _ => Err(Path::ROOT.error(format!(
                "`{}` is not a type with fields",
                self.registry.display(ty)
            ))),
        }
    }

    fn godot4(&self) -> bool {
        self.version == Version::Godot4
    }

    fn kind(&self, ty: TypeId, path: &Path<'_>) -> Result<&'r Kind> {
        self.registry
            .get(ty)
            .map(|t| t.kind())
            .ok_or_else(|| path.error(format!("unknown type id {}", ty.as_u32())))
    }

    /// Whether the type maps to `null` for some value (so an option of it needs a wrapper).
    fn nullable(&self, ty: TypeId) -> bool {
        match self.registry.get(ty).map(|t| t.kind()) {
            Some(Kind::Option(_)) => true,
            Some(Kind::Tuple(ts)) => ts.is_empty(),
            _ => false,
        }
    }

    fn type_name(&self, ty: TypeId) -> String {
        match self.registry.get(ty).and_then(|t| t.qualified_name()) {
            Some(name) => name.to_owned(),
            None => format!("#{}", ty.as_u32()),
        }
    }

    fn type_by_name(&self, name: &str) -> Option<TypeId> {
        if let Some(index) = name.strip_prefix('#') {
            let index: usize = index.parse().ok()?;
            return self.registry.iter().nth(index).map(|t| t.id());
        }
        self.registry.lookup(name)
    }

    // ---- forward ----

    fn fwd(&self, ty: TypeId, value: &Value, path: &Path<'_>, depth: usize) -> Result<Variant> {
        if depth > crate::MAX_DEPTH {
            return Err(path.error(format!("nesting deeper than {}", crate::MAX_DEPTH)));
        }
        let kind = self.kind(ty, path)?;
        let mismatch = || {
            path.error(format!(
                "expected a value of {} `{}`, found {}",
                kind.name(),
                self.registry.display(ty),
                value.kind_name()
            ))
        };
        Ok(match (kind, value) {
            (Kind::Bool, Value::Bool(b)) => Variant::Bool(*b),
            (Kind::Char, Value::Char(c)) => Variant::String(c.to_string()),
            (Kind::Int(_), v) => Variant::Int(int_of(v).ok_or_else(mismatch)?),
            (Kind::Float(_), Value::F32(f)) => Variant::Float(f64::from(*f)),
            (Kind::Float(_), Value::F64(f)) => Variant::Float(*f),
            (Kind::String, Value::String(s)) => Variant::String(s.to_string()),
            (Kind::Bytes, Value::Bytes(b)) => Variant::PackedByteArray(b.to_vec()),
            (Kind::EntityId, Value::EntityId(id)) => Variant::Int(*id),
            (Kind::Uuid, Value::Uuid(u)) => Variant::String(format_uuid(u)),
            (Kind::Enum(_) | Kind::Bitmask(_), Value::Enum(e)) => Variant::Int(*e),
            (Kind::Struct(def), Value::Struct(fields)) => {
                if fields.len() != def.len() {
                    return Err(path.error(format!(
                        "`{}` has {} fields, the value {}",
                        self.registry.display(ty),
                        def.len(),
                        fields.len()
                    )));
                }
                let mut entries = Vec::with_capacity(fields.len());
                for (field, v) in def.fields().iter().zip(fields.iter()) {
                    let p = path.child(Seg::Field(field.name()));
                    entries.push((
                        Variant::String(field.name().to_owned()),
                        self.fwd(field.ty(), v, &p, depth + 1)?,
                    ));
                }
                Variant::from(Dictionary::untyped(entries))
            }
            (Kind::Array(e, n), Value::List(items)) => {
                if items.len() != *n as usize {
                    return Err(path.error(format!("expected {n} elements, found {}", items.len())));
                }
                self.list(*e, items, path, depth)?
            }
            (Kind::List(e) | Kind::Set(e), Value::List(items)) => {
                self.list(*e, items, path, depth)?
            }
            (Kind::Map(k, v), Value::Map(entries)) => {
                let mut out = Vec::with_capacity(entries.len());
                for (i, (key, val)) in entries.iter().enumerate() {
                    let kp = path.child(Seg::Key(i));
                    let vp = path.child(Seg::Index(i));
                    out.push((
                        self.fwd(*k, key, &kp, depth + 1)?,
                        self.fwd(*v, val, &vp, depth + 1)?,
                    ));
                }
                Variant::from(Dictionary::untyped(out))
            }
            (Kind::Option(inner), Value::Option(o)) => match o {
                None => Variant::Nil,
                Some(v) => {
                    let v = self.fwd(*inner, v, path, depth + 1)?;
                    if self.nullable(*inner) {
                        Variant::from(Array::untyped(vec![v]))
                    } else {
                        v
                    }
                }
            },
            (Kind::Tuple(ts), Value::Tuple(items)) => {
                if items.len() != ts.len() {
                    return Err(mismatch());
                }
                if ts.is_empty() {
                    Variant::Nil
                } else {
                    let mut out = Vec::with_capacity(items.len());
                    for (i, (t, v)) in ts.iter().zip(items.iter()).enumerate() {
                        out.push(self.fwd(*t, v, &path.child(Seg::Index(i)), depth + 1)?);
                    }
                    Variant::from(Array::untyped(out))
                }
            }
            (Kind::Math(m), v) => self.math_fwd(*m, v).map_err(|e| path.error(e))?,
            (Kind::Entity, Value::Entity(components)) => {
                let mut out = Vec::with_capacity(components.len());
                for (id, data) in components.iter() {
                    let p = path.child(Seg::Component(*id));
                    let cty = self
                        .registry
                        .component(*id)
                        .ok_or_else(|| p.error(format!("the schema has no component {id}")))?
                        .id();
                    out.push((
                        Variant::Int(i64::from(*id)),
                        self.fwd(cty, data, &p, depth + 1)?,
                    ));
                }
                Variant::from(Dictionary::untyped(out))
            }
            (Kind::Polymorphic(_) | Kind::Any, Value::Dynamic(d)) => {
                let p = path.child(Seg::Dynamic);
                let inner = self.fwd(d.ty, &d.value, &p, depth + 1)?;
                Variant::from(Dictionary::untyped(vec![
                    (
                        Variant::String(TYPE_KEY.into()),
                        Variant::String(self.type_name(d.ty)),
                    ),
                    (Variant::String(VALUE_KEY.into()), inner),
                ]))
            }
            _ => return Err(mismatch()),
        })
    }

    fn list(
        &self,
        elem: TypeId,
        items: &[Value],
        path: &Path<'_>,
        depth: usize,
    ) -> Result<Variant> {
        let kind = self.kind(elem, path)?;
        let at = |i: usize, what: &str, v: &Value| {
            path.child(Seg::Index(i))
                .error(format!("expected {what}, found {}", v.kind_name()))
        };
        let ints = |wide: bool| -> Result<Variant> {
            if wide {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    out.push(
                        int_of(v)
                            .or_else(|| v.as_enum())
                            .or_else(|| v.as_entity_id())
                            .ok_or_else(|| at(i, "an integer", v))?,
                    );
                }
                Ok(if self.godot4() {
                    Variant::PackedInt64Array(out)
                } else {
                    Variant::from(Array::untyped(out.into_iter().map(Variant::Int).collect()))
                })
            } else {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    let n = int_of(v)
                        .or_else(|| v.as_enum())
                        .and_then(|n| i32::try_from(n).ok())
                        .ok_or_else(|| at(i, "a 32-bit integer", v))?;
                    out.push(n);
                }
                Ok(Variant::PackedInt32Array(out))
            }
        };
        match kind {
            Kind::Int(t) => ints(!fits_i32(*t)),
            Kind::Enum(e) | Kind::Bitmask(e) => ints(!fits_i32(e.repr())),
            Kind::EntityId => ints(true),
            Kind::Float(FloatType::F32) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::F32(f) => out.push(*f),
                        _ => return Err(at(i, "a float", v)),
                    }
                }
                Ok(Variant::PackedFloat32Array(out))
            }
            Kind::Float(FloatType::F64) if self.godot4() => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::F64(f) => out.push(*f),
                        _ => return Err(at(i, "a double", v)),
                    }
                }
                Ok(Variant::PackedFloat64Array(out))
            }
            Kind::String => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::String(s) => out.push(s.to_string()),
                        _ => return Err(at(i, "a string", v)),
                    }
                }
                Ok(Variant::PackedStringArray(out))
            }
            Kind::Math(m)
                if m.scalar == MathScalar::F32
                    && matches!(
                        m.shape,
                        MathShape::Vector2 | MathShape::Vector3 | MathShape::Color
                    )
                    || (*m == MathType::VECTOR4 && self.godot4()) =>
            {
                let mut comps = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v.as_math_f32() {
                        Some(c) if c.len() == m.len() => comps.push(c),
                        _ => return Err(at(i, m.shape.name(), v)),
                    }
                }
                let f = |c: &[f32], i: usize| f64::from(c[i]);
                Ok(match m.shape {
                    MathShape::Vector2 => Variant::PackedVector2Array(
                        comps
                            .iter()
                            .map(|c| Vector2 {
                                x: f(c, 0),
                                y: f(c, 1),
                            })
                            .collect(),
                    ),
                    MathShape::Vector3 => Variant::PackedVector3Array(
                        comps
                            .iter()
                            .map(|c| Vector3 {
                                x: f(c, 0),
                                y: f(c, 1),
                                z: f(c, 2),
                            })
                            .collect(),
                    ),
                    MathShape::Color => Variant::PackedColorArray(
                        comps
                            .iter()
                            .map(|c| Color {
                                r: c[0],
                                g: c[1],
                                b: c[2],
                                a: c[3],
                            })
                            .collect(),
                    ),
                    _ => Variant::PackedVector4Array(
                        comps
                            .iter()
                            .map(|c| Vector4 {
                                x: f(c, 0),
                                y: f(c, 1),
                                z: f(c, 2),
                                w: f(c, 3),
                            })
                            .collect(),
                    ),
                })
            }
            _ => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    out.push(self.fwd(elem, v, &path.child(Seg::Index(i)), depth + 1)?);
                }
                Ok(Variant::from(Array::untyped(out)))
            }
        }
    }

    fn math_fwd(&self, m: MathType, value: &Value) -> Result<Variant, String> {
        let wrong = || {
            format!(
                "expected {} components of {} ({}), found {}",
                m.len(),
                m.scalar.name(),
                m.shape.name(),
                value.kind_name()
            )
        };
        let comps: Vec<f64> = match (m.scalar, value) {
            (MathScalar::F32, Value::MathF32(c)) => c.iter().map(|x| f64::from(*x)).collect(),
            (MathScalar::F64, Value::MathF64(c)) => c.to_vec(),
            (MathScalar::I32, Value::MathI32(c)) => c.iter().map(|x| f64::from(*x)).collect(),
            _ => return Err(wrong()),
        };
        if comps.len() != m.len() {
            return Err(wrong());
        }
        let g4 = self.godot4();
        let c = &comps;
        let v2 = |i: usize| Vector2 {
            x: c[i],
            y: c[i + 1],
        };
        let v3 = |i: usize| Vector3 {
            x: c[i],
            y: c[i + 1],
            z: c[i + 2],
        };
        let v4 = |i: usize| Vector4 {
            x: c[i],
            y: c[i + 1],
            z: c[i + 2],
            w: c[i + 3],
        };
        let iv = |i: usize| c[i] as i32;
        let float = m.scalar != MathScalar::I32;
        Ok(match m.shape {
            MathShape::Vector2 if float => Variant::Vector2(v2(0)),
            MathShape::Vector3 if float => Variant::Vector3(v3(0)),
            MathShape::Vector4 if float && g4 => Variant::Vector4(Box::new(v4(0))),
            MathShape::Quaternion if float => Variant::Quaternion(Box::new(Quaternion {
                x: c[0],
                y: c[1],
                z: c[2],
                w: c[3],
            })),
            MathShape::Color if m.scalar == MathScalar::F32 => Variant::Color(Color {
                r: c[0] as f32,
                g: c[1] as f32,
                b: c[2] as f32,
                a: c[3] as f32,
            }),
            MathShape::Rect2 if float => Variant::Rect2(Box::new(Rect2 {
                position: v2(0),
                size: v2(2),
            })),
            MathShape::Aabb if float => Variant::Aabb(Box::new(Aabb {
                position: v3(0),
                size: v3(3),
            })),
            MathShape::Plane if float => Variant::Plane(Box::new(Plane {
                normal: v3(0),
                d: c[3],
            })),
            MathShape::Transform2D if float => Variant::Transform2D(Box::new(Transform2D {
                columns: [v2(0), v2(2), v2(4)],
            })),
            MathShape::Basis if float => Variant::Basis(Box::new(Basis {
                rows: [v3(0), v3(3), v3(6)],
            })),
            MathShape::Transform3D if float => Variant::Transform3D(Box::new(Transform3D {
                basis: Basis {
                    rows: [v3(0), v3(3), v3(6)],
                },
                origin: v3(9),
            })),
            MathShape::Projection if float && g4 => Variant::Projection(Box::new(Projection {
                columns: [v4(0), v4(4), v4(8), v4(12)],
            })),
            MathShape::Vector2 if g4 => Variant::Vector2i(Vector2i { x: iv(0), y: iv(1) }),
            MathShape::Vector3 if g4 => Variant::Vector3i(Vector3i {
                x: iv(0),
                y: iv(1),
                z: iv(2),
            }),
            MathShape::Vector4 if g4 => Variant::Vector4i(Vector4i {
                x: iv(0),
                y: iv(1),
                z: iv(2),
                w: iv(3),
            }),
            MathShape::Rect2 if g4 => Variant::Rect2i(Rect2i {
                position: Vector2i { x: iv(0), y: iv(1) },
                size: Vector2i { x: iv(2), y: iv(3) },
            }),
            _ => match (value, g4) {
                (Value::MathF32(c), _) => Variant::PackedFloat32Array(c.to_vec()),
                (Value::MathF64(c), true) => Variant::PackedFloat64Array(c.to_vec()),
                (Value::MathI32(c), _) => Variant::PackedInt32Array(c.to_vec()),
                _ => Variant::from(Array::untyped(
                    comps.iter().map(|x| Variant::Float(*x)).collect(),
                )),
            },
        })
    }

    // ---- backward ----

    fn bwd(&self, ty: TypeId, v: &Variant, path: &Path<'_>, depth: usize) -> Result<Value> {
        if depth > crate::MAX_DEPTH {
            return Err(path.error(format!("nesting deeper than {}", crate::MAX_DEPTH)));
        }
        let kind = self.kind(ty, path)?;
        let mismatch = || {
            path.error(format!(
                "expected {} for {} `{}`, found {}",
                expected_variant(kind),
                kind.name(),
                self.registry.display(ty),
                variant_name(v)
            ))
        };
        Ok(match kind {
            Kind::Bool => match v {
                Variant::Bool(b) => Value::Bool(*b),
                Variant::Int(0) => Value::Bool(false),
                Variant::Int(1) => Value::Bool(true),
                _ => return Err(mismatch()),
            },
            Kind::Char => {
                let c = match v {
                    Variant::String(s) | Variant::StringName(s) => {
                        let mut chars = s.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => Some(c),
                            _ => None,
                        }
                    }
                    Variant::Int(i) => u32::try_from(*i).ok().and_then(char::from_u32),
                    _ => None,
                };
                Value::Char(c.ok_or_else(mismatch)?)
            }
            Kind::Int(t) => {
                let i = int_variant(v).ok_or_else(mismatch)?;
                int_value(*t, i)
                    .ok_or_else(|| path.error(format!("{i} is out of range for {}", t.name())))?
            }
            Kind::Float(FloatType::F32) => {
                Value::F32(float_variant(v).ok_or_else(mismatch)? as f32)
            }
            Kind::Float(FloatType::F64) => Value::F64(float_variant(v).ok_or_else(mismatch)?),
            Kind::String => match v {
                Variant::String(s) | Variant::StringName(s) => Value::string(s.as_str()),
                _ => return Err(mismatch()),
            },
            Kind::Bytes => match v {
                Variant::PackedByteArray(b) => Value::bytes(b.as_slice()),
                _ => {
                    let ints = ints_of(v).ok_or_else(mismatch)?;
                    let mut out = Vec::with_capacity(ints.len());
                    for (i, n) in ints.into_iter().enumerate() {
                        out.push(u8::try_from(n).map_err(|_| {
                            path.child(Seg::Index(i))
                                .error(format!("{n} is not a byte"))
                        })?);
                    }
                    Value::Bytes(out.into())
                }
            },
            Kind::EntityId => Value::EntityId(int_variant(v).ok_or_else(mismatch)?),
            Kind::Uuid => match v {
                Variant::String(s) | Variant::StringName(s) => Value::Uuid(
                    parse_uuid(s).ok_or_else(|| path.error(format!("{s:?} is not a UUID")))?,
                ),
                Variant::PackedByteArray(b) if b.len() == 16 => {
                    let mut u = [0; 16];
                    u.copy_from_slice(b);
                    Value::Uuid(u)
                }
                _ => return Err(mismatch()),
            },
            Kind::Enum(e) | Kind::Bitmask(e) => {
                let n = match v {
                    Variant::String(s) | Variant::StringName(s)
                        if matches!(kind, Kind::Enum(_)) =>
                    {
                        e.constant(s)
                            .map(|c| c.value())
                            .ok_or_else(|| path.error(format!("no enum constant {s:?}")))?
                    }
                    _ => int_variant(v).ok_or_else(mismatch)?,
                };
                if !e.repr().contains(n) {
                    return Err(path.error(format!("{n} is out of range for {}", e.repr().name())));
                }
                Value::Enum(n)
            }
            Kind::Struct(def) => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut fields: Vec<Option<Value>> = vec![None; def.len()];
                for (key, val) in &d.entries {
                    let name = match key {
                        Variant::String(s) | Variant::StringName(s) => s.as_str(),
                        other => {
                            return Err(path.error(format!(
                                "struct keys are field names, found a key of {}",
                                variant_name(other)
                            )))
                        }
                    };
                    let index = def.index_of(name).ok_or_else(|| {
                        path.error(format!(
                            "`{}` has no field `{name}`",
                            self.registry.display(ty)
                        ))
                    })?;
                    let field = &def.fields()[index];
                    let p = path.child(Seg::Field(field.name()));
                    fields[index] = Some(self.bwd(field.ty(), val, &p, depth + 1)?);
                }
                let mut out = Vec::with_capacity(def.len());
                for (slot, field) in fields.into_iter().zip(def.fields()) {
                    out.push(match slot {
                        Some(v) => v,
                        None => default_value(self.registry, field.ty()).map_err(|e| {
                            path.child(Seg::Field(field.name())).error(e.to_string())
                        })?,
                    });
                }
                Value::Struct(out.into())
            }
            Kind::Array(e, n) => {
                let items = self.list_back(*e, v, path, depth).ok_or_else(mismatch)??;
                if items.len() != *n as usize {
                    return Err(path.error(format!("expected {n} elements, found {}", items.len())));
                }
                Value::List(items.into())
            }
            Kind::List(e) | Kind::Set(e) => Value::List(
                self.list_back(*e, v, path, depth)
                    .ok_or_else(mismatch)??
                    .into(),
            ),
            Kind::Map(kt, vt) => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut out = Vec::with_capacity(d.entries.len());
                for (i, (key, val)) in d.entries.iter().enumerate() {
                    out.push((
                        self.bwd(*kt, key, &path.child(Seg::Key(i)), depth + 1)?,
                        self.bwd(*vt, val, &path.child(Seg::Index(i)), depth + 1)?,
                    ));
                }
                Value::Map(out.into())
            }
            Kind::Option(inner) => match v {
                Variant::Nil => Value::NONE,
                _ if self.nullable(*inner) => match v {
                    Variant::Array(a) if a.items.len() == 1 => {
                        Value::some(self.bwd(*inner, &a.items[0], path, depth + 1)?)
                    }
                    _ => {
                        return Err(path.error(format!(
                            "a present option of a nullable type is a one-element Array, found {}",
                            variant_name(v)
                        )))
                    }
                },
                _ => Value::some(self.bwd(*inner, v, path, depth + 1)?),
            },
            Kind::Tuple(ts) => {
                let items: &[Variant] = match v {
                    Variant::Nil if ts.is_empty() => &[],
                    Variant::Array(a) => &a.items,
                    _ => return Err(mismatch()),
                };
                if items.len() != ts.len() {
                    return Err(path.error(format!(
                        "expected {} tuple elements, found {}",
                        ts.len(),
                        items.len()
                    )));
                }
                let mut out = Vec::with_capacity(items.len());
                for (i, (t, item)) in ts.iter().zip(items).enumerate() {
                    out.push(self.bwd(*t, item, &path.child(Seg::Index(i)), depth + 1)?);
                }
                Value::Tuple(out.into())
            }
            Kind::Math(m) => math_back(*m, v).map_err(|e| path.error(e))?,
            Kind::Entity => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut out = Vec::with_capacity(d.entries.len());
                for (key, data) in &d.entries {
                    let id = match key {
                        Variant::Int(i) => u32::try_from(*i).ok(),
                        Variant::String(s) | Variant::StringName(s) => s.parse().ok(),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        path.error(format!(
                            "entity keys are component ids, found {}",
                            variant_name(key)
                        ))
                    })?;
                    let p = path.child(Seg::Component(id));
                    let cty = self
                        .registry
                        .component(id)
                        .ok_or_else(|| p.error(format!("the schema has no component {id}")))?
                        .id();
                    out.push((id, self.bwd(cty, data, &p, depth + 1)?));
                }
                Value::entity(out)
            }
            Kind::Polymorphic(_) | Kind::Any => {
                let base = match kind {
                    Kind::Polymorphic(b) => Some(*b),
                    _ => None,
                };
                let (actual, inner) = match (self.dynamic_parts(v), base) {
                    (Some(parts), _) => parts,
                    (None, None) => (infer_type(v).ok_or_else(mismatch)?, v),
                    (None, Some(_)) => return Err(mismatch()),
                };
                let actual = self
                    .type_by_name(actual)
                    .ok_or_else(|| path.error(format!("the schema has no type `{actual}`")))?;
                if let Some(base) = base {
                    if !self.registry.is_subtype(actual, base) {
                        return Err(path.error(format!(
                            "`{}` is not `{}` or derived from it",
                            self.registry.display(actual),
                            self.registry.display(base)
                        )));
                    }
                }
                let p = path.child(Seg::Dynamic);
                Value::dynamic(actual, self.bwd(actual, inner, &p, depth + 1)?)
            }
        })
    }

    /// `{"$type": name, "$value": value}`.
    fn dynamic_parts<'v>(&self, v: &'v Variant) -> Option<(&'v str, &'v Variant)> {
        let Variant::Dictionary(d) = v else {
            return None;
        };
        let mut name = None;
        let mut value = None;
        for (k, val) in &d.entries {
            match (k, val) {
                (Variant::String(k), Variant::String(n)) if k == TYPE_KEY => {
                    name = Some(n.as_str())
                }
                (Variant::String(k), val) if k == VALUE_KEY => value = Some(val),
                _ => return None,
            }
        }
        Some((name?, value?))
    }

    /// The elements of a list from a packed array or an Array; `None` if `v` is neither.
    fn list_back(
        &self,
        elem: TypeId,
        v: &Variant,
        path: &Path<'_>,
        depth: usize,
    ) -> Option<Result<Vec<Value>>> {
        let kind = match self.kind(elem, path) {
            Ok(k) => k,
            Err(e) => return Some(Err(e)),
        };
        // Fast paths for the packed arrays the forward direction writes.
        match (kind, v) {
            (Kind::Float(FloatType::F32), Variant::PackedFloat32Array(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::F32(*x)).collect()))
            }
            (Kind::Float(FloatType::F64), Variant::PackedFloat64Array(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::F64(*x)).collect()))
            }
            (Kind::String, Variant::PackedStringArray(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::string(x.as_str())).collect()))
            }
            _ => {}
        }
        let one =
            |i: usize, item: &Variant| self.bwd(elem, item, &path.child(Seg::Index(i)), depth + 1);
        macro_rules! each {
            ($xs:expr, $to:expr) => {{
                let mut out = Vec::with_capacity($xs.len());
                for (i, x) in $xs.iter().enumerate() {
                    #[allow(clippy::redundant_closure_call)]
                    match one(i, &$to(x)) {
                        Ok(v) => out.push(v),
                        Err(e) => return Some(Err(e)),
                    }
                }
                Some(Ok(out))
            }};
        }
        match v {
            Variant::Array(a) => each!(a.items, |x: &Variant| x.clone()),
            Variant::PackedByteArray(xs) => each!(xs, |x: &u8| Variant::Int(i64::from(*x))),
            Variant::PackedInt32Array(xs) => each!(xs, |x: &i32| Variant::Int(i64::from(*x))),
            Variant::PackedInt64Array(xs) => each!(xs, |x: &i64| Variant::Int(*x)),
            Variant::PackedFloat32Array(xs) => each!(xs, |x: &f32| Variant::Float(f64::from(*x))),
            Variant::PackedFloat64Array(xs) => each!(xs, |x: &f64| Variant::Float(*x)),
            Variant::PackedStringArray(xs) => each!(xs, |x: &String| Variant::String(x.clone())),
            Variant::PackedVector2Array(xs) => each!(xs, |x: &Vector2| Variant::Vector2(*x)),
            Variant::PackedVector3Array(xs) => each!(xs, |x: &Vector3| Variant::Vector3(*x)),
            Variant::PackedColorArray(xs) => each!(xs, |x: &Color| Variant::Color(*x)),
            Variant::PackedVector4Array(xs) => {
                each!(xs, |x: &Vector4| Variant::Vector4(Box::new(*x)))
            }
            _ => None,
        }
    }
}

/// Any integer value as Godot's `int` (`uint64` as its bit pattern).
fn int_of(v: &Value) -> Option<i64> {
    match *v {
        Value::U64(u) => Some(u as i64),
        _ => v.as_i64(),
    }
}

/// Whether every value of `t` fits a `PackedInt32Array` element.
fn fits_i32(t: IntType) -> bool {
    if t.is_signed() {
        t.bits() <= 32
    } else {
        t.bits() <= 16
    }
}

fn int_variant(v: &Variant) -> Option<i64> {
    match v {
        Variant::Int(i) => Some(*i),
        Variant::Bool(b) => Some(i64::from(*b)),
        Variant::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Some(*f as i64),
        _ => None,
    }
}

fn float_variant(v: &Variant) -> Option<f64> {
    match v {
        Variant::Float(f) => Some(*f),
        Variant::Int(i) => Some(*i as f64),
        _ => None,
    }
}

/// The value of an integer of type `t`; `None` when out of range.
fn int_value(t: IntType, i: i64) -> Option<Value> {
    if !t.contains(i) {
        return None;
    }
    Some(match (t.is_signed(), t.width()) {
        (true, IntWidth::W8) => Value::I8(i as i8),
        (true, IntWidth::W16) => Value::I16(i as i16),
        (true, IntWidth::W32) => Value::I32(i as i32),
        (true, IntWidth::W64) => Value::I64(i),
        (false, IntWidth::W8) => Value::U8(i as u8),
        (false, IntWidth::W16) => Value::U16(i as u16),
        (false, IntWidth::W32) => Value::U32(i as u32),
        (false, IntWidth::W64) => Value::U64(i as u64),
    })
}

/// The integers of an integer-like array.
fn ints_of(v: &Variant) -> Option<Vec<i64>> {
    Some(match v {
        Variant::PackedInt32Array(xs) => xs.iter().map(|x| i64::from(*x)).collect(),
        Variant::PackedInt64Array(xs) => xs.clone(),
        Variant::Array(a) => a.items.iter().map(int_variant).collect::<Option<_>>()?,
        _ => return None,
    })
}

/// A math value's components and its Godot shape (`None` for arrays of components).
fn components_of(v: &Variant) -> Option<(Option<MathShape>, Vec<f64>)> {
    let v2 = |v: &Vector2| [v.x, v.y];
    let v3 = |v: &Vector3| [v.x, v.y, v.z];
    let v4 = |v: &Vector4| [v.x, v.y, v.z, v.w];
    let i = |x: i32| f64::from(x);
    let (shape, c): (MathShape, Vec<f64>) = match v {
        Variant::Vector2(v) => (MathShape::Vector2, v2(v).to_vec()),
        Variant::Vector2i(v) => (MathShape::Vector2, vec![i(v.x), i(v.y)]),
        Variant::Vector3(v) => (MathShape::Vector3, v3(v).to_vec()),
        Variant::Vector3i(v) => (MathShape::Vector3, vec![i(v.x), i(v.y), i(v.z)]),
        Variant::Vector4(v) => (MathShape::Vector4, v4(v).to_vec()),
        Variant::Vector4i(v) => (MathShape::Vector4, vec![i(v.x), i(v.y), i(v.z), i(v.w)]),
        Variant::Quaternion(q) => (MathShape::Quaternion, vec![q.x, q.y, q.z, q.w]),
        Variant::Color(c) => (
            MathShape::Color,
            [c.r, c.g, c.b, c.a].iter().map(|x| f64::from(*x)).collect(),
        ),
        Variant::Rect2(r) => (MathShape::Rect2, [v2(&r.position), v2(&r.size)].concat()),
        Variant::Rect2i(r) => (
            MathShape::Rect2,
            vec![i(r.position.x), i(r.position.y), i(r.size.x), i(r.size.y)],
        ),
        Variant::Aabb(b) => (MathShape::Aabb, [v3(&b.position), v3(&b.size)].concat()),
        Variant::Plane(p) => (MathShape::Plane, [&v3(&p.normal)[..], &[p.d]].concat()),
        Variant::Transform2D(t) => (
            MathShape::Transform2D,
            t.columns.iter().flat_map(v2).collect(),
        ),
        Variant::Basis(b) => (MathShape::Basis, b.rows.iter().flat_map(v3).collect()),
        Variant::Transform3D(t) => (
            MathShape::Transform3D,
            t.basis
                .rows
                .iter()
                .chain([&t.origin])
                .flat_map(v3)
                .collect(),
        ),
        Variant::Projection(p) => (
            MathShape::Projection,
            p.columns.iter().flat_map(v4).collect(),
        ),
        Variant::PackedFloat32Array(xs) => {
            return Some((None, xs.iter().map(|x| f64::from(*x)).collect()))
        }
        Variant::PackedFloat64Array(xs) => return Some((None, xs.clone())),
        Variant::PackedInt32Array(xs) => return Some((None, xs.iter().map(|x| i(*x)).collect())),
        Variant::PackedInt64Array(xs) => {
            return Some((None, xs.iter().map(|x| *x as f64).collect()))
        }
        Variant::Array(a) => {
            return Some((
                None,
                a.items.iter().map(float_variant).collect::<Option<_>>()?,
            ))
        }
        _ => return None,
    };
    Some((Some(shape), c))
}

fn math_back(m: MathType, v: &Variant) -> Result<Value, String> {
    let wrong = || {
        format!(
            "expected a {} ({} components of {}), found {}",
            m.shape.name(),
            m.len(),
            m.scalar.name(),
            variant_name(v)
        )
    };
    let (shape, c) = components_of(v).ok_or_else(wrong)?;
    if shape.is_some_and(|s| s != m.shape) || c.len() != m.len() {
        return Err(wrong());
    }
    Ok(match m.scalar {
        MathScalar::F32 => Value::math_f32(c.iter().map(|x| *x as f32)),
        MathScalar::F64 => Value::math_f64(c),
        MathScalar::I32 => {
            let mut out = Vec::with_capacity(c.len());
            for x in c {
                if x.fract() != 0.0 || x < f64::from(i32::MIN) || x > f64::from(i32::MAX) {
                    return Err(format!("component {x} is not a 32-bit integer"));
                }
                out.push(x as i32);
            }
            Value::MathI32(out.into())
        }
    })
}

/// The type of a plain Variant in an `any` value without `$type`.
fn infer_type(v: &Variant) -> Option<&'static str> {
    Some(match v {
        Variant::Nil => "nil",
        Variant::Bool(_) => "bool",
        Variant::Int(_) => "int64",
        Variant::Float(_) => "double",
        Variant::String(_) | Variant::StringName(_) => "string",
        Variant::PackedByteArray(_) => "bytes",
        _ => return None,
    })
}

fn expected_variant(kind: &Kind) -> &'static str {
    match kind {
        Kind::Bool => "a bool",
        Kind::Char => "a one-character String",
        Kind::Int(_) | Kind::EntityId | Kind::Enum(_) | Kind::Bitmask(_) => "an int",
        Kind::Float(_) => "a float",
        Kind::String => "a String",
        Kind::Bytes => "a PackedByteArray",
        Kind::Uuid => "a UUID String",
        Kind::Struct(_) | Kind::Map(..) | Kind::Entity => "a Dictionary",
        Kind::Array(..) | Kind::List(_) | Kind::Set(_) => "an Array or a packed array",
        Kind::Option(_) => "null or a value",
        Kind::Tuple(_) => "an Array",
        Kind::Math(_) => "a math value",
        Kind::Polymorphic(_) | Kind::Any => "a {\"$type\", \"$value\"} Dictionary",
    }
}

fn variant_name(v: &Variant) -> String {
    format!("{:?}", v.variant_type())
}

fn format_uuid(u: &[u8; 16]) -> String {
    let mut s = String::with_capacity(36);
    for (i, b) in u.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            s.push('-');
        }
        s.push_str(&format!("{b:02x}"));
    }
    s
}

fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let hex: Vec<u8> = s.bytes().filter(|b| *b != b'-').collect();
    if hex.len() != 32 {
        return None;
    }
    let mut out = [0; 16];
    for (i, pair) in hex.chunks(2).enumerate() {
        let text = std::str::from_utf8(pair).ok()?;
        out[i] = u8::from_str_radix(text, 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests;
