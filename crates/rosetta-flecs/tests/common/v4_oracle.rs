//! A real Flecs v4 world (`flecs_ecs` 0.2.2 builds Flecs 4.1.2's C) for differential tests:
//! built from a Flecs Script, serialized with Flecs' own JSON functions; and what the
//! `v4_*oracle.rs` tests share around it: the Rosetta world of a script, the test types in
//! Flecs Script, 4.1.2's entity text with 4.1.6's separators. Included by each of those
//! files as `#[path = "common/v4_oracle.rs"] mod v4_oracle;` (not from `common/mod.rs`:
//! only binaries that link `flecs_ecs` may use it).

#![allow(dead_code)]

use std::ffi::{CStr, CString};

use flecs_ecs::sys;
use rosetta_world::{script, FlecsVersion, World};

/// `Position {x, y: f32}` and `Mass {value: f64}` in Flecs Script (with `using flecs.meta`),
/// for `concat!` in front of a test's own script: the types of most oracle worlds.
#[macro_export]
macro_rules! flecs_position_mass {
    () => {
        "using flecs.meta\nstruct Position {\n  x = f32\n  y = f32\n}\n\
         struct Mass {\n  value = f64\n}\n"
    };
}

/// The same types as [`flecs_position_mass`] as Rosetta world script ops (with the trailing
/// `,`), for `concat!` after a script's opening `[`.
#[macro_export]
macro_rules! rosetta_position_mass {
    () => {
        r#"["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["struct", "Mass", [["value", "f64"]]],"#
    };
}

/// The v4 Rosetta world of a world script (the test's own, so it loads).
pub fn rosetta_world(script_text: &str) -> World {
    script::load_str_version(script_text, FlecsVersion::V4)
        .unwrap()
        .world
}

/// The oracle's entity text with v4.1.6's separators before `keys`: Flecs 4.1.2 joins an
/// entity's `tags`, `pairs`, `vars`, `inherited`, `components`, ... with `,` (one inner list,
/// `flecs_json_serialize_table_tags_pairs_vars`) where v4.1.6 writes each member with `, `
/// (`serialize_iter_result_table.c` was rewritten).
pub fn with_v416_separators(s: &str, keys: &[&str]) -> String {
    let mut out = s.to_string();
    for key in keys {
        for close in ['}', ']'] {
            out = out.replace(
                &format!("{close},\"{key}\":"),
                &format!("{close}, \"{key}\":"),
            );
        }
    }
    out
}

/// One `ecs_init()` world.
pub struct Oracle {
    w: *mut sys::ecs_world_t,
}

impl Drop for Oracle {
    fn drop(&mut self) {
        // SAFETY: the world was made by `ecs_init` and is freed once.
        unsafe {
            sys::ecs_fini(self.w);
        }
    }
}

/// Takes a string Flecs allocated.
unsafe fn take(s: *mut std::ffi::c_char) -> Option<String> {
    if s.is_null() {
        return None;
    }
    let text = CStr::from_ptr(s).to_str().unwrap().to_owned();
    sys::ecs_os_api.free_.unwrap()(s.cast());
    Some(text)
}

impl Oracle {
    /// A new world, after checking that the C library is Flecs 4.1.
    pub fn new() -> Oracle {
        // SAFETY: plain C calls; the build info is static.
        unsafe {
            let info = &*sys::ecs_get_build_info();
            let version = CStr::from_ptr(info.version).to_str().unwrap();
            assert!(version.starts_with("4.1."), "the oracle is Flecs {version}");
            Oracle { w: sys::ecs_init() }
        }
    }

    /// A new world that ran the Flecs Script `code`.
    pub fn with_script(code: &str) -> Oracle {
        let o = Oracle::new();
        o.script(code);
        o
    }

    /// The C world.
    pub fn raw(&self) -> *mut sys::ecs_world_t {
        self.w
    }

    /// Runs a Flecs Script.
    pub fn script(&self, code: &str) {
        let code = CString::new(code).unwrap();
        // SAFETY: a live world and a NUL-terminated script.
        let r = unsafe {
            sys::ecs_script_run(
                self.w,
                std::ptr::null(),
                code.as_ptr(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(r, 0, "the script failed");
    }

    /// The entity at `path`.
    pub fn lookup(&self, path: &str) -> u64 {
        let p = CString::new(path).unwrap();
        // SAFETY: a live world and a NUL-terminated path.
        let e = unsafe { sys::ecs_lookup(self.w, p.as_ptr()) };
        assert_ne!(e, 0, "{path} not found");
        e
    }

    /// `ecs_entity_to_json`.
    pub fn entity_json(&self, path: &str, desc: &sys::ecs_entity_to_json_desc_t) -> String {
        let e = self.lookup(path);
        // SAFETY: a live world and entity; the result is copied and freed.
        unsafe { take(sys::ecs_entity_to_json(self.w, e, desc)).unwrap() }
    }

    /// `ecs_world_to_json` with the default options.
    pub fn world_json(&self) -> String {
        // SAFETY: a live world; the result is copied and freed.
        unsafe { take(sys::ecs_world_to_json(self.w, std::ptr::null())).unwrap() }
    }

    /// `ecs_world_from_json`: `Err` with Flecs' position when it fails.
    pub fn world_from_json(&self, json: &str) -> Result<(), String> {
        let j = CString::new(json).unwrap();
        // SAFETY: a live world and a NUL-terminated text.
        let r = unsafe { sys::ecs_world_from_json(self.w, j.as_ptr(), std::ptr::null()) };
        if r.is_null() {
            Err("ecs_world_from_json failed".into())
        } else {
            Ok(())
        }
    }

    /// A desc as `ECS_ENTITY_TO_JSON_INIT`.
    pub fn desc() -> sys::ecs_entity_to_json_desc_t {
        sys::ecs_entity_to_json_desc_t {
            serialize_entity_id: false,
            serialize_doc: false,
            serialize_full_paths: true,
            serialize_inherited: false,
            serialize_values: true,
            serialize_builtin: false,
            serialize_type_info: false,
            serialize_alerts: false,
            serialize_refs: 0,
            serialize_matches: false,
            component_filter: None,
        }
    }
}
