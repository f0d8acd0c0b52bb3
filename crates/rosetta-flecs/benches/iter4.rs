//! The v4 iterator serializer over 1M entities with two reflected components, against real
//! Flecs 4.1's `ecs_iter_to_json` in C in the same run (the bench `iter` does the same for
//! v3).
//!
//! ```sh
//! cargo bench -p rosetta-flecs --bench iter4
//! ```
//!
//! The data (`ROSETTA_BENCH_ENTITIES`, default 1,000,000 entities), the same in both worlds:
//! every entity is unnamed and has `Position {x, y: f32}` and `Velocity {x, y: f32}`
//! (reflected structs). One table.
//!
//! The job: the query `Position, Velocity` serialized with `ECS_ITER_TO_JSON_INIT` (values,
//! full paths, fields): one object per entity, `{"name":"#563", "fields":{"values":[{"x":1,
//! "y":2}, ...]}}`. Rosetta: `rosetta_flecs::v4::iter_to_json` on a v4 world (the query
//! compiled once, outside the timing; the output `String` built per run). Flecs:
//! `ecs_query_iter` and `ecs_iter_to_json` of Flecs 4.1.2 (the C source `flecs_ecs_sys` 0.2.1
//! builds with optimizations), the query created once, the returned string freed per run.
//!
//! Before anything is timed, the setup checks both write the same text but for the entity
//! numbers in the unnamed entities' names (`"#<id>"`: Flecs' builtins take other ids).
//!
//! After criterion, both are timed again in rounds that take turns and the fastest round of
//! each counts, and the ratio is printed: Rosetta's time over Flecs' (the budget: at most 1x).

mod common;

use std::ffi::{CStr, CString};
use std::hint::black_box;

use rosetta_devtools::timing::Job;

use flecs_ecs::sys as f;
use rosetta_flecs::v4::{iter_to_json, IterDesc};
use rosetta_flecs::Page;
use rosetta_world::eval::Query;
use rosetta_world::{FlecsVersion, World};

use common::{entity_count, values, QUERY};

fn rosetta_run(w: &World, q: &Query) -> String {
    // Flecs' own float text, as the peer writes it (the default, lossless, is other bytes).
    let desc = IterDesc {
        mode: rosetta_flecs::text::Mode::Valid,
        ..IterDesc::default()
    };
    iter_to_json(w, q, &desc, Page::default(), u64::MAX).expect("serializes")
}

// ---- Flecs (C) -------------------------------------------------------------------------------

/// A Flecs world with the same data and the query, freed on drop.
struct Flecs {
    world: *mut f::ecs_world_t,
    query: *mut f::ecs_query_t,
}

impl Drop for Flecs {
    fn drop(&mut self) {
        // SAFETY: both were created by `flecs_world` and are freed once, query first.
        unsafe {
            f::ecs_query_fini(self.query);
            f::ecs_fini(self.world);
        }
    }
}

/// `ecs_struct_init` of `name {x, y: f32}`.
///
/// SAFETY: `world` is a live world; the descs are zeroed C structs as `{0}` makes them.
unsafe fn xy_struct(world: *mut f::ecs_world_t, name: &CStr) -> f::ecs_entity_t {
    let f32_ty = f::ecs_lookup(world, c"flecs.meta.f32".as_ptr());
    let mut ed: f::ecs_entity_desc_t = std::mem::zeroed();
    ed.name = name.as_ptr();
    ed.symbol = name.as_ptr();
    let e = f::ecs_entity_init(world, &ed);
    let mut sd: f::ecs_struct_desc_t = std::mem::zeroed();
    sd.entity = e;
    sd.members[0].name = c"x".as_ptr();
    sd.members[0].type_ = f32_ty;
    sd.members[1].name = c"y".as_ptr();
    sd.members[1].type_ = f32_ty;
    f::ecs_struct_init(world, &sd)
}

fn flecs_world(n: usize) -> Flecs {
    // SAFETY: the world is used from this thread only, every pointer passed points to a live
    // value of the size given, and the world and query are freed once (Drop).
    unsafe {
        let world = f::ecs_init();
        let pos = xy_struct(world, c"Position");
        let vel = xy_struct(world, c"Velocity");
        for i in 0..n {
            let (p, v) = values(i);
            let e = f::ecs_new(world);
            f::ecs_set_id(world, e, pos, 8, p.as_ptr().cast());
            f::ecs_set_id(world, e, vel, 8, v.as_ptr().cast());
        }
        let mut qd: f::ecs_query_desc_t = std::mem::zeroed();
        let expr = CString::new(QUERY).expect("no NUL");
        qd.expr = expr.as_ptr();
        let query = f::ecs_query_init(world, &qd);
        assert!(!query.is_null(), "the query compiles");
        Flecs { world, query }
    }
}

/// `ecs_iter_to_json` with `ECS_ITER_TO_JSON_INIT`; the text's length and (if asked) a copy.
fn flecs_run(fl: &Flecs, copy: bool) -> (usize, Option<String>) {
    // SAFETY: world and query are live (Flecs owns them); the returned string is NUL
    // terminated, read before it is freed with Flecs' allocator, and freed once.
    unsafe {
        let mut desc: f::ecs_iter_to_json_desc_t = std::mem::zeroed();
        desc.serialize_values = true;
        desc.serialize_full_paths = true;
        desc.serialize_fields = true;
        desc.query = fl.query.cast();
        let mut it = f::ecs_query_iter(fl.world, fl.query);
        let s = f::ecs_iter_to_json(&mut it, &desc);
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

/// The output with the numbers of unnamed entities' names (`"name":"#563"`) left out.
fn without_entity_ids(s: &str) -> String {
    const KEY: &str = "\"name\":\"#";
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(KEY) {
        out.push_str(&rest[..i + KEY.len()]);
        let body = &rest[i + KEY.len()..];
        let end = body.find('"').unwrap_or(body.len());
        rest = &body[end..];
    }
    out.push_str(rest);
    out
}

// ---- timing ----------------------------------------------------------------------------------

fn main() {
    let n = entity_count();
    let rw = common::built("Rosetta", n, || common::rosetta_world(n, FlecsVersion::V4));
    let fl = common::built("Flecs", n, || flecs_world(n));
    let q = Query::new(&rw, QUERY).expect("the query compiles");

    // The same output, up to the entity numbers.
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
    common::measure("iter_to_json_v4", n, size, &mut jobs);
}
