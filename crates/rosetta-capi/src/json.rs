//! The `Schema_Json_*` functions: schema data to and from the SDK's JSON form
//! (`rosetta_json::spatialos`), with the last error per thread.

use std::cell::RefCell;
use std::ffi::{c_char, CString};

use rosetta_json::spatialos::{self, DumpOptions};
use rosetta_schema::Schema;
use rosetta_types::{TypeId, TypeRegistry};
use rosetta_wire::{CommandRequest, CommandResponse, ComponentData, Object};

use crate::bundle::{bundle_ref, Bundle, Schema_Bundle};
use crate::error::Error;
use crate::ffi::{c_str, c_string, guard};
use crate::handle::{handle, Schema_Object};
use crate::roots::{
    root, Root, RootValue, Schema_CommandRequest, Schema_CommandResponse, Schema_ComponentData,
    Schema_ComponentUpdate,
};
use crate::types::*;

/// `Schema_Json`: JSON text made by a dump, freed by `Schema_Json_Destroy`.
#[derive(Debug)]
pub struct JsonText {
    text: CString,
}

/// `Schema_Json`.
#[allow(non_camel_case_types)]
pub type Schema_Json = JsonText;

thread_local! {
    /// The errors of the last `Schema_Json_*` call on this thread.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// Runs one JSON operation: forgets the thread's last error, and records the new one.
fn json_call<T>(fallback: T, f: impl FnOnce() -> Result<T, Error>) -> T {
    LAST_ERROR.with(|e| e.borrow_mut().take());
    let failed = guard(Err(None), || f().map_err(Some));
    match failed {
        Ok(value) => value,
        Err(error) => {
            let message = match error {
                Some(error) => error.to_string(),
                None => "internal error".to_owned(),
            };
            LAST_ERROR.with(|e| *e.borrow_mut() = Some(c_string(message)));
            fallback
        }
    }
}

/// The bundle's schema and a component's type.
fn component(bundle: Option<&Bundle>, component_id: u32) -> Result<(&Schema, TypeId), Error> {
    let schema = Bundle::schema_of(bundle)?;
    let ty = schema
        .registry()
        .component(component_id)
        .ok_or(Error::NoComponent(component_id))?
        .id();
    Ok((schema, ty))
}

/// JSON text from C, parsed.
fn parse(json_string: *const c_char) -> Result<serde_json::Value, Error> {
    // SAFETY: the header's contract: a NUL-terminated string.
    let text = unsafe { c_str(json_string, "json_string") }?;
    Ok(spatialos::parse(text)?)
}

fn boxed(text: String) -> *mut Schema_Json {
    Box::into_raw(Box::new(JsonText {
        text: c_string(text),
    }))
}

/// `Schema_Json_Destroy`: frees JSON text; NULL is ignored.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_Destroy(json: *mut Schema_Json) {
    guard((), || {
        if !json.is_null() {
            // SAFETY: made by `Box::into_raw` in `boxed`, not used afterwards.
            drop(unsafe { Box::from_raw(json) });
        }
    })
}

/// `Schema_Json_GetJsonString`: the NUL-terminated text, owned by `json`; NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_GetJsonString(json: *const Schema_Json) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the header's contract on `json`.
        unsafe { json.as_ref() }.map_or(std::ptr::null(), |j| j.text.as_ptr())
    })
}

/// `Schema_Json_GetLastError`: the errors of the last JSON call on this thread, or NULL.
#[no_mangle]
pub extern "C" fn Schema_Json_GetLastError() -> *const c_char {
    guard(std::ptr::null(), || {
        LAST_ERROR.with(|e| e.borrow().as_ref().map_or(std::ptr::null(), |e| e.as_ptr()))
    })
}

/// `Schema_Json_GetLastWarning`: Rosetta's loads and dumps are strict and warn of nothing, so
/// this is always NULL.
#[no_mangle]
pub extern "C" fn Schema_Json_GetLastWarning() -> *const c_char {
    std::ptr::null()
}

/// `Schema_Json_LoadObject`: reads JSON of the type `qualified_type_name` and appends its fields
/// to `object`. 1 on success; 0 with `Schema_Json_GetLastError` otherwise.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_LoadObject(
    bundle: *const Schema_Bundle,
    qualified_type_name: *const c_char,
    json_string: *const c_char,
    object: *mut Schema_Object,
) -> u8 {
    json_call(0, || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = named_type(unsafe { bundle_ref(bundle) }, qualified_type_name)?;
        // SAFETY: the header's contract on `object`.
        let target = unsafe { handle(object) }.ok_or_else(|| Error::Null("object".into()))?;
        let loaded = spatialos::load_object(schema.registry(), ty, &parse(json_string)?)?;
        target.object_mut().copy_from(&loaded);
        Ok(1)
    })
}

/// The bundle's schema and a type by qualified name.
fn named_type(bundle: Option<&Bundle>, name: *const c_char) -> Result<(&Schema, TypeId), Error> {
    let schema = Bundle::schema_of(bundle)?;
    // SAFETY: the header's contract: a NUL-terminated string.
    let name = unsafe { c_str(name, "qualified_type_name") }?;
    let ty = schema
        .registry()
        .lookup(name)
        .ok_or_else(|| Error::NoType(name.to_owned()))?;
    Ok((schema, ty))
}

/// `Schema_Json_DumpObject`: `object` as JSON of the type `qualified_type_name`; NULL with
/// `Schema_Json_GetLastError` on failure. Free it with `Schema_Json_Destroy`.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_DumpObject(
    bundle: *const Schema_Bundle,
    qualified_type_name: *const c_char,
    object: *mut Schema_Object,
) -> *mut Schema_Json {
    json_call(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = named_type(unsafe { bundle_ref(bundle) }, qualified_type_name)?;
        // SAFETY: the header's contract on `object`.
        let source = unsafe { handle(object) }.ok_or_else(|| Error::Null("object".into()))?;
        let text = spatialos::object_to_string(
            schema.registry(),
            ty,
            source.object(),
            &DumpOptions::default(),
        )?;
        Ok(boxed(text))
    })
}

/// A new root of component `component_id` from JSON, read by `load` (`spatialos::load_data` or
/// `spatialos::load_update`).
///
/// # Safety
/// The header's contracts on `bundle` and `json_string`.
unsafe fn load_component<T: RootValue>(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    json_string: *const c_char,
    load: impl FnOnce(&TypeRegistry, TypeId, &serde_json::Value) -> rosetta_json::Result<T>,
) -> *mut Root<T> {
    json_call(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = component(unsafe { bundle_ref(bundle) }, component_id)?;
        let value = load(schema.registry(), ty, &parse(json_string)?)?;
        Ok(Root::into_raw(value))
    })
}

/// The root `value` (named `what` when NULL) of component `component_id` as JSON, written by
/// `dump`.
///
/// # Safety
/// The header's contracts on `bundle` and `value`.
unsafe fn dump_component<T: RootValue>(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    value: *const Root<T>,
    what: &str,
    dump: impl FnOnce(&TypeRegistry, TypeId, &T, &DumpOptions) -> rosetta_json::Result<String>,
) -> *mut Schema_Json {
    json_call(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = component(unsafe { bundle_ref(bundle) }, component_id)?;
        // SAFETY: the header's contract on `value`.
        let value = unsafe { root(value) }.ok_or_else(|| Error::Null(what.into()))?;
        let text = dump(
            schema.registry(),
            ty,
            value.value(),
            &DumpOptions::default(),
        )?;
        Ok(boxed(text))
    })
}

/// `Schema_Json_LoadComponentData`: new component data from JSON; NULL with
/// `Schema_Json_GetLastError` on failure.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_LoadComponentData(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    json_string: *const c_char,
) -> *mut Schema_ComponentData {
    // SAFETY: the header's contracts on `bundle` and `json_string`.
    unsafe { load_component(bundle, component_id, json_string, spatialos::load_data) }
}

/// `Schema_Json_DumpComponentData`: component data as JSON.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_DumpComponentData(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    data: *mut Schema_ComponentData,
) -> *mut Schema_Json {
    // SAFETY: the header's contracts on `bundle` and `data`.
    unsafe { dump_component(bundle, component_id, data, "data", data_to_string) }
}

/// Component data as JSON text: its fields as an object of the component's type.
fn data_to_string(
    registry: &TypeRegistry,
    ty: TypeId,
    data: &ComponentData,
    options: &DumpOptions,
) -> rosetta_json::Result<String> {
    spatialos::object_to_string(registry, ty, data.fields(), options)
}

/// `Schema_Json_LoadComponentUpdate`: a new update from JSON (`{}` is the empty update; the
/// form is `rosetta_json::spatialos`'s, with `__cleared` and `__events`).
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_LoadComponentUpdate(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    json_string: *const c_char,
) -> *mut Schema_ComponentUpdate {
    // SAFETY: the header's contracts on `bundle` and `json_string`.
    unsafe { load_component(bundle, component_id, json_string, spatialos::load_update) }
}

/// `Schema_Json_DumpComponentUpdate`: an update as JSON.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_DumpComponentUpdate(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    update: *mut Schema_ComponentUpdate,
) -> *mut Schema_Json {
    // SAFETY: the header's contracts on `bundle` and `update`.
    unsafe {
        dump_component(
            bundle,
            component_id,
            update,
            "update",
            spatialos::update_to_string,
        )
    }
}

/// The bundle's schema and the request (`true`) or response type of a command.
///
/// # Safety
/// The header's contract on `bundle`.
unsafe fn command_type<'a>(
    bundle: *const Schema_Bundle,
    component_id: u32,
    command_index: u32,
    request: bool,
) -> Result<(&'a Schema, TypeId), Error> {
    // SAFETY: the caller's contract on `bundle`.
    let (schema, ty) = component(unsafe { bundle_ref(bundle) }, component_id)?;
    let command = spatialos::command(schema.registry(), ty, command_index)?;
    Ok((
        schema,
        if request {
            command.request()
        } else {
            command.response()
        },
    ))
}

/// A new command request (`request`) or response from JSON of the command's request or
/// response type.
///
/// # Safety
/// The header's contracts on `bundle` and `json_string`.
unsafe fn load_command<T: RootValue + From<Object>>(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    json_string: *const c_char,
    request: bool,
) -> *mut Root<T> {
    json_call(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = unsafe { command_type(bundle, component_id, command_index, request) }?;
        let object = spatialos::load_object(schema.registry(), ty, &parse(json_string)?)?;
        Ok(Root::into_raw(T::from(object)))
    })
}

/// A command request (`request`) or response as JSON; `object` is its payload.
///
/// # Safety
/// The header's contracts on `bundle` and `payload`.
unsafe fn dump_command<T: RootValue>(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    payload: *const Root<T>,
    request: bool,
    object: fn(&T) -> &Object,
) -> *mut Schema_Json {
    json_call(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `bundle`.
        let (schema, ty) = unsafe { command_type(bundle, component_id, command_index, request) }?;
        let what = if request { "request" } else { "response" };
        // SAFETY: the header's contract on `payload` (`request` or `response`).
        let payload = unsafe { root(payload) }.ok_or_else(|| Error::Null(what.into()))?;
        let object = object(payload.value());
        let text =
            spatialos::object_to_string(schema.registry(), ty, object, &DumpOptions::default())?;
        Ok(boxed(text))
    })
}

/// `Schema_Json_LoadCommandRequest`: a new command request from JSON of the command's request
/// type.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_LoadCommandRequest(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    json_string: *const c_char,
) -> *mut Schema_CommandRequest {
    // SAFETY: the header's contracts on `bundle` and `json_string`.
    unsafe { load_command(bundle, component_id, command_index, json_string, true) }
}

/// `Schema_Json_DumpCommandRequest`: a command request as JSON.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_DumpCommandRequest(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    request: *mut Schema_CommandRequest,
) -> *mut Schema_Json {
    // SAFETY: the header's contracts on `bundle` and `request`.
    unsafe {
        dump_command(
            bundle,
            component_id,
            command_index,
            request,
            true,
            CommandRequest::object,
        )
    }
}

/// `Schema_Json_LoadCommandResponse`: a new command response from JSON of the command's
/// response type.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_LoadCommandResponse(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    json_string: *const c_char,
) -> *mut Schema_CommandResponse {
    // SAFETY: the header's contracts on `bundle` and `json_string`.
    unsafe { load_command(bundle, component_id, command_index, json_string, false) }
}

/// `Schema_Json_DumpCommandResponse`: a command response as JSON.
#[no_mangle]
pub unsafe extern "C" fn Schema_Json_DumpCommandResponse(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    command_index: Schema_FieldId,
    response: *mut Schema_CommandResponse,
) -> *mut Schema_Json {
    // SAFETY: the header's contracts on `bundle` and `response`.
    unsafe {
        dump_command(
            bundle,
            component_id,
            command_index,
            response,
            false,
            CommandResponse::object,
        )
    }
}
