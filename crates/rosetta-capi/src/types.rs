//! The C names of the header's plain types, used in the signatures of the exported functions so
//! that the library's declarations, read as C, are the header's. The names of the opaque types
//! sit beside their Rust types: `Schema_Object` in `handle`, the roots' in `roots`,
//! `Schema_Bundle` in `bundle`, `Schema_Json` in `json`.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};

/// `Schema_FieldId`.
pub type Schema_FieldId = u32;
/// `Schema_ComponentId`.
pub type Schema_ComponentId = u32;
/// `Schema_EntityId`.
pub type Schema_EntityId = i64;

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
