//! The JSON text layer: text in, text out, with no knowledge of types or schemas. Both forms
//! build on it; it builds on nothing in this crate but the error type.
//!
//! - [`reader`]: a pull parser that hands out the next value of the kind asked for;
//! - [`writer`]: text written straight from values, compact or pretty, with rollback;
//! - [`number`]: number text as RapidJSON reads and writes it (Grisu), and as the C library
//!   reads and prints it (`strtoll`, `strtod`, `printf("%f")`);
//! - [`document`]: whole documents as O3DE reads its files (comments, a byte order mark);
//! - [`scan`]: the bytes a JSON string cannot hold as they are, found eight at a time;
//! - [`pointer`]: JSON Pointers (RFC 6901);
//! - [`uuid`]: `AZ::Uuid` as text.

pub(crate) mod document;
pub(crate) mod number;
pub(crate) mod pointer;
pub(crate) mod reader;
pub(crate) mod scan;
pub(crate) mod uuid;
pub(crate) mod writer;
