//! Prefab instantiation in a v4 world against real Flecs v4 (`flecs_ecs`' Flecs 4.1.2): the
//! same prefab hierarchy built in both (a Rosetta world script, a Flecs Script), then every
//! entity compared — which entities exist (by path, from both worlds' JSON) and each one's
//! entity JSON (parent, name, tags, pairs, component values) byte for byte in `Mode::Valid`.
//!
//! 4.1.2 against 4.1.6 (the version Rosetta follows): `flecs_instantiate_children` copies a
//! prefab child's table the same way in both (DontInherit ids left out but the name and the
//! parent, `SlotOf` turned into a pair on the instance, `Prefab` added under a prefab
//! instance); 4.1.6 adds ordered children (`OrderedChildren`) and the non-fragmenting
//! `Parent` hierarchy (`TreeSpawner`), which these worlds do not use, and 4.1.6 stores the
//! slot pair of a direct instance sparse (`flecs_sparse_on_add_cr`).

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use std::collections::BTreeSet;

use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{entity_to_json, world_to_json, EntityDesc};

use v4_oracle::{rosetta_world, with_v416_separators, Oracle};

const ROSETTA: &str = concat!(
    "[",
    crate::rosetta_position_mass!(),
    r#"
    ["add", "Mass", ["flecs.core.OnInstantiate", "flecs.core.Inherit"]],
    ["entity", "Engine"], ["entity", "Wing"],
    ["prefab", "Turret"],
    ["set", "Turret", "Position", {"x": 9, "y": 9}],
    ["entity", "Turret.Barrel"],
    ["set", "Turret.Barrel", "Position", {"x": 0, "y": 5}],
    ["prefab", "Ship"],
    ["set", "Ship", "Mass", {"value": 100}],
    ["entity", "Ship.Cockpit"],
    ["set", "Ship.Cockpit", "Position", {"x": 1, "y": 2}],
    ["entity", "Ship.Cockpit.Seat"],
    ["add", "Ship.Cockpit.Seat", "Engine"],
    ["entity", "Ship.LeftWing"],
    ["add", "Ship.LeftWing", "Wing"],
    ["set", "Ship.LeftWing", "Mass", {"value": 3}],
    ["entity", "Ship.Gun"],
    ["add", "Ship.Gun", ["flecs.core.IsA", "Turret"]],
    ["entity", "Enterprise"],
    ["add", "Enterprise", ["flecs.core.IsA", "Ship"]],
    ["entity", "Fleet"],
    ["entity", "Fleet.Voyager"],
    ["add", "Fleet.Voyager", ["flecs.core.IsA", "Ship"]]
]"#
);

const FLECS: &str = concat!(
    crate::flecs_position_mass!(),
    r#"Mass {
  (OnInstantiate, Inherit)
}
Engine {}
Wing {}
prefab Turret {
  Position: {9, 9}
  Barrel {
    Position: {0, 5}
  }
}
prefab Ship {
  Mass: {100}
  Cockpit {
    Position: {1, 2}
    Seat {
      Engine
    }
  }
  LeftWing {
    Wing
    Mass: {3}
  }
  Gun : Turret {}
}
Enterprise : Ship {}
Fleet {
  Voyager : Ship {}
}
"#
);

/// The paths of the entities in a v4 world JSON that are not Flecs' own (nor members).
fn user_paths(json: &str) -> BTreeSet<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut out = BTreeSet::new();
    for r in v["results"].as_array().unwrap() {
        let Some(name) = r["name"].as_str() else {
            continue;
        };
        // The member entities of the test's types (`Position.x`) are type reflection, not
        // instantiation (world JSON's type entities are compared elsewhere).
        if matches!(r["parent"].as_str(), Some("Position" | "Mass")) {
            continue;
        }
        let path = match r["parent"].as_str() {
            Some(p) => format!("{p}.{name}"),
            None => name.to_string(),
        };
        if !(path == "flecs" || path.starts_with("flecs.") || name.starts_with('#')) {
            out.insert(path);
        }
    }
    out
}

/// Every user entity of both worlds, with its entity JSON written by both.
fn compare(rosetta_script: &str, flecs_script: &str, desc: EntityDesc) -> Vec<String> {
    let w = rosetta_world(rosetta_script);
    let o = Oracle::with_script(flecs_script);
    let ours = user_paths(&world_to_json(&w, Mode::Valid).unwrap());
    let theirs = user_paths(&o.world_json());
    assert_eq!(ours, theirs, "the worlds hold different entities");
    let mut d = Oracle::desc();
    d.serialize_inherited = desc.inherited;
    for path in &ours {
        let want = with_v416_separators(
            &o.entity_json(path, &d),
            &["pairs", "inherited", "components"],
        );
        let e = w
            .lookup(path)
            .unwrap_or_else(|| panic!("rosetta lookup {path}"));
        let got = entity_to_json(
            &w,
            e,
            &EntityDesc {
                mode: Mode::Valid,
                ..desc
            },
        )
        .unwrap();
        if want.contains("\"flecs.meta.type\"") {
            // A type entity: 4.1.6 (which Rosetta follows) writes its meta components in id
            // order (struct, TypeSerializer, type), 4.1.2 the other way, so compare as JSON.
            let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
            assert_eq!(parse(&got), parse(&want), "type entity {path}");
        } else {
            assert_eq!(got, want, "entity {path}");
        }
    }
    ours.into_iter().collect()
}

#[test]
fn instances_get_copies_of_the_prefab_hierarchy() {
    let paths = compare(ROSETTA, FLECS, EntityDesc::default());
    for p in [
        "Enterprise.Cockpit",
        "Enterprise.Cockpit.Seat",
        "Enterprise.LeftWing",
        "Enterprise.Gun",
        "Enterprise.Gun.Barrel",
        "Fleet.Voyager.Cockpit.Seat",
        "Ship.Gun.Barrel",
    ] {
        assert!(paths.iter().any(|x| x == p), "{p} missing: {paths:?}");
    }
}

#[test]
fn instance_children_with_inherited_components() {
    let desc = EntityDesc {
        inherited: true,
        ..EntityDesc::default()
    };
    compare(ROSETTA, FLECS, desc);
}

/// A child added to the prefab after an instance was made is not copied to that instance
/// (instantiation happens once, when `(IsA, prefab)` is added); a later instance gets it.
#[test]
fn a_child_added_later_reaches_new_instances_only() {
    let rosetta_script = r#"[
        ["entity", "Tag"],
        ["prefab", "P"],
        ["entity", "P.First"],
        ["entity", "Old"],
        ["add", "Old", ["flecs.core.IsA", "P"]],
        ["entity", "P.Second"],
        ["add", "P.Second", "Tag"],
        ["entity", "New"],
        ["add", "New", ["flecs.core.IsA", "P"]]
    ]"#;
    let flecs_script = r#"
Tag {}
prefab P {
  First {}
}
Old : P {}
P {
  Second { Tag }
}
New : P {}
"#;
    let paths = compare(rosetta_script, flecs_script, EntityDesc::default());
    assert!(paths.contains(&"New.Second".to_string()), "{paths:?}");
    assert!(!paths.contains(&"Old.Second".to_string()), "{paths:?}");
}

/// A prefab that is an instance of another prefab (`prefab B : A`) gets prefab copies of
/// A's children; an instance of B gets copies of those.
#[test]
fn prefab_variants() {
    let rosetta_script = r#"[
        ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
        ["prefab", "A"],
        ["entity", "A.Part"],
        ["set", "A.Part", "Position", {"x": 1, "y": 1}],
        ["prefab", "B"],
        ["add", "B", ["flecs.core.IsA", "A"]],
        ["entity", "B.Extra"],
        ["entity", "b"],
        ["add", "b", ["flecs.core.IsA", "B"]]
    ]"#;
    let flecs_script = r#"
using flecs.meta
struct Position {
  x = f32
  y = f32
}
prefab A {
  Part { Position: {1, 1} }
}
prefab B : A {
  Extra {}
}
b : B {}
"#;
    let paths = compare(rosetta_script, flecs_script, EntityDesc::default());
    for p in ["B.Part", "b.Part", "b.Extra"] {
        assert!(paths.contains(&p.to_string()), "{p}: {paths:?}");
    }
}
