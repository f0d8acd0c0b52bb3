//! Properties of the O3DE JSON rules (`rosetta_json::o3de`): a random value of a random type
//! stored (compact, pretty, with and without defaults) loads back equal; no text, random or a
//! mutated valid document, makes `load` panic, and deep nesting is an error; strict mode rejects
//! a coercion at the member's JSON Pointer.
//!
//! Generation leaves out what O3DE's format does not keep, by design:
//! - floats within `f32::EPSILON` (`f64::EPSILON`) of their default but not equal to it: the
//!   engine compares with `AZ::IsClose` and leaves them out as defaults (`-0.0` likewise);
//! - NaN (a value is equal bitwise; not-finite floats are written as text);
//! - the order of set elements (sets are written sorted: compared sorted here) and duplicate set
//!   elements or map keys (rejected or merged on load);
//! - members whose own default is a non-empty container: read onto a class instance (an element
//!   of an array or tuple, `load_into`), a list is appended to, as the engine appends to it.
//!
//! - nested options (`option<option<T>>`): JSON's `null` and the explicit default `{}` cannot
//!   tell `None` from `Some(None)` or `Some(Some(default))` (O3DE has the same ambiguity for a
//!   pointer to a pointer); `nested_options_are_ambiguous` shows it.

use std::sync::Arc;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
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

const BUILTINS: [TypeId; 23] = [
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

const FIXED: usize = 3;

fn math_type() -> impl Strategy<Value = MathType> {
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

fn enum_spec() -> impl Strategy<Value = Spec> {
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

fn key_spec() -> impl Strategy<Value = Spec> {
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

fn spec() -> impl Strategy<Value = Spec> {
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

fn register(b: &mut RegistryBuilder, fixed: &[TypeId], spec: &Spec, counter: &mut usize) -> TypeId {
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
fn fixed_types(b: &mut RegistryBuilder) -> Vec<TypeId> {
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

fn build(spec: &Spec) -> (Arc<TypeRegistry>, TypeId) {
    let mut b = TypeRegistry::builder();
    let fixed = fixed_types(&mut b);
    let mut counter = 0;
    let ty = register(&mut b, &fixed, spec, &mut counter);
    (Arc::new(b.build().expect("valid registry")), ty)
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

/// Finite, and not within epsilon of the defaults 0 and 1 unless equal to them (`AZ::IsClose`
/// leaves those out); `-0.0` is left out as the default `0.0`.
fn kept(x: f64) -> bool {
    x.is_finite()
        && (x.to_bits() == 0 || x.abs() > 1e-6)
        && (x == 1.0 || (x - 1.0).abs() > 1e-6)
        && (x == 42.0 || (x - 42.0).abs() > 1e-4)
}

fn f32s() -> BoxedStrategy<f32> {
    prop_oneof![
        3 => any::<f32>(),
        1 => select(vec![0.0f32, 1.0, -1.0, 0.2, 42.0, 1e30, -3.5e-3]),
    ]
    .prop_filter("finite, not close to a default", |x| kept(f64::from(*x)))
    .boxed()
}

fn f64s() -> BoxedStrategy<f64> {
    prop_oneof![
        3 => any::<f64>(),
        1 => select(vec![0.0f64, 1.0, -1.0, 0.1, 1e300, 0.2f32 as f64]),
    ]
    .prop_filter("finite, not close to a default", |x| kept(*x))
    .boxed()
}

fn strings() -> BoxedStrategy<Value> {
    prop_oneof![
        "\\PC{0,6}",
        "[\\x00-\\x7f]{0,6}",
        select(vec!["true", "0", "{}", "$type", "null"]).prop_map(String::from),
    ]
    .prop_map(Value::from)
    .boxed()
}

/// A random value of type `ty`; containers are empty below `depth` 0.
fn value(r: &Arc<TypeRegistry>, ty: TypeId, depth: u32) -> BoxedStrategy<Value> {
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
struct Reg(Arc<TypeRegistry>);

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

fn type_and_value() -> impl Strategy<Value = (Reg, TypeId, Value)> {
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
fn normalize(r: &TypeRegistry, ty: TypeId, v: &mut Value) {
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

fn store_options() -> Vec<(&'static str, StoreOptions)> {
    vec![
        ("default", StoreOptions::default()),
        (
            "keep_defaults",
            StoreOptions {
                keep_defaults: true,
                ..StoreOptions::default()
            },
        ),
        ("pretty", StoreOptions::pretty()),
        (
            "shortest floats, documented enum arrays",
            StoreOptions {
                float_form: o3de::FloatForm::Shortest,
                enum_form: o3de::EnumForm::Documented,
                ..StoreOptions::default()
            },
        ),
        (
            "pretty keep_defaults sorted",
            StoreOptions {
                keep_defaults: true,
                sort_maps: true,
                ..StoreOptions::pretty()
            },
        ),
    ]
}

fn sort_map_entries(r: &TypeRegistry, ty: TypeId, v: &mut Value) {
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
fn any_within(r: &TypeRegistry, ty: TypeId, v: &Value, f: &dyn Fn(&Kind, &Value) -> bool) -> bool {
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
fn nested(open: &str, inner: &str, close: &str, depth: usize) -> String {
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
fn fuzz_registry() -> (TypeRegistry, Vec<TypeId>) {
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

fn load_any(registry: &TypeRegistry, types: &[TypeId], text: &str) {
    for &ty in types {
        for strict in [false, true] {
            let options = LoadOptions {
                strict,
                ..LoadOptions::default()
            };
            let loaded = std::panic::catch_unwind(|| {
                let _ = o3de::load(registry, ty, text, &options, &mut Quiet);
            });
            if let Err(panic) = loaded {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("");
                panic!("{} <- {text:?}: panicked: {message}", registry.display(ty));
            }
        }
    }
}

fn inner_of(v: &Value) -> &Value {
    match v {
        Value::Option(Some(inner)) => inner,
        other => other,
    }
}

/// Nested options, which JSON cannot tell apart (see `nested_options_are_ambiguous`).
fn ambiguous(registry: &TypeRegistry, ty: TypeId, value: &Value, options: &StoreOptions) -> bool {
    any_within(registry, ty, value, &|_, v| {
        matches!(v, Value::Option(Some(inner)) if matches!(**inner, Value::Option(_)))
            && (options.keep_defaults || matches!(inner_of(v), Value::Option(Some(_))))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn store_then_load_gives_the_value_back((registry, ty, value) in type_and_value()) {
        let checked = validate(&registry, ty, &value);
        prop_assert!(checked.is_ok(), "{}: {:?}", registry.display(ty), checked);
        for (name, options) in store_options() {
            if ambiguous(&registry, ty, &value, &options) {
                continue;
            }
            let stored = o3de::store(&registry, ty, &value, &options, &mut Quiet);
            prop_assert!(stored.is_ok(), "{name}: {}: {value:?}: {stored:?}", registry.display(ty));
            let stored = stored.unwrap();
            // Exactly back with full precision: O3DE's own number reading is one unit in the
            // last place off for some doubles (`o3de_engine.rs` checks that reading).
            let full = LoadOptions { full_precision: true, ..LoadOptions::default() };
            let loaded = o3de::load(&registry, ty, &stored.json, &full, &mut Quiet);
            prop_assert!(
                loaded.is_ok(),
                "{name}: {}: {value:?}\n{}\n{loaded:?}", registry.display(ty), stored.json
            );
            let loaded = loaded.unwrap();
            prop_assert!(
                !loaded.result.halted(),
                "{name}: {}: {value:?}\n{}\n{:?}", registry.display(ty), stored.json, loaded.result
            );
            let strict = LoadOptions { strict: true, ..full };
            let strictly = o3de::load(&registry, ty, &stored.json, &strict, &mut Quiet);
            prop_assert!(
                strictly.as_ref().is_ok_and(|l| l.value == loaded.value),
                "{name} strict: {}: {value:?}\n{}\n{strictly:?}",
                registry.display(ty), stored.json
            );
            let mut got = loaded.value;
            let mut want = value.clone();
            if options.sort_maps {
                sort_map_entries(&registry, ty, &mut got);
                sort_map_entries(&registry, ty, &mut want);
            }
            normalize(&registry, ty, &mut got);
            normalize(&registry, ty, &mut want);
            prop_assert_eq!(
                &got, &want,
                "{}: {}: {}", name, registry.display(ty), stored.json
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}|[\\[\\]{}\",:0-9a-zA-Z$ .eE+-]{0,60}") {
        let (registry, types) = fuzz_registry();
        load_any(&registry, &types, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_strings_as_leaves_never_panic(text in "\\PC{0,10}|[-+ .0-9a-zA-Z\u{80}-\u{10ffff}]{0,10}") {
        let (registry, types) = fuzz_registry();
        let quoted = serde_json::to_string(&text).expect("a string");
        let mut leaves = vec![TypeId::BOOL, TypeId::INT8, TypeId::UINT64, TypeId::INT64, TypeId::FLOAT,
            TypeId::DOUBLE, TypeId::STRING, TypeId::BYTES, TypeId::ENTITY_ID, TypeId::UUID];
        leaves.extend(registry.iter().filter(|t| matches!(t.kind(), Kind::Enum(_) | Kind::Bitmask(_))).map(|t| t.id()));
        load_any(&registry, &leaves, &quoted);
        load_any(&registry, &leaves, &format!("[{quoted}]"));
        load_any(&registry, &types, &format!(r#"{{"f": {quoted}, "d": {quoted}, "b": {quoted}, "u": {quoted}, "flags": [{quoted}], "v3": {{"x": {quoted}}}, "color": {{"HEX": {quoted}}}}}"#));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mutated_documents_never_panic(
        (registry, ty, value) in type_and_value(),
        flips in vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet)
            .expect("a valid value stores");
        let mut bytes = stored.json.into_bytes();
        for (at, b) in flips {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        if truncate && !bytes.is_empty() {
            bytes.truncate(cut.index(bytes.len()));
        }
        let text = String::from_utf8_lossy(&bytes);
        load_any(&registry, &[ty], &text);
        let (registry, types) = fuzz_registry();
        load_any(&registry, &types, &text);
    }
}

/// Runs `f` on a thread with `mib` MiB of stack: a debug build needs about 10 KiB of stack per
/// level of `{"next": ...}` (`option<Node>`).
fn with_stack(mib: usize, f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(mib << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic");
}

#[test]
fn deep_arrays_are_an_error() {
    with_stack(8, deep_arrays);
}

#[test]
fn deep_objects_are_an_error() {
    with_stack(8, deep_objects);
}

/// `MAX_NESTING` (100 object levels) within `DEFAULT_MAX_DEPTH` (304 JSON levels) fits the 2 MiB
/// stack of a spawned or test thread even in a debug build (about 10 KiB per level of
/// `option<Node>` there, 1.5 KiB in release).
#[test]
fn deep_objects_fit_a_2mib_stack() {
    with_stack(2, deep_objects);
}

fn deep_arrays() {
    let (registry, types) = fuzz_registry();
    for text in [
        nested("[", "", "]", 100_000),
        nested("[", "", "", 100_000),
        nested("[", "1", "]", o3de::DEFAULT_MAX_DEPTH + 1),
    ] {
        for &ty in &types {
            let loaded = o3de::load(&registry, ty, &text, &LoadOptions::default(), &mut Quiet);
            // A type that is not an array halts (TypeMismatch) at the first `[`; an array type
            // must meet the depth limit.
            if let Ok(l) = &loaded {
                assert!(
                    l.result.halted(),
                    "{}: {:?}",
                    registry.display(ty),
                    l.result
                );
            }
        }
        let nested_list = types[3];
        let loaded = o3de::load(
            &registry,
            nested_list,
            &text,
            &LoadOptions::default(),
            &mut Quiet,
        );
        assert!(
            loaded.as_ref().map_or(true, |l| l.result.halted()),
            "{loaded:?}"
        );
    }
}

fn deep_objects() {
    let (registry, types) = fuzz_registry();
    let node = types[1];
    for text in [
        nested(r#"{"next":"#, "null", "}", 100_000),
        nested(r#"{"next":"#, "", "", 100_000),
        nested(r#"{"children":["#, "", "]}", 100_000),
        nested(r#"{"a":"#, "1", "}", 100_000),
        nested(r#"{"$type":"p.Derived","x":"#, "1", "}", 100_000),
    ] {
        for &ty in &types {
            let loaded = o3de::load(&registry, ty, &text, &LoadOptions::default(), &mut Quiet);
            assert!(
                loaded.as_ref().map_or(true, |l| l.result.halted()),
                "{}: {:?}",
                registry.display(ty),
                loaded.map(|l| l.result)
            );
        }
    }
    // Within the limit a deep chain loads: 100 objects, the last `{"label": "end"}`.
    let text = nested(r#"{"next":"#, r#"{"label":"end"}"#, "}", MAX_NESTING - 1);
    let loaded = o3de::load(&registry, node, &text, &LoadOptions::default(), &mut Quiet);
    let loaded = loaded.expect("100 levels load");
    assert!(!loaded.result.halted(), "{:?}", loaded.result);
    // One more is refused where it is, as the store refuses it.
    let text = nested(r#"{"next":"#, r#"{"label":"end"}"#, "}", MAX_NESTING);
    let error = o3de::load(&registry, node, &text, &LoadOptions::default(), &mut Quiet);
    let error = error.expect_err("101 levels are refused");
    let pointer = "/next".repeat(MAX_NESTING);
    assert_eq!(error.path(), Some(pointer.as_str()));
    assert_eq!(
        error.to_string(),
        format!("nesting deeper than 100 object levels (at {pointer})")
    );
    let value = Value::structure([
        Value::string(""),
        Value::some(loaded.value),
        Value::list([]),
    ]);
    let stored = o3de::store(
        &registry,
        node,
        &value,
        &StoreOptions::default(),
        &mut Quiet,
    );
    assert_eq!(stored.map_err(|e| e.to_string()), Err(error.to_string()));
}

#[test]
fn deep_values_store_as_an_error() {
    let (registry, types) = fuzz_registry();
    let node = types[1];
    let mut value = default_value(&registry, node).unwrap();
    for i in 0..100_000 {
        value = Value::structure([
            Value::string(if i == 0 { "end" } else { "" }),
            Value::some(value),
            Value::list([]),
        ]);
    }
    let stored = o3de::store(
        &registry,
        node,
        &value,
        &StoreOptions::default(),
        &mut Quiet,
    );
    assert!(stored.is_err(), "{:?}", stored.map(|s| s.json.len()));
    // Dropping a 100k deep value recurses; leak it rather than overflow the test's stack.
    std::mem::forget(value);
}

#[test]
fn strict_mode_rejects_a_coercion_at_its_pointer() {
    let (registry, types) = fuzz_registry();
    let all = types[0];
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    for (text, pointer) in [
        (r#"{"defaults": {"var1": "12"}}"#, "/defaults/var1"),
        (r#"{"i8": "12"}"#, "/i8"),
        (r#"{"ints": [1, "2"]}"#, "/ints/1"),
        (r#"{"node": {"next": {"label": 5}}}"#, "/node/next/label"),
        (r#"{"b": 1}"#, "/b"),
        (r#"{"map": {"a~b/c": "1.5"}}"#, "/map/a~0b~1c"),
    ] {
        let lenient = o3de::load(&registry, all, text, &LoadOptions::default(), &mut Quiet);
        let lenient = lenient.unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!lenient.result.halted(), "{text}: {:?}", lenient.result);
        let err = o3de::load(&registry, all, text, &strict, &mut Quiet)
            .expect_err("strict mode rejects a coercion");
        assert_eq!(err.path(), Some(pointer), "{text}: {err}");
    }
    let exact = o3de::load(
        &registry,
        all,
        r#"{"defaults": {"var1": 12}}"#,
        &strict,
        &mut Quiet,
    )
    .expect("no coercion");
    assert_eq!(
        exact.value.as_struct().unwrap()[24],
        Value::structure([
            Value::I32(12),
            Value::F32(42.0),
            Value::string("hi"),
            Value::Enum(3),
            Value::math_f32([1.0, 2.0, 3.0]),
            Value::math_f32([0.5, 0.5, 0.5, 0.25]),
            Value::structure([Value::F32(1.5)]),
            Value::some(Value::structure([Value::F32(2.5)])),
        ])
    );
}

/// Regression: an empty option at the root was stored as `{}` (the explicit default), which loads
/// as a present default value (`Some(false)`). As an element it is written `null`; the root
/// should be too.
#[test]
fn root_empty_option() {
    let mut b = TypeRegistry::builder();
    let ty = b.option(TypeId::BOOL);
    let registry = b.build().unwrap();
    let stored = o3de::store(
        &registry,
        ty,
        &Value::NONE,
        &StoreOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    let loaded = o3de::load(
        &registry,
        ty,
        &stored.json,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    assert_eq!(loaded.value, Value::NONE, "stored as {}", stored.json);
}

/// Regression: a closed bitmask took only single constants on load: `A|B` is stored as
/// `["B","A"]` (and validates), but loads as the default with Unsupported
/// ("3 is not a value of the enum"); `3` likewise.
#[test]
fn closed_bitmask_combination() {
    let mut b = TypeRegistry::builder();
    let flags = EnumType::new(
        IntType::UINT32,
        [Constant::new("A", 1), Constant::new("B", 2)],
    )
    .unwrap();
    let ty = b.add("p.Flags", Kind::Bitmask(flags)).unwrap();
    let registry = b.build().unwrap();
    let value = Value::Enum(3);
    validate(&registry, ty, &value).unwrap();
    let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet).unwrap();
    let loaded = o3de::load(
        &registry,
        ty,
        &stored.json,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    assert_eq!(
        loaded.value, value,
        "stored as {}: {:?}",
        stored.json, loaded.result
    );
}

/// Regression: strict mode rejected what `store` writes for an enum value that is no single
/// constant: an open bitmask `A|B` is stored as `["B","A"]`, and loading that strictly fails with
/// "read the enum value 3 [coerced; strict mode]" (an enum array of more than one element is
/// flagged as a coercion), though the array is the written form.
#[test]
fn strict_accepts_stored_enum_arrays() {
    let mut b = TypeRegistry::builder();
    let flags = EnumType::new(
        IntType::UINT32,
        [Constant::new("A", 1), Constant::new("B", 2)],
    )
    .unwrap()
    .open();
    let ty = b.add("p.Flags", Kind::Bitmask(flags)).unwrap();
    let registry = b.build().unwrap();
    let value = Value::Enum(3);
    let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet).unwrap();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let loaded = o3de::load(&registry, ty, &stored.json, &strict, &mut Quiet);
    assert_eq!(
        loaded.map(|l| l.value).ok(),
        Some(value),
        "stored as {}",
        stored.json
    );
}

/// Regression: a float or double read from text whose fourth (or ninth) byte is inside a
/// multi-byte character panics (`cnum::parse_c_double` slices `rest[..word.len()]` looking for
/// `inf`/`nan`/`infinity`): "byte index 3 is not a char boundary".
#[test]
fn float_text_with_non_ascii_is_unsupported() {
    let registry = TypeRegistry::builder().build().unwrap();
    for ty in [TypeId::FLOAT, TypeId::DOUBLE] {
        for text in [r#""a€""#, r#""-a€""#, r#""aaaaaaa€""#] {
            let loaded = o3de::load(&registry, ty, text, &LoadOptions::default(), &mut Quiet);
            assert!(loaded.is_ok(), "{text}: {loaded:?}");
        }
    }
}

/// Nested options: JSON's `null` is both an empty outer option and a present empty inner one,
/// and the explicit default `{}` on an empty outer option reads as a present default inner
/// option. So with `keep_defaults` `Some(None)` is written `null` and reads as `None`; without
/// it, `Some(Some(false))` is written `{}` and reads as `Some(None)`. (O3DE has no optional; a
/// pointer to a pointer has the same ambiguity.)
#[test]
fn nested_options_are_ambiguous() {
    let mut b = TypeRegistry::builder();
    let inner = b.option(TypeId::BOOL);
    let ty = b.option(inner);
    let registry = b.build().unwrap();
    let keep = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    let cases = [
        (Value::some(Value::NONE), keep, "null", Value::NONE),
        (
            Value::some(Value::some(Value::Bool(false))),
            StoreOptions::default(),
            "{}",
            Value::some(Value::NONE),
        ),
    ];
    for (value, options, json, read) in cases {
        let stored = o3de::store(&registry, ty, &value, &options, &mut Quiet).unwrap();
        assert_eq!(stored.json, json);
        let loaded = o3de::load(&registry, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
        assert_eq!(loaded.value, read);
    }
}
