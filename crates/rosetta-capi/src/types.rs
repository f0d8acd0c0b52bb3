//! The C names of the header's types, used in the signatures of the exported functions so that
//! the library's declarations, read as C, are the header's.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};

use rosetta_wire::{CommandRequest, CommandResponse, ComponentData, ComponentUpdate, GenericData};

use crate::roots::Root;

/// `Schema_FieldId`.
pub type Schema_FieldId = u32;
/// `Schema_ComponentId`.
pub type Schema_ComponentId = u32;
/// `Schema_EntityId`.
pub type Schema_EntityId = i64;
/// `Schema_Object`: a handle to an object of a root.
pub type Schema_Object = crate::handle::SchemaObject;
/// `Schema_GenericData`.
pub type Schema_GenericData = Root<GenericData>;
/// `Schema_ComponentData`.
pub type Schema_ComponentData = Root<ComponentData>;
/// `Schema_ComponentUpdate`.
pub type Schema_ComponentUpdate = Root<ComponentUpdate>;
/// `Schema_CommandRequest`.
pub type Schema_CommandRequest = Root<CommandRequest>;
/// `Schema_CommandResponse`.
pub type Schema_CommandResponse = Root<CommandResponse>;
/// `Schema_Bundle`.
pub type Schema_Bundle = crate::bundle::Bundle;
/// `Schema_Json`.
pub type Schema_Json = crate::json::JsonText;

/// `Schema_JsonParameters`: declared by the header for `c_worker.h`'s JSON snapshots; no
/// function of `c_schema.h` takes it.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Schema_JsonParameters {
    /// Indent the JSON.
    pub enable_pretty_printing: u8,
}

/// `Schema_ErrorCallback`: called with one or more messages separated by `"\n"`.
pub type Schema_ErrorCallback = unsafe extern "C" fn(user_data: *mut c_void, error: *const c_char);
