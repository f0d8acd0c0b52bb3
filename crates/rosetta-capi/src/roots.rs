//! The roots: generic data, component data, component updates, command requests and responses.
//! Each is created, deep-copied and destroyed by C, and owns every object inside it.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

use rosetta_wire::{
    CommandRequest, CommandResponse, ComponentData, ComponentUpdate, GenericData, Object,
};

use crate::ffi::guard;
use crate::handle::{RootCtx, SchemaObject, Schema_Object};

/// The Rust value of a root, with its top objects.
pub trait RootValue: Clone + Default {
    /// The main object: the fields (data, update) or the payload.
    fn main(&mut self) -> &mut Object;
    /// The events object of an update.
    fn events(&mut self) -> Option<&mut Object> {
        None
    }
}

macro_rules! object_root {
    ($($ty:ty),*) => {$(
        impl RootValue for $ty {
            fn main(&mut self) -> &mut Object {
                self.object_mut()
            }
        }
    )*};
}
object_root!(GenericData, ComponentData, CommandRequest, CommandResponse);

impl RootValue for ComponentUpdate {
    fn main(&mut self) -> &mut Object {
        self.fields_mut()
    }
    fn events(&mut self) -> Option<&mut Object> {
        Some(self.events_mut())
    }
}

/// A root as C holds it (`Schema_ComponentData*`, ...): the value, its shared state and the
/// handles of its top objects. Boxed, so that the handles' pointers into it stay valid.
#[derive(Debug)]
pub struct Root<T> {
    ctx: RootCtx,
    /// Reached through the handles' pointers as well, hence the cell.
    value: UnsafeCell<T>,
    main: SchemaObject,
    /// The events of an update; unused otherwise.
    events: SchemaObject,
}

/// `Schema_GenericData`.
#[allow(non_camel_case_types)]
pub type Schema_GenericData = Root<GenericData>;
/// `Schema_ComponentData`.
#[allow(non_camel_case_types)]
pub type Schema_ComponentData = Root<ComponentData>;
/// `Schema_ComponentUpdate`.
#[allow(non_camel_case_types)]
pub type Schema_ComponentUpdate = Root<ComponentUpdate>;
/// `Schema_CommandRequest`.
#[allow(non_camel_case_types)]
pub type Schema_CommandRequest = Root<CommandRequest>;
/// `Schema_CommandResponse`.
#[allow(non_camel_case_types)]
pub type Schema_CommandResponse = Root<CommandResponse>;

impl<T: RootValue> Root<T> {
    /// A boxed root holding `value`, as a pointer for C.
    pub(crate) fn into_raw(value: T) -> *mut Root<T> {
        let placeholder = || {
            // SAFETY: never read: set below before the root is given out.
            unsafe { SchemaObject::top(NonNull::dangling(), NonNull::dangling(), 1) }
        };
        // Written straight into the allocation: a root is a few hundred bytes, which
        // `Box::new` would build on the stack and copy (`Box::write` does this, from Rust 1.87).
        let mut slot = Box::new(MaybeUninit::<Root<T>>::uninit());
        slot.write(Root {
            ctx: RootCtx::default(),
            value: UnsafeCell::new(value),
            main: placeholder(),
            events: placeholder(),
        });
        // SAFETY: just initialised; `MaybeUninit<Root<T>>` has the layout of `Root<T>`.
        let mut root = unsafe { Box::from_raw(Box::into_raw(slot).cast::<Root<T>>()) };
        let ctx = NonNull::from(&root.ctx);
        let value = root.value.get_mut();
        let main = NonNull::from(value.main());
        let events = value.events().map(NonNull::from);
        // SAFETY: the context and the value are fields of the box, which does not move and is
        // freed with the handles.
        unsafe {
            root.main = SchemaObject::top(ctx, main, 1);
            if let Some(events) = events {
                root.events = SchemaObject::top(ctx, events, 0);
            }
        }
        Box::into_raw(root)
    }

    /// The root's value, to read.
    pub(crate) fn value(&self) -> &T {
        // SAFETY: one reference into the root's tree at a time per call (see `handle`).
        unsafe { &*self.value.get() }
    }

    /// The root's value, to edit.
    #[allow(clippy::mut_from_ref)]
    pub(crate) fn value_mut(&self) -> &mut T {
        self.ctx.touch();
        // SAFETY: as in `value`.
        unsafe { &mut *self.value.get() }
    }

    /// The root's shared state.
    pub(crate) fn ctx(&self) -> &RootCtx {
        &self.ctx
    }

    /// The handle of the main object.
    pub(crate) fn main(&self) -> &SchemaObject {
        &self.main
    }

    /// The handle of the events object (updates).
    pub(crate) fn events(&self) -> &SchemaObject {
        &self.events
    }

    /// Replaces the value by an empty one, in place (the top handles keep pointing at it),
    /// after detaching every handle into it.
    pub(crate) fn empty(&self) {
        self.main.detach_children(None);
        self.events.detach_children(None);
        *self.value_mut() = T::default();
    }
}

/// The root behind a C pointer; `None` for NULL.
///
/// # Safety
/// `root` is NULL or a live root of this type made by this library.
pub(crate) unsafe fn root<'a, T>(root: *const Root<T>) -> Option<&'a Root<T>> {
    // SAFETY: the caller's contract.
    unsafe { root.as_ref() }
}

/// Frees a root made by [`Root::into_raw`]; NULL is ignored.
///
/// # Safety
/// `root` is NULL or a live root, not used afterwards.
unsafe fn destroy<T>(root: *mut Root<T>) {
    if !root.is_null() {
        // SAFETY: made by `Box::into_raw` in `Root::into_raw`.
        drop(unsafe { Box::from_raw(root) });
    }
}

/// A deep copy of a root; NULL for NULL.
///
/// # Safety
/// As [`root`].
unsafe fn copy<T: RootValue>(source: *const Root<T>) -> *mut Root<T> {
    // SAFETY: the caller's contract.
    match unsafe { root(source) } {
        Some(source) => Root::into_raw(source.value().clone()),
        None => std::ptr::null_mut(),
    }
}

/// The handle of a root's main object, or NULL.
///
/// # Safety
/// As [`root`].
unsafe fn main_object<T: RootValue>(source: *mut Root<T>) -> *mut Schema_Object {
    // SAFETY: the caller's contract.
    match unsafe { root(source) } {
        Some(root) => (root.main() as *const SchemaObject).cast_mut(),
        None => std::ptr::null_mut(),
    }
}

macro_rules! root_functions {
    ($ty:ty, $value:ty, $create:ident, $copy:ident, $destroy:ident, $get:ident) => {
        #[doc = concat!("`", stringify!($create), "`: a new empty root.")]
        #[no_mangle]
        pub extern "C" fn $create() -> *mut $ty {
            guard(std::ptr::null_mut(), || Root::<$value>::into_raw(<$value>::default()))
        }

        #[doc = concat!("`", stringify!($copy), "`: a deep copy; NULL for NULL.")]
        #[no_mangle]
        pub unsafe extern "C" fn $copy(source: *const $ty) -> *mut $ty {
            // SAFETY: the header's contract on `source`.
            guard(std::ptr::null_mut(), || unsafe { copy(source) })
        }

        #[doc = concat!("`", stringify!($destroy), "`: frees the root and every object, buffer and string it owns; NULL is ignored.")]
        #[no_mangle]
        pub unsafe extern "C" fn $destroy(root: *mut $ty) {
            // SAFETY: the header's contract on `root`.
            guard((), || unsafe { destroy(root) })
        }

        #[doc = concat!("`", stringify!($get), "`: the root's object, owned by the root; NULL for NULL.")]
        #[no_mangle]
        pub unsafe extern "C" fn $get(root: *mut $ty) -> *mut Schema_Object {
            // SAFETY: the header's contract on `root`.
            guard(std::ptr::null_mut(), || unsafe { main_object(root) })
        }
    };
}

root_functions!(
    Schema_GenericData,
    GenericData,
    Schema_CreateGenericData,
    Schema_CopyGenericData,
    Schema_DestroyGenericData,
    Schema_GetGenericDataObject
);
root_functions!(
    Schema_CommandRequest,
    CommandRequest,
    Schema_CreateCommandRequest,
    Schema_CopyCommandRequest,
    Schema_DestroyCommandRequest,
    Schema_GetCommandRequestObject
);
root_functions!(
    Schema_CommandResponse,
    CommandResponse,
    Schema_CreateCommandResponse,
    Schema_CopyCommandResponse,
    Schema_DestroyCommandResponse,
    Schema_GetCommandResponseObject
);
root_functions!(
    Schema_ComponentData,
    ComponentData,
    Schema_CreateComponentData,
    Schema_CopyComponentData,
    Schema_DestroyComponentData,
    Schema_GetComponentDataFields
);
root_functions!(
    Schema_ComponentUpdate,
    ComponentUpdate,
    Schema_CreateComponentUpdate,
    Schema_CopyComponentUpdate,
    Schema_DestroyComponentUpdate,
    Schema_GetComponentUpdateFields
);

/// `Schema_GetComponentUpdateEvents`: the events object (field id = 1-based event index, one
/// object per event); NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetComponentUpdateEvents(
    update: *mut Schema_ComponentUpdate,
) -> *mut Schema_Object {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `update`.
        match unsafe { root(update) } {
            Some(root) => (root.events() as *const SchemaObject).cast_mut(),
            None => std::ptr::null_mut(),
        }
    })
}
