//! What the property tests share: each group's compiled schema, random values of its types,
//! and a runner that collects every component's failures.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rosetta_codegen_tests::{Group, GROUPS};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_types::{ComponentInfo, FloatType, IntType, Kind, TypeId, TypeRegistry, Value};

/// Each group's registry, compiled once.
#[derive(Default)]
pub struct Registries {
    by_group: HashMap<usize, Arc<TypeRegistry>>,
}

impl Registries {
    pub fn get(&mut self, group: usize) -> Arc<TypeRegistry> {
        self.by_group
            .entry(group)
            .or_insert_with(|| Arc::new(load(&GROUPS[group])))
            .clone()
    }
}

fn load(group: &Group) -> TypeRegistry {
    let options = CompileOptions {
        schema_paths: group.schema_paths.iter().map(PathBuf::from).collect(),
        load_all: group.files.is_empty(),
        files: group.files.iter().map(PathBuf::from).collect(),
    };
    let compiled = compile(&options).unwrap_or_else(|d| {
        panic!(
            "{} compiled at build time: {}",
            group.module,
            d.render(false)
        )
    });
    Schema::from_bundle(compiled.bundle())
        .expect("lowers")
        .registry()
        .clone()
}

/// How random values are made.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Enum values no constant names, as well as constants.
    pub unknown_enums: bool,
    /// Floats that JSON has no number for (NaN, infinities).
    pub non_finite: bool,
}

fn int_value(t: IntType) -> BoxedStrategy<Value> {
    match (t.is_signed(), t.bits()) {
        (true, 32) => any::<i32>().prop_map(Value::I32).boxed(),
        (true, _) => any::<i64>().prop_map(Value::I64).boxed(),
        (false, 32) => any::<u32>().prop_map(Value::U32).boxed(),
        (false, _) => any::<u64>().prop_map(Value::U64).boxed(),
    }
}

fn f32s(shape: Shape) -> BoxedStrategy<f32> {
    if shape.non_finite {
        any::<f32>().boxed()
    } else {
        (-1e6f32..1e6).boxed()
    }
}

fn f64s(shape: Shape) -> BoxedStrategy<f64> {
    if shape.non_finite {
        any::<f64>().boxed()
    } else {
        (-1e12f64..1e12).boxed()
    }
}

/// A random value of type `ty`; containers are empty (options unset) at `depth` 0.
pub fn value(r: &Arc<TypeRegistry>, ty: TypeId, depth: u32, shape: Shape) -> BoxedStrategy<Value> {
    let t = &r[ty];
    let d = depth.saturating_sub(1);
    match t.kind() {
        Kind::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Kind::Int(i) => int_value(*i),
        Kind::Float(FloatType::F32) => f32s(shape).prop_map(Value::F32).boxed(),
        Kind::Float(_) => f64s(shape).prop_map(Value::F64).boxed(),
        Kind::String => "\\PC{0,6}".prop_map(Value::from).boxed(),
        Kind::Bytes => vec(any::<u8>(), 0..6).prop_map(Value::from).boxed(),
        Kind::EntityId => any::<i64>().prop_map(Value::EntityId).boxed(),
        Kind::Enum(e) | Kind::Bitmask(e) => {
            let values: Vec<i64> = e.constants().iter().map(|c| c.value()).collect();
            let known = if values.is_empty() {
                Just(0).boxed()
            } else {
                proptest::sample::select(values).boxed()
            };
            if shape.unknown_enums {
                prop_oneof![3 => known, 1 => any::<u32>().prop_map(i64::from)]
                    .prop_map(Value::Enum)
                    .boxed()
            } else {
                known.prop_map(Value::Enum).boxed()
            }
        }
        Kind::Struct(s) => {
            let fields: Vec<_> = s
                .fields()
                .iter()
                .map(|f| value(r, f.ty(), d, shape))
                .collect();
            fields.prop_map(Value::structure).boxed()
        }
        Kind::Option(_) if depth == 0 => Just(Value::NONE).boxed(),
        Kind::List(_) | Kind::Map(..) | Kind::Entity if depth == 0 => {
            Just(rosetta_types::default_value(r, ty).expect("containers have defaults")).boxed()
        }
        Kind::Option(inner) => proptest::option::of(value(r, *inner, d, shape))
            .prop_map(Value::from)
            .boxed(),
        Kind::List(e) | Kind::Set(e) => vec(value(r, *e, d, shape), 0..4)
            .prop_map(Value::list)
            .boxed(),
        Kind::Map(k, v) => {
            let key_order = KeyOrder::of(r, *k);
            vec((value(r, *k, d, shape), value(r, *v, d, shape)), 0..4)
                .prop_map(move |entries| Value::map(key_order.normalize(entries)))
                .boxed()
        }
        Kind::Entity => {
            let components: Vec<_> = r
                .components()
                .take(3)
                .map(|c| {
                    let id = c.component().map_or(0, ComponentInfo::id);
                    proptest::option::of(value(r, c.id(), d, shape).prop_map(move |v| (id, v)))
                })
                .collect();
            components
                .prop_map(|cs| Value::entity(cs.into_iter().flatten()))
                .boxed()
        }
        other => panic!("no SpatialOS type has kind {other:?}"),
    }
}

/// How the generated map type orders keys: a map value is made as the generated map holds it
/// (`BTreeMap`: sorted, each key once), so that both sides write the same entries in the same
/// order. Keys with no order are `Vec`s of entries in the generated code: kept as made.
#[derive(Debug, Clone)]
enum KeyOrder {
    Natural,
    /// Enum keys sort by declaration (the derived `Ord`), values no constant names last.
    Enum(Vec<i64>),
    Unordered,
}

impl KeyOrder {
    fn of(r: &TypeRegistry, key: TypeId) -> KeyOrder {
        match r[key].kind() {
            Kind::Float(_) | Kind::Struct(_) | Kind::Entity => KeyOrder::Unordered,
            Kind::Enum(e) | Kind::Bitmask(e) => {
                KeyOrder::Enum(e.constants().iter().map(|c| c.value()).collect())
            }
            _ => KeyOrder::Natural,
        }
    }

    fn rank(&self, key: &Value) -> (usize, Value) {
        match (self, key) {
            (KeyOrder::Enum(values), Value::Enum(v)) => {
                let first = values.iter().position(|c| c == v);
                (
                    first.unwrap_or(values.len()),
                    if first.is_some() {
                        Value::Enum(0)
                    } else {
                        key.clone()
                    },
                )
            }
            _ => (0, key.clone()),
        }
    }

    fn normalize(&self, mut entries: Vec<(Value, Value)>) -> Vec<(Value, Value)> {
        if matches!(self, KeyOrder::Unordered) {
            return entries;
        }
        // The last entry of a key wins, as a map insert does.
        entries.reverse();
        let mut seen = Vec::new();
        entries.retain(|(k, _)| {
            let fresh = !seen.contains(k);
            seen.push(k.clone());
            fresh
        });
        entries.sort_by(|(a, _), (b, _)| {
            let (ra, rb) = (self.rank(a), self.rank(b));
            ra.0.cmp(&rb.0).then_with(|| natural(&ra.1, &rb.1))
        });
        entries
    }
}

/// Rust's order of the generated key types.
fn natural(a: &Value, b: &Value) -> std::cmp::Ordering {
    match (a, b) {
        (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
        (Value::I32(a), Value::I32(b)) => a.cmp(b),
        (Value::I64(a), Value::I64(b)) => a.cmp(b),
        (Value::U32(a), Value::U32(b)) => a.cmp(b),
        (Value::U64(a), Value::U64(b)) => a.cmp(b),
        (Value::EntityId(a), Value::EntityId(b)) => a.cmp(b),
        (Value::Enum(a), Value::Enum(b)) => (*a as u32).cmp(&(*b as u32)),
        (Value::String(a), Value::String(b)) => a.as_str().cmp(b.as_str()),
        (Value::Bytes(a), Value::Bytes(b)) => a.cmp(b),
        _ => std::cmp::Ordering::Equal,
    }
}

/// Runs `check` on `cases` random inputs of `strategy`, returning the first failure, with its
/// shrunk input, as a message.
pub fn run<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), String>,
) -> Result<(), String>
where
    S::Value: std::fmt::Debug,
{
    // More cases than CI runs, for a longer look: ROSETTA_CODEGEN_CASES=1000.
    let cases = std::env::var("ROSETTA_CODEGEN_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |input| check(input).map_err(TestCaseError::fail))
        .map_err(|e| e.to_string())
}

/// Failures gathered over every component, reported together.
#[derive(Default)]
pub struct Failures {
    pub checked: usize,
    pub failed: Vec<String>,
}

impl Failures {
    pub fn record(&mut self, name: &str, outcome: Result<(), String>) {
        self.checked += 1;
        if let Err(e) = outcome {
            self.failed.push(format!("{name}: {e}"));
        }
    }

    pub fn assert_none(&self, what: &str) {
        assert!(self.checked > 0, "no component was checked");
        assert!(
            self.failed.is_empty(),
            "{what}: {} of {} components failed:\n{}",
            self.failed.len(),
            self.checked,
            self.failed.join("\n\n")
        );
        eprintln!("{what}: {} components checked", self.checked);
    }
}
