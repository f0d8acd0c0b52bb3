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
//!
//! Structs and entities nest at most [`MAX_NESTING`](rosetta_types::MAX_NESTING) levels (100),
//! both ways: deeper data is refused where it is, ``at `.root.items[0]...`: nesting deeper than
//! 100 object levels``, as every format refuses it (a field left out of a struct's Dictionary
//! counts as the default objects it takes). Raw Variants keep the engine's own limit,
//! [`MAX_DEPTH`](crate::MAX_DEPTH).

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
use path::{Depth, Path, Result, Seg};
pub use path::{SchemaError, EVENTS_KEY, TYPE_KEY, VALUE_KEY};

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
        self.fwd(ty, value, &Path::ROOT, Depth::ROOT)
    }

    /// The Variant `variant` as a value of type `ty`.
    pub fn from_variant(&self, ty: TypeId, variant: &Variant) -> Result<Value> {
        self.bwd(ty, variant, &Path::ROOT, Depth::ROOT)
    }

    /// Schema data `object` of struct type (or component) `ty` as a Variant (a Dictionary).
    /// Objects nested deeper than [`MAX_NESTING`](rosetta_types::MAX_NESTING) are refused
    /// where they are (``at `.field[0]`: nesting deeper than 100 object levels``), as
    /// [`Mapping::object_from_variant`] refuses them.
    pub fn object_to_variant(&self, ty: TypeId, object: &Object) -> Result<Variant> {
        self.payload_to_variant(ty, object, &Path::ROOT)
    }

    /// [`Mapping::object_to_variant`] of a root at `path` (an event of an update).
    fn payload_to_variant(&self, ty: TypeId, object: &Object, path: &Path<'_>) -> Result<Variant> {
        // Read past the limit, so that the mapping says where in its own notation.
        let value = typed::read_past_limit(self.registry, ty, object).map_err(|e| SchemaError {
            path: path.render(),
            message: e.to_string(),
        })?;
        self.fwd(ty, &value, path, Depth::ROOT)
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
                typed::get_field_past_limit(self.registry, component, update.fields(), field.name())
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
                self.fwd(field.ty(), &value, &p, Depth::UPDATE_FIELD)?,
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
                let events_path = Path::ROOT.child(Seg::Field(EVENTS_KEY));
                let ep = events_path.child(Seg::Field(event.name()));
                for (i, object) in objects.into_iter().enumerate() {
                    let p = ep.child(Seg::Index(i));
                    items.push(self.payload_to_variant(event.ty(), object, &p)?);
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
            let value = self.bwd(field.ty(), value, &p, Depth::UPDATE_FIELD)?;
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

mod backward;
mod forward;
mod path;
#[cfg(test)]
mod tests;
