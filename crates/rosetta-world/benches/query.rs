//! A 3-term query with an optional term and a wildcard pair over 1M entities in 100 tables,
//! run by Rosetta's evaluator and, over the same data in the same run, by `hecs`.
//!
//! ```sh
//! cargo bench -p rosetta-world --bench query
//! ```
//!
//! The data (`ROSETTA_BENCH_ENTITIES`, default 1,000,000 entities): every entity has a
//! `Position {x, y: f32}` and likes one of 10 foods, `(Likes, Food<k>)`; half the tables also
//! have `Velocity {x, y: f32}`; each table has one of 5 tags `Tag<j>`, and those with an odd `j`
//! a `Mass {value: f32}`. 10 foods x velocity or not x 5 tags = 100 tables of equal size;
//! entities are created table by table (their values are allocated in that order).
//!
//! The query: `Position, ?Velocity, (Likes, *)`. Each run adds up, per entity, `Position.x`
//! and, where the entity has one, `Velocity.x`, and per entity the id of the food it likes.
//!
//! How the same data is laid out in hecs:
//!
//! | Rosetta | hecs |
//! | --- | --- |
//! | `Position`, `Velocity`, `Mass`: flat columns, 8 (4) bytes per entity in the C layout of the reflected struct (`rosetta_world::store::Layout`) | `#[derive(Clone, Copy)]` structs of `f32` stored inline |
//! | `(Likes, Food<k>)`: a pair in the type (no data); the wildcard `(Likes, *)` yields the matched pair per table | a `Likes(Entity)` component per entity, the food's `hecs::Entity`, plus a zero-sized `Food<k>` marker so that hecs has the same 100 archetypes |
//! | `Tag<j>` | a zero-sized `Tag<j>` marker |
//! | `Position, ?Velocity, (Likes, *)` | `Query<(&Position, Option<&Velocity>, &Likes)>` |
//!
//! So Rosetta reads the food once per table (the matched id of field 2), hecs once per entity
//! (its `Likes` value); each reads `Position.x` and `Velocity.x` per entity, Rosetta through a
//! `#[repr(C)] struct Xy { x: f32, y: f32 }` view of each result's column run
//! (`Values::as_slice`), as C code reads a Flecs field. The Rosetta query is parsed and
//! compiled once, outside the timing (as a prepared query); hecs builds its query in each run
//! (a hecs query matches archetypes when it is iterated, Rosetta's when it is run, so both
//! times include finding the 100 tables). Before anything is timed, the setup checks that
//! both see the same entities: the same sums and the same number per food.
//!
//! Two more Rosetta jobs split its time: `rosetta_no_values` runs the same query and reads no
//! component value (what the evaluator costs), `rosetta_dynamic` decodes each value into a
//! `Value` tree (`FieldValue::get`), what a caller without a Rust type for the component pays:
//! two allocations per value.
//!
//! After criterion, all are timed again in 30 rounds that take turns and the fastest round of
//! each counts (as `rosetta-json`'s `o3de` bench does), and a ratio table is printed: each
//! one's time over hecs' (the budget: `rosetta` within 2x). With a filter, criterion times the
//! jobs it selects; the table is printed only under `cargo bench` (`--bench`) and has them all.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rosetta_devtools::timing::{in_turns, Job};

use criterion::{Criterion, Throughput};
use rosetta_types::Value;
use rosetta_world::eval::{FieldValue, Match, Query};
use rosetta_world::{script, Id, World};

const FOODS: usize = 10;
const TAGS: usize = 5;
const TABLES: usize = FOODS * 2 * TAGS;
const QUERY: &str = "Position, ?Velocity, (Likes, *)";

fn entity_count() -> usize {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// Table `t`'s food, whether it has a Velocity, and its tag.
fn shape(t: usize) -> (usize, bool, usize) {
    (t / (2 * TAGS), (t / TAGS) % 2 == 1, t % TAGS)
}

/// Entity `i`'s values (integers, so that float sums are exact in any order).
fn values(i: usize) -> (f32, f32, f32, f32) {
    let x = (i % 1000) as f32;
    (x, x + 1.0, (i % 7) as f32, 2.0)
}

// ---- Rosetta ---------------------------------------------------------------------------------

fn rosetta_world(n: usize) -> World {
    let mut script = String::from(
        r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
            ["struct", "Velocity", [["x", "f32"], ["y", "f32"]]],
            ["struct", "Mass", [["value", "f32"]]],
            ["tag", "Likes"]"#,
    );
    for k in 0..FOODS {
        script.push_str(&format!(r#", ["tag", "Food{k}"]"#));
    }
    for j in 0..TAGS {
        script.push_str(&format!(r#", ["tag", "Tag{j}"]"#));
    }
    script.push(']');
    let mut w = script::load_str(&script).expect("the types load").world;
    let look = |w: &World, name: &str| w.lookup(name).expect(name);
    let (pos, vel, mass, likes) = (
        look(&w, "Position"),
        look(&w, "Velocity"),
        look(&w, "Mass"),
        look(&w, "Likes"),
    );
    let foods: Vec<Id> = (0..FOODS).map(|k| look(&w, &format!("Food{k}"))).collect();
    let tags: Vec<Id> = (0..TAGS).map(|j| look(&w, &format!("Tag{j}"))).collect();
    let f32s = |v: &[f32]| Value::Struct(v.iter().map(|&x| Value::F32(x)).collect());
    for i in 0..n {
        let (food, has_vel, tag) = shape(i * TABLES / n);
        let (x, y, vx, m) = values(i);
        let e = w.new_entity();
        w.set(e, pos, f32s(&[x, y])).expect("Position");
        if has_vel {
            w.set(e, vel, f32s(&[vx, vx])).expect("Velocity");
        }
        if tag % 2 == 1 {
            w.set(e, mass, f32s(&[m])).expect("Mass");
        }
        w.add(e, tags[tag]).expect("tag");
        w.add(e, Id::pair(likes, foods[food])).expect("Likes");
    }
    w.process_pending();
    w
}

/// `Position` and `Velocity` as Rosetta's caller reads them: a `#[repr(C)]` view of the flat
/// columns (`Values::as_slice`), as a C caller of Flecs reads `ecs_field(it, Position, 1)`.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::AnyBitPattern)]
struct Xy {
    x: f32,
    y: f32,
}

fn x_of(v: &Value) -> f32 {
    match v {
        Value::Struct(fields) => match fields.first() {
            Some(Value::F32(x)) => *x,
            _ => 0.0,
        },
        _ => 0.0,
    }
}

/// Field `i`'s values in this result as `Xy`s (empty if not set or not flat).
fn xys<'w>(m: &Match<'w, '_>, i: usize) -> &'w [Xy] {
    match m.value(i) {
        FieldValue::Owned(v) => v.as_slice().unwrap_or_default(),
        _ => &[],
    }
}

/// Sum of `Position.x` and `Velocity.x`, sum of the food ids per entity, and the entities.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Totals {
    xs: f64,
    foods: u64,
    entities: u64,
}

fn rosetta_run(w: &World, q: &Query) -> Totals {
    let mut t = Totals::default();
    q.each(w, |m: &Match| {
        let n = m.entities().len();
        for p in xys(m, 0) {
            t.xs += f64::from(p.x);
        }
        if m.is_set(1) {
            for v in xys(m, 1) {
                t.xs += f64::from(v.x);
            }
        }
        t.foods += m.id(2).second().0 * n as u64;
        t.entities += n as u64;
        true
    });
    t
}

/// The evaluator alone: the same query, the same results, no component value read.
fn rosetta_run_no_values(w: &World, q: &Query) -> Totals {
    let mut t = Totals::default();
    q.each(w, |m: &Match| {
        let n = m.entities().len();
        t.foods += m.id(2).second().0 * n as u64;
        t.entities += n as u64;
        true
    });
    t
}

/// The same query with each value decoded into a `Value` tree (what a caller without a
/// `#[repr(C)]` type of its own gets: `FieldValue::get` per entity).
fn rosetta_run_dynamic(w: &World, q: &Query) -> Totals {
    let mut t = Totals::default();
    q.each(w, |m: &Match| {
        let n = m.entities().len();
        let (ps, vs) = (m.value(0), m.value(1));
        for i in 0..n {
            t.xs += ps.get(i).map_or(0.0, |p| f64::from(x_of(&p)));
            if m.is_set(1) {
                t.xs += vs.get(i).map_or(0.0, |v| f64::from(x_of(&v)));
            }
        }
        t.foods += m.id(2).second().0 * n as u64;
        t.entities += n as u64;
        true
    });
    t
}

/// Entities per food (the matched pair's target), in food order.
fn rosetta_per_food(w: &World, q: &Query) -> Vec<(String, u64)> {
    let mut per: Vec<(String, u64)> = Vec::new();
    q.each(w, |m| {
        let name = w.path_of(m.id(2).second());
        let n = m.entities().len() as u64;
        match per.iter_mut().find(|(f, _)| *f == name) {
            Some((_, c)) => *c += n,
            None => per.push((name, n)),
        }
        true
    });
    per.sort();
    per
}

// ---- hecs ------------------------------------------------------------------------------------

#[derive(Clone, Copy)]
struct Position {
    x: f32,
    #[allow(dead_code)]
    y: f32,
}

#[derive(Clone, Copy)]
struct Velocity {
    x: f32,
    #[allow(dead_code)]
    y: f32,
}

#[derive(Clone, Copy)]
struct Mass(#[allow(dead_code)] f32);

/// The `(Likes, food)` pair: the food entity.
#[derive(Clone, Copy)]
struct Likes(hecs::Entity);

/// Marks the food an entity likes, so that hecs has an archetype per food as Rosetta a table.
struct Food<const K: usize>;

struct Tag<const J: usize>;

/// The food's name, for the check against Rosetta.
struct Name(String);

fn add_food(b: &mut hecs::EntityBuilder, k: usize) {
    match k {
        0 => b.add(Food::<0>),
        1 => b.add(Food::<1>),
        2 => b.add(Food::<2>),
        3 => b.add(Food::<3>),
        4 => b.add(Food::<4>),
        5 => b.add(Food::<5>),
        6 => b.add(Food::<6>),
        7 => b.add(Food::<7>),
        8 => b.add(Food::<8>),
        _ => b.add(Food::<9>),
    };
}

fn add_tag(b: &mut hecs::EntityBuilder, j: usize) {
    match j {
        0 => b.add(Tag::<0>),
        1 => b.add(Tag::<1>),
        2 => b.add(Tag::<2>),
        3 => b.add(Tag::<3>),
        _ => b.add(Tag::<4>),
    };
}

fn hecs_world(n: usize) -> hecs::World {
    let mut w = hecs::World::new();
    let foods: Vec<hecs::Entity> = (0..FOODS)
        .map(|k| w.spawn((Name(format!("Food{k}")),)))
        .collect();
    let mut b = hecs::EntityBuilder::new();
    for i in 0..n {
        let (food, has_vel, tag) = shape(i * TABLES / n);
        let (x, y, vx, m) = values(i);
        b.add(Position { x, y });
        if has_vel {
            b.add(Velocity { x: vx, y: vx });
        }
        if tag % 2 == 1 {
            b.add(Mass(m));
        }
        add_tag(&mut b, tag);
        b.add(Likes(foods[food]));
        add_food(&mut b, food);
        w.spawn(b.build());
    }
    w
}

fn hecs_run(w: &hecs::World) -> Totals {
    let mut t = Totals::default();
    for (_, (p, v, l)) in w.query::<(&Position, Option<&Velocity>, &Likes)>().iter() {
        t.xs += f64::from(p.x);
        if let Some(v) = v {
            t.xs += f64::from(v.x);
        }
        t.foods += u64::from(l.0.id());
        t.entities += 1;
    }
    t
}

fn hecs_per_food(w: &hecs::World) -> Vec<(String, u64)> {
    let mut per: Vec<(String, u64)> = Vec::new();
    for (_, l) in w.query::<&Likes>().iter() {
        let name = w.get::<&Name>(l.0).expect("a food").0.clone();
        match per.iter_mut().find(|(f, _)| *f == name) {
            Some((_, c)) => *c += 1,
            None => per.push((name, 1)),
        }
    }
    per.sort();
    per
}

// ---- timing ----------------------------------------------------------------------------------

/// The rounds of [`in_turns`].
const ROUNDS: usize = 30;

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
        .configure_from_args();
    let n = entity_count();
    let started = Instant::now();
    let rw = rosetta_world(n);
    eprintln!(
        "Rosetta world: {n} entities, {} tables with (Likes, *), built in {:.2?}",
        rw.tables_with(Id::pair(
            rw.lookup("Likes").expect("Likes"),
            rosetta_world::builtin::WILDCARD
        ))
        .len(),
        started.elapsed()
    );
    let started = Instant::now();
    let hw = hecs_world(n);
    eprintln!(
        "hecs world: {n} entities (+{FOODS} foods), {} archetypes, built in {:.2?}",
        hw.archetypes().filter(|a| !a.is_empty()).count(),
        started.elapsed()
    );
    let q = Query::new(&rw, QUERY).expect("the query compiles");

    // The same entities, the same values, the same foods.
    let (r, h) = (rosetta_run(&rw, &q), hecs_run(&hw));
    assert_eq!((r.xs, r.entities), (h.xs, h.entities));
    assert_eq!(r.entities, n as u64);
    assert_eq!(rosetta_per_food(&rw, &q), hecs_per_food(&hw));

    let d = rosetta_run_dynamic(&rw, &q);
    assert_eq!((d.xs, d.foods, d.entities), (r.xs, r.foods, r.entities));
    let e = rosetta_run_no_values(&rw, &q);
    assert_eq!((e.foods, e.entities), (r.foods, r.entities));

    let mut jobs: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| {
                black_box(rosetta_run(black_box(&rw), &q));
            }),
        ),
        (
            "hecs",
            Box::new(|| {
                black_box(hecs_run(black_box(&hw)));
            }),
        ),
        (
            "rosetta_no_values",
            Box::new(|| {
                black_box(rosetta_run_no_values(black_box(&rw), &q));
            }),
        ),
        (
            "rosetta_dynamic",
            Box::new(|| {
                black_box(rosetta_run_dynamic(black_box(&rw), &q));
            }),
        ),
    ];
    let mut ran = [false; 4];
    let mut group = c.benchmark_group(format!("query/{n}"));
    group.throughput(Throughput::Elements(n as u64));
    for ((id, job), ran) in jobs.iter_mut().zip(&mut ran) {
        group.bench_function(*id, |b| {
            *ran = true;
            b.iter(&mut *job)
        });
    }
    group.finish();
    c.final_summary();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each job once, untimed.
    if !ran.contains(&true) || !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let best = in_turns(&mut jobs, ROUNDS);
    let fmt = |ns: f64| format!("{:.2} ms", ns / 1e6);
    println!();
    println!(
        "`{QUERY}` over {n} entities in {TABLES} tables, fastest of {ROUNDS} rounds in turns; \
         each one's time / hecs' time (budget for rosetta: 2x):"
    );
    for ((id, _), t) in jobs.iter().zip(&best) {
        let what = RIVALS.iter().find(|(r, _)| r == id).map_or("", |r| r.1);
        println!("{id:<18} {:>9} {:>6.2}x  {what}", fmt(*t), t / best[1]);
    }
}

/// What each timed job is, for the ratio table.
const RIVALS: [(&str, &str); 4] = [
    (
        "rosetta",
        "the query, Position.x and Velocity.x read as #[repr(C)] slices of the flat columns",
    ),
    (
        "hecs",
        "Query<(&Position, Option<&Velocity>, &Likes)> (the peer)",
    ),
    (
        "rosetta_no_values",
        "the query alone, no value read (the evaluator's share)",
    ),
    (
        "rosetta_dynamic",
        "the query, each value decoded into a Value tree (no Rust type of the component)",
    ),
];
