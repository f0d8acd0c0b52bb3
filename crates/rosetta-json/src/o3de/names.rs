//! Type names in `$type`: written as the engine writes class names, read as the engine resolves
//! them (trimmed, case-insensitive, a braced uuid allowed in front).

use rosetta_types::{TypeId, TypeRegistry};

use super::uuid::{split_uuid, uuid_string};

/// The uuid a type declares in its `uuid` attribute (O3DE type ids), if any.
fn type_uuid(registry: &TypeRegistry, ty: TypeId) -> Option<[u8; 16]> {
    let attribute = registry.get(ty)?.attribute("uuid")?;
    match &attribute.value {
        rosetta_types::AttrValue::String(s) => super::uuid::find_uuid(s).ok().flatten(),
        _ => None,
    }
}

/// The name written in `$type`: the type's short name, or, when another type shares it
/// (case-insensitively), `"{UUID} Name"` if the type has a uuid and its qualified name if not.
pub(crate) fn type_name(registry: &TypeRegistry, ty: TypeId) -> String {
    let Some(t) = registry.get(ty) else {
        return registry.display(ty).to_string();
    };
    let Some(short) = t.name() else {
        return registry.display(ty).to_string();
    };
    let shared = registry.iter().any(|other| {
        other.id() != ty && other.name().is_some_and(|n| n.eq_ignore_ascii_case(short))
    });
    if !shared {
        return short.to_owned();
    }
    match type_uuid(registry, ty) {
        Some(u) => format!("{} {short}", uuid_string(&u)),
        None => t.qualified_name().unwrap_or(short).to_owned(),
    }
}

/// Why a `$type` did not resolve.
pub(crate) enum Unresolved {
    /// No type has the name.
    Unknown,
    /// Several types have it and none or several derive from the base.
    Ambiguous,
}

/// The type `text` names: by uuid if it holds one, else by trimmed name, case-insensitively,
/// qualified or short. Several candidates are narrowed to those deriving from `base`.
pub(crate) fn resolve(
    registry: &TypeRegistry,
    text: &str,
    base: Option<TypeId>,
) -> Result<TypeId, Unresolved> {
    let (uuid, rest) = match split_uuid(text) {
        Some((u, rest)) => (Some(u), rest),
        None => (None, text),
    };
    if let Some(u) = uuid {
        if let Some(t) = registry
            .iter()
            .find(|t| type_uuid(registry, t.id()) == Some(u))
        {
            return Ok(t.id());
        }
    }
    let name = rest.trim();
    if name.is_empty() {
        return Err(Unresolved::Unknown);
    }
    if let Some(id) = registry.lookup(name) {
        return Ok(id);
    }
    let candidates: Vec<TypeId> = registry
        .iter()
        .filter(|t| {
            t.qualified_name()
                .is_some_and(|q| q.eq_ignore_ascii_case(name))
                || t.name().is_some_and(|n| n.eq_ignore_ascii_case(name))
        })
        .map(|t| t.id())
        .collect();
    match candidates[..] {
        [] => Err(Unresolved::Unknown),
        [one] => Ok(one),
        _ => {
            let derived: Vec<TypeId> = candidates
                .into_iter()
                .filter(|&c| base.is_some_and(|b| registry.is_subtype(c, b)))
                .collect();
            match derived[..] {
                [one] => Ok(one),
                _ => Err(Unresolved::Ambiguous),
            }
        }
    }
}
