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

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CString};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

use rosetta_wire::Object;

use crate::ffi::c_string;

/// The state every root shares with its objects.
///
/// Kept small, since every root carries one: what most roots never use (an error, more handles
/// than fit inline, orphans, buffers) is kept apart, allocated on first use.
#[derive(Debug)]
pub struct RootCtx {
    /// Changes whenever an object of the root may change (see [`RootCtx::stamp`]).
    stamp: Cell<u64>,
    /// The first handles given out, inside the (boxed) root: most roots need no more, and then
    /// cost no allocation for them. The first `used` are taken; the rest are placeholders.
    first: [SchemaObject; FIRST_HANDLES],
    /// How many of `first` are taken.
    used: Cell<usize>,
    /// The rest of the state, made on first use.
    spill: RefCell<Option<Box<Spill>>>,
}

/// The parts of a root's state that most roots never use.
#[derive(Debug, Default)]
struct Spill {
    /// The most recent error of any object of the root (`Schema_GetError`).
    error: Option<CString>,
    /// The handles given out after the first ones, in chunks that never reallocate (so handles
    /// keep their address).
    handles: Vec<Vec<SchemaObject>>,
    /// Objects the root keeps alive that no field holds; boxed, since handles point at them
    /// while the list grows.
    #[allow(clippy::vec_box)]
    orphans: Vec<Box<Object>>,
    /// The buffers of `Schema_AllocateBuffer`.
    buffers: Vec<Box<[u8]>>,
}

/// How many handles a root holds without allocating.
const FIRST_HANDLES: usize = 4;

/// Where the stamps of roots start: each root takes its own range of 2^32 stamps, so that a
/// stamp names one state of one root even when a new root takes the address of a destroyed one.
/// Threads take the ranges in blocks of [`STAMP_BLOCK`], so that making a root costs no atomic
/// operation.
static NEXT_STAMPS: AtomicU64 = AtomicU64::new(0);

/// The stamps of one root.
const STAMP_RANGE: u64 = 1 << 32;

/// How many roots' ranges a thread takes from [`NEXT_STAMPS`] at once.
const STAMP_BLOCK: u64 = 1 << 10;

thread_local! {
    /// The block of stamp ranges this thread took: the next range and the end of the block.
    static STAMPS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// The first stamp of a new root's range, which no other root has.
fn first_stamp() -> u64 {
    STAMPS
        .try_with(|block| {
            let (mut next, mut end) = block.get();
            if next == end {
                next = NEXT_STAMPS.fetch_add(STAMP_BLOCK * STAMP_RANGE, Ordering::Relaxed);
                end = next.wrapping_add(STAMP_BLOCK * STAMP_RANGE);
            }
            block.set((next.wrapping_add(STAMP_RANGE), end));
            next
        })
        // The thread is being torn down: a range of its own, straight from the counter.
        .unwrap_or_else(|_| NEXT_STAMPS.fetch_add(STAMP_RANGE, Ordering::Relaxed))
}

impl Default for RootCtx {
    fn default() -> Self {
        RootCtx {
            stamp: Cell::new(first_stamp()),
            first: std::array::from_fn(|_| SchemaObject::vacant()),
            used: Cell::new(0),
            spill: RefCell::default(),
        }
    }
}

/// The largest chunk of handles; chunks start small so that a root costs nothing until it
/// hands out a nested object.
const MAX_CHUNK: usize = 256;

impl RootCtx {
    /// Runs `f` on the root's spilled state, making it on first use.
    fn spill<T>(&self, f: impl FnOnce(&mut Spill) -> T) -> T {
        let mut spill = self.spill.borrow_mut();
        f(spill.get_or_insert_with(Box::default))
    }

    /// Records an error, replacing the previous one (`Schema_GetError`).
    pub(crate) fn set_error(&self, message: impl std::fmt::Display) {
        let message = c_string(message.to_string());
        self.spill(|spill| spill.error = Some(message));
    }

    /// The last error as a C string owned by the root, or NULL.
    pub(crate) fn error_ptr(&self) -> *const c_char {
        self.spill
            .borrow()
            .as_ref()
            .and_then(|spill| spill.error.as_ref())
            .map_or(std::ptr::null(), |e| e.as_ptr())
    }

    /// A zeroed buffer of `length` bytes that lives as long as the root.
    pub(crate) fn allocate_buffer(&self, length: usize) -> *mut u8 {
        let mut buffer = vec![0u8; length].into_boxed_slice();
        let at = buffer.as_mut_ptr();
        // The box's heap allocation does not move when the box does.
        self.spill(|spill| spill.buffers.push(buffer));
        at
    }

    /// Keeps `object` alive until the root is destroyed and returns where it is.
    fn keep(&self, object: Object) -> NonNull<Object> {
        let mut boxed = Box::new(object);
        let at = NonNull::from(&mut *boxed);
        // The box's heap allocation does not move when the box does.
        self.spill(|spill| spill.orphans.push(boxed));
        at
    }

    /// A value that differs after any change to an object of the root: what
    /// `Schema_SerializeToBuffer` compares to reuse `Schema_GetWriteBufferLength`'s bytes.
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp.get()
    }

    /// Notes that an object of the root may change.
    #[inline]
    pub(crate) fn touch(&self) {
        self.stamp.set(self.stamp.get().wrapping_add(1));
    }

    /// Stores a handle in the root and returns its address, stable until the root is dropped.
    fn store(&self, handle: SchemaObject) -> NonNull<SchemaObject> {
        let used = self.used.get();
        if let Some(slot) = self.first.get(used) {
            self.used.set(used + 1);
            slot.assign(handle);
            return NonNull::from(slot);
        }
        self.spill(|spill| {
            let chunks = &mut spill.handles;
            let capacity = match chunks.last() {
                Some(chunk) if chunk.len() < chunk.capacity() => None,
                Some(chunk) => Some((chunk.capacity() * 2).min(MAX_CHUNK)),
                None => Some(4),
            };
            if let Some(capacity) = capacity {
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
        })
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
///
/// Every part is a [`Cell`]: handles are shared (C holds pointers to them, the root and the
/// parent handle too), and a root's inline handle slots are filled in place. A handle owns no
/// heap memory: the handles given out for objects inside this one form a list through
/// `first_child` and each child's `next_sibling`, all of them owned by the root.
#[derive(Debug)]
pub struct SchemaObject {
    /// The root's shared state; the root outlives its handles.
    ctx: Cell<NonNull<RootCtx>>,
    /// The object.
    target: Cell<NonNull<Object>>,
    /// The most recent handle given out for an object inside this one.
    first_child: Cell<Option<NonNull<SchemaObject>>>,
    /// The handle given out before this one by the same parent.
    next_sibling: Cell<Option<NonNull<SchemaObject>>>,
    /// Where the object sits in its parent handle's object: the field id and the index among
    /// the field's objects. `None` for a root's top objects and for orphans.
    place: Cell<Option<(u32, u32)>>,
    /// The object's level in its root (module docs); at most `MAX_NESTING` + 1.
    level: Cell<u32>,
}

impl SchemaObject {
    fn new(
        ctx: NonNull<RootCtx>,
        target: NonNull<Object>,
        place: Option<(u32, u32)>,
        level: u32,
    ) -> Self {
        SchemaObject {
            ctx: Cell::new(ctx),
            target: Cell::new(target),
            first_child: Cell::new(None),
            next_sibling: Cell::new(None),
            place: Cell::new(place),
            level: Cell::new(level),
        }
    }

    /// An unused slot of [`RootCtx::first`]: never given out before [`SchemaObject::assign`].
    fn vacant() -> Self {
        SchemaObject::new(NonNull::dangling(), NonNull::dangling(), None, 0)
    }

    /// Makes this handle (a vacant slot, or a root's top handle being set up) into `other`.
    fn assign(&self, other: SchemaObject) {
        self.ctx.set(other.ctx.get());
        self.target.set(other.target.get());
        self.first_child.set(other.first_child.get());
        self.next_sibling.set(other.next_sibling.get());
        self.place.set(other.place.get());
        self.level.set(other.level.get());
    }

    /// The object's level in its root: 1 for a root's top objects and for orphans.
    #[inline]
    pub(crate) fn level(&self) -> usize {
        self.level.get() as usize
    }

    /// A handle to a top object of a root at `level`: 1 for its fields or payload, 0 for an
    /// update's events, whose payloads are roots of their own (level 1).
    ///
    /// # Safety
    /// `ctx` and `target` must live as long as the handle, at fixed addresses: both are parts of
    /// the boxed root that owns the handle.
    pub(crate) unsafe fn top(ctx: NonNull<RootCtx>, target: NonNull<Object>, level: u32) -> Self {
        SchemaObject::new(ctx, target, None, level)
    }

    /// The root's shared state.
    #[inline]
    pub(crate) fn ctx(&self) -> &RootCtx {
        // SAFETY: the root owns its context and its handles and frees them together, so the
        // context outlives every use of a handle that C may legally make.
        unsafe { self.ctx.get().as_ref() }
    }

    /// The object, to read.
    #[inline]
    pub(crate) fn object(&self) -> &Object {
        // SAFETY: the target is alive and at a fixed address (module docs); every FFI call
        // makes at most one reference into a root's tree at a time and drops it before
        // returning, so no `&mut` to it is live.
        unsafe { self.target.get().as_ref() }
    }

    /// The object, to edit.
    #[allow(clippy::mut_from_ref)]
    #[inline]
    pub(crate) fn object_mut(&self) -> &mut Object {
        self.ctx().touch();
        // SAFETY: as in `object`: the target is alive, and no other reference into the tree
        // lives while an FFI call holds this one (calls on one root are not concurrent: the
        // header's objects are not thread-safe, and neither were the SDK's).
        unsafe { &mut *self.target.get().as_ptr() }
    }

    /// The handles given out for objects inside this one, the most recent first.
    fn children(&self) -> impl Iterator<Item = &SchemaObject> {
        std::iter::successors(self.first_child.get(), |child| {
            // SAFETY: children are handles of this root (stored by `store`), alive with it.
            unsafe { child.as_ref() }.next_sibling.get()
        })
        // SAFETY: as above.
        .map(|child| unsafe { &*child.as_ptr() })
    }

    /// The handle of `target`, an object inside this one at `place()` (its field id and its
    /// index among the field's objects): the one given out before if there is one, else a new
    /// one.
    pub(crate) fn child(
        &self,
        target: NonNull<Object>,
        place: impl FnOnce() -> (u32, u32),
    ) -> *mut SchemaObject {
        if let Some(child) = self.children().find(|child| child.target.get() == target) {
            return (child as *const SchemaObject).cast_mut();
        }
        let child = SchemaObject::new(self.ctx.get(), target, Some(place()), self.level.get() + 1);
        child.next_sibling.set(self.first_child.get());
        let child = self.ctx().store(child);
        self.first_child.set(Some(child));
        child.as_ptr()
    }

    /// Before the fields `ids` (every field when `None`) of this object are cleared or
    /// replaced: every handle into them gets a copy of its object, kept by the root, so that
    /// it stays valid though no longer reachable (module docs).
    pub(crate) fn detach_children(&self, ids: Option<&[u32]>) {
        let ctx = self.ctx();
        // The link that points at the next child: this handle's first, then a kept child's
        // next sibling.
        let mut link = &self.first_child;
        while let Some(child) = link.get() {
            // SAFETY: children are handles of this root, alive with it.
            let child = unsafe { &*child.as_ptr() };
            let detach = match child.place.get() {
                Some((id, _)) => ids.map_or(true, |ids| ids.contains(&id)),
                None => false,
            };
            if !detach {
                link = &child.next_sibling;
                continue;
            }
            link.set(child.next_sibling.get());
            child.next_sibling.set(None);
            let copy = ctx.keep(child.object().clone());
            child.target.set(copy);
            child.place.set(None);
            child.level.set(1);
            child.rebind_children();
        }
    }

    /// After this handle's object was replaced by a copy: points the handles inside it (at any
    /// depth) at the same places in the copy, and gives them their levels below it. A work list,
    /// not recursion: handles may go as deep as objects do.
    fn rebind_children(&self) {
        let mut work: Vec<&SchemaObject> = vec![self];
        while let Some(parent) = work.pop() {
            for child in parent.children() {
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
                child.level.set(parent.level.get() + 1);
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
    fn clearing_a_field_detaches_only_its_handles() {
        // SAFETY: pointers from the library, used while their root lives.
        unsafe {
            let data = Schema_CreateGenericData();
            let root = Schema_GetGenericDataObject(data);
            let (a, b0, b1, c) = (
                Schema_AddObject(root, 1),
                Schema_AddObject(root, 2),
                Schema_AddObject(root, 2),
                Schema_AddObject(root, 3),
            );
            Schema_AddInt32(b0, 1, 5);
            let inner = Schema_AddObject(b1, 4);
            Schema_AddInt32(inner, 1, 6);
            // Field 2 sits in the middle of the root's list of handles.
            Schema_ClearField(root, 2);
            assert_eq!(Schema_GetObject(root, 1), a);
            assert_eq!(Schema_GetObject(root, 3), c);
            assert_eq!(Schema_GetObjectCount(root, 2), 0);
            // The detached handles keep their objects, and their own children.
            assert_eq!(Schema_GetInt32(b0, 1), 5);
            assert_eq!(Schema_GetObject(b1, 4), inner);
            assert_eq!(Schema_GetInt32(inner, 1), 6);
            assert_ne!(Schema_GetObject(root, 2), b0);
            Schema_Clear(root);
            assert_eq!(Schema_GetObjectCount(root, 1), 0);
            assert_ne!(Schema_GetObject(root, 1), a);
            Schema_AddInt32(a, 1, 7);
            assert_eq!(Schema_GetInt32(a, 1), 7);
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
