//! Component updates: the cleared-field list, and the update algebra (apply an update to data,
//! merge two updates, turn data into an update).

use std::ffi::{c_void, CString};

use rosetta_wire::{ComponentData, ComponentUpdate};

use crate::bundle::{Bundle, Schema_Bundle};
use crate::error::Error;
use crate::ffi::{c_string, guard, slice_mut};
use crate::roots::{root, Root, Schema_ComponentData, Schema_ComponentUpdate};
use crate::types::*;

/// `Schema_ClearComponentUpdateClearedFields`: forgets every cleared field.
#[no_mangle]
pub unsafe extern "C" fn Schema_ClearComponentUpdateClearedFields(
    update: *mut Schema_ComponentUpdate,
) {
    guard((), || {
        // SAFETY: the header's contract on `update`.
        if let Some(update) = unsafe { root(update) } {
            update.value_mut().clear_cleared_fields();
        }
    })
}

/// `Schema_IsComponentUpdateFieldCleared`: 1 when the update clears the field, else 0.
#[no_mangle]
pub unsafe extern "C" fn Schema_IsComponentUpdateFieldCleared(
    update: *mut Schema_ComponentUpdate,
    field_id: Schema_FieldId,
) -> u8 {
    guard(0, || {
        // SAFETY: the header's contract on `update`.
        unsafe { root(update) }.map_or(0, |u| u8::from(u.value().is_field_cleared(field_id)))
    })
}

/// `Schema_AddComponentUpdateClearedField`: the update sets this option, list or map field to
/// empty. The cleared fields are a set: adding one twice is adding it once. A field id no tag
/// can carry is not added, with an error.
#[no_mangle]
pub unsafe extern "C" fn Schema_AddComponentUpdateClearedField(
    update: *mut Schema_ComponentUpdate,
    field_id: Schema_FieldId,
) {
    guard((), || {
        // SAFETY: the header's contract on `update`.
        if let Some(update) = unsafe { root(update) } {
            match rosetta_wire::encoding::check_field_id(field_id) {
                Ok(()) => update.value_mut().add_cleared_field(field_id),
                Err(error) => update.ctx().set_error(Error::from(error)),
            }
        }
    })
}

/// `Schema_GetComponentUpdateClearedFieldCount`: how many fields the update clears.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetComponentUpdateClearedFieldCount(
    update: *const Schema_ComponentUpdate,
) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `update`.
        unsafe { root(update) }.map_or(0, |u| u.value().cleared_fields().len() as u32)
    })
}

/// `Schema_IndexComponentUpdateClearedField`: the `index`-th cleared field id, in ascending
/// order; 0 when out of range.
#[no_mangle]
pub unsafe extern "C" fn Schema_IndexComponentUpdateClearedField(
    update: *const Schema_ComponentUpdate,
    index: u32,
) -> Schema_FieldId {
    guard(0, || {
        // SAFETY: the header's contract on `update`.
        unsafe { root(update) }.map_or(0, |u| {
            u.value()
                .cleared_fields()
                .get(index as usize)
                .copied()
                .unwrap_or(0)
        })
    })
}

/// `Schema_GetComponentUpdateClearedFieldList`: writes every cleared field id, ascending, to
/// `output_array`, which has room for `Schema_GetComponentUpdateClearedFieldCount` ids.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetComponentUpdateClearedFieldList(
    update: *const Schema_ComponentUpdate,
    output_array: *mut Schema_FieldId,
) {
    guard((), || {
        // SAFETY: the header's contract on `update`.
        let Some(update) = (unsafe { root(update) }) else {
            return;
        };
        let ids = update.value().cleared_fields();
        // SAFETY: the header's contract: room for every id.
        if let Some(out) = unsafe { slice_mut(output_array, ids.len()) } {
            out.copy_from_slice(ids);
        }
    })
}

/// The field ids an update replaces or clears.
fn touched_ids(update: &ComponentUpdate) -> Vec<u32> {
    let mut ids = update.fields().unique_field_ids();
    ids.extend_from_slice(update.cleared_fields());
    ids
}

/// `Schema_ApplyComponentUpdateToData`: every field the update sets replaces the data's (whole:
/// nested objects are not merged), every cleared field is removed; events do not touch data.
/// Returns 1, or 0 for a NULL argument (the error on the data's fields when there is data).
/// The data's memory does not grow with each update, unlike the SDK's.
#[no_mangle]
pub unsafe extern "C" fn Schema_ApplyComponentUpdateToData(
    update: *const Schema_ComponentUpdate,
    target_data: *mut Schema_ComponentData,
) -> u8 {
    guard(0, || {
        // SAFETY: the header's contract on both pointers.
        let (update, data) = unsafe { (root(update), root(target_data)) };
        let Some(data) = data else { return 0 };
        let Some(update) = update else {
            data.ctx().set_error(Error::Null("update".into()));
            return 0;
        };
        let update = update.value();
        data.main().detach_children(Some(&touched_ids(update)));
        data.value_mut().apply(update);
        1
    })
}

/// `Schema_MergeComponentUpdateIntoUpdate`: `target_update` becomes the update that equals
/// applying it and then `update`; events concatenate. `update` is left empty. Returns 1, or 0
/// for a NULL argument or one update given twice.
#[no_mangle]
pub unsafe extern "C" fn Schema_MergeComponentUpdateIntoUpdate(
    update: *mut Schema_ComponentUpdate,
    target_update: *mut Schema_ComponentUpdate,
) -> u8 {
    guard(0, || {
        // SAFETY: the header's contract on both pointers.
        let (update, target) = unsafe { (root(update), root(target_update)) };
        let Some(target) = target else { return 0 };
        let Some(update) = update else {
            target.ctx().set_error(Error::Null("update".into()));
            return 0;
        };
        if std::ptr::eq(update.ctx(), target.ctx()) {
            target
                .ctx()
                .set_error("an update cannot be merged into itself");
            return 0;
        }
        target
            .main()
            .detach_children(Some(&touched_ids(update.value())));
        target.value_mut().merge(update.value());
        update.empty();
        1
    })
}

/// Calls the C error callback, if any, with `error`.
///
/// # Safety
/// `callback` is NULL or a function of the `Schema_ErrorCallback` type.
unsafe fn report(callback: Option<Schema_ErrorCallback>, user_data: *mut c_void, error: &Error) {
    if let Some(callback) = callback {
        let message: CString = c_string(error.to_string());
        // SAFETY: the caller's contract; the message lives across the call.
        unsafe { callback(user_data, message.as_ptr()) };
    }
}

/// `Schema_ConvertComponentDataIntoUpdate`: an update that sets every field of `data` the
/// component declares (empty option, list and map fields become cleared fields), so that
/// applying it to any data of the component gives `data`. `data` is left empty. NULL on
/// failure, with the reason given to `error_callback` (which may be NULL).
#[no_mangle]
pub unsafe extern "C" fn Schema_ConvertComponentDataIntoUpdate(
    bundle: *const Schema_Bundle,
    component_id: Schema_ComponentId,
    data: *mut Schema_ComponentData,
    callback_user_data: *mut c_void,
    error_callback: Option<Schema_ErrorCallback>,
) -> *mut Schema_ComponentUpdate {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on the pointers.
        let (bundle, data) = unsafe { (bundle.as_ref(), root(data)) };
        match convert(bundle, component_id, data) {
            Ok(update) => Root::into_raw(update),
            Err(error) => {
                // SAFETY: the header's contract on the callback.
                unsafe { report(error_callback, callback_user_data, &error) };
                std::ptr::null_mut()
            }
        }
    })
}

fn convert(
    bundle: Option<&Bundle>,
    component_id: u32,
    data: Option<&Root<ComponentData>>,
) -> Result<ComponentUpdate, Error> {
    let schema = Bundle::schema_of(bundle)?;
    let data = data.ok_or_else(|| Error::Null("data".into()))?;
    let registry = schema.registry();
    let component = registry
        .component(component_id)
        .ok_or(Error::NoComponent(component_id))?
        .id();
    let update = data.value().to_update(registry, component)?;
    data.empty();
    Ok(update)
}
