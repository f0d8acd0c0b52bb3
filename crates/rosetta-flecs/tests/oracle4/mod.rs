//! Real Flecs 4.1.2 (flecs_ecs_sys, the `flecs_ecs` crate's C build) driven from a Rosetta
//! world script, for the v4 differential tests and the `flecs4` conformance cases. The world
//! ops understood: `tag`, `entity` (by path), `prefab`, `struct` (members of primitive
//! types), `add` (an id or a `[first, second]` pair), `set` (a value as JSON), `doc`.

#![allow(unsafe_code, dead_code)]

use std::ffi::{CStr, CString};

use flecs_ecs::sys;
use serde_json::Value as Json;

/// A real Flecs world.
pub struct CWorld(*mut sys::ecs_world_t);

impl Drop for CWorld {
    fn drop(&mut self) {
        // SAFETY: the world was made by ecs_init and is finished once.
        unsafe { sys::ecs_fini(self.0) };
    }
}

fn cstr(s: &str) -> CString {
    CString::new(s).expect("no NUL in test text")
}

/// The oracle's version, `major.minor.patch`.
pub fn version() -> String {
    // SAFETY: ecs_get_build_info returns a static struct.
    unsafe {
        let b = &*sys::ecs_get_build_info();
        format!(
            "{}.{}.{}",
            b.version_major, b.version_minor, b.version_patch
        )
    }
}

/// Takes a string Flecs allocated.
unsafe fn take(p: *mut std::ffi::c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    if let Some(free) = sys::ecs_os_api.free_ {
        free(p.cast());
    }
    Some(s)
}

/// The serializer options of a case, as the REST parameters name them.
pub fn desc_from(opts: &Json) -> sys::ecs_iter_to_json_desc_t {
    // SAFETY: a plain C struct of bools, ids and pointers: zero is valid for each.
    let mut d: sys::ecs_iter_to_json_desc_t = unsafe { std::mem::zeroed() };
    d.serialize_values = true;
    d.serialize_full_paths = true;
    d.serialize_fields = true;
    let b = |k: &str, dflt: bool| opts.get(k).and_then(Json::as_bool).unwrap_or(dflt);
    d.serialize_entity_ids = b("entity_ids", false);
    d.serialize_values = b("values", true);
    d.serialize_builtin = b("builtin", false);
    d.serialize_doc = b("doc", false);
    d.serialize_full_paths = b("full_paths", true);
    d.serialize_fields = b("fields", true);
    d.serialize_inherited = b("inherited", false);
    d.serialize_table = b("table", false);
    d.serialize_type_info = b("type_info", false);
    d.serialize_field_info = b("field_info", false);
    d.serialize_query_info = b("query_info", false);
    d.serialize_query_plan = b("query_plan", false);
    d.serialize_query_profile = b("query_profile", false);
    d.dont_serialize_results = !b("results", true);
    d
}

impl CWorld {
    /// A new world with the script applied.
    pub fn from_script(script: &Json) -> CWorld {
        // SAFETY: ecs_init makes a world; the pointer is owned by the CWorld.
        let w = CWorld(unsafe { sys::ecs_init() });
        for op in script.as_array().into_iter().flatten() {
            w.op(op);
        }
        w
    }

    fn lookup(&self, path: &str) -> u64 {
        let p = cstr(path);
        // SAFETY: a live world and a NUL-terminated path.
        unsafe { sys::ecs_lookup(self.0, p.as_ptr()) }
    }

    fn entity(&self, path: &str) -> u64 {
        let p = cstr(path);
        let sep = cstr(".");
        // SAFETY: a zeroed desc is ECS_ENTITY_DESC default; the strings outlive the call.
        unsafe {
            let mut d: sys::ecs_entity_desc_t = std::mem::zeroed();
            d.name = p.as_ptr();
            d.sep = sep.as_ptr();
            sys::ecs_entity_init(self.0, &d)
        }
    }

    fn id(&self, j: &Json) -> u64 {
        match j {
            Json::String(s) => self.resolve(s),
            Json::Array(a) if a.len() == 2 => {
                let (f, s) = (self.id(&a[0]), self.id(&a[1]));
                // SAFETY: pure function.
                unsafe { sys::ecs_make_pair(f, s) }
            }
            _ => panic!("unsupported id {j}"),
        }
    }

    fn resolve(&self, s: &str) -> u64 {
        match s {
            "*" => self.lookup("flecs.core.*"),
            _ => match self.lookup(s) {
                0 => self.entity(s),
                e => e,
            },
        }
    }

    fn op(&self, op: &Json) {
        let a = op.as_array().expect("op is an array");
        let s = |i: usize| a[i].as_str().expect("string argument");
        // SAFETY (every block below): a live world, ids it made, strings that outlive the call.
        match s(0) {
            "tag" | "entity" => {
                self.entity(s(1));
            }
            "prefab" => {
                let e = self.entity(s(1));
                let prefab = self.lookup("flecs.core.Prefab");
                unsafe { sys::ecs_add_id(self.0, e, prefab) };
            }
            "struct" => {
                let e = self.entity(s(1));
                let names: Vec<CString> = a[2]
                    .as_array()
                    .expect("members")
                    .iter()
                    .map(|m| cstr(m[0].as_str().expect("member name")))
                    .collect();
                unsafe {
                    let mut d: sys::ecs_struct_desc_t = std::mem::zeroed();
                    d.entity = e;
                    for (i, m) in a[2].as_array().expect("members").iter().enumerate() {
                        let ty = m[1].as_str().expect("member type");
                        d.members[i].name = names[i].as_ptr();
                        d.members[i].type_ = self.lookup(&format!("flecs.meta.{ty}"));
                    }
                    sys::ecs_struct_init(self.0, &d);
                }
            }
            "add" => {
                let e = self.resolve(s(1));
                let id = self.id(&a[2]);
                unsafe { sys::ecs_add_id(self.0, e, id) };
            }
            "set" => {
                let e = self.resolve(s(1));
                let id = self.id(&a[2]);
                let json = cstr(&a[3].to_string());
                unsafe {
                    let ty = sys::ecs_get_typeid(self.0, id);
                    let ti = sys::ecs_get_type_info(self.0, id);
                    let ptr = sys::ecs_ensure_id(self.0, e, id, (*ti).size as usize);
                    sys::ecs_ptr_from_json(self.0, ty, ptr, json.as_ptr(), std::ptr::null());
                    sys::ecs_modified_id(self.0, e, id);
                }
            }
            "doc" => {
                let e = self.resolve(s(1));
                let text = cstr(s(3));
                unsafe {
                    match s(2) {
                        "name" => sys::ecs_doc_set_name(self.0, e, text.as_ptr()),
                        "brief" => sys::ecs_doc_set_brief(self.0, e, text.as_ptr()),
                        "color" => sys::ecs_doc_set_color(self.0, e, text.as_ptr()),
                        k => panic!("doc kind {k}"),
                    }
                }
            }
            other => panic!("unsupported op {other}"),
        }
    }

    /// `ecs_iter_to_json` of `expr`'s results, paged as REST pages them; `None` when the
    /// query does not parse.
    pub fn query_json(&self, expr: &str, opts: &Json, offset: i32, limit: i32) -> Option<String> {
        let e = cstr(expr);
        // SAFETY: a live world; the query is finished after use; the iterator is consumed
        // by ecs_iter_to_json.
        unsafe {
            let mut qd: sys::ecs_query_desc_t = std::mem::zeroed();
            qd.expr = e.as_ptr();
            let q = sys::ecs_query_init(self.0, &qd);
            if q.is_null() {
                return None;
            }
            let mut d = desc_from(opts);
            d.query = q.cast();
            let it = sys::ecs_query_iter(self.0, q);
            let mut pit = sys::ecs_page_iter(&it, offset, limit);
            let s = take(sys::ecs_iter_to_json(&mut pit, &d));
            sys::ecs_query_fini(q);
            s
        }
    }
}

impl CWorld {
    /// `ecs_entity_to_json` of the entity at `path` with the REST `/entity` options.
    pub fn entity_json(&self, path: &str, opts: &Json) -> Option<String> {
        let e = self.lookup(path);
        let b = |k: &str, dflt: bool| opts.get(k).and_then(Json::as_bool).unwrap_or(dflt);
        // SAFETY: a zeroed desc is valid; a live world and entity.
        unsafe {
            let mut d: sys::ecs_entity_to_json_desc_t = std::mem::zeroed();
            d.serialize_entity_id = b("entity_id", false);
            d.serialize_doc = b("doc", false);
            d.serialize_full_paths = b("full_paths", true);
            d.serialize_inherited = b("inherited", false);
            d.serialize_values = b("values", true);
            d.serialize_builtin = b("builtin", false);
            d.serialize_type_info = b("type_info", false);
            d.serialize_matches = b("matches", false);
            take(sys::ecs_entity_to_json(self.0, e, &d))
        }
    }

    /// `ecs_world_to_json` with no options.
    pub fn world_json(&self) -> Option<String> {
        // SAFETY: a live world; a NULL desc is the default.
        unsafe { take(sys::ecs_world_to_json(self.0, std::ptr::null())) }
    }
}
