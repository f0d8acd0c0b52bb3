//! What a `Schema_Object*` is: a handle, owned by its root, to one [`Object`] of the root's tree.
//!
//! This module and [`crate::ffi`] are the crate's unsafe layer; everything else reaches objects
//! through [`SchemaObject::object`] and [`SchemaObject::object_mut`].
//!
//! # The memory model (as `c_schema.h` documents it)
//!
//! - Every object belongs to its root (component data, update, command request or response,
//!   generic data). The root owns a [`RootCtx`]: the last error, the handles it gave out, the
//!   orphans of `Schema_AllocateObject` (and the unreachable objects below) and the buffers of
//!   `Schema_AllocateBuffer`. All of it is freed by the root's `Schema_DestroyX`, not before.
//! - A handle points at an [`Object`] that lives in a heap allocation of its own: the root's
//!   top objects sit in the boxed root, nested objects in a `Box` inside their parent's field (an
//!   object read from bytes is parsed once into a box that keeps its address when it becomes
//!   editable), orphans in boxes of the root. Adding fields never moves those allocations.
//! - An object is dropped only when a field holding it is cleared or replaced: `Schema_Clear`,
//!   `Schema_ClearField`, applying or merging updates, converting data into an update. Each of
//!   those first calls [`SchemaObject::detach_children`]: every handle into the objects about to
//!   go gets a copy of its object, kept by the root, so that it stays valid (and unreachable, as
//!   the SDK's would be) until the root is destroyed. A handle therefore never dangles while its
//!   root lives.
//! - `Schema_GetObject` on an absent field returns a new empty orphan: valid, unreachable.
//! - Each handle knows its object's level (`rosetta_types::MAX_NESTING` counts levels): a root's
//!   top objects and orphans are level 1 (an update's events 0: each payload is a root), an object inside one at level *n* is at *n* + 1. A
//!   detached copy is a level-1 object of its own, as an orphan is.

use std::cell::{Cell, OnceCell, RefCell};
use std::ffi::{c_char, CString};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

use rosetta_wire::Object;
use smallvec::SmallVec;

use crate::ffi::c_string;

/// The state every root shares with its objects.
#[derive(Debug)]
pub struct RootCtx {
    /// The most recent error of any object of the root (`Schema_GetError`).
    error: RefCell<Option<CString>>,
    /// Changes whenever an object of the root may change (see [`RootCtx::stamp`]).
    stamp: Cell<u64>,
    /// The first handles given out, inside the (boxed) root: most roots need no more, and then
    /// cost no allocation for them.
    first: [OnceCell<SchemaObject>; FIRST_HANDLES],
    /// The handles given out after the first ones, in chunks that never reallocate (so handles
    /// keep their address).
    handles: RefCell<Vec<Vec<SchemaObject>>>,
    /// Objects the root keeps alive that no field holds; boxed, since handles point at them
    /// while the list grows.
    #[allow(clippy::vec_box)]
    orphans: RefCell<Vec<Box<Object>>>,
    /// The buffers of `Schema_AllocateBuffer`.
    buffers: RefCell<Vec<Box<[u8]>>>,
}

/// How many handles a root holds without allocating.
const FIRST_HANDLES: usize = 4;

/// Where the stamps of roots start: each root takes its own range, so that a stamp names one
/// state of one root even when a new root takes the address of a destroyed one.
static NEXT_STAMPS: AtomicU64 = AtomicU64::new(0);

impl Default for RootCtx {
    fn default() -> Self {
        RootCtx {
            error: RefCell::default(),
            stamp: Cell::new(NEXT_STAMPS.fetch_add(1 << 32, Ordering::Relaxed)),
            first: Default::default(),
            handles: RefCell::default(),
            orphans: RefCell::default(),
            buffers: RefCell::default(),
        }
    }
}

/// The largest chunk of handles; chunks start small so that a root costs nothing until it
/// hands out a nested object.
const MAX_CHUNK: usize = 256;

impl RootCtx {
    /// Records an error, replacing the previous one (`Schema_GetError`).
    pub(crate) fn set_error(&self, message: impl std::fmt::Display) {
        *self.error.borrow_mut() = Some(c_string(message.to_string()));
    }

    /// The last error as a C string owned by the root, or NULL.
    pub(crate) fn error_ptr(&self) -> *const c_char {
        self.error
            .borrow()
            .as_ref()
            .map_or(std::ptr::null(), |e| e.as_ptr())
    }

    /// A zeroed buffer of `length` bytes that lives as long as the root.
    pub(crate) fn allocate_buffer(&self, length: usize) -> *mut u8 {
        let mut buffers = self.buffers.borrow_mut();
        buffers.push(vec![0u8; length].into_boxed_slice());
        match buffers.last_mut() {
            Some(buffer) => buffer.as_mut_ptr(),
            // Just pushed.
            None => std::ptr::null_mut(),
        }
    }

    /// Keeps `object` alive until the root is destroyed and returns where it is.
    fn keep(&self, object: Object) -> NonNull<Object> {
        let mut orphans = self.orphans.borrow_mut();
        let mut boxed = Box::new(object);
        let at = NonNull::from(&mut *boxed);
        orphans.push(boxed);
        at
    }

    /// A value that differs after any change to an object of the root: what
    /// `Schema_SerializeToBuffer` compares to reuse `Schema_GetWriteBufferLength`'s bytes.
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp.get()
    }

    /// Notes that an object of the root may change.
    pub(crate) fn touch(&self) {
        self.stamp.set(self.stamp.get().wrapping_add(1));
    }

    /// Stores a handle in the root and returns its address, stable until the root is dropped.
    fn store(&self, handle: SchemaObject) -> NonNull<SchemaObject> {
        let mut handle = Some(handle);
        for slot in &self.first {
            if slot.get().is_none() {
                if let Some(handle) = handle.take() {
                    return NonNull::from(slot.get_or_init(|| handle));
                }
            }
        }
        let Some(handle) = handle else {
            // Taken only when returned above.
            unreachable!("the handle is stored once")
        };
        let mut chunks = self.handles.borrow_mut();
        let full = chunks.last().map_or(true, |c| c.len() == c.capacity());
        if full {
            let capacity = chunks
                .last()
                .map_or(4, |c| (c.capacity() * 2).min(MAX_CHUNK));
            chunks.push(Vec::with_capacity(capacity));
        }
        let Some(chunk) = chunks.last_mut() else {
            // A chunk was pushed above when there was none.
            unreachable!("a chunk exists")
        };
        // Never past capacity: the chunk never reallocates, so earlier handles stay put.
        chunk.push(handle);
        let last = chunk.len() - 1;
        NonNull::from(&mut chunk[last])
    }

    /// A new handle to a new empty object no field holds (`Schema_AllocateObject`, and what
    /// `Schema_GetObject` returns for an absent field).
    pub(crate) fn orphan(&self) -> *mut SchemaObject {
        let target = self.keep(Object::new());
        self.store(SchemaObject::new(NonNull::from(self), target, None, 1))
            .as_ptr()
    }
}

/// `Schema_Object`: a handle to one object of a root. Opaque to C.
#[derive(Debug)]
pub struct SchemaObject {
    /// The root's shared state; the root outlives its handles.
    ctx: NonNull<RootCtx>,
    /// The object.
    target: Cell<NonNull<Object>>,
    /// Where the object sits in its parent handle's object: the field id and the index among
    /// the field's objects. `None` for a root's top objects and for orphans.
    place: Cell<Option<(u32, u32)>>,
    /// The handles given out for objects inside this one.
    children: RefCell<SmallVec<[NonNull<SchemaObject>; 2]>>,
    /// The object's level in its root (module docs).
    level: Cell<usize>,
}

impl SchemaObject {
    fn new(
        ctx: NonNull<RootCtx>,
        target: NonNull<Object>,
        place: Option<(u32, u32)>,
        level: usize,
    ) -> Self {
        SchemaObject {
            ctx,
            target: Cell::new(target),
            place: Cell::new(place),
            children: RefCell::new(SmallVec::new()),
            level: Cell::new(level),
        }
    }

    /// The object's level in its root: 1 for a root's top objects and for orphans.
    pub(crate) fn level(&self) -> usize {
        self.level.get()
    }

    /// A handle to a top object of a root at `level`: 1 for its fields or payload, 0 for an
    /// update's events, whose payloads are roots of their own (level 1).
    ///
    /// # Safety
    /// `ctx` and `target` must live as long as the handle, at fixed addresses: both are parts of
    /// the boxed root that owns the handle.
    pub(crate) unsafe fn top(ctx: NonNull<RootCtx>, target: NonNull<Object>, level: usize) -> Self {
        SchemaObject::new(ctx, target, None, level)
    }

    /// The root's shared state.
    pub(crate) fn ctx(&self) -> &RootCtx {
        // SAFETY: the root owns its context and its handles and frees them together, so the
        // context outlives every use of a handle that C may legally make.
        unsafe { self.ctx.as_ref() }
    }

    /// The object, to read.
    pub(crate) fn object(&self) -> &Object {
        // SAFETY: the target is alive and at a fixed address (module docs); every FFI call
        // makes at most one reference into a root's tree at a time and drops it before
        // returning, so no `&mut` to it is live.
        unsafe { self.target.get().as_ref() }
    }

    /// The object, to edit.
    #[allow(clippy::mut_from_ref)]
    pub(crate) fn object_mut(&self) -> &mut Object {
        self.ctx().touch();
        // SAFETY: as in `object`: the target is alive, and no other reference into the tree
        // lives while an FFI call holds this one (calls on one root are not concurrent: the
        // header's objects are not thread-safe, and neither were the SDK's).
        unsafe { &mut *self.target.get().as_ptr() }
    }

    /// The handle of `target`, an object inside this one at `place()` (its field id and its
    /// index among the field's objects): the one given out before if there is one, else a new
    /// one.
    pub(crate) fn child(
        &self,
        target: NonNull<Object>,
        place: impl FnOnce() -> (u32, u32),
    ) -> *mut SchemaObject {
        let mut children = self.children.borrow_mut();
        for &child in children.iter() {
            // SAFETY: children are handles of this root (stored by `store`), alive with it.
            if unsafe { child.as_ref() }.target.get() == target {
                return child.as_ptr();
            }
        }
        let level = self.level() + 1;
        let child = self
            .ctx()
            .store(SchemaObject::new(self.ctx, target, Some(place()), level));
        children.push(child);
        child.as_ptr()
    }

    /// Before the fields `ids` (every field when `None`) of this object are cleared or
    /// replaced: every handle into them gets a copy of its object, kept by the root, so that
    /// it stays valid though no longer reachable (module docs).
    pub(crate) fn detach_children(&self, ids: Option<&[u32]>) {
        let mut children = self.children.borrow_mut();
        if children.is_empty() {
            return;
        }
        let ctx = self.ctx();
        children.retain(|child| {
            // SAFETY: children are handles of this root, alive with it.
            let child = unsafe { child.as_ref() };
            let Some((id, _)) = child.place.get() else {
                return true;
            };
            if ids.is_some_and(|ids| !ids.contains(&id)) {
                return true;
            }
            let copy = ctx.keep(child.object().clone());
            child.target.set(copy);
            child.place.set(None);
            child.level.set(1);
            child.rebind_children();
            false
        });
    }

    /// After this handle's object was replaced by a copy: points the handles inside it (at any
    /// depth) at the same places in the copy, and gives them their levels below it. A work list,
    /// not recursion: handles may go as deep as objects do.
    fn rebind_children(&self) {
        let mut work: Vec<&SchemaObject> = vec![self];
        while let Some(parent) = work.pop() {
            for child in parent.children.borrow().iter() {
                // SAFETY: children are handles of this root, alive with it.
                let child = unsafe { child.as_ref() };
                let Some((id, index)) = child.place.get() else {
                    continue;
                };
                // The reference to the parent's object ends before the child's children are.
                let target = match parent.object_mut().index_object_mut(id, index as usize) {
                    Ok(Some(found)) => NonNull::from(found),
                    // The copy has the same objects as the original; kept valid all the same.
                    _ => parent.ctx().keep(Object::new()),
                };
                child.target.set(target);
                child.level.set(parent.level() + 1);
                work.push(child);
            }
        }
    }
}

/// `Schema_Object`: a handle to an object of a root.
#[allow(non_camel_case_types)]
pub type Schema_Object = SchemaObject;

/// The handle behind a `Schema_Object*`; `None` for NULL.
///
/// # Safety
/// `object` is NULL or a `Schema_Object*` this library returned, whose root is alive.
#[inline]
pub(crate) unsafe fn handle<'a>(object: *const SchemaObject) -> Option<&'a SchemaObject> {
    // SAFETY: the caller's contract (the header's: objects live as long as their root).
    unsafe { object.as_ref() }
}

#[cfg(test)]
mod tests {
    use crate::*;

    #[test]
    fn handles_outlive_their_field_and_keep_their_children() {
        // SAFETY: pointers from the library, used while their root lives.
        unsafe {
            let data = Schema_CreateGenericData();
            let root = Schema_GetGenericDataObject(data);
            let a = Schema_AddObject(root, 1);
            let b = Schema_AddObject(a, 2);
            Schema_AddInt32(b, 1, 7);
            // The same object, the same handle.
            assert_eq!(Schema_GetObject(root, 1), a);
            assert_eq!(Schema_IndexObject(a, 2, 0), b);
            Schema_ClearField(root, 1);
            assert_eq!(Schema_GetObjectCount(root, 1), 0);
            assert_eq!(Schema_GetInt32(b, 1), 7);
            Schema_AddInt32(b, 2, 8);
            assert_eq!(Schema_GetInt32(Schema_GetObject(a, 2), 2), 8);
            // More handles than a root holds inline.
            let many: Vec<_> = (0..40).map(|_| Schema_AddObject(root, 3)).collect();
            for (i, handle) in many.iter().enumerate() {
                Schema_AddUint32(*handle, 1, i as u32);
            }
            assert_eq!(Schema_GetUint32(Schema_IndexObject(root, 3, 39), 1), 39);
            Schema_DestroyGenericData(data);
        }
    }

    #[test]
    fn the_stamp_moves_with_every_edit() {
        // SAFETY: pointers from the library, used while their root lives.
        unsafe {
            let data = Schema_CreateComponentData();
            let fields = Schema_GetComponentDataFields(data);
            let handle = &*fields;
            let before = handle.ctx().stamp();
            Schema_AddInt32(fields, 1, 1);
            assert_ne!(handle.ctx().stamp(), before);
            let other = Schema_CreateComponentData();
            let other_stamp = (*Schema_GetComponentDataFields(other)).ctx().stamp();
            assert!(other_stamp.abs_diff(handle.ctx().stamp()) >= 1 << 31);
            Schema_DestroyComponentData(other);
            Schema_DestroyComponentData(data);
        }
    }
}
