//! The fifteen scalar families (`Float` ... `Enum`), each with add, add a list, count, get (the
//! last occurrence), index and get the whole list, as `c_schema.h` declares them.

use rosetta_wire::encoding::check_field_id;
use rosetta_wire::family::*;
use rosetta_wire::Object;

use crate::error::Error;
use crate::ffi::{guard, slice, slice_mut};
use crate::handle::{handle, Schema_Object};
use crate::types::*;

/// A family as C sees it: its C type and the conversions (all the identity but `Bool`, which
/// is a `uint8_t` that reads back as exactly 0 or 1).
pub(crate) trait CFamily: Family {
    /// The C type.
    type C: Copy + Default + PartialEq;
    /// A value for C.
    fn to_c(value: Self::Value) -> Self::C;
    /// A value from C.
    fn from_c(value: Self::C) -> Self::Value;
    /// Adds C's values as one list.
    fn add_c_list(object: &mut Object, id: u32, values: &[Self::C]);
    /// Runs `f` with an empty vector of values kept per thread, so that reading a list into
    /// C's array allocates nothing once warm.
    fn with_scratch<T>(f: impl FnOnce(&mut Vec<Self::Value>) -> T) -> T;
}

/// The largest list scratch kept between calls, in values.
const SCRATCH_KEEP: usize = 1 << 16;

macro_rules! scratch {
    ($family:ty) => {
        fn with_scratch<T>(f: impl FnOnce(&mut Vec<Self::Value>) -> T) -> T {
            thread_local! {
                static SCRATCH: std::cell::RefCell<Vec<<$family as Family>::Value>> =
                    const { std::cell::RefCell::new(Vec::new()) };
            }
            SCRATCH.with(|scratch| {
                let mut scratch = scratch.borrow_mut();
                scratch.clear();
                let result = f(&mut scratch);
                if scratch.capacity() > SCRATCH_KEEP {
                    *scratch = Vec::new();
                }
                result
            })
        }
    };
}

macro_rules! same_in_c {
    ($($family:ty),*) => {$(
        impl CFamily for $family {
            type C = <$family as Family>::Value;
            #[inline]
            fn to_c(value: Self::Value) -> Self::C {
                value
            }
            #[inline]
            fn from_c(value: Self::C) -> Self::Value {
                value
            }
            #[inline]
            fn add_c_list(object: &mut Object, id: u32, values: &[Self::C]) {
                object.add_list::<$family>(id, values);
            }
            scratch!($family);
        }
    )*};
}
same_in_c!(
    Float, Double, Int32, Int64, Uint32, Uint64, Sint32, Sint64, Fixed32, Fixed64, Sfixed32,
    Sfixed64, EntityId, Enum
);

impl CFamily for Bool {
    type C = u8;
    #[inline]
    fn to_c(value: bool) -> u8 {
        u8::from(value)
    }
    #[inline]
    fn from_c(value: u8) -> bool {
        value != 0
    }
    fn add_c_list(object: &mut Object, id: u32, values: &[u8]) {
        let values: Vec<bool> = values.iter().map(|v| *v != 0).collect();
        object.add_list::<Bool>(id, &values);
    }
    scratch!(Bool);
}

/// `Schema_AddX`: a field id no tag can carry adds nothing, with an error.
///
/// # Safety
/// The header's contract on `object`.
#[inline]
unsafe fn add<F: CFamily>(object: *mut Schema_Object, id: u32, value: F::C) {
    guard((), || {
        // SAFETY: the caller's contract.
        if let Some(handle) = unsafe { handle(object) } {
            if let Err(error) = handle.object_mut().try_add::<F>(id, F::from_c(value)) {
                handle.ctx().set_error(Error::from(error));
            }
        }
    })
}

/// `Schema_AddXList`: the values are copied, so the caller's array may go at once (the header
/// lets it require the array to outlive the root; Rosetta does not need that). A field id no tag
/// can carry adds nothing, with an error.
///
/// # Safety
/// The header's contract on `object` and `values`.
unsafe fn add_list<F: CFamily>(
    object: *mut Schema_Object,
    id: u32,
    values: *const F::C,
    count: u32,
) {
    guard((), || {
        // SAFETY: the caller's contract.
        let Some(handle) = (unsafe { handle(object) }) else {
            return;
        };
        if let Err(error) = check_field_id(id) {
            handle.ctx().set_error(Error::from(error));
            return;
        }
        // SAFETY: the caller's contract: `count` values at `values`.
        match unsafe { slice(values, count) } {
            Some(values) => F::add_c_list(handle.object_mut(), id, values),
            None => handle.ctx().set_error(Error::Null("values".into())),
        }
    })
}

/// `Schema_GetXCount`.
///
/// # Safety
/// The header's contract on `object`.
#[inline]
unsafe fn count<F: CFamily>(object: *const Schema_Object, id: u32) -> u32 {
    guard(0, || {
        // SAFETY: the caller's contract.
        unsafe { handle(object) }.map_or(0, |h| h.object().count::<F>(id) as u32)
    })
}

/// `Schema_GetX`: the last value; the default when absent, and when the field holds another
/// type (then with an error for `Schema_GetError`).
///
/// # Safety
/// The header's contract on `object`.
#[inline]
unsafe fn get<F: CFamily>(object: *const Schema_Object, id: u32) -> F::C {
    guard(F::C::default(), || {
        // SAFETY: the caller's contract.
        let Some(handle) = (unsafe { handle(object) }) else {
            return F::C::default();
        };
        let object = handle.object();
        match object.try_get::<F>(id) {
            Some(value) => F::to_c(value),
            None => {
                if object.has_field(id) {
                    handle.ctx().set_error(Error::WrongType {
                        id,
                        family: F::NAME,
                    });
                }
                F::C::default()
            }
        }
    })
}

/// `Schema_IndexX`: the `index`-th value; the default when out of range, and when the field
/// holds another type (then with an error).
///
/// # Safety
/// The header's contract on `object`.
#[inline]
unsafe fn index_of<F: CFamily>(object: *const Schema_Object, id: u32, index: u32) -> F::C {
    guard(F::C::default(), || {
        // SAFETY: the caller's contract.
        let Some(handle) = (unsafe { handle(object) }) else {
            return F::C::default();
        };
        let object = handle.object();
        let value = F::to_c(object.index::<F>(id, index as usize));
        // Telling a default value from a missing one costs a count: only for defaults.
        if value == F::C::default() && object.count::<F>(id) == 0 && object.has_field(id) {
            handle.ctx().set_error(Error::WrongType {
                id,
                family: F::NAME,
            });
        }
        value
    })
}

/// `Schema_GetXList`: every value, into `out` (room for `Schema_GetXCount` values).
///
/// # Safety
/// The header's contract on `object` and `out`.
unsafe fn get_list<F: CFamily>(object: *const Schema_Object, id: u32, out: *mut F::C) {
    guard((), || {
        // SAFETY: the caller's contract.
        let Some(handle) = (unsafe { handle(object) }) else {
            return;
        };
        let object = handle.object();
        F::with_scratch(|values| {
            object.list_into::<F>(id, values);
            if values.is_empty() && object.has_field(id) {
                handle.ctx().set_error(Error::WrongType {
                    id,
                    family: F::NAME,
                });
            }
            // SAFETY: the caller's contract: room for every value.
            match unsafe { slice_mut(out, values.len()) } {
                Some(out) => {
                    for (slot, value) in out.iter_mut().zip(values.iter()) {
                        *slot = F::to_c(*value);
                    }
                }
                None => handle.ctx().set_error(Error::Null("output_array".into())),
            }
        })
    })
}

macro_rules! family_functions {
    ($family:ident, $c:ty, $add:ident, $add_list:ident, $count:ident, $get:ident, $index:ident, $get_list:ident) => {
        #[doc = concat!("`", stringify!($add), "`: appends one value to the field.")]
        #[no_mangle]
        pub unsafe extern "C" fn $add(object: *mut Schema_Object, field_id: Schema_FieldId, value: $c) {
            // SAFETY: the header's contract.
            unsafe { add::<$family>(object, field_id, value) }
        }

        #[doc = concat!("`", stringify!($add_list), "`: appends `count` values (copied).")]
        #[no_mangle]
        pub unsafe extern "C" fn $add_list(
            object: *mut Schema_Object,
            field_id: Schema_FieldId,
            values: *const $c,
            count: u32,
        ) {
            // SAFETY: the header's contract.
            unsafe { add_list::<$family>(object, field_id, values, count) }
        }

        #[doc = concat!("`", stringify!($count), "`: how many values the field holds.")]
        #[no_mangle]
        pub unsafe extern "C" fn $count(object: *const Schema_Object, field_id: Schema_FieldId) -> u32 {
            // SAFETY: the header's contract.
            unsafe { count::<$family>(object, field_id) }
        }

        #[doc = concat!("`", stringify!($get), "`: the last value; the default when absent or of another type (with an error).")]
        #[no_mangle]
        pub unsafe extern "C" fn $get(object: *const Schema_Object, field_id: Schema_FieldId) -> $c {
            // SAFETY: the header's contract.
            unsafe { get::<$family>(object, field_id) }
        }

        #[doc = concat!("`", stringify!($index), "`: the `index`-th value; the default when out of range or of another type (with an error).")]
        #[no_mangle]
        pub unsafe extern "C" fn $index(
            object: *const Schema_Object,
            field_id: Schema_FieldId,
            index: u32,
        ) -> $c {
            // SAFETY: the header's contract.
            unsafe { index_of::<$family>(object, field_id, index) }
        }

        #[doc = concat!("`", stringify!($get_list), "`: every value, into `output_array`.")]
        #[no_mangle]
        pub unsafe extern "C" fn $get_list(
            object: *const Schema_Object,
            field_id: Schema_FieldId,
            output_array: *mut $c,
        ) {
            // SAFETY: the header's contract.
            unsafe { get_list::<$family>(object, field_id, output_array) }
        }
    };
}

family_functions!(
    Float,
    f32,
    Schema_AddFloat,
    Schema_AddFloatList,
    Schema_GetFloatCount,
    Schema_GetFloat,
    Schema_IndexFloat,
    Schema_GetFloatList
);
family_functions!(
    Double,
    f64,
    Schema_AddDouble,
    Schema_AddDoubleList,
    Schema_GetDoubleCount,
    Schema_GetDouble,
    Schema_IndexDouble,
    Schema_GetDoubleList
);
family_functions!(
    Bool,
    u8,
    Schema_AddBool,
    Schema_AddBoolList,
    Schema_GetBoolCount,
    Schema_GetBool,
    Schema_IndexBool,
    Schema_GetBoolList
);
family_functions!(
    Int32,
    i32,
    Schema_AddInt32,
    Schema_AddInt32List,
    Schema_GetInt32Count,
    Schema_GetInt32,
    Schema_IndexInt32,
    Schema_GetInt32List
);
family_functions!(
    Int64,
    i64,
    Schema_AddInt64,
    Schema_AddInt64List,
    Schema_GetInt64Count,
    Schema_GetInt64,
    Schema_IndexInt64,
    Schema_GetInt64List
);
family_functions!(
    Uint32,
    u32,
    Schema_AddUint32,
    Schema_AddUint32List,
    Schema_GetUint32Count,
    Schema_GetUint32,
    Schema_IndexUint32,
    Schema_GetUint32List
);
family_functions!(
    Uint64,
    u64,
    Schema_AddUint64,
    Schema_AddUint64List,
    Schema_GetUint64Count,
    Schema_GetUint64,
    Schema_IndexUint64,
    Schema_GetUint64List
);
family_functions!(
    Sint32,
    i32,
    Schema_AddSint32,
    Schema_AddSint32List,
    Schema_GetSint32Count,
    Schema_GetSint32,
    Schema_IndexSint32,
    Schema_GetSint32List
);
family_functions!(
    Sint64,
    i64,
    Schema_AddSint64,
    Schema_AddSint64List,
    Schema_GetSint64Count,
    Schema_GetSint64,
    Schema_IndexSint64,
    Schema_GetSint64List
);
family_functions!(
    Fixed32,
    u32,
    Schema_AddFixed32,
    Schema_AddFixed32List,
    Schema_GetFixed32Count,
    Schema_GetFixed32,
    Schema_IndexFixed32,
    Schema_GetFixed32List
);
family_functions!(
    Fixed64,
    u64,
    Schema_AddFixed64,
    Schema_AddFixed64List,
    Schema_GetFixed64Count,
    Schema_GetFixed64,
    Schema_IndexFixed64,
    Schema_GetFixed64List
);
family_functions!(
    Sfixed32,
    i32,
    Schema_AddSfixed32,
    Schema_AddSfixed32List,
    Schema_GetSfixed32Count,
    Schema_GetSfixed32,
    Schema_IndexSfixed32,
    Schema_GetSfixed32List
);
family_functions!(
    Sfixed64,
    i64,
    Schema_AddSfixed64,
    Schema_AddSfixed64List,
    Schema_GetSfixed64Count,
    Schema_GetSfixed64,
    Schema_IndexSfixed64,
    Schema_GetSfixed64List
);
family_functions!(
    EntityId,
    Schema_EntityId,
    Schema_AddEntityId,
    Schema_AddEntityIdList,
    Schema_GetEntityIdCount,
    Schema_GetEntityId,
    Schema_IndexEntityId,
    Schema_GetEntityIdList
);
family_functions!(
    Enum,
    u32,
    Schema_AddEnum,
    Schema_AddEnumList,
    Schema_GetEnumCount,
    Schema_GetEnum,
    Schema_IndexEnum,
    Schema_GetEnumList
);
