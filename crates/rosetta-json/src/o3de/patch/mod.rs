//! JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386), applied and created with the outcomes
//! of O3DE's `JsonSerialization::ApplyPatch` / `CreatePatch` (`JsonMerger`).
//!
//! Every failure is reported to the [`Reporter`](crate::o3de::Reporter) with a message and a
//! JSON Pointer: the entry of the patch (`/1`, `/1/op`, `/1/from`) for a malformed or failed
//! JSON Patch operation, the target path for a success. What the reporter returns replaces the code; a halted code stops.

mod apply;
mod create;
mod run;

pub use apply::{apply_patch, apply_patch_copy};
pub use create::create_patch;
pub use run::PatchStyle;
