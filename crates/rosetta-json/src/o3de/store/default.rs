//! What a stored value is compared with to leave defaults out, without building default values:
//! an explicit default value, or "the default of this type", worked out as it is needed.

use rosetta_types::{Kind, MathShape, StructType, TypeId, Value};

use crate::o3de::repr::math::new_component;

/// The default a value is compared with.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Dflt<'v> {
    /// Nothing to compare with: everything is written.
    None,
    /// This value.
    Value(&'v Value),
    /// The default of the value's type (a field's own default where it has one), as a class
    /// member is compared with its class's default.
    Type,
    /// A new instance of the value's type, as a container makes one for each element to
    /// compare it with: the type's default, except that O3DE's serializer makes a new `Color`
    /// zero (`Color::CreateZero`), where the shared model's default is opaque black.
    New,
}

/// `AZ::IsClose(a, b, epsilon)`.
pub(crate) fn close32(a: f32, b: f32) -> bool {
    a == b || (a - b).abs() <= f32::EPSILON
}

pub(crate) fn close64(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= f64::EPSILON
}

/// Whether a leaf or math value equals another, as the leaf serializers compare.
pub(crate) fn leaf_equal(v: &Value, d: &Value) -> bool {
    match (v, d) {
        (Value::F32(a), Value::F32(b)) => close32(*a, *b),
        (Value::F64(a), Value::F64(b)) => close64(*a, *b),
        // Math values compare exactly (`Vector3::operator==` and the like), not `IsClose`.
        _ => v == d,
    }
}

/// Whether a leaf or math value of `kind` is the kind's default.
fn is_type_default(kind: &Kind, v: &Value) -> bool {
    match (kind, v) {
        (Kind::Enum(e), Value::Enum(x)) => *x == e.default_value(),
        (Kind::Bitmask(_), Value::Enum(x)) => *x == 0,
        (Kind::Math(m), _) => math_is_default(m.shape, v),
        (_, Value::Bool(b)) => !b,
        (_, Value::Char(c)) => *c == '\0',
        (_, Value::F32(x)) => close32(*x, 0.0),
        (_, Value::F64(x)) => close64(*x, 0.0),
        (_, Value::String(s)) => s.is_empty(),
        (_, Value::Bytes(b)) => b.is_empty(),
        (_, Value::EntityId(x)) => *x == 0,
        (_, Value::Uuid(u)) => *u == [0; 16],
        (_, other) => other.as_i64() == Some(0) || other.as_u64() == Some(0),
    }
}

/// Whether math value `v` has the components `d` gives.
fn math_is(v: &Value, d: impl Fn(usize) -> f64) -> bool {
    match v {
        Value::MathF32(c) => c.iter().enumerate().all(|(i, x)| *x == d(i) as f32),
        Value::MathF64(c) => c.iter().enumerate().all(|(i, x)| *x == d(i)),
        Value::MathI32(c) => c.iter().enumerate().all(|(i, x)| f64::from(*x) == d(i)),
        _ => false,
    }
}

fn math_is_default(shape: MathShape, v: &Value) -> bool {
    math_is(v, |i| shape.default_component(i))
}

impl<'v> Dflt<'v> {
    /// Whether leaf or math value `v` of `kind` equals this default.
    pub fn leaf_is_default(self, kind: &Kind, v: &Value) -> bool {
        match self {
            Dflt::None => false,
            Dflt::Value(d) => leaf_equal(v, d),
            Dflt::Type => is_type_default(kind, v),
            Dflt::New => match kind {
                Kind::Math(m) => math_is(v, |i| new_component(m.shape, i)),
                _ => is_type_default(kind, v),
            },
        }
    }

    /// The default of field `i` of struct `s`.
    pub fn field(self, s: &'v StructType, i: usize) -> Dflt<'v> {
        match self {
            Dflt::None => Dflt::None,
            Dflt::Value(Value::Struct(d)) => d.get(i).map_or(Dflt::None, Dflt::Value),
            Dflt::Value(_) => Dflt::None,
            Dflt::Type | Dflt::New => match s.fields().get(i) {
                Some(f) => f.default().map_or(Dflt::Type, Dflt::Value),
                None => Dflt::None,
            },
        }
    }

    /// The default of element `i` of an array or tuple.
    pub fn element(self, i: usize) -> Dflt<'v> {
        match self {
            Dflt::Value(Value::List(d) | Value::Tuple(d)) => {
                d.get(i).map_or(Dflt::None, Dflt::Value)
            }
            Dflt::Type => Dflt::Type,
            Dflt::New => Dflt::New,
            _ => Dflt::None,
        }
    }

    /// Whether the default list, set or map is empty.
    pub fn is_empty_container(self) -> bool {
        match self {
            Dflt::None | Dflt::Type | Dflt::New => true,
            Dflt::Value(Value::List(d)) => d.is_empty(),
            Dflt::Value(Value::Map(d)) => d.is_empty(),
            Dflt::Value(Value::Entity(d)) => d.is_empty(),
            Dflt::Value(_) => false,
        }
    }

    /// For an option: `Some(None)` when the default is absent, `Some(Some(d))` when present,
    /// `None` when there is no default.
    pub fn option(self) -> Option<Option<Dflt<'v>>> {
        match self {
            Dflt::None => None,
            Dflt::Type | Dflt::New => Some(None),
            Dflt::Value(Value::Option(None)) => Some(None),
            Dflt::Value(Value::Option(Some(d))) => Some(Some(Dflt::Value(d))),
            Dflt::Value(_) => None,
        }
    }

    /// For a polymorphic value of declared type `base`: the default's actual type and value.
    pub fn dynamic(self, base: TypeId) -> Option<(TypeId, Dflt<'v>)> {
        match self {
            Dflt::None => None,
            Dflt::Type => Some((base, Dflt::Type)),
            Dflt::New => Some((base, Dflt::New)),
            Dflt::Value(Value::Dynamic(d)) => Some((d.ty, Dflt::Value(&d.value))),
            Dflt::Value(_) => None,
        }
    }
}
