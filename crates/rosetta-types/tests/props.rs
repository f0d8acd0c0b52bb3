//! Property tests over random registries and values: every type has a default value that
//! validates, random values of a type validate, clones are equal (and hash equal), and a value of
//! the wrong kind is rejected.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use rosetta_types::*;

/// A random type description, registered by [`register`].
#[derive(Debug, Clone)]
enum Spec {
    Builtin(TypeId),
    Enum {
        repr: IntType,
        values: Vec<i64>,
        open: bool,
        bitmask: bool,
    },
    Math(MathType),
    Option(Box<Spec>),
    List(Box<Spec>),
    Set(Box<Spec>),
    Map(Box<Spec>, Box<Spec>),
    Array(Box<Spec>, u32),
    Tuple(Vec<Spec>),
    Struct(Vec<Spec>),
}

const BUILTINS: [TypeId; 23] = [
    TypeId::BOOL,
    TypeId::CHAR,
    TypeId::INT8,
    TypeId::INT16,
    TypeId::INT32,
    TypeId::INT64,
    TypeId::UINT8,
    TypeId::UINT16,
    TypeId::UINT32,
    TypeId::UINT64,
    TypeId::SINT32,
    TypeId::SINT64,
    TypeId::FIXED32,
    TypeId::FIXED64,
    TypeId::SFIXED32,
    TypeId::SFIXED64,
    TypeId::FLOAT,
    TypeId::DOUBLE,
    TypeId::STRING,
    TypeId::BYTES,
    TypeId::ENTITY_ID,
    TypeId::UUID,
    TypeId::ANY,
];

fn math_type() -> impl Strategy<Value = MathType> {
    let shapes = vec![
        MathShape::Vector2,
        MathShape::Vector3,
        MathShape::Vector4,
        MathShape::Quaternion,
        MathShape::Color,
        MathShape::Rect2,
        MathShape::Aabb,
        MathShape::Plane,
        MathShape::Transform2D,
        MathShape::Basis,
        MathShape::Transform3D,
        MathShape::Projection,
        MathShape::TransformTrs,
        MathShape::Matrix { rows: 3, cols: 4 },
    ];
    let scalars = vec![MathScalar::F32, MathScalar::F64, MathScalar::I32];
    (select(shapes), select(scalars)).prop_map(|(shape, scalar)| MathType::new(shape, scalar))
}

fn enum_spec() -> impl Strategy<Value = Spec> {
    let reprs = vec![
        IntType::UINT8,
        IntType::INT32,
        IntType::UINT32,
        IntType::UINT64,
    ];
    (
        select(reprs),
        vec(0i64..200, 0..5),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(repr, mut values, open, bitmask)| {
            values.sort_unstable();
            values.dedup();
            Spec::Enum {
                repr,
                values,
                open,
                bitmask,
            }
        })
}

fn spec() -> impl Strategy<Value = Spec> {
    let leaf = prop_oneof![
        4 => select(BUILTINS.to_vec()).prop_map(Spec::Builtin),
        1 => enum_spec(),
        1 => math_type().prop_map(Spec::Math),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Spec::Option(Box::new(s))),
            inner.clone().prop_map(|s| Spec::List(Box::new(s))),
            inner.clone().prop_map(|s| Spec::Set(Box::new(s))),
            (inner.clone(), inner.clone()).prop_map(|(k, v)| Spec::Map(Box::new(k), Box::new(v))),
            (inner.clone(), 0u32..3).prop_map(|(s, n)| Spec::Array(Box::new(s), n)),
            vec(inner.clone(), 0..4).prop_map(Spec::Tuple),
            vec(inner, 0..5).prop_map(Spec::Struct),
        ]
    })
}

fn register(b: &mut RegistryBuilder, spec: &Spec, counter: &mut usize) -> TypeId {
    *counter += 1;
    let n = *counter;
    match spec {
        Spec::Builtin(t) => *t,
        Spec::Enum {
            repr,
            values,
            open,
            bitmask,
        } => {
            let constants = values.iter().map(|v| Constant::new(format!("C{v}"), *v));
            let mut e = EnumType::new(*repr, constants).expect("values fit every repr");
            if *open {
                e = e.open();
            }
            let kind = if *bitmask {
                Kind::Bitmask(e)
            } else {
                Kind::Enum(e)
            };
            b.add(format!("p.E{n}"), kind).expect("fresh name")
        }
        Spec::Math(m) => b.math(*m),
        Spec::Option(s) => {
            let t = register(b, s, counter);
            b.option(t)
        }
        Spec::List(s) => {
            let t = register(b, s, counter);
            b.list(t)
        }
        Spec::Set(s) => {
            let t = register(b, s, counter);
            b.set(t)
        }
        Spec::Map(k, v) => {
            let k = register(b, k, counter);
            let v = register(b, v, counter);
            b.map(k, v)
        }
        Spec::Array(s, len) => {
            let t = register(b, s, counter);
            b.array(t, *len)
        }
        Spec::Tuple(specs) => {
            let ts: Vec<TypeId> = specs.iter().map(|s| register(b, s, counter)).collect();
            b.tuple(ts)
        }
        Spec::Struct(specs) => {
            let fields: Vec<Field> = specs
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let t = register(b, s, counter);
                    Field::new(format!("f{i}"), t).with_number(i as u32 + 1)
                })
                .collect();
            let s = StructType::new(fields).expect("distinct fields");
            b.add(format!("p.S{n}"), s).expect("fresh name")
        }
    }
}

/// A registry with the random types plus a recursive type, a component, an entity type and a
/// small class hierarchy; returns the registry and the random types' ids.
fn build(specs: &[Spec]) -> (Arc<TypeRegistry>, Vec<TypeId>) {
    let mut b = TypeRegistry::builder();
    let node = b.declare("p.Node").expect("fresh");
    let next = b.option(node);
    let children = b.list(node);
    let by_name = b.map(TypeId::STRING, node);
    let node_fields = StructType::new([
        Field::new("next", next).with_number(1),
        Field::new("children", children).with_number(2),
        Field::new("by_name", by_name).with_number(3),
        Field::new("label", TypeId::STRING).with_number(4),
    ])
    .expect("distinct");
    b.define(
        node,
        TypeDef::new(node_fields).with_component(ComponentInfo::new(1)),
    )
    .expect("defined once");
    let base = b
        .add(
            "p.Base",
            StructType::new([Field::new("x", TypeId::FLOAT)]).expect("ok"),
        )
        .expect("fresh");
    let derived_fields = StructType::new([Field::new("y", node)]).expect("ok");
    b.add("p.Derived", TypeDef::new(derived_fields).with_base(base))
        .expect("fresh");
    let poly = b.polymorphic(base);
    let pos = StructType::new([Field::new("p", poly).with_number(1)]).expect("ok");
    b.add(
        "p.Pos",
        TypeDef::new(pos).with_component(ComponentInfo::new(2)),
    )
    .expect("fresh");
    let mut ids = vec![node, poly, TypeId::ENTITY];
    let mut counter = 0;
    ids.extend(specs.iter().map(|s| register(&mut b, s, &mut counter)));
    (Arc::new(b.build().expect("valid registry")), ids)
}

fn int_value(t: IntType) -> BoxedStrategy<Value> {
    match (t.is_signed(), t.bits()) {
        (true, 8) => any::<i8>().prop_map(Value::I8).boxed(),
        (true, 16) => any::<i16>().prop_map(Value::I16).boxed(),
        (true, 32) => any::<i32>().prop_map(Value::I32).boxed(),
        (true, _) => any::<i64>().prop_map(Value::I64).boxed(),
        (false, 8) => any::<u8>().prop_map(Value::U8).boxed(),
        (false, 16) => any::<u16>().prop_map(Value::U16).boxed(),
        (false, 32) => any::<u32>().prop_map(Value::U32).boxed(),
        (false, _) => any::<u64>().prop_map(Value::U64).boxed(),
    }
}

fn repr_value(t: IntType) -> BoxedStrategy<i64> {
    let max = i64::try_from(t.max()).unwrap_or(i64::MAX);
    if t.bits() == 64 && !t.is_signed() {
        any::<i64>().boxed()
    } else {
        (t.min()..=max).boxed()
    }
}

/// A random value of type `ty`; containers are empty below `depth` 0.
fn value(r: &Arc<TypeRegistry>, ty: TypeId, depth: u32) -> BoxedStrategy<Value> {
    let t = &r[ty];
    let d = depth.saturating_sub(1);
    match t.kind() {
        Kind::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Kind::Char => any::<char>().prop_map(Value::Char).boxed(),
        Kind::Int(i) => int_value(*i),
        Kind::Float(FloatType::F32) => any::<f32>().prop_map(Value::F32).boxed(),
        Kind::Float(FloatType::F64) => any::<f64>().prop_map(Value::F64).boxed(),
        Kind::String => "\\PC{0,6}".prop_map(Value::from).boxed(),
        Kind::Bytes => vec(any::<u8>(), 0..6).prop_map(Value::from).boxed(),
        Kind::EntityId => any::<i64>().prop_map(Value::EntityId).boxed(),
        Kind::Uuid => any::<[u8; 16]>().prop_map(Value::Uuid).boxed(),
        Kind::Enum(e) if e.is_closed() => {
            let values: Vec<i64> = e.constants().iter().map(Constant::value).collect();
            select(values).prop_map(Value::Enum).boxed()
        }
        Kind::Enum(e) | Kind::Bitmask(e) => repr_value(e.repr()).prop_map(Value::Enum).boxed(),
        Kind::Math(m) => match m.scalar {
            MathScalar::F32 => vec(any::<f32>(), m.len()).prop_map(Value::math_f32).boxed(),
            MathScalar::F64 => vec(any::<f64>(), m.len()).prop_map(Value::math_f64).boxed(),
            MathScalar::I32 => vec(any::<i32>(), m.len()).prop_map(Value::math_i32).boxed(),
        },
        Kind::Struct(s) => {
            let fields: Vec<_> = s.fields().iter().map(|f| value(r, f.ty(), d)).collect();
            fields.prop_map(Value::structure).boxed()
        }
        Kind::Tuple(ts) => {
            let slots: Vec<_> = ts.iter().map(|&t| value(r, t, d)).collect();
            slots.prop_map(Value::tuple).boxed()
        }
        Kind::Array(e, n) => vec(value(r, *e, d), *n as usize)
            .prop_map(Value::list)
            .boxed(),
        Kind::List(_) | Kind::Set(_) | Kind::Map(..) | Kind::Entity if depth == 0 => {
            Just(default_value(r, ty).expect("containers have defaults")).boxed()
        }
        Kind::Option(_) if depth == 0 => Just(Value::NONE).boxed(),
        Kind::List(e) | Kind::Set(e) => vec(value(r, *e, d), 0..3).prop_map(Value::list).boxed(),
        Kind::Map(k, v) => vec((value(r, *k, d), value(r, *v, d)), 0..3)
            .prop_map(Value::map)
            .boxed(),
        Kind::Option(inner) => proptest::option::of(value(r, *inner, d))
            .prop_map(Value::from)
            .boxed(),
        Kind::Entity => {
            let components: Vec<_> = r
                .components()
                .map(|c| {
                    let id = c.component().map_or(0, ComponentInfo::id);
                    proptest::option::of(value(r, c.id(), d).prop_map(move |v| (id, v)))
                })
                .collect();
            components
                .prop_map(|cs| Value::entity(cs.into_iter().flatten()))
                .boxed()
        }
        Kind::Polymorphic(base) => {
            let mut choices = vec![*base];
            choices.extend_from_slice(r[*base].derived());
            let options: Vec<_> = choices
                .into_iter()
                .map(|actual| value(r, actual, d).prop_map(move |v| Value::dynamic(actual, v)))
                .collect();
            proptest::strategy::Union::new(options).boxed()
        }
        Kind::Any => prop_oneof![
            Just(Value::dynamic(TypeId::NIL, Value::nil())),
            any::<i32>().prop_map(|v| Value::dynamic(TypeId::INT32, v)),
            "\\PC{0,4}".prop_map(|s| Value::dynamic(TypeId::STRING, s)),
        ]
        .boxed(),
    }
}

fn registry_type_and_value() -> impl Strategy<Value = (Arc<TypeRegistry>, TypeId, Value)> {
    vec(spec(), 1..6)
        .prop_flat_map(|specs| {
            let (registry, ids) = build(&specs);
            (Just(registry), select(ids))
        })
        .prop_flat_map(|(registry, ty)| {
            let v = value(&registry, ty, 3);
            (Just(registry), Just(ty), v)
        })
}

fn hash_of(v: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_default_validates(specs in vec(spec(), 1..6)) {
        let (registry, _) = build(&specs);
        for t in registry.iter() {
            let default = default_value(&registry, t.id());
            prop_assert!(default.is_ok(), "{}: {:?}", registry.display(t.id()), default);
            let default = default.unwrap_or(Value::NONE);
            let checked = validate(&registry, t.id(), &default);
            prop_assert!(checked.is_ok(), "{}: {:?}", registry.display(t.id()), checked);
        }
    }

    #[test]
    fn random_values_validate_and_clone_equal((registry, ty, value) in registry_type_and_value()) {
        let checked = validate(&registry, ty, &value);
        prop_assert!(checked.is_ok(), "{}: {:?}", registry.display(ty), checked);
        let copy = value.clone();
        prop_assert_eq!(&copy, &value);
        prop_assert_eq!(hash_of(&copy), hash_of(&value));
    }

    #[test]
    fn wrong_kinds_are_rejected((registry, ty, value) in registry_type_and_value()) {
        let wrong = match registry[ty].kind() {
            Kind::Char => Value::Bool(true),
            _ => Value::Char('x'),
        };
        prop_assert!(validate(&registry, ty, &wrong).is_err());
        // wrapping the value in an extra list is wrong for every type except `any`-like ones
        let wrapped = Value::list([value]);
        if !matches!(registry[ty].kind(), Kind::List(_) | Kind::Set(_) | Kind::Array(..)) {
            prop_assert!(validate(&registry, ty, &wrapped).is_err());
        }
    }
}

proptest! {
    /// A `Str` is its text: read back, measured, cloned, taken apart, compared and ordered as
    /// the `String` it was made from, inline (at most 22 bytes) or on the heap.
    #[test]
    fn str_is_its_text(a in ".{0,40}", b in ".{0,40}") {
        let (sa, sb) = (Str::from(a.as_str()), Str::from(b.clone()));
        prop_assert_eq!(sa.as_str(), a.as_str());
        prop_assert_eq!(sa.len(), a.len());
        prop_assert_eq!(sa.is_empty(), a.is_empty());
        prop_assert_eq!(sa.clone().into_string(), a.clone());
        prop_assert_eq!(sa == sb, a == b);
        prop_assert_eq!(sa.cmp(&sb), a.cmp(&b));
        let hash = |h: &dyn Fn(&mut DefaultHasher)| {
            let mut s = DefaultHasher::new();
            h(&mut s);
            s.finish()
        };
        prop_assert_eq!(hash(&|h| sa.hash(h)), hash(&|h| a.as_str().hash(h)));
        let v = Value::from(sb).clone();
        prop_assert_eq!(v.as_str(), Some(b.as_str()));
    }
}
