//! The builtin entities of a Flecs v4.1.6 world made with `ecs_init()`: what `src/bootstrap.c`
//! creates and what the addons `ecs_init` imports (system, pipeline, timer, meta, doc, script,
//! rest) create, with the names, parents, tags and traits v4 gives them ([`super::v4_table::ROWS`], generated
//! from a real v4 world by `tests/v4/gen_builtins.py`).
//!
//! Rosetta keeps its own ids for the builtins both releases share (the constants of
//! [`crate::builtin`]; v4 renamed some: `Tag` is `PairIsTag`, `flecs.meta.MetaType` is
//! `flecs.meta.type`, ...); the other v4 entities get regular ids. Entity ids are Rosetta's,
//! names, hierarchy and ids on entities are v4's.

use super::{Scope, BUILTINS, FLECS, FLECS_CORE};
use crate::id::Id;

/// One builtin entity of v4.1.6.
pub(crate) struct Row {
    /// The parent's path (`""` for a root entity).
    pub parent: &'static str,
    /// The name; `#<id>` for an anonymous entity (observers, the pipeline's helpers), its id
    /// in the real world the table was made from, which pairs that target it name.
    pub name: &'static str,
    /// Whether it is a component (has `flecs.core.Component`).
    pub component: bool,
    /// Its symbol (`(Identifier, Symbol)`), `""` for none.
    pub symbol: &'static str,
    /// Its tags, as paths.
    pub tags: &'static [&'static str],
    /// Its pairs, as (relationship, target) paths.
    pub pairs: &'static [(&'static str, &'static str)],
    /// The targets of its `(Poly, ...)` components (`Query`, `Observer`, `System`).
    pub poly: &'static [&'static str],
}

/// v4 names of builtins that v3.2.12 named otherwise: (v4 scope, v4 name, v3 scope, v3 name).
const RENAMED: &[(&str, &str, Scope, &str)] = &[
    ("flecs.core", "PairIsTag", Scope::Core, "Tag"),
    ("flecs.core", "constant", Scope::Module("meta"), "Constant"),
    ("flecs.meta", "type", Scope::Module("meta"), "MetaType"),
    (
        "flecs.meta",
        "TypeSerializer",
        Scope::Module("meta"),
        "MetaTypeSerialized",
    ),
    (
        "flecs.meta",
        "primitive",
        Scope::Module("meta"),
        "Primitive",
    ),
    ("flecs.meta", "enum", Scope::Module("meta"), "Enum"),
    ("flecs.meta", "bitmask", Scope::Module("meta"), "Bitmask"),
    ("flecs.meta", "member", Scope::Module("meta"), "Member"),
    (
        "flecs.meta",
        "member_ranges",
        Scope::Module("meta"),
        "MemberRanges",
    ),
    ("flecs.meta", "struct", Scope::Module("meta"), "Struct"),
    ("flecs.meta", "array", Scope::Module("meta"), "Array"),
    ("flecs.meta", "vector", Scope::Module("meta"), "Vector"),
    ("flecs.meta", "opaque", Scope::Module("meta"), "Opaque"),
    ("flecs.meta", "unit", Scope::Module("meta"), "Unit"),
    (
        "flecs.meta",
        "unit_prefix",
        Scope::Module("meta"),
        "UnitPrefix",
    ),
    ("flecs.meta", "quantity", Scope::Module("meta"), "Quantity"),
];

/// The id Rosetta gives a v4 builtin that has a constant in [`crate::builtin`] (the same
/// entity in v3.2.12, maybe under another name), `None` for one that gets a regular id.
pub(crate) fn shared_id(parent: &str, name: &str) -> Option<Id> {
    if name.starts_with('#') {
        return None;
    }
    match (parent, name) {
        ("", "flecs") => return Some(FLECS),
        ("flecs", "core") => return Some(FLECS_CORE),
        ("flecs", m) => return super::module_id(m),
        _ => {}
    }
    let (scope, v3_name) = match RENAMED.iter().find(|r| r.0 == parent && r.1 == name) {
        Some(r) => (r.2, r.3),
        None => {
            let scope = match parent {
                "" => Scope::Root,
                "flecs.core" => Scope::Core,
                p => match p.strip_prefix("flecs.") {
                    Some(m) if !m.contains('.') => Scope::Module(leak_free(m)?),
                    _ => return None,
                },
            };
            (scope, name)
        }
    };
    BUILTINS
        .iter()
        .find(|b| b.scope == scope && b.name == v3_name)
        .map(|b| Id(b.id))
}

/// The static module name equal to `m`, among the scopes [`BUILTINS`] uses.
fn leak_free(m: &str) -> Option<&'static str> {
    BUILTINS.iter().find_map(|b| match b.scope {
        Scope::Module(s) if s == m => Some(s),
        _ => None,
    })
}

/// The members of `flecs.core.BuildInfo` (`meta/definitions.c`) as world-script member specs.
pub(crate) const BUILD_INFO_MEMBERS: &[(&str, &str)] = &[
    ("compiler", "string"),
    ("addons", "flecs.core.string_vec_t"),
    ("flags", "flecs.core.string_vec_t"),
    ("version", "string"),
    ("version_major", "i16"),
    ("version_minor", "i16"),
    ("version_patch", "i16"),
    ("debug", "bool"),
    ("sanitize", "bool"),
    ("perf_trace", "bool"),
];

/// `BuildInfo.addons` of a v4.1.6 build with its default addons (`flecs_addons_info` in
/// `src/world.c`, in its order; flecs.h defines `FLECS_CPP` in every default build, C too).
pub(crate) const BUILD_ADDONS: &[&str] = &[
    "FLECS_CPP",
    "FLECS_MODULE",
    "FLECS_STATS",
    "FLECS_METRICS",
    "FLECS_ALERTS",
    "FLECS_SYSTEM",
    "FLECS_PIPELINE",
    "FLECS_TIMER",
    "FLECS_META",
    "FLECS_UNITS",
    "FLECS_JSON",
    "FLECS_DOC",
    "FLECS_LOG",
    "FLECS_APP",
    "FLECS_OS_API_IMPL",
    "FLECS_PARSER",
    "FLECS_QUERY_DSL",
    "FLECS_SCRIPT",
    "FLECS_HTTP",
    "FLECS_REST",
];

/// `BuildInfo.flags` of a default (debug) v4.1.6 build, `flecs_compiler_flags` in its order:
/// the configuration a real application built from distr/flecs.c without `-DNDEBUG` reports.
/// Rosetta's v4 world is that build's world (its builtins include the debug-only observers).
pub(crate) const BUILD_FLAGS: &[&str] = &[
    "FLECS_DEBUG",
    "FLECS_DEBUG_INFO",
    "FLECS_HI_COMPONENT_ID=256",
    "FLECS_HI_ID_RECORD_ID=1024",
    "FLECS_ENTITY_PAGE_BITS=10",
    "FLECS_SPARSE_PAGE_BITS=6",
    "FLECS_ID_DESC_MAX=32",
    "FLECS_EVENT_DESC_MAX=8",
    "FLECS_VARIABLE_COUNT_MAX=64",
    "FLECS_TERM_COUNT_MAX=32",
    "FLECS_TERM_ARG_COUNT_MAX=16",
    "FLECS_QUERY_VARIABLE_COUNT_MAX=64",
    "FLECS_QUERY_SCOPE_NESTING_MAX=8",
    "FLECS_DAG_DEPTH_MAX=128",
];

/// `BuildInfo.debug` of that build.
pub(crate) const BUILD_DEBUG: bool = true;
