//! The world's reflected types as a Flecs Script (v4.1): what an application runs with
//! `ecs_script_run` to register the same components before it loads the world's JSON with
//! `ecs_world_from_json`.
//!
//! A Flecs world reads the type entities of world JSON only into types it already has: a type
//! component (`flecs.meta.type`) set before the type's kind aborts it, and v4 world JSON writes
//! them in id order, as Flecs does. An application with its own C types registers them itself;
//! one without them (a tool, an editor, a test) runs this script first.
//!
//! ```text
//! using flecs.meta
//!
//! game.Team {
//!   enum: {underlying_type: i32}
//!   RED { (flecs.core.constant, i32): {1} }
//! }
//!
//! rosetta.vector_i64 {
//!   vector: {type: i64}
//! }
//!
//! struct game.Player {
//!   team { member: {type: game.Team} }
//!   target { member: {type: rosetta.vector_i64} }
//! }
//! ```

use std::collections::HashSet;

use rosetta_world::builtin::{CHILD_OF, FLECS};
use rosetta_world::meta::{FlecsKind, Member};
use rosetta_world::{Id, World};

use crate::error::{Error, Result};

/// How many types deep one type's parts are followed (the world's types are acyclic).
const MAX_DEPTH: usize = 256;

/// The world's reflected types (structs, enums, bitmasks, vectors, arrays) that are not Flecs
/// builtins, each after the types it is made of, as a Flecs Script. Opaque types (which need
/// the application's serializer) and empty structs (Flecs holds them as tags; world JSON makes
/// them) are left out. A name Flecs Script cannot spell as an identifier is an error.
///
/// ```
/// use rosetta_flecs::v4;
/// use rosetta_world::{script, FlecsVersion};
/// let l = script::load_str_version(r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]]]"#, FlecsVersion::V4)?;
/// let text = v4::types_to_script(&l.world)?;
/// assert!(text.contains("struct Position {\n  x { member: {type: f32} }\n"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn types_to_script(world: &World) -> Result<String> {
    let mut out = String::from("using flecs.meta\n");
    let mut done = HashSet::new();
    for table in world.tables() {
        for &e in table.entities() {
            let mut stack = vec![(e, false, 0usize)];
            while let Some((t, expanded, depth)) = stack.pop() {
                if expanded {
                    write_type(&mut out, world, t)?;
                    continue;
                }
                if done.contains(&t) || world.flecs_type(t).is_none() || builtin(world, t) {
                    continue;
                }
                done.insert(t);
                stack.push((t, true, depth));
                if depth < MAX_DEPTH {
                    for p in super::types::parts(world, t).into_iter().rev() {
                        stack.push((p, false, depth + 1));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Whether `e` is a Flecs builtin: `flecs` or under it. Types in other modules are written:
/// registering a type makes its package scope a module (`game` of `game.Health`).
fn builtin(w: &World, e: Id) -> bool {
    let flecs_child = Id::pair(CHILD_OF, FLECS);
    let mut cur = Some(e);
    for _ in 0..MAX_DEPTH {
        let Some(x) = cur else { return false };
        if x == FLECS || w.owns(x, flecs_child) {
            return true;
        }
        cur = w.target(x, CHILD_OF, 0);
    }
    false
}

/// `e`'s path as Flecs Script reads it: builtins of `flecs.meta` by their name (the script
/// says `using flecs.meta`), others by their full path.
fn path(w: &World, e: Id) -> Result<String> {
    let p = w.path_of(e);
    let p = match p.strip_prefix("flecs.meta.") {
        Some(short) if !short.contains('.') => short.to_string(),
        _ => p,
    };
    let ok = |part: &str| {
        part.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if p.split('.').all(ok) {
        Ok(p)
    } else {
        Err(Error::Script(format!(
            "the type path '{p}' cannot be written as a Flecs Script identifier"
        )))
    }
}

fn write_type(out: &mut String, w: &World, e: Id) -> Result<()> {
    let Some(ft) = w.flecs_type(e) else {
        return Ok(());
    };
    let name = path(w, e)?;
    match &ft.kind {
        FlecsKind::Struct => {
            if ft.members.is_empty() || super::types::is_zero_sized(w, e) {
                return Ok(());
            }
            out.push_str(&format!("\nstruct {name} {{\n"));
            for m in &ft.members {
                out.push_str(&format!(
                    "  {} {{ member: {} }}\n",
                    ident(&m.name)?,
                    member(w, m)?
                ));
            }
            out.push_str("}\n");
        }
        FlecsKind::Enum | FlecsKind::Bitmask => {
            let (kind, value_ty) = if ft.kind == FlecsKind::Enum {
                ("enum: {underlying_type: i32}", "i32")
            } else {
                ("bitmask", "u32")
            };
            out.push_str(&format!("\n{name} {{\n  {kind}\n"));
            for (i, (c, v)) in ft.constants.iter().enumerate() {
                let c = ident(c)?;
                if ft.explicit.get(i).copied().unwrap_or(*v != 0) {
                    let v = if value_ty == "u32" {
                        ((*v as u64) & u64::from(u32::MAX)).to_string()
                    } else {
                        v.to_string()
                    };
                    out.push_str(&format!(
                        "  {c} {{ (flecs.core.constant, {value_ty}): {{{v}}} }}\n"
                    ));
                } else {
                    out.push_str(&format!("  {c} {{ flecs.core.constant }}\n"));
                }
            }
            out.push_str("}\n");
        }
        FlecsKind::Vector { element } => {
            out.push_str(&format!(
                "\n{name} {{\n  vector: {{type: {}}}\n}}\n",
                path(w, *element)?
            ));
        }
        FlecsKind::Array { element, count } => {
            out.push_str(&format!(
                "\n{name} {{\n  array: {{type: {}, count: {count}}}\n}}\n",
                path(w, *element)?
            ));
        }
        // A component of a primitive type (`ecs_primitive_init`; builtins are not written).
        FlecsKind::Primitive(p) => {
            // v4.1 names two `PrimitiveKind` constants with a trailing space ("U64 ",
            // "UPtr "), which a script cannot spell: those by their value.
            let kind = match super::types::primitive_kind(p) {
                "U64 " => "7",
                "UPtr " => "14",
                k => k,
            };
            out.push_str(&format!("\n{name} {{\n  primitive: {{kind: {kind}}}\n}}\n"));
        }
        // An opaque type needs the application's serializer.
        FlecsKind::Opaque { .. } => {}
    }
    Ok(())
}

/// A member's `EcsMember` value.
fn member(w: &World, m: &Member) -> Result<String> {
    let mut s = format!("{{type: {}", path(w, m.ty)?);
    if m.count > 1 {
        s.push_str(&format!(", count: {}", m.count));
    }
    if let Some(u) = m.unit {
        s.push_str(&format!(", unit: {}", path(w, u)?));
    }
    s.push('}');
    Ok(s)
}

fn ident(name: &str) -> Result<&str> {
    let ok = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(name)
    } else {
        Err(Error::Script(format!(
            "the name '{name}' cannot be written as a Flecs Script identifier"
        )))
    }
}
