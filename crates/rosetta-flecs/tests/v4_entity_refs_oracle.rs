//! `v4::entity_to_json`'s `matches`, `refs` and `alerts` against real Flecs v4 (`flecs_ecs`'
//! Flecs 4.1.2): the same world and named queries in both, each entity written by both with
//! the member asked for, compared byte for byte. 4.1.2 and 4.1.6 write these three members
//! with the same code (`serialize_iter_result.c`); the separators between members differ
//! (see `v4_entity_oracle.rs`) and are made 4.1.6's here.
//!
//! No test in this file imports Flecs' alerts module: `ecs_id(EcsAlertsActive)` is a global
//! of the C library, so one import would change every world of the process.

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use std::ffi::CString;

use flecs_ecs::sys;
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{entity_to_json_with, EntityDesc};
use rosetta_world::builtin::WILDCARD;
use rosetta_world::eval::Query;

use v4_oracle::{rosetta_world, with_v416_separators, Oracle};

const ROSETTA: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["entity", "Planet"], ["entity", "Likes"], ["entity", "Orbits"],
    ["entity", "Bob"], ["entity", "Alice"], ["entity", "Sun"],
    ["entity", "Sun.Earth"],
    ["add", "Sun.Earth", "Planet"],
    ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}],
    ["add", "Sun.Earth", ["Likes", "Bob"]],
    ["add", "Sun.Earth", ["Orbits", "Sun"]],
    ["entity", "Sun.Mars"],
    ["add", "Sun.Mars", ["Likes", "Bob"]],
    ["add", "Sun.Mars", ["Orbits", "Sun"]],
    ["add", "Sun.Mars", "Planet"],
    ["add", "Alice", ["Likes", "Bob"]],
    ["entity", "Q.Planets"], ["entity", "Q.BobFans"], ["entity", "Q.Fixed"],
    ["entity", "Q.Nothing"]
]"#;

const FLECS: &str = r#"
using flecs.meta
struct Position {
  x = f32
  y = f32
}
Planet {}
Likes {}
Orbits {}
Bob {}
Alice {}
Sun {
  Earth {
    Planet
    Position: {1, 2}
    (Likes, Bob)
    (Orbits, Sun)
  }
  Mars {
    (Likes, Bob)
    (Orbits, Sun)
    Planet
  }
}
Alice {
  (Likes, Bob)
}
Q {
  Planets {}
  BobFans {}
  Fixed {}
  Nothing {}
}
"#;

/// The named queries: entity and expression. `Fixed` has no `$this` term (Flecs skips it).
const QUERIES: &[(&str, &str)] = &[
    ("Q.Planets", "Planet"),
    ("Q.BobFans", "(Likes, Bob)"),
    ("Q.Fixed", "Planet(Sun.Earth)"),
    ("Q.Nothing", "Planet, !Planet"),
];

fn oracle() -> Oracle {
    let o = Oracle::with_script(FLECS);
    for (path, expr) in QUERIES {
        let e = o.lookup(path);
        let expr = CString::new(*expr).unwrap();
        // SAFETY: a zeroed desc is `ecs_query_desc_t`'s default; the expression outlives the
        // call (Flecs parses it there) and the world is alive.
        let q = unsafe {
            let mut desc: sys::ecs_query_desc_t = std::mem::zeroed();
            desc.entity = e;
            desc.expr = expr.as_ptr();
            sys::ecs_query_init(o.raw(), &desc)
        };
        assert!(!q.is_null(), "{path}");
    }
    o
}

/// The entity at `path` written by both: `ours` for Rosetta, `theirs` sets the oracle's desc.
fn both(
    path: &str,
    ours: EntityDesc,
    theirs: impl FnOnce(&Oracle, &mut sys::ecs_entity_to_json_desc_t),
) -> (String, String) {
    let o = oracle();
    let mut d = Oracle::desc();
    theirs(&o, &mut d);
    let want = with_v416_separators(
        &o.entity_json(path, &d),
        &["pairs", "components", "matches", "refs", "alerts"],
    );
    let w = rosetta_world(ROSETTA);
    let compiled: Vec<(rosetta_world::Id, Query)> = QUERIES
        .iter()
        .map(|(p, expr)| (w.lookup(p).unwrap(), Query::new(&w, expr).unwrap()))
        .collect();
    let queries: Vec<_> = compiled.iter().map(|(e, q)| (*e, q)).collect();
    let got = entity_to_json_with(
        &w,
        w.lookup(path).unwrap(),
        &EntityDesc {
            mode: Mode::Valid,
            ..ours
        },
        &queries,
    )
    .unwrap();
    (got, want)
}

#[test]
fn matches_lists_the_named_queries_with_this() {
    for path in ["Sun.Earth", "Sun.Mars", "Alice", "Bob"] {
        let desc = EntityDesc {
            matches: true,
            ..EntityDesc::default()
        };
        let (got, want) = both(path, desc, |_, d| d.serialize_matches = true);
        assert_eq!(got, want, "{path}");
        if path == "Sun.Earth" {
            assert!(
                got.ends_with(r#""matches":["Q.Planets", "Q.BobFans"]}"#),
                "{got}"
            );
        }
    }
}

#[test]
fn refs_of_one_relationship_and_of_all() {
    for path in ["Bob", "Sun", "Alice", "Planet"] {
        let likes = rosetta_world(ROSETTA).lookup("Likes").unwrap();
        let desc = EntityDesc {
            refs: Some(likes),
            ..EntityDesc::default()
        };
        let (got, want) = both(path, desc, |o, d| d.serialize_refs = o.lookup("Likes"));
        assert_eq!(got, want, "{path} refs=Likes");
        let desc = EntityDesc {
            refs: Some(WILDCARD),
            ..EntityDesc::default()
        };
        let (got, want) = both(path, desc, |_, d| {
            // SAFETY: a constant Flecs sets before main (the builtin id of `*`).
            d.serialize_refs = unsafe { sys::EcsWildcard }
        });
        assert_eq!(got, want, "{path} refs=*");
        if path == "Sun" {
            assert!(got.contains(r#""refs":{"Orbits":["#), "{got}");
        }
    }
}

/// Without the alerts module, Flecs leaves `alerts` out even when it is asked for.
#[test]
fn no_alerts_member_without_the_alerts_module() {
    let desc = EntityDesc {
        alerts: true,
        ..EntityDesc::default()
    };
    let (got, want) = both("Sun.Earth", desc, |_, d| d.serialize_alerts = true);
    assert_eq!(got, want);
    assert!(!got.contains("alerts"), "{got}");
}
