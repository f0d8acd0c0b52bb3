//! Write and read of the same data with Rosetta's O3DE JSON (`rosetta_json::o3de`, over the
//! dynamic `Value` tree of `rosetta-types`) and with serde_json over `#[derive(Serialize,
//! Deserialize)]` Rust structs of the same shape, in one run:
//!
//! - `character`: a struct of 50 fields of mixed kinds (integers of every width, floats,
//!   doubles, bools, strings, an enum, four Vector3s, two small int lists, two nested structs).
//!   Every value differs from its default, so Rosetta (which leaves defaults out) writes every
//!   member, as serde does.
//! - `vectors_100k`: a `list<Vector3>` of 100,000 vectors (`Vec<[f32; 3]>` for serde).
//! - `inventory`: a struct of a `map<string, Item>` of 1,000 items (an `Item` is a count, a weight,
//!   a name and a list of tags) and a `map<string, int32>` of 200 stats (`BTreeMap` for serde,
//!   keys made so the map order is the sorted order both write).
//!
//! For each workload, `<workload>/write` times `rosetta` (default [`StoreOptions`]: floats widened
//! to double and written as RapidJSON writes doubles, as O3DE does: `0.20000000298023225`),
//! `rosetta_shortest` (the same with
//! [`FloatForm::Shortest`], the float text serde_json writes) and `serde_json`;
//! `<workload>/read` times `rosetta` reading the text Rosetta wrote (default options) and
//! `serde_json` reading the text serde_json wrote. Each reader builds its own representation:
//! Rosetta a `Value` tree, serde the typed struct. Both groups also time `serde_json_value`:
//! serde_json writing and reading a dynamic `serde_json::Value` of the same JSON, the untyped
//! tree closest to what Rosetta builds.
//!
//! Both groups also time `rosetta_serde` (and `rosetta_serde_shortest`): Rosetta's O3DE rules
//! over the same derived structs, through `rosetta_json::o3de::serde` (no `Value` tree, no
//! registry), writing and reading the same texts as `rosetta`.
//!
//! Before anything is timed, the setup asserts that Rosetta reads back the `Value` it wrote (both
//! float forms), that serde_json reads Rosetta's text as the same struct, that Rosetta reads
//! serde_json's text as the same `Value`, and that Rosetta's shortest text is serde_json's text.
//!
//! The setup also prints what making and dropping each representation costs (a clone of the
//! `Value` tree and of the struct): the part of a read's time that is the representation's.
//!
//! At the end a table of ratios is printed: serde_json's time over each one's (>= 1 means at
//! least as fast). Its times are not criterion's: after criterion, each group's benchmarks are
//! timed again in 30 rounds that take turns, and the fastest round of each counts (see
//! `in_turns`). With a filter, the table has the benchmarks it selects, and serde_json's.
//!
//! Run: `cargo bench -p rosetta-json --bench o3de` (about five minutes).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use rosetta_devtools::timing::{in_turns, Job};

use criterion::{Criterion, Throughput};
use rosetta_json::o3de::{self, FloatForm, LoadOptions, Quiet, StoreOptions};
use rosetta_types::{
    Constant, EnumType, Field, IntType, Kind, MathType, RegistryBuilder, StructType, TypeDef,
    TypeId, TypeRegistry, Value,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

// ---- one model for both sides ---------------------------------------------------------------

/// A Rust type with its Rosetta type and value.
trait Model {
    /// The Rosetta type, added to `b` on first use.
    fn ty(b: &mut RegistryBuilder) -> TypeId;
    fn to_value(&self) -> Value;
}

macro_rules! scalar_model {
    ($($t:ty => $id:ident, $variant:ident;)*) => {$(
        impl Model for $t {
            fn ty(_: &mut RegistryBuilder) -> TypeId {
                TypeId::$id
            }
            fn to_value(&self) -> Value {
                Value::$variant(self.clone().into())
            }
        }
    )*};
}

scalar_model! {
    bool => BOOL, Bool;
    i8 => INT8, I8;
    i16 => INT16, I16;
    i32 => INT32, I32;
    i64 => INT64, I64;
    u8 => UINT8, U8;
    u16 => UINT16, U16;
    u32 => UINT32, U32;
    u64 => UINT64, U64;
    f32 => FLOAT, F32;
    f64 => DOUBLE, F64;
    String => STRING, String;
}

/// `AZ::Vector3`.
impl Model for [f32; 3] {
    fn ty(b: &mut RegistryBuilder) -> TypeId {
        b.math(MathType::VECTOR3)
    }
    fn to_value(&self) -> Value {
        Value::math_f32(*self)
    }
}

impl<T: Model> Model for Vec<T> {
    fn ty(b: &mut RegistryBuilder) -> TypeId {
        let element = T::ty(b);
        b.list(element)
    }
    fn to_value(&self) -> Value {
        Value::List(self.iter().map(Model::to_value).collect())
    }
}

impl<T: Model> Model for BTreeMap<String, T> {
    fn ty(b: &mut RegistryBuilder) -> TypeId {
        let value = T::ty(b);
        b.map(TypeId::STRING, value)
    }
    fn to_value(&self) -> Value {
        Value::Map(
            self.iter()
                .map(|(k, v)| (Value::String(k.as_str().into()), v.to_value()))
                .collect(),
        )
    }
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
enum Class {
    Warrior,
    Mage,
    Rogue,
    Cleric,
}

impl Model for Class {
    fn ty(b: &mut RegistryBuilder) -> TypeId {
        if let Some(id) = b.lookup("Class") {
            return id;
        }
        let constants = ["Warrior", "Mage", "Rogue", "Cleric"]
            .iter()
            .enumerate()
            .map(|(i, name)| Constant::new(*name, i as i64));
        let e = EnumType::new(IntType::INT32, constants).unwrap();
        b.add("Class", TypeDef::new(Kind::Enum(e))).unwrap()
    }
    fn to_value(&self) -> Value {
        Value::Enum(*self as i64)
    }
}

/// A serde struct and the Rosetta struct of the same fields, in the same order.
macro_rules! model_struct {
    ($name:ident { $($field:ident : $t:ty,)* }) => {
        #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
        struct $name {
            $($field: $t,)*
        }

        impl Model for $name {
            fn ty(b: &mut RegistryBuilder) -> TypeId {
                if let Some(id) = b.lookup(stringify!($name)) {
                    return id;
                }
                let fields = vec![$(Field::new(stringify!($field), <$t as Model>::ty(b)),)*];
                b.add(stringify!($name), StructType::new(fields).unwrap()).unwrap()
            }
            fn to_value(&self) -> Value {
                Value::Struct(Box::new([$(self.$field.to_value(),)*]))
            }
        }
    };
}

model_struct!(Stats {
    attack: i32,
    defense: i32,
    magic: f32,
    agility: f32,
    label: String,
});

model_struct!(Equipment {
    weapon: String,
    armor_id: u32,
    durability: f32,
    enchanted: bool,
});

model_struct!(Character {
    id: u64,
    name: String,
    title: String,
    level: u16,
    xp: u32,
    gold: i64,
    hp: i32,
    mp: i32,
    stamina: f32,
    speed: f32,
    weight: f64,
    height: f64,
    alive: bool,
    hostile: bool,
    class: Class,
    position: [f32; 3],
    velocity: [f32; 3],
    facing: [f32; 3],
    strength: u8,
    dexterity: u8,
    intelligence: u8,
    wisdom: u8,
    charisma: u8,
    constitution: u8,
    luck: i8,
    karma: i16,
    faction_id: u32,
    guild_id: u64,
    spawn_time: f64,
    last_seen: f64,
    armor: f32,
    resist_fire: f32,
    resist_cold: f32,
    resist_poison: f32,
    crit_chance: f32,
    crit_mult: f64,
    flying: bool,
    swimming: bool,
    invisible: bool,
    description: String,
    portrait: String,
    voice: String,
    skill_ids: Vec<i32>,
    quest_flags: Vec<i32>,
    stats: Stats,
    equipment: Equipment,
    home: [f32; 3],
    seed: u64,
    session: i64,
    motto: String,
});

model_struct!(Item {
    count: u32,
    weight: f32,
    name: String,
    tags: Vec<String>,
});

model_struct!(Inventory {
    items: BTreeMap<String, Item>,
    stats: BTreeMap<String, i32>,
});

// ---- the data -------------------------------------------------------------------------------

fn character() -> Character {
    Character {
        id: 9_007_199_254_740_993,
        name: "Aldric the Bold".into(),
        title: "Knight of the \"Silver\" Order".into(),
        level: 57,
        xp: 3_141_592,
        gold: -1_234_567_890_123,
        hp: 1250,
        mp: -40,
        stamina: 0.2,
        speed: 5.75,
        weight: 82.35,
        height: 1.8796,
        alive: true,
        hostile: true,
        class: Class::Rogue,
        position: [1024.5, -37.125, 0.1],
        velocity: [0.3, -9.81, 2.2],
        facing: [0.0, 0.70710677, 0.70710677],
        strength: 18,
        dexterity: 14,
        intelligence: 9,
        wisdom: 11,
        charisma: 16,
        constitution: 250,
        luck: -7,
        karma: -1200,
        faction_id: 4_000_000_000,
        guild_id: u64::MAX - 5,
        spawn_time: 1_700_000_000.125,
        last_seen: 1_700_086_400.333,
        armor: 33.3,
        resist_fire: 0.15,
        resist_cold: 0.45,
        resist_poison: 0.6,
        crit_chance: 0.075,
        crit_mult: 2.25,
        flying: true,
        swimming: true,
        invisible: true,
        description: "A weathered knight who wanders the northern marches, \u{e9}p\u{e9}e in hand."
            .into(),
        portrait: "textures/portraits/aldric_01.dds".into(),
        voice: "audio/vo/aldric".into(),
        skill_ids: vec![101, 102, 205, 310, 4096, -1, 77],
        quest_flags: vec![1, 2, 3, 9, 27, 81],
        stats: Stats {
            attack: 88,
            defense: 72,
            magic: 12.5,
            agility: 0.9,
            label: "veteran".into(),
        },
        equipment: Equipment {
            weapon: "Longsword of Dawn".into(),
            armor_id: 7741,
            durability: 0.875,
            enchanted: true,
        },
        home: [-512.25, 64.0, 300.1],
        seed: 0xDEAD_BEEF_CAFE,
        session: 42_424_242,
        motto: "Steel before words.".into(),
    }
}

/// 100,000 vectors with components that are not short decimals.
fn vectors() -> Vec<[f32; 3]> {
    (0..100_000)
        .map(|i| {
            let t = i as f32;
            [t * 0.1 + 0.3, (t * 0.37).sin() * 100.0, -t / 7.0 - 1.0]
        })
        .collect()
}

fn inventory() -> Inventory {
    let tag_names = ["weapon", "rare", "quest", "stackable", "cursed", "crafted"];
    let items = (0..1000)
        .map(|i| {
            let tags = (0..1 + i % 3)
                .map(|j| tag_names[(i + j) % tag_names.len()].to_string())
                .collect();
            let item = Item {
                count: 1 + (i as u32 * 7) % 99,
                weight: 0.25 + i as f32 * 0.1,
                name: format!("Item number {i} of the realm"),
                tags,
            };
            (format!("item_{i:04}"), item)
        })
        .collect();
    let stats = (0..200)
        .map(|i| (format!("stat_{i:03}"), i * 37 - 1001))
        .collect();
    Inventory { items, stats }
}

// ---- timing ---------------------------------------------------------------------------------

/// The time of one clone and drop of `x`, the fastest of five rounds of `runs`.
fn clone_time<T: Clone>(x: &T, runs: u32) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..runs {
                black_box(T::clone(black_box(x)));
            }
            start.elapsed() / runs
        })
        .min()
        .unwrap_or_default()
}

/// The number of values in a tree, to size the clone runs.
fn value_count(v: &Value) -> usize {
    1 + match v {
        Value::Struct(c) | Value::List(c) | Value::Tuple(c) => c.iter().map(value_count).sum(),
        Value::Map(e) => e.iter().map(|(k, v)| value_count(k) + value_count(v)).sum(),
        _ => 0,
    }
}

/// Criterion's samples per benchmark.
const SAMPLES: usize = 20;

fn bench_workload<T>(
    c: &mut Criterion,
    ratios: &mut Ratios,
    name: &str,
    build: impl FnOnce(&mut RegistryBuilder) -> TypeId,
    data: &T,
) where
    T: Model + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug + Clone,
{
    let mut b = TypeRegistry::builder();
    let ty = build(&mut b);
    let registry = b.build().unwrap();
    let value = data.to_value();
    rosetta_types::validate(&registry, ty, &value).unwrap();

    let widened = StoreOptions::default();
    let shortest = StoreOptions {
        float_form: FloatForm::Shortest,
        ..StoreOptions::default()
    };
    let load = LoadOptions::default();

    let rosetta_text = o3de::store(&registry, ty, &value, &widened, &mut Quiet)
        .unwrap()
        .json;
    let shortest_text = o3de::store(&registry, ty, &value, &shortest, &mut Quiet)
        .unwrap()
        .json;
    let serde_text = serde_json::to_string(data).unwrap();

    // Round trips and cross-reads.
    for (form, text) in [("widened", &rosetta_text), ("shortest", &shortest_text)] {
        let loaded = o3de::load(&registry, ty, text, &load, &mut Quiet).unwrap();
        assert!(
            loaded.value == value,
            "{name}: Rosetta reads back its own {form} text"
        );
        let parsed: T = serde_json::from_str(text).unwrap_or_else(|e| {
            panic!(
                "{name}: serde_json reads Rosetta's {form} text: {e}\n{}",
                &text[..text.len().min(2000)]
            )
        });
        assert_eq!(
            &parsed, data,
            "{name}: serde_json reads Rosetta's {form} text"
        );
    }
    let loaded = o3de::load(&registry, ty, &serde_text, &load, &mut Quiet).unwrap();
    assert!(
        loaded.value == value,
        "{name}: Rosetta reads serde_json's text"
    );
    // The serde path writes and reads the same texts.
    assert_eq!(
        o3de::serde::to_string(data, &widened).unwrap(),
        rosetta_text,
        "{name}: o3de::serde writes what o3de::store writes"
    );
    assert_eq!(
        o3de::serde::to_string(data, &shortest).unwrap(),
        shortest_text,
        "{name}: o3de::serde writes what o3de::store writes (shortest floats)"
    );
    for text in [&rosetta_text, &serde_text] {
        let (back, _) = o3de::serde::from_str::<T>(text, &load, &mut Quiet).unwrap();
        assert_eq!(&back, data, "{name}: o3de::serde reads the struct back");
    }
    if shortest_text != serde_text {
        let at = shortest_text
            .bytes()
            .zip(serde_text.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        panic!(
            "{name}: Rosetta's shortest text differs from serde_json's at byte {at}:\n{}\n{}",
            &shortest_text[at.saturating_sub(60)..(at + 60).min(shortest_text.len())],
            &serde_text[at.saturating_sub(60)..(at + 60).min(serde_text.len())]
        );
    }
    println!(
        "{name}: Rosetta (widened) {} bytes, Rosetta (shortest) {} bytes, serde_json {} bytes",
        rosetta_text.len(),
        shortest_text.len(),
        serde_text.len()
    );

    // What a reader pays for its representation alone: a clone makes and a drop frees the same
    // allocations a read makes and the next iteration frees.
    let runs = (2_000_000 / value_count(&value)).clamp(20, 20_000) as u32;
    println!(
        "{name}: making and dropping the Value tree takes {:?}, the struct {:?} (a clone, fastest of 5)",
        clone_time(&value, runs),
        clone_time(data, runs)
    );
    let dom: serde_json::Value = serde_json::from_str(&serde_text).unwrap();
    let bytes = serde_text.len() as u64;
    let writes: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| {
                black_box(
                    o3de::store(&registry, ty, black_box(&value), &widened, &mut Quiet).unwrap(),
                );
            }),
        ),
        (
            "rosetta_shortest",
            Box::new(|| {
                black_box(
                    o3de::store(&registry, ty, black_box(&value), &shortest, &mut Quiet).unwrap(),
                );
            }),
        ),
        (
            "rosetta_serde",
            Box::new(|| {
                black_box(o3de::serde::to_string(black_box(data), &widened).unwrap());
            }),
        ),
        (
            "rosetta_serde_shortest",
            Box::new(|| {
                black_box(o3de::serde::to_string(black_box(data), &shortest).unwrap());
            }),
        ),
        (
            "serde_json",
            Box::new(|| {
                black_box(serde_json::to_string(black_box(data)).unwrap());
            }),
        ),
        (
            "serde_json_value",
            Box::new(|| {
                black_box(serde_json::to_string(black_box(&dom)).unwrap());
            }),
        ),
    ];
    run_group(c, ratios, &format!("{name}/write"), bytes, writes);

    let reads: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| {
                black_box(
                    o3de::load(&registry, ty, black_box(&rosetta_text), &load, &mut Quiet).unwrap(),
                );
            }),
        ),
        (
            "rosetta_shortest",
            Box::new(|| {
                black_box(
                    o3de::load(&registry, ty, black_box(&shortest_text), &load, &mut Quiet)
                        .unwrap(),
                );
            }),
        ),
        (
            "rosetta_serde",
            Box::new(|| {
                black_box(
                    o3de::serde::from_str::<T>(black_box(&rosetta_text), &load, &mut Quiet)
                        .unwrap(),
                );
            }),
        ),
        (
            "rosetta_serde_shortest",
            Box::new(|| {
                black_box(
                    o3de::serde::from_str::<T>(black_box(&serde_text), &load, &mut Quiet).unwrap(),
                );
            }),
        ),
        (
            "serde_json",
            Box::new(|| {
                black_box(serde_json::from_str::<T>(black_box(&serde_text)).unwrap());
            }),
        ),
        (
            "serde_json_value",
            Box::new(|| {
                black_box(
                    serde_json::from_str::<serde_json::Value>(black_box(&serde_text)).unwrap(),
                );
            }),
        ),
    ];
    run_group(c, ratios, &format!("{name}/read"), bytes, reads);
}

/// The ratio table's rows: group, contender, fastest time per run (ns).
type Ratios = Vec<(String, &'static str, f64)>;

/// Times `jobs` with criterion, then again in turns for the ratio table ([`in_turns`]): those
/// that criterion's filter let through, and serde_json with them, the peer of every ratio.
fn run_group(
    c: &mut Criterion,
    ratios: &mut Ratios,
    name: &str,
    bytes: u64,
    mut jobs: Vec<Job<'_>>,
) {
    let mut ran = vec![false; jobs.len()];
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes));
    for ((id, job), ran) in jobs.iter_mut().zip(&mut ran) {
        group.bench_function(*id, |b| {
            *ran = true;
            b.iter(&mut *job)
        });
    }
    group.finish();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each job once, untimed.
    if !ran.contains(&true) || !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let mut turns: Vec<Job<'_>> = jobs
        .into_iter()
        .zip(ran)
        .filter(|((id, _), ran)| *ran || *id == "serde_json")
        .map(|(job, _)| job)
        .collect();
    let best = in_turns(&mut turns, ROUNDS);
    for ((id, _), best) in turns.iter().zip(best) {
        ratios.push((name.to_owned(), id, best));
    }
}

/// The rounds of [`in_turns`].
const ROUNDS: usize = 30;

fn print_ratios(ratios: &Ratios) {
    let fmt = |ns: f64| {
        if ns >= 1e6 {
            format!("{:.2} ms", ns / 1e6)
        } else {
            format!("{:.2} µs", ns / 1e3)
        }
    };
    if ratios.is_empty() {
        return;
    }
    println!();
    println!("serde_json time / each one's time (>= 1: at least as fast as serde_json with derived structs), fastest of {ROUNDS} rounds in turns:");
    for (group, id, t) in ratios {
        let Some(serde) = ratios
            .iter()
            .find(|(g, i, _)| g == group && *i == "serde_json")
            .map(|r| r.2)
        else {
            continue;
        };
        let what = RIVALS.iter().find(|(r, _)| r == id).map_or("", |r| r.1);
        println!(
            "{:<20} {:<24} {:>10} {:>7.2}x  {what}",
            group,
            id,
            fmt(*t),
            serde / t
        );
    }
}

/// What each benchmark of a group is, for the ratio table.
const RIVALS: [(&str, &str); 6] = [
    ("rosetta", "Value tree, O3DE text (floats widened)"),
    (
        "rosetta_shortest",
        "Value tree, shortest floats (serde_json's text)",
    ),
    (
        "rosetta_serde",
        "derived structs, O3DE text (floats widened)",
    ),
    (
        "rosetta_serde_shortest",
        "derived structs, shortest floats (serde_json's text)",
    ),
    ("serde_json", "derived structs (the peer)"),
    ("serde_json_value", "serde_json::Value tree"),
];

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(SAMPLES)
        .configure_from_args();
    let mut ratios = Ratios::new();
    bench_workload(
        &mut c,
        &mut ratios,
        "character",
        Character::ty,
        &character(),
    );
    bench_workload(
        &mut c,
        &mut ratios,
        "vectors_100k",
        <Vec<[f32; 3]>>::ty,
        &vectors(),
    );
    bench_workload(
        &mut c,
        &mut ratios,
        "inventory",
        Inventory::ty,
        &inventory(),
    );
    c.final_summary();
    print_ratios(&ratios);
}
