//! What the wire form of a type's elements is, and the steps and errors of paths into an
//! object: what the readers, writers and checks of [`typed`](super) and
//! [`validate`](crate::validate) share.

use rosetta_types::{
    too_deep_message, FloatType, IntWidth, Kind, StructType, TypeId, TypeRegistry,
};

use crate::error::{Error, Result};
use crate::typed_scalar::{int_scalar, Scalar};

/// What an element of a field is on the wire.
pub(crate) enum Element<'r> {
    /// A scalar family, with the width of narrow integers (8 and 16 bits travel as 32).
    Scalar(Scalar, Option<IntWidth>),
    String,
    Bytes,
    Struct(TypeId, &'r StructType),
    Entity,
}

impl Element<'_> {
    /// Whether the element is an object (a struct or an entity), which is a level of nesting.
    pub(crate) fn is_object(&self) -> bool {
        matches!(self, Element::Struct(..) | Element::Entity)
    }
}

pub(crate) fn element(registry: &TypeRegistry, ty: TypeId) -> Result<Element<'_>> {
    let kind = registry
        .get(ty)
        .map(|t| t.kind())
        .ok_or_else(|| Error::msg(format!("unknown type id {}", ty.as_u32())))?;
    Ok(match kind {
        Kind::Bool => Element::Scalar(Scalar::Bool, None),
        Kind::Int(int) => Element::Scalar(int_scalar(*int), Some(int.width())),
        Kind::Float(FloatType::F32) => Element::Scalar(Scalar::Float, None),
        Kind::Float(FloatType::F64) => Element::Scalar(Scalar::Double, None),
        Kind::EntityId => Element::Scalar(Scalar::EntityId, None),
        Kind::Enum(_) | Kind::Bitmask(_) => Element::Scalar(Scalar::Enum, None),
        Kind::String => Element::String,
        Kind::Bytes => Element::Bytes,
        Kind::Struct(def) => Element::Struct(ty, def),
        Kind::Entity => Element::Entity,
        other => {
            return Err(Error::msg(format!(
                "`{}` ({other:?}) has no SpatialOS wire form",
                registry.display(ty)
            )))
        }
    })
}

/// The error for an object past [`MAX_NESTING`], at the JSON Pointer of its value in the SDK's
/// JSON form (as `rosetta-json` says it on reading and writing that form).
#[cold]
pub(crate) fn too_deep(path: &str) -> Error {
    Error::at_path(too_deep_message(), path)
}

/// The path step of an entity's component: its qualified name, as in the SDK's JSON form, or
/// its id when the schema has no such component.
pub(crate) fn component_step(registry: &TypeRegistry, id: u32) -> String {
    match registry.component(id).and_then(|t| t.qualified_name()) {
        Some(name) => name.replace('~', "~0").replace('/', "~1"),
        None => id.to_string(),
    }
}

pub(super) fn struct_def(registry: &TypeRegistry, ty: TypeId) -> Result<&StructType> {
    match registry.get(ty).map(|t| t.kind()) {
        Some(Kind::Struct(def)) => Ok(def),
        _ => Err(Error::msg(format!(
            "`{}` is not a type with fields",
            registry.display(ty)
        ))),
    }
}
