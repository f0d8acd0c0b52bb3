//! The functions on `Schema_Object`: the scalar families, bytes and objects, and the object
//! utilities (clear, copy, allocate, merge from and serialize to buffers, errors, field ids).

mod bytes;
mod scalar;
mod utils;

pub use bytes::*;
pub use scalar::*;
pub use utils::*;
