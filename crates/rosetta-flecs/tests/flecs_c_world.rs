//! World JSON between Rosetta and real Flecs (v3.2.8 in C, the amalgamation `flecs-sys` 0.1.5
//! builds; v3.2.12's world JSON is the same for these types), both ways:
//!
//! - Rosetta writes a world (`ser::world_to_json`) and a Flecs world reads it with
//!   `ecs_world_from_json`: an application that registered the same types with reflection
//!   (`ecs_struct_init`, `ecs_enum_init`, `ecs_bitmask_init`), and a new world that has only
//!   the type entities of the JSON. Every value reads back equal, and the application's types
//!   keep their reflection.
//! - Flecs writes its world (`ecs_world_to_json`) and Rosetta reads it into a new world: the
//!   types come from the JSON's type entities, and every value reads back equal.
//!
//! Flecs v4 (`flecs_ecs`) is not covered here.

use std::ffi::{CStr, CString};

use flecs_sys as f;
use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_flecs::ser::world_to_json;
use rosetta_types::Value;
use rosetta_world::{script, World};

/// `Position {x, y: f32}` as C lays it out.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
struct Position {
    x: f32,
    y: f32,
}

/// `Inner {a: i64, b: f64}`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
struct Inner {
    a: i64,
    b: f64,
}

/// `Ship`: a nested struct, i64, f64, string, bool, enum and bitmask members.
#[repr(C)]
#[derive(Debug)]
struct Ship {
    pos: Position,
    inner: Inner,
    name: *const std::os::raw::c_char,
    alive: bool,
    color: i32,
    flags: u32,
    hp: i32,
}

/// The types, as a world script (what Rosetta writes from) defines them.
const TYPES: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["enum", "Color", ["Red", "Green", "Blue"]],
    ["bitmask", "Flags", ["A", "B", "C"]],
    ["struct", "Inner", [["a", "i64"], ["b", "f64"]]],
    ["struct", "Ship", [["pos", "Position"], ["inner", "Inner"], ["name", "string"],
        ["alive", "bool"], ["color", "Color"], ["flags", "Flags"], ["hp", "i32"]]]
]"#;

/// The entities and their values.
const DATA: &str = r#"[
    ["entity", "e1"], ["set", "e1", "Position", {"x": 1.5, "y": -2.25}],
    ["entity", "Sun.Earth"], ["set", "Sun.Earth", "Position", {"x": 10, "y": 20}],
    ["entity", "e2"], ["set", "e2", "Ship", {"pos": {"x": 3, "y": 4},
        "inner": {"a": -5000000000, "b": 0.1}, "name": "Enterprise", "alive": true,
        "color": "Blue", "flags": "A|C", "hp": -7}]
]"#;

fn rosetta_world() -> World {
    let mut ops: Vec<serde_json::Value> = serde_json::from_str(TYPES).unwrap();
    ops.extend(serde_json::from_str::<Vec<serde_json::Value>>(DATA).unwrap());
    let mut w = script::load_json(&serde_json::Value::Array(ops))
        .unwrap()
        .world;
    w.process_pending();
    w
}

/// A Flecs world, freed on drop.
struct Flecs(*mut f::ecs_world_t);

impl Drop for Flecs {
    fn drop(&mut self) {
        // SAFETY: the world was made by `ecs_init` and is freed once.
        unsafe {
            f::ecs_fini(self.0);
        }
    }
}

impl Flecs {
    fn new() -> Flecs {
        // SAFETY: `ecs_init` has no preconditions.
        Flecs(unsafe { f::ecs_init() })
    }

    fn lookup(&self, path: &str) -> f::ecs_entity_t {
        let p = CString::new(path).unwrap();
        // SAFETY: the world is live and the strings are NUL terminated.
        unsafe {
            f::ecs_lookup_path_w_sep(self.0, 0, p.as_ptr(), c".".as_ptr(), std::ptr::null(), true)
        }
    }

    /// A named entity with a symbol, as `ECS_COMPONENT` names a type.
    fn named(&self, name: &CStr) -> f::ecs_entity_t {
        // SAFETY: the world is live; the desc is zeroed as `{0}` makes it.
        unsafe {
            let mut ed: f::ecs_entity_desc_t = std::mem::zeroed();
            ed.name = name.as_ptr();
            ed.symbol = name.as_ptr();
            f::ecs_entity_init(self.0, &ed)
        }
    }

    fn structure(&self, name: &CStr, members: &[(&CStr, f::ecs_entity_t)]) -> f::ecs_entity_t {
        let e = self.named(name);
        // SAFETY: as in `named`; the member names outlive the call.
        unsafe {
            let mut sd: f::ecs_struct_desc_t = std::mem::zeroed();
            sd.entity = e;
            for (i, (n, t)) in members.iter().enumerate() {
                sd.members[i].name = n.as_ptr();
                sd.members[i].type_ = *t;
            }
            assert_ne!(f::ecs_struct_init(self.0, &sd), 0);
        }
        e
    }

    /// The application: the same types registered through the C API.
    fn with_types() -> Flecs {
        let fl = Flecs::new();
        // SAFETY: the world is live; the descs are zeroed as `{0}` makes them.
        unsafe {
            let pos = fl.structure(
                c"Position",
                &[
                    (c"x", f::FLECS_IDecs_f32_tID_),
                    (c"y", f::FLECS_IDecs_f32_tID_),
                ],
            );
            let color = fl.named(c"Color");
            let mut ed: f::ecs_enum_desc_t = std::mem::zeroed();
            ed.entity = color;
            for (i, n) in [c"Red", c"Green", c"Blue"].iter().enumerate() {
                ed.constants[i].name = n.as_ptr();
            }
            assert_ne!(f::ecs_enum_init(fl.0, &ed), 0);
            let flags = fl.named(c"Flags");
            let mut bd: f::ecs_bitmask_desc_t = std::mem::zeroed();
            bd.entity = flags;
            for (i, n) in [c"A", c"B", c"C"].iter().enumerate() {
                bd.constants[i].name = n.as_ptr();
            }
            assert_ne!(f::ecs_bitmask_init(fl.0, &bd), 0);
            let inner = fl.structure(
                c"Inner",
                &[
                    (c"a", f::FLECS_IDecs_i64_tID_),
                    (c"b", f::FLECS_IDecs_f64_tID_),
                ],
            );
            fl.structure(
                c"Ship",
                &[
                    (c"pos", pos),
                    (c"inner", inner),
                    (c"name", f::FLECS_IDecs_string_tID_),
                    (c"alive", f::FLECS_IDecs_bool_tID_),
                    (c"color", color),
                    (c"flags", flags),
                    (c"hp", f::FLECS_IDecs_i32_tID_),
                ],
            );
        }
        fl
    }

    /// `ecs_world_from_json`; false if Flecs refused it.
    fn read(&self, json: &str) -> bool {
        let text = CString::new(json).unwrap();
        // SAFETY: the world is live and the text NUL terminated.
        unsafe { !f::ecs_world_from_json(self.0, text.as_ptr(), std::ptr::null()).is_null() }
    }

    /// `ecs_world_to_json`.
    fn write(&self) -> String {
        // SAFETY: the world is live; the returned string is read, then freed once with
        // Flecs' allocator.
        unsafe {
            let s = f::ecs_world_to_json(self.0, std::ptr::null());
            assert!(!s.is_null());
            let out = CStr::from_ptr(s).to_string_lossy().into_owned();
            if let Some(free) = f::ecs_os_api.free_ {
                free(s.cast());
            }
            out
        }
    }

    /// The value of component `ty` on `e` as a `T`.
    fn get<T>(&self, e: &str, ty: &str) -> Option<&T> {
        let (e, ty) = (self.lookup(e), self.lookup(ty));
        assert!(e != 0 && ty != 0, "{e} {ty}");
        // SAFETY: the world is live; a non-null pointer points at the component's value,
        // which has `T`'s C layout (the types above), and lives as long as the world.
        unsafe { f::ecs_get_id(self.0, e, ty).cast::<T>().as_ref() }
    }

    fn has_struct(&self, ty: &str) -> bool {
        // SAFETY: the world is live.
        unsafe { f::ecs_has_id(self.0, self.lookup(ty), f::FLECS_IDEcsStructID_) }
    }

    /// Checks the values of `DATA`.
    fn check_values(&self) {
        assert_eq!(
            self.get::<Position>("e1", "Position"),
            Some(&Position { x: 1.5, y: -2.25 })
        );
        assert_eq!(
            self.get::<Position>("Sun.Earth", "Position"),
            Some(&Position { x: 10.0, y: 20.0 })
        );
        let ship = self.get::<Ship>("e2", "Ship").expect("e2 has Ship");
        assert_eq!(ship.pos, Position { x: 3.0, y: 4.0 });
        assert_eq!(
            ship.inner,
            Inner {
                a: -5_000_000_000,
                b: 0.1
            }
        );
        assert!(!ship.name.is_null());
        // SAFETY: a non-null Flecs string is NUL terminated and owned by the world.
        assert_eq!(
            unsafe { CStr::from_ptr(ship.name) }.to_str(),
            Ok("Enterprise")
        );
        assert!(ship.alive);
        assert_eq!((ship.color, ship.flags, ship.hp), (2, 0b101, -7));
    }
}

#[test]
fn flecs_reads_rosetta_world_json_into_an_application_with_the_types() {
    let json = world_to_json(&rosetta_world()).unwrap();
    let fl = Flecs::with_types();
    assert!(fl.read(&json), "Flecs refused:\n{json}");
    fl.check_values();
    for ty in ["Position", "Inner", "Ship"] {
        assert!(fl.has_struct(ty), "{ty} lost its reflection");
    }
}

#[test]
fn flecs_rebuilds_the_types_from_rosetta_world_json() {
    let json = world_to_json(&rosetta_world()).unwrap();
    let fl = Flecs::new();
    assert!(fl.read(&json), "Flecs refused:\n{json}");
    fl.check_values();
}

/// Rosetta's types as Flecs writes them back after reading them: the same type entities.
#[test]
fn flecs_writes_back_the_type_entities_rosetta_wrote() {
    let json = world_to_json(&rosetta_world()).unwrap();
    let fl = Flecs::new();
    assert!(fl.read(&json));
    let back = fl.write();
    let part = r#""parent":"Ship", "entities":["pos", "inner", "name", "alive", "color", "flags", "hp"], "values":[[{"type":"Position", "count":1, "unit":0, "offset":0}, {"type":"Inner", "count":1, "unit":0, "offset":8}, {"type":"flecs.meta.string", "count":1, "unit":0, "offset":24}, {"type":"flecs.meta.bool", "count":1, "unit":0, "offset":32}, {"type":"Color", "count":1, "unit":0, "offset":36}, {"type":"Flags", "count":1, "unit":0, "offset":40}, {"type":"flecs.meta.i32", "count":1, "unit":0, "offset":44}]"#;
    assert!(back.contains(part), "{part}\nnot in\n{back}");
    assert!(json.contains(part), "{part}\nnot in\n{json}");
    // v3.2.8 gives a struct it rebuilds in a new world the alignment of its last member (4,
    // not 8; the size is right): an application's own registration is what counts.
    assert!(json.contains(r#"{"size":48, "alignment":8}"#), "{json}");
    assert!(back.contains(r#"{"size":48, "alignment":4}"#), "{back}");
}

#[test]
fn rosetta_reads_flecs_world_json_into_a_new_world() {
    let fl = Flecs::with_types();
    let rosetta = rosetta_world();
    // The same data, set in Flecs by reading Rosetta's JSON (checked above), then written by
    // Flecs.
    assert!(fl.read(&world_to_json(&rosetta).unwrap()));
    let json = fl.write();
    let mut w = World::new();
    let report = world_from_json(&mut w, &json, &FromJsonDesc { strict: true })
        .unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    for (e, c) in [
        ("e1", "Position"),
        ("Sun.Earth", "Position"),
        ("e2", "Ship"),
    ] {
        let get = |w: &World| -> Option<Value> {
            w.get_owned(w.lookup(e)?, w.lookup(c)?)
                .map(|v| v.into_owned())
        };
        assert_eq!(get(&w), get(&rosetta), "{e} {c}\n{json}");
        assert!(get(&w).is_some(), "{e}");
    }
    // And Rosetta writes the same results for both worlds (the tables' entities in another
    // order: Flecs' order of the type tables).
    w.process_pending();
    let ours = world_to_json(&w).unwrap();
    assert_eq!(
        sorted_results(&ours),
        sorted_results(&world_to_json(&rosetta).unwrap()),
        "{json}"
    );
}

/// The results of a world JSON document, sorted (each result's own text).
fn sorted_results(text: &str) -> Vec<String> {
    let doc: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut results: Vec<String> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(serde_json::Value::to_string)
        .collect();
    results.sort();
    results
}
