//! Every component of every schema of the SpatialOS corpus (`../shared/corpus/spatialos`), with
//! random values of every kind (options, lists, maps, enums, bytes, `EntityId`, `Entity`,
//! nested types, integer extremes, doubles with subnormals, `-0.0`, infinities and NaN),
//! goes snapshot → world → world JSON → world → snapshot unchanged, byte for byte.
//!
//! The corpus' schema roots are found from each file's `package` line; each project's roots are
//! compiled together with the repository's standard library (`schema/`), or one root at a time
//! when they clash. The test says so and passes when the corpus is missing.

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use common::corpus::{compiled, corpus_dir, project_roots};
use common::{round_trip, snapshot_bytes};
use proptest::prelude::*;
use rosetta_schema::Schema;
use rosetta_types::{FloatType, IntWidth, Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::typed;

/// A small deterministic generator: one proptest seed is one set of entities.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*; a zero state would stay zero.
        self.0 = self.0.max(1);
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

const F64S: &[f64] = &[
    0.0,
    -0.0,
    1.0 / 3.0,
    0.1,
    -273.15,
    1e16,
    1e300,
    -1e-300,
    5e-324,
    -2.2250738585072014e-308,
    f64::MIN_POSITIVE,
    f64::MAX,
    f64::MIN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    9_223_372_036_854_775_808.0,
];

const F32S: &[f32] = &[
    0.0,
    -0.0,
    0.1,
    1e-45,
    f32::MIN_POSITIVE,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    16_777_217.0,
];

const CHARS: &[char] = &[
    'a', 'Z', '0', ' ', 'é', '☃', '𝄞', '"', '\\', '/', '\n', '\t', '\u{1b}', '\u{7}', '\u{b}',
    '\0', '\u{7f}', '|', '.',
];

fn f64_value(rng: &mut Rng) -> f64 {
    match rng.below(3) {
        0 => rng.pick(F64S),
        // Any bits but a NaN's (whose payload JSON does not keep).
        1 => Some(f64::from_bits(rng.next()))
            .filter(|f| !f.is_nan())
            .unwrap_or(-f64::NAN),
        _ => (rng.next() as i64) as f64 / (1u64 << rng.below(64)) as f64,
    }
}

fn f32_value(rng: &mut Rng) -> f32 {
    match rng.below(2) {
        0 => rng.pick(F32S),
        _ => Some(f32::from_bits(rng.next() as u32))
            .filter(|f| !f.is_nan())
            .unwrap_or(-f32::NAN),
    }
}

fn int_bits(rng: &mut Rng) -> u64 {
    match rng.below(4) {
        0 => rng.pick(&[
            0,
            1,
            u64::MAX,
            1 << 31,
            (1 << 31) - 1,
            1 << 63,
            (1 << 63) - 1,
        ]),
        1 => rng.below(1000),
        _ => rng.next(),
    }
}

/// How deep values nest before containers are left empty (types may be recursive).
const DEPTH: u32 = 3;

fn random_value(registry: &TypeRegistry, ty: TypeId, rng: &mut Rng, depth: u32) -> Value {
    let Some(kind) = registry.get(ty).map(|t| t.kind().clone()) else {
        panic!("type {ty:?} is not in the registry");
    };
    let room = depth < DEPTH;
    let count = |rng: &mut Rng, n: u64| if room { rng.below(n) } else { 0 };
    match kind {
        Kind::Bool => Value::Bool(rng.below(2) == 1),
        Kind::Int(int) => {
            let bits = int_bits(rng);
            match (int.is_signed(), int.width() == IntWidth::W64) {
                (true, true) => Value::I64(bits as i64),
                (true, false) => Value::I32(bits as i32),
                (false, true) => Value::U64(bits),
                (false, false) => Value::U32(bits as u32),
            }
        }
        Kind::Float(FloatType::F32) => Value::F32(f32_value(rng)),
        Kind::Float(_) => Value::F64(f64_value(rng)),
        Kind::String => {
            let n = rng.below(6);
            Value::string((0..n).map(|_| rng.pick(CHARS)).collect::<String>())
        }
        Kind::Bytes => Value::bytes(
            (0..rng.below(6))
                .map(|_| rng.next() as u8)
                .collect::<Vec<_>>(),
        ),
        Kind::EntityId => Value::EntityId(int_bits(rng) as i64),
        Kind::Enum(e) if !e.constants().is_empty() => {
            let i = rng.below(e.constants().len() as u64) as usize;
            Value::Enum(e.constants()[i].value())
        }
        Kind::Struct(def) => Value::structure(
            def.fields()
                .iter()
                .map(|f| random_value(registry, f.ty(), rng, depth + 1))
                .collect::<Vec<_>>(),
        ),
        Kind::Option(inner) => Value::Option(
            (count(rng, 2) == 1).then(|| Box::new(random_value(registry, inner, rng, depth + 1))),
        ),
        Kind::List(inner) => Value::list(
            (0..count(rng, 4))
                .map(|_| random_value(registry, inner, rng, depth + 1))
                .collect::<Vec<_>>(),
        ),
        Kind::Map(k, v) => Value::map(
            (0..count(rng, 3))
                .map(|_| {
                    (
                        random_value(registry, k, rng, depth + 1),
                        random_value(registry, v, rng, depth + 1),
                    )
                })
                .collect::<Vec<_>>(),
        ),
        Kind::Entity => {
            let components: Vec<(u32, TypeId)> = registry
                .components()
                .filter_map(|t| Some((t.component()?.id(), t.id())))
                .collect();
            Value::entity(
                (0..count(rng, 3))
                    .map(|_| {
                        let (cid, t) = rng.pick(&components);
                        (cid, random_value(registry, t, rng, depth + 1))
                    })
                    .collect::<Vec<_>>(),
            )
        }
        _ => rosetta_types::default_value(registry, ty).unwrap_or_else(|e| panic!("{e}")),
    }
}

/// One compiled corpus schema with its name and components.
struct Corpus {
    name: String,
    schema: Schema,
    components: Vec<(u32, TypeId)>,
}

fn with_components(name: String, schema: Schema) -> Corpus {
    let components = schema
        .registry()
        .components()
        .filter_map(|t| Some((t.component()?.id(), t.id())))
        .collect();
    Corpus {
        name,
        schema,
        components,
    }
}

/// Every corpus project's schemas, compiled once for all cases.
fn corpus() -> &'static [Corpus] {
    static CORPUS: OnceLock<Vec<Corpus>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = corpus_dir();
        let Ok(projects) = std::fs::read_dir(&dir) else {
            eprintln!("skipped: the SpatialOS corpus is not at {}", dir.display());
            return Vec::new();
        };
        let mut projects: Vec<PathBuf> = projects.flatten().map(|e| e.path()).collect();
        projects.sort();
        let mut out = Vec::new();
        for project in projects.iter().filter(|p| p.is_dir()) {
            let roots = project_roots(project);
            let name = project
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            let name = name.unwrap_or_default();
            if let Some(s) = compiled(&roots) {
                out.push(with_components(name, s));
                continue;
            }
            // Roots that clash (two copies of one package) are compiled one at a time.
            let before = out.len();
            for root in &roots {
                if let Some(s) = compiled(std::slice::from_ref(root)) {
                    out.push(with_components(format!("{name}:{}", root.display()), s));
                }
            }
            if out.len() == before && !roots.is_empty() {
                eprintln!("{name}: its schemas do not compile on their own; left out");
            }
        }
        out.retain(|c| !c.components.is_empty());
        let components: usize = out.iter().map(|c| c.components.len()).sum();
        eprintln!(
            "{} corpus schemas compiled, {components} components",
            out.len()
        );
        out
    })
}

#[test]
fn the_corpus_compiles_into_many_components() {
    let corpus = corpus();
    if corpus.is_empty() {
        return; // said by corpus()
    }
    let components: usize = corpus.iter().map(|c| c.components.len()).sum();
    assert!(corpus.len() >= 10, "{} schemas", corpus.len());
    assert!(components >= 100, "{components} components");
}

/// Every component of `c` with a random value, spread over a few entities.
fn entities(c: &Corpus, rng: &mut Rng) -> Vec<SnapshotEntity> {
    let registry = c.schema.registry();
    let mut out: Vec<SnapshotEntity> = Vec::new();
    let n = 1 + rng.below(3) as usize;
    for k in 0..n {
        let id = match k {
            0 => 1 + rng.below(1000) as i64,
            1 => i64::MAX - k as i64,
            _ => (1i64 << 31) + k as i64,
        };
        out.push(SnapshotEntity::new(id));
    }
    for &(cid, ty) in &c.components {
        let v = random_value(registry, ty, rng, 0);
        let object = match typed::write(registry, ty, &v) {
            Ok(o) => o,
            Err(e) => panic!("{}: component {cid}: {e}", c.name),
        };
        let slot = rng.below(n as u64) as usize;
        let e = std::mem::replace(&mut out[slot], SnapshotEntity::new(0));
        out[slot] = e.with_component(cid, object);
    }
    out
}

proptest! {
    // Each case writes every corpus schema's components (about a second in a debug build);
    // PROPTEST_CASES runs more.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(3),
        ..ProptestConfig::default()
    })]

    #[test]
    fn corpus_components_round_trip_through_world_json(seed in any::<u64>()) {
        let corpus = corpus();
        if corpus.is_empty() {
            return Ok(());
        }
        let mut rng = Rng(seed);
        for c in corpus {
            let entities = entities(c, &mut rng);
            let r = match round_trip(&c.schema, &entities) {
                Ok(r) => r,
                Err(e) => return Err(TestCaseError::fail(format!("{}: {e}", c.name))),
            };
            prop_assert!(
                snapshot_bytes(&r.back) == snapshot_bytes(&entities),
                "{}: the snapshot read back from world JSON differs:\n{}",
                c.name,
                r.json
            );
        }
    }
}
