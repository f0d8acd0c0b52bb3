//! Load: JSON text read straight into a value of the shared type model, leniently, by O3DE's
//! rules, one file per kind of value: [`value`] walks and dispatches (and holds what every kind
//! shares), [`structs`], [`scalar`] (bools, numbers, strings, bytes, uuids; map keys too),
//! [`enums`], [`list`] (lists and sets), [`map`], [`fixed`] (arrays, pairs, tuples), [`math`]
//! (vectors, quaternions, colors, matrices, transforms), [`dynamic`] (entities, polymorphic
//! values, `any`), and [`fast`], the paths for values in the form a store writes them.

pub(crate) mod dynamic;
pub(crate) mod enums;
pub(crate) mod fast;
pub(crate) mod fixed;
pub(crate) mod list;
pub(crate) mod map;
pub(crate) mod math;
pub(crate) mod scalar;
pub(crate) mod structs;
pub(crate) mod value;

use rosetta_types::{TypeId, TypeRegistry, Value};

use crate::error::{Error, Result};
use crate::o3de::options::LoadOptions;
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::ResultCode;
use value::{fill_placeholders, finish, loader};

/// What [`load()`] read.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The value: the type's default with what the JSON says loaded onto it.
    pub value: Value,
    /// The combined result. A halting outcome (`TypeMismatch`, `Unknown`, ...) stopped loading
    /// where it happened.
    pub result: ResultCode,
}

/// Reads JSON `text` as a value of type `ty`, starting from the type's default.
pub fn load(
    registry: &TypeRegistry,
    ty: TypeId,
    text: &str,
    options: &LoadOptions,
    reporter: &mut dyn Reporter,
) -> Result<Loaded> {
    if registry.get(ty).is_none() {
        return Err(Error::schema(format!("no type with id {}", ty.as_u32())));
    }
    // The value is made as it is read: what the text leaves out gets its default.
    let mut value = Value::nil();
    let mut l = loader(registry, text, options, reporter);
    let code = l.root(ty, &mut value);
    let result = finish(&mut l, code)?;
    if result.halted() {
        // Loading stopped part-way: what was not reached gets its default.
        fill_placeholders(registry, ty, &mut value);
    }
    Ok(Loaded { value, result })
}

/// Reads JSON `text` onto `target`, a value of type `ty`: what the JSON leaves out keeps its
/// value, and lists, sets and maps are appended to unless `clear_containers`.
pub fn load_into(
    registry: &TypeRegistry,
    ty: TypeId,
    text: &str,
    target: &mut Value,
    options: &LoadOptions,
    reporter: &mut dyn Reporter,
) -> Result<ResultCode> {
    let mut l = loader(registry, text, options, reporter);
    let code = l.root(ty, target);
    finish(&mut l, code)
}
