//! Type names in `$type`: written as the engine writes class names, read as the engine resolves
//! them (trimmed, case-insensitive, a braced uuid allowed in front).

use rosetta_types::{Kind, MathScalar, MathShape, TypeId, TypeRegistry};

use crate::o3de::report::result::{Outcome, ResultCode, Task};
use crate::text::uuid::{find_uuid, split_uuid, uuid_string};

/// The uuid a type declares in its `uuid` attribute (O3DE type ids), if any.
fn type_uuid(registry: &TypeRegistry, ty: TypeId) -> Option<[u8; 16]> {
    let attribute = registry.get(ty)?.attribute("uuid")?;
    match &attribute.value {
        rosetta_types::AttrValue::String(s) => crate::text::uuid::find_uuid(s).ok().flatten(),
        _ => None,
    }
}

/// The built-in types with an engine class: the name its `SerializeContext` knows it by
/// (`AZ_TYPE_INFO_INTERNAL_SPECIALIZE` writes the C++ name) and, for the fundamental types,
/// its type id. SpatialOS's other integer encodings (`sint32`, `fixed64`, ...) have none and
/// keep Rosetta's names, so that they read back as themselves.
const ENGINE_CLASSES: [(TypeId, &str, Option<&str>); 14] = [
    (
        TypeId::BOOL,
        "bool",
        Some("{A0CA880C-AFE4-43cb-926C-59AC48496112}"),
    ),
    (
        TypeId::CHAR,
        "char",
        Some("{3AB0037F-AF8D-48ce-BCA0-A170D18B2C03}"),
    ),
    (
        TypeId::INT8,
        "AZ::s8",
        Some("{58422C0E-1E47-4854-98E6-34098F6FE12D}"),
    ),
    (
        TypeId::INT16,
        "short",
        Some("{B8A56D56-A10D-4dce-9F63-405EE243DD3C}"),
    ),
    (
        TypeId::INT32,
        "int",
        Some("{72039442-EB38-4d42-A1AD-CB68F7E0EEF6}"),
    ),
    (
        TypeId::INT64,
        "AZ::s64",
        Some("{70D8A282-A1EA-462d-9D04-51EDE81FAC2F}"),
    ),
    (
        TypeId::UINT8,
        "unsigned char",
        Some("{72B9409A-7D1A-4831-9CFE-FCB3FADD3426}"),
    ),
    (
        TypeId::UINT16,
        "unsigned short",
        Some("{ECA0B403-C4F8-4b86-95FC-81688D046E40}"),
    ),
    (
        TypeId::UINT32,
        "unsigned int",
        Some("{43DA906B-7DEF-4ca8-9790-854106D3F983}"),
    ),
    (
        TypeId::UINT64,
        "AZ::u64",
        Some("{D6597933-47CD-4fc8-B911-63F3E2B0993A}"),
    ),
    (
        TypeId::FLOAT,
        "float",
        Some("{EA2C3E90-AFBE-44d4-A90D-FAAF79BAF93D}"),
    ),
    (
        TypeId::DOUBLE,
        "double",
        Some("{110C4B14-11A8-4e9d-8638-5051013A56AC}"),
    ),
    (
        TypeId::UUID,
        "AZ::Uuid",
        Some("{E152C105-A133-4d03-BBF8-3D4B2FBA3E2A}"),
    ),
    (TypeId::STRING, "AZStd::string", None),
];

/// The engine's name of a math type with a class of its own (`float` components).
fn engine_math_name(registry: &TypeRegistry, ty: TypeId) -> Option<&'static str> {
    let Kind::Math(m) = registry.get(ty)?.kind() else {
        return None;
    };
    match (m.shape, m.scalar) {
        (MathShape::Matrix { rows: 3, cols: 3 }, MathScalar::F32) => Some("Matrix3x3"),
        (MathShape::Matrix { rows: 3, cols: 4 }, MathScalar::F32) => Some("Matrix3x4"),
        (MathShape::Matrix { rows: 4, cols: 4 }, MathScalar::F32) => Some("Matrix4x4"),
        (MathShape::TransformTrs, MathScalar::F32) => Some("Transform"),
        (
            shape @ (MathShape::Vector2
            | MathShape::Vector3
            | MathShape::Vector4
            | MathShape::Quaternion
            | MathShape::Color),
            MathScalar::F32,
        ) => Some(shape.name()),
        _ => None,
    }
}

/// The built-in type the engine names `name` (or whose type id is `uuid`), if the registry
/// has it.
fn engine_class(registry: &TypeRegistry, uuid: Option<[u8; 16]>, name: &str) -> Option<TypeId> {
    let fundamental = ENGINE_CLASSES.iter().find(|(_, class, id)| {
        let by_uuid = uuid.is_some() && id.and_then(|id| find_uuid(id).ok().flatten()) == uuid;
        by_uuid || (uuid.is_none() && class.eq_ignore_ascii_case(name))
    });
    if let Some((ty, ..)) = fundamental {
        return Some(*ty);
    }
    registry
        .iter()
        .map(|t| t.id())
        .find(|&ty| engine_math_name(registry, ty).is_some_and(|n| n.eq_ignore_ascii_case(name)))
}

/// The name written in `$type`: the type's short name, or, when another type shares it
/// (case-insensitively), `"{UUID} Name"` if the type has a uuid and its qualified name if not.
/// Built-in types with an engine class take the engine's name (`int`, `AZStd::string`,
/// `Vector3`).
pub(crate) fn type_name(registry: &TypeRegistry, ty: TypeId) -> String {
    if let Some((_, class, _)) = ENGINE_CLASSES.iter().find(|(t, ..)| *t == ty) {
        return (*class).to_owned();
    }
    if let Some(class) = engine_math_name(registry, ty) {
        // Unless a type of the registry has that name: it would be read as that type.
        let named =
            |t: &rosetta_types::Type| t.name().is_some_and(|n| n.eq_ignore_ascii_case(class));
        if !registry.iter().any(named) {
            return class.to_owned();
        }
    }
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
        return engine_class(registry, uuid, name).ok_or(Unresolved::Unknown);
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
        // The registry's own types first: one may be named `Vector3` too.
        [] => engine_class(registry, uuid, name).ok_or(Unresolved::Unknown),
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

/// The text O3DE writes for a type id (`StoreTypeId`): the type's name, or `"{UUID} Name"` (or
/// the qualified name) when another type shares the name. A type's uuid is its `uuid`
/// attribute.
pub fn store_type_id(registry: &TypeRegistry, ty: TypeId) -> String {
    type_name(registry, ty)
}

/// The type a JSON type id names (`LoadTypeId`): a braced uuid anywhere in a string, else the
/// trimmed name, case-insensitively. Anything else is `Unknown`.
pub fn load_type_id(
    registry: &TypeRegistry,
    json: &serde_json::Value,
) -> std::result::Result<TypeId, ResultCode> {
    let unknown = ResultCode::new(Task::RetrieveInfo, Outcome::Unknown);
    match json {
        serde_json::Value::String(text) => resolve(registry, text, None).map_err(|_| unknown),
        _ => Err(unknown),
    }
}
