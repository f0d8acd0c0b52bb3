//! `include/c_schema.h`, checked: one constant per declared function, of the declared type,
//! initialised with this library's function (written by `build.rs` from the header). A name,
//! parameter or return type that differs from the header's does not compile.
#![allow(non_camel_case_types)]

use crate::*;

include!(concat!(env!("OUT_DIR"), "/header_check.rs"));
