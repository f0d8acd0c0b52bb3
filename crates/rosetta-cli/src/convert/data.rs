//! What every format of `convert` works with: the [`Target`] the data is resolved to, the
//! [`Data`] in memory, and the [`Format`] contract. Kept apart from the formats and the command
//! so that both import it and neither imports the other.

use rosetta_types::{TypeId, TypeRegistry};
use rosetta_wire::{ComponentUpdate, Object};

use crate::cli::ConvertRootArg;

/// What the data is, resolved against the schema.
#[derive(Debug, Clone, Copy)]
pub struct Target<'r> {
    /// The schema's types.
    pub registry: &'r TypeRegistry,
    /// The kind of root.
    pub root: ConvertRootArg,
    /// The type of the data's object: the `--type`, the component, or the command's request or
    /// response type. For an update, the component.
    pub ty: TypeId,
}

/// A piece of schema data in memory.
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    /// An object: of a type, a component's data, a command request or response.
    Object(Object),
    /// A component update.
    Update(ComponentUpdate),
}

/// A data format `convert` reads and writes. Errors are messages that say where.
pub trait Format {
    /// Reads the data from the input's bytes.
    fn read(&self, target: &Target<'_>, input: &[u8]) -> Result<Data, String>;
    /// Writes the data as bytes.
    fn write(&self, target: &Target<'_>, data: &Data) -> Result<Vec<u8>, String>;
}
