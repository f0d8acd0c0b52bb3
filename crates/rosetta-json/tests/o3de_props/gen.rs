//! Random types (a `Spec` registered into a registry) and random values of them, leaving out
//! what O3DE's format does not keep (see the crate's doc).

use std::sync::Arc;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use rosetta_types::*;

/// A random type description, registered by [`register`].
#[derive(Debug, Clone)]
pub enum Spec {
    Builtin(TypeId),
    Enum {
        repr: IntType,
        values: Vec<i64>,
        open: bool,
        bitmask: bool,
    },
    Math(MathType),
    /// The fixed types of [`build`] by index: the recursive node, the polymorphic base, the
    /// struct with member defaults.
    Fixed(usize),
    Option(Box<Spec>),
    List(Box<Spec>),
    Set(Box<Spec>),
    Map(Box<Spec>, Box<Spec>),
    Array(Box<Spec>, u32),
    Tuple(Vec<Spec>),
    Struct(Vec<Spec>),
}

pub const BUILTINS: [TypeId; 23] = [
    TypeId::BOOL,
    TypeId::CHAR,
    TypeId::ANY,
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
];

pub const FIXED: usize = 3;

pub fn math_type() -> impl Strategy<Value = MathType> {
    select(vec![
        MathType::VECTOR2,
        MathType::VECTOR3,
        MathType::VECTOR4,
        MathType::QUATERNION,
        MathType::COLOR,
        MathType::new(MathShape::TransformTrs, MathScalar::F32),
        MathType::new(MathShape::Matrix { rows: 3, cols: 3 }, MathScalar::F32),
    ])
}

pub fn enum_spec() -> impl Strategy<Value = Spec> {
    let reprs = vec![
        IntType::UINT8,
        IntType::INT32,
        IntType::UINT32,
        IntType::UINT64,
    ];
    (
        select(reprs),
        vec(0i64..200, 1..5),
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

pub fn key_spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        Just(Spec::Builtin(TypeId::STRING)),
        Just(Spec::Builtin(TypeId::INT32)),
        enum_spec().prop_map(|s| match s {
            Spec::Enum {
                repr, values, open, ..
            } => Spec::Enum {
                repr,
                values,
                open,
                bitmask: false,
            },
            other => other,
        }),
    ]
}

pub fn spec() -> impl Strategy<Value = Spec> {
    let leaf = prop_oneof![
        6 => select(BUILTINS.to_vec()).prop_map(Spec::Builtin),
        2 => enum_spec(),
        2 => math_type().prop_map(Spec::Math),
        1 => (0..FIXED).prop_map(Spec::Fixed),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Spec::Option(Box::new(s))),
            inner.clone().prop_map(|s| Spec::List(Box::new(s))),
            inner.clone().prop_map(|s| Spec::Set(Box::new(s))),
            (key_spec(), inner.clone()).prop_map(|(k, v)| Spec::Map(Box::new(k), Box::new(v))),
            (inner.clone(), 0u32..3).prop_map(|(s, n)| Spec::Array(Box::new(s), n)),
            vec(inner.clone(), 1..4).prop_map(Spec::Tuple),
            vec(inner, 0..5).prop_map(Spec::Struct),
        ]
    })
}

pub fn register(
    b: &mut RegistryBuilder,
    fixed: &[TypeId],
    spec: &Spec,
    counter: &mut usize,
) -> TypeId {
    *counter += 1;
    let n = *counter;
    match spec {
        Spec::Builtin(t) => *t,
        Spec::Fixed(i) => fixed[*i],
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
            let t = register(b, fixed, s, counter);
            b.option(t)
        }
        Spec::List(s) => {
            let t = register(b, fixed, s, counter);
            b.list(t)
        }
        Spec::Set(s) => {
            let t = register(b, fixed, s, counter);
            b.set(t)
        }
        Spec::Map(k, v) => {
            let k = register(b, fixed, k, counter);
            let v = register(b, fixed, v, counter);
            b.map(k, v)
        }
        Spec::Array(s, len) => {
            let t = register(b, fixed, s, counter);
            b.array(t, *len)
        }
        Spec::Tuple(specs) => {
            let ts: Vec<TypeId> = specs
                .iter()
                .map(|s| register(b, fixed, s, counter))
                .collect();
            b.tuple(ts)
        }
        Spec::Struct(specs) => {
            let fields: Vec<Field> = specs
                .iter()
                .enumerate()
                .map(|(i, s)| Field::new(format!("f{i}"), register(b, fixed, s, counter)))
                .collect();
            let s = StructType::new(fields).expect("distinct fields");
            b.add(format!("p.S{n}"), s).expect("fresh name")
        }
    }
}

/// The fixed types: a recursive node (`option<Node>`, `list<Node>`), a polymorphic base with
/// two derived classes, a struct whose members have defaults.
pub fn fixed_types(b: &mut RegistryBuilder) -> Vec<TypeId> {
    let node = b.declare("p.Node").expect("fresh");
    let next = b.option(node);
    let children = b.list(node);
    let node_fields = StructType::new([
        Field::new("label", TypeId::STRING),
        Field::new("next", next),
        Field::new("children", children),
    ])
    .expect("distinct");
    b.define(node, node_fields).expect("defined once");

    let base = b
        .add(
            "p.Base",
            StructType::new([Field::new("x", TypeId::FLOAT)]).expect("ok"),
        )
        .expect("fresh");
    let strings = b.list(TypeId::STRING);
    let derived = StructType::new([Field::new("y", TypeId::INT32), Field::new("names", strings)])
        .expect("ok");
    let derived = b
        .add("p.Derived", TypeDef::new(derived).with_base(base))
        .expect("fresh");
    let more = StructType::new([Field::new("z", TypeId::UUID)]).expect("ok");
    b.add("p.MoreDerived", TypeDef::new(more).with_base(derived))
        .expect("fresh");
    let poly = b.polymorphic(base);

    let mood = EnumType::new(
        IntType::INT32,
        [Constant::new("Calm", 0), Constant::new("Angry", 3)],
    )
    .expect("ok");
    let mood = b.add("p.Mood", Kind::Enum(mood)).expect("fresh");
    // Members whose own defaults are not their types': a store leaves out what equals them,
    // and a load must read onto them to give those parts back.
    let vec3 = b.math(MathType::VECTOR3);
    let color = b.math(MathType::COLOR);
    let base_pointer = b.option(base);
    let with_defaults = StructType::new([
        Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
        Field::new("var2", TypeId::FLOAT).with_default(Value::F32(42.0)),
        Field::new("text", TypeId::STRING).with_default(Value::string("hi")),
        Field::new("mood", mood).with_default(Value::Enum(3)),
        Field::new("at", vec3).with_default(Value::math_f32([1.0, 2.0, 3.0])),
        Field::new("tint", color).with_default(Value::math_f32([0.5, 0.5, 0.5, 0.25])),
        Field::new("base", base).with_default(Value::structure([Value::F32(1.5)])),
        Field::new("maybe", base_pointer)
            .with_default(Value::some(Value::structure([Value::F32(2.5)]))),
    ])
    .expect("ok");
    let with_defaults = b.add("p.WithDefaults", with_defaults).expect("fresh");
    vec![node, poly, with_defaults]
}

pub fn build(spec: &Spec) -> (Arc<TypeRegistry>, TypeId) {
    let mut b = TypeRegistry::builder();
    let fixed = fixed_types(&mut b);
    let mut counter = 0;
    let ty = register(&mut b, &fixed, spec, &mut counter);
    (Arc::new(b.build().expect("valid registry")), ty)
}

pub fn int_value(t: IntType) -> BoxedStrategy<Value> {
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

pub fn repr_value(t: IntType) -> BoxedStrategy<i64> {
    let max = i64::try_from(t.max()).unwrap_or(i64::MAX);
    if t.bits() == 64 && !t.is_signed() {
        any::<i64>().boxed()
    } else {
        (t.min()..=max).boxed()
    }
}

/// Finite, and not within epsilon of the defaults 0 and 1 unless equal to them (`AZ::IsClose`
/// leaves those out); `-0.0` is left out as the default `0.0`.
pub fn kept(x: f64) -> bool {
    x.is_finite()
        && (x.to_bits() == 0 || x.abs() > 1e-6)
        && (x == 1.0 || (x - 1.0).abs() > 1e-6)
        && (x == 42.0 || (x - 42.0).abs() > 1e-4)
}

pub fn f32s() -> BoxedStrategy<f32> {
    prop_oneof![
        3 => any::<f32>(),
        1 => select(vec![0.0f32, 1.0, -1.0, 0.2, 42.0, 1e30, -3.5e-3]),
    ]
    .prop_filter("finite, not close to a default", |x| kept(f64::from(*x)))
    .boxed()
}

pub fn f64s() -> BoxedStrategy<f64> {
    prop_oneof![
        3 => any::<f64>(),
        1 => select(vec![0.0f64, 1.0, -1.0, 0.1, 1e300, 0.2f32 as f64]),
    ]
    .prop_filter("finite, not close to a default", |x| kept(*x))
    .boxed()
}

pub fn strings() -> BoxedStrategy<Value> {
    prop_oneof![
        "\\PC{0,6}",
        "[\\x00-\\x7f]{0,6}",
        select(vec!["true", "0", "{}", "$type", "null"]).prop_map(String::from),
    ]
    .prop_map(Value::from)
    .boxed()
}

/// A random value of type `ty`; containers are empty below `depth` 0.
pub fn value(r: &Arc<TypeRegistry>, ty: TypeId, depth: u32) -> BoxedStrategy<Value> {
    let t = &r[ty];
    let d = depth.saturating_sub(1);
    match t.kind() {
        Kind::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Kind::Char => any::<char>().prop_map(Value::Char).boxed(),
        Kind::Int(i) => int_value(*i),
        Kind::Float(FloatType::F32) => f32s().prop_map(Value::F32).boxed(),
        Kind::Float(FloatType::F64) => f64s().prop_map(Value::F64).boxed(),
        Kind::String => strings(),
        Kind::Bytes => vec(any::<u8>(), 0..6).prop_map(Value::from).boxed(),
        Kind::EntityId => any::<i64>().prop_map(Value::EntityId).boxed(),
        Kind::Uuid => any::<[u8; 16]>().prop_map(Value::Uuid).boxed(),
        Kind::Enum(e) if e.is_closed() => {
            let values: Vec<i64> = e.constants().iter().map(Constant::value).collect();
            select(values).prop_map(Value::Enum).boxed()
        }
        Kind::Enum(e) | Kind::Bitmask(e) => {
            let values: Vec<i64> = e.constants().iter().map(Constant::value).collect();
            prop_oneof![
                repr_value(e.repr()),
                vec(select(values), 1..3).prop_map(|vs| vs.into_iter().fold(0, |a, v| a | v)),
            ]
            .prop_map(Value::Enum)
            .boxed()
        }
        Kind::Math(m) => match m.scalar {
            MathScalar::F32 => vec(f32s(), m.len()).prop_map(Value::math_f32).boxed(),
            MathScalar::F64 => vec(f64s(), m.len()).prop_map(Value::math_f64).boxed(),
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
        Kind::List(e) => vec(value(r, *e, d), 0..3).prop_map(Value::list).boxed(),
        Kind::Set(e) => {
            // Distinct as sets: elements compared with their inner sets sorted.
            let (r, e) = (r.clone(), *e);
            vec(value(&r, e, d), 0..3)
                .prop_map(move |items| {
                    let mut seen = std::collections::HashSet::new();
                    Value::list(items.into_iter().filter(|v| {
                        let mut key = v.clone();
                        sort_map_entries(&r, e, &mut key);
                        normalize(&r, e, &mut key);
                        seen.insert(key)
                    }))
                })
                .boxed()
        }
        Kind::Map(k, v) => vec((value(r, *k, d), value(r, *v, d)), 0..3)
            .prop_map(|entries| {
                let mut seen = std::collections::HashSet::new();
                Value::map(entries.into_iter().filter(|(k, _)| seen.insert(k.clone())))
            })
            .boxed(),
        Kind::Option(inner) => proptest::option::of(value(r, *inner, d))
            .prop_map(Value::from)
            .boxed(),
        Kind::Polymorphic(base) => {
            let mut choices = vec![*base];
            let mut i = 0;
            while i < choices.len() {
                choices.extend_from_slice(r[choices[i]].derived());
                i += 1;
            }
            let options: Vec<_> = choices
                .into_iter()
                .map(|actual| value(r, actual, d).prop_map(move |v| Value::dynamic(actual, v)))
                .collect();
            proptest::strategy::Union::new(options).boxed()
        }
        Kind::Any => prop_oneof![
            Just(Value::dynamic(TypeId::NIL, Value::nil())),
            any::<i32>().prop_map(|v| Value::dynamic(TypeId::INT32, v)),
            strings().prop_map(|s| Value::dynamic(TypeId::STRING, s)),
            f64s().prop_map(|v| Value::dynamic(TypeId::DOUBLE, v)),
        ]
        .boxed(),
        Kind::Entity => Just(default_value(r, ty).expect("a default")).boxed(),
    }
}

/// A registry whose `Debug` shows only the types that are not built in (failures stay short).
#[derive(Clone)]
pub struct Reg(Arc<TypeRegistry>);

impl std::ops::Deref for Reg {
    type Target = TypeRegistry;
    fn deref(&self) -> &TypeRegistry {
        &self.0
    }
}

impl std::fmt::Debug for Reg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut list = f.debug_list();
        for t in self.0.iter().skip(TypeId::BUILTIN_COUNT) {
            list.entry(&format_args!(
                "{:?} {} = {:?}",
                t.id(),
                self.0.display(t.id()),
                t.kind()
            ));
        }
        list.finish()
    }
}

pub fn type_and_value() -> impl Strategy<Value = (Reg, TypeId, Value)> {
    spec()
        .prop_map(|spec| build(&spec))
        .prop_flat_map(|(registry, ty)| {
            let v = value(&registry, ty, 3);
            (Just(Reg(registry)), Just(ty), v)
        })
}

/// Sorts the elements of every set in `v` (of type `ty`), inner sets first. Set elements are
/// distinct with their maps sorted too (a map's order means nothing to O3DE, and maps written
/// sorted would make two sets elements the same).
pub fn normalize(r: &TypeRegistry, ty: TypeId, v: &mut Value) {
    let Some(t) = r.get(ty) else { return };
    match (t.kind(), v) {
        (Kind::Struct(s), Value::Struct(values)) => {
            for (f, v) in s.fields().iter().zip(values.iter_mut()) {
                normalize(r, f.ty(), v);
            }
        }
        (Kind::Tuple(ts), Value::Tuple(values)) => {
            for (&t, v) in ts.iter().zip(values.iter_mut()) {
                normalize(r, t, v);
            }
        }
        (Kind::Array(e, _) | Kind::List(e), Value::List(items)) => {
            for v in items.iter_mut() {
                normalize(r, *e, v);
            }
        }
        (Kind::Set(e), Value::List(items)) => {
            for v in items.iter_mut() {
                normalize(r, *e, v);
            }
            items.sort_by_cached_key(|v| format!("{v:?}"));
        }
        (Kind::Map(k, val), Value::Map(entries)) => {
            for (key, v) in entries.iter_mut() {
                normalize(r, *k, key);
                normalize(r, *val, v);
            }
        }
        (Kind::Option(inner), Value::Option(Some(v))) => normalize(r, *inner, v),
        (_, Value::Dynamic(d)) => {
            let ty = d.ty;
            normalize(r, ty, &mut d.value);
        }
        _ => {}
    }
}

pub fn sort_map_entries(r: &TypeRegistry, ty: TypeId, v: &mut Value) {
    // Maps written sorted come back in the written order; compare them as sorted too.
    let Some(t) = r.get(ty) else { return };
    match (t.kind(), v) {
        (Kind::Struct(s), Value::Struct(values)) => {
            for (f, v) in s.fields().iter().zip(values.iter_mut()) {
                sort_map_entries(r, f.ty(), v);
            }
        }
        (Kind::Tuple(ts), Value::Tuple(values)) => {
            for (&t, v) in ts.iter().zip(values.iter_mut()) {
                sort_map_entries(r, t, v);
            }
        }
        (Kind::Array(e, _) | Kind::List(e) | Kind::Set(e), Value::List(items)) => {
            for v in items.iter_mut() {
                sort_map_entries(r, *e, v);
            }
        }
        (Kind::Map(k, val), Value::Map(entries)) => {
            for (key, v) in entries.iter_mut() {
                sort_map_entries(r, *k, key);
                sort_map_entries(r, *val, v);
            }
            entries.sort_by_cached_key(|(k, _)| format!("{k:?}"));
        }
        (Kind::Option(inner), Value::Option(Some(v))) => sort_map_entries(r, *inner, v),
        (_, Value::Dynamic(d)) => {
            let ty = d.ty;
            sort_map_entries(r, ty, &mut d.value);
        }
        _ => {}
    }
}

/// Whether `f` holds for some value within `v` (of type `ty`), `v` included.
pub fn any_within(
    r: &TypeRegistry,
    ty: TypeId,
    v: &Value,
    f: &dyn Fn(&Kind, &Value) -> bool,
) -> bool {
    let Some(t) = r.get(ty) else { return false };
    if f(t.kind(), v) {
        return true;
    }
    match (t.kind(), v) {
        (Kind::Struct(s), Value::Struct(values)) => s
            .fields()
            .iter()
            .zip(values.iter())
            .any(|(field, v)| any_within(r, field.ty(), v, f)),
        (Kind::Tuple(ts), Value::Tuple(values)) => ts
            .iter()
            .zip(values.iter())
            .any(|(&t, v)| any_within(r, t, v, f)),
        (Kind::Array(e, _) | Kind::List(e) | Kind::Set(e), Value::List(items)) => {
            items.iter().any(|v| any_within(r, *e, v, f))
        }
        (Kind::Map(k, val), Value::Map(entries)) => entries
            .iter()
            .any(|(key, v)| any_within(r, *k, key, f) || any_within(r, *val, v, f)),
        (Kind::Option(inner), Value::Option(Some(v))) => any_within(r, *inner, v, f),
        (_, Value::Dynamic(d)) => any_within(r, d.ty, &d.value, f),
        _ => false,
    }
}

/// The text made deeply nested: `open` repeated `depth` times, then `close` as often.
pub fn nested(open: &str, inner: &str, close: &str, depth: usize) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * depth + inner.len());
    for _ in 0..depth {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..depth {
        s.push_str(close);
    }
    s
}

/// A few types to load arbitrary text as: the fixed ones and a struct of many kinds.
pub fn fuzz_registry() -> (TypeRegistry, Vec<TypeId>) {
    let mut b = TypeRegistry::builder();
    let fixed = fixed_types(&mut b);
    let ints = b.list(TypeId::INT32);
    let set = b.set(TypeId::STRING);
    let map = b.map(TypeId::STRING, TypeId::DOUBLE);
    let int_map = b.map(TypeId::INT32, fixed[0]);
    let arr = b.array(TypeId::UINT8, 3);
    let tup = b.tuple([TypeId::BOOL, TypeId::UUID]);
    let v3 = b.math(MathType::VECTOR3);
    let color = b.math(MathType::COLOR);
    let q = b.math(MathType::QUATERNION);
    let trs = b.math(MathType::new(MathShape::TransformTrs, MathScalar::F32));
    let m33 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 3 },
        MathScalar::F32,
    ));
    let flags = EnumType::new(
        IntType::UINT32,
        [Constant::new("A", 1), Constant::new("B", 2)],
    )
    .expect("ok");
    let flags = b.add("p.Flags", Kind::Bitmask(flags)).expect("fresh");
    let opt = b.option(TypeId::INT64);
    let fields = [
        ("b", TypeId::BOOL),
        ("i8", TypeId::INT8),
        ("u64", TypeId::UINT64),
        ("f", TypeId::FLOAT),
        ("d", TypeId::DOUBLE),
        ("s", TypeId::STRING),
        ("by", TypeId::BYTES),
        ("e", TypeId::ENTITY_ID),
        ("u", TypeId::UUID),
        ("flags", flags),
        ("ints", ints),
        ("set", set),
        ("map", map),
        ("int_map", int_map),
        ("arr", arr),
        ("tup", tup),
        ("v3", v3),
        ("color", color),
        ("q", q),
        ("trs", trs),
        ("m33", m33),
        ("opt", opt),
        ("node", fixed[0]),
        ("poly", fixed[1]),
        ("defaults", fixed[2]),
    ];
    let all = StructType::new(fields.iter().map(|&(n, t)| Field::new(n, t))).expect("ok");
    let all = b.add("p.All", all).expect("fresh");
    let nested_list = b.list(ints);
    let registry = b.build().expect("valid");
    (registry, vec![all, fixed[0], fixed[1], nested_list, m33])
}
