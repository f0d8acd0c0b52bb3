//! The iterator serializer over 1M entities with two reflected components, against Flecs' own
//! `ecs_iter_to_json` in C in the same run.
//!
//! ```sh
//! cargo bench -p rosetta-flecs --bench iter
//! ```
//!
//! The data (`ROSETTA_BENCH_ENTITIES`, default 1,000,000 entities), the same in both worlds:
//! every entity is unnamed and has `Position {x, y: f32}` and `Velocity {x, y: f32}`
//! (reflected structs), with values such as `{"x":12.25, "y":13.25}`. One table.
//!
//! The job: the query `Position, Velocity` (a rule in both, as REST `/query` creates it)
//! serialized with `ECS_ITER_TO_JSON_INIT` (term ids, ids, sources, variables, is_set,
//! values, entities): about 51 MB of JSON. Rosetta: `rosetta_flecs::iter_to_json` (the query
//! compiled once, outside the timing; the output `String` built per run). Flecs:
//! `ecs_rule_iter` and `ecs_iter_to_json` of the C amalgamation the crate `flecs-sys` 0.1.5
//! bundles (Flecs v3.2.8, built by its `cc` build with optimizations), the rule created once,
//! the returned string freed per run.
//!
//! Before anything is timed, the setup checks both write the same text but for the entity ids
//! (Flecs' `ecs_init` creates more builtins, so its user ids start later; v3.2.8 also writes
//! ids with trailing zeros through its float formatter, `"1e6"`): with each `entities` list
//! replaced by its length, the outputs must be equal.
//!
//! After criterion, both are timed again in rounds that take turns and the fastest round of
//! each counts, and the ratio is printed: Rosetta's time over Flecs' (the budget: at most 1x,
//! Rosetta not slower).

mod common;

use std::ffi::CStr;
use std::hint::black_box;

use rosetta_devtools::timing::Job;

use flecs_sys as f;
use rosetta_flecs::{IterDesc, Page};
use rosetta_world::eval::Query;
use rosetta_world::{FlecsVersion, World};

use common::{entity_count, values, QUERY};

fn rosetta_run(w: &World, q: &Query) -> String {
    // Flecs' own float text, as the peer writes it (the default, lossless, is other bytes).
    let desc = IterDesc {
        mode: rosetta_flecs::text::Mode::Valid,
        ..IterDesc::default()
    };
    rosetta_flecs::iter_to_json(w, q, &desc, Page::default()).expect("serializes")
}

// ---- Flecs (C) -------------------------------------------------------------------------------

/// A Flecs world with the same data and the rule, freed on drop.
struct Flecs {
    world: *mut f::ecs_world_t,
    rule: *mut f::ecs_rule_t,
}

impl Drop for Flecs {
    fn drop(&mut self) {
        // SAFETY: both were created by `flecs_world` and are freed once, rule first.
        unsafe {
            f::ecs_rule_fini(self.rule);
            f::ecs_fini(self.world);
        }
    }
}

/// `ecs_struct_init` of `name {x, y: f32}`.
///
/// SAFETY: `world` is a live world; the descs are zeroed C structs as `{0}` makes them.
unsafe fn xy_struct(world: *mut f::ecs_world_t, name: &CStr) -> f::ecs_entity_t {
    let mut ed: f::ecs_entity_desc_t = std::mem::zeroed();
    ed.name = name.as_ptr();
    ed.symbol = name.as_ptr();
    let e = f::ecs_entity_init(world, &ed);
    let mut sd: f::ecs_struct_desc_t = std::mem::zeroed();
    sd.entity = e;
    sd.members[0].name = c"x".as_ptr();
    sd.members[0].type_ = f::FLECS_IDecs_f32_tID_;
    sd.members[1].name = c"y".as_ptr();
    sd.members[1].type_ = f::FLECS_IDecs_f32_tID_;
    f::ecs_struct_init(world, &sd)
}

fn flecs_world(n: usize) -> Flecs {
    // SAFETY: the world is used from this thread only, every pointer passed points to a live
    // value of the size given, and the world and rule are freed once (Drop).
    unsafe {
        let world = f::ecs_init();
        let pos = xy_struct(world, c"Position");
        let vel = xy_struct(world, c"Velocity");
        for i in 0..n {
            let (p, v) = values(i);
            let e = f::ecs_new_id(world);
            f::ecs_set_id(world, e, pos, 8, p.as_ptr().cast());
            f::ecs_set_id(world, e, vel, 8, v.as_ptr().cast());
        }
        let mut fd: f::ecs_filter_desc_t = std::mem::zeroed();
        let expr = std::ffi::CString::new(QUERY).expect("no NUL");
        fd.expr = expr.as_ptr();
        let rule = f::ecs_rule_init(world, &fd);
        assert!(!rule.is_null(), "the rule compiles");
        Flecs { world, rule }
    }
}

/// `ecs_iter_to_json` with `ECS_ITER_TO_JSON_INIT`; the text's length and (if asked) a copy.
fn flecs_run(fl: &Flecs, copy: bool) -> (usize, Option<String>) {
    // SAFETY: world and rule are live (Flecs owns them); the returned string is NUL
    // terminated, read before it is freed with Flecs' allocator, and freed once.
    unsafe {
        let mut desc: f::ecs_iter_to_json_desc_t = std::mem::zeroed();
        desc.serialize_term_ids = true;
        desc.serialize_ids = true;
        desc.serialize_sources = true;
        desc.serialize_variables = true;
        desc.serialize_is_set = true;
        desc.serialize_values = true;
        desc.serialize_entities = true;
        let mut it = f::ecs_rule_iter(fl.world, fl.rule);
        let s = f::ecs_iter_to_json(fl.world, &mut it, &desc);
        assert!(!s.is_null(), "Flecs serializes");
        let text = CStr::from_ptr(s);
        let len = text.to_bytes().len();
        let out = copy.then(|| text.to_string_lossy().into_owned());
        if let Some(free) = f::ecs_os_api.free_ {
            free(s.cast());
        }
        (len, out)
    }
}

/// The output with each `"entities":[...]` list replaced by its length: the two worlds give
/// their entities other ids (Flecs' `ecs_init` imports more modules than the v3.2.12 world
/// Rosetta models, so user ids start later), and v3.2.8 writes ids with trailing zeros through
/// its float formatter (`"1e6"`).
fn without_entity_ids(s: &str) -> String {
    const KEY: &str = "\"entities\":[";
    let mut out = String::with_capacity(s.len() / 2);
    let mut rest = s;
    while let Some(i) = rest.find(KEY) {
        out.push_str(&rest[..i + KEY.len()]);
        let body = &rest[i + KEY.len()..];
        let end = body.find(']').unwrap_or(body.len());
        let n = body[..end].split(", ").filter(|e| !e.is_empty()).count();
        out.push_str(&n.to_string());
        rest = &body[end..];
    }
    out.push_str(rest);
    out
}

// ---- timing ----------------------------------------------------------------------------------

fn main() {
    let n = entity_count();
    let rw = common::built("Rosetta", n, || common::rosetta_world(n, FlecsVersion::V3));
    let fl = common::built("Flecs", n, || flecs_world(n));
    let q = Query::new(&rw, QUERY).expect("the query compiles");

    // The same output, up to v3.2.8's entity numbers.
    let full = rosetta_run(&rw, &q);
    let size = full.len();
    let ours = without_entity_ids(&full);
    drop(full);
    let (_, theirs) = flecs_run(&fl, true);
    let theirs = without_entity_ids(&theirs.expect("a copy"));
    common::assert_same(&ours, &theirs);
    eprintln!("both write the same values and as many entities ({size} bytes)");
    drop((ours, theirs));

    let mut jobs: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| {
                black_box(rosetta_run(black_box(&rw), &q));
            }),
        ),
        (
            "flecs_c",
            Box::new(|| {
                black_box(flecs_run(black_box(&fl), false));
            }),
        ),
    ];
    common::measure("iter_to_json", n, size, &mut jobs);
}
