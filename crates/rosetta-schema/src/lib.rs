//! The SpatialOS schema language: lexer, parser, resolver and diagnostics, compiling `.schema`
//! files into the schema bundle ([`rosetta_bundle::SchemaBundle`]) and the AST JSON, exactly as the
//! real schema compiler wrote them, and exporting the bundle as `.proto` files ([`proto_files`])
//! that let any protobuf tool decode schema data.
//!
//! ```no_run
//! use rosetta_schema::{compile, CompileOptions};
//! let options = CompileOptions {
//!     schema_paths: vec!["schema".into()],
//!     load_all: true,
//!     ..Default::default()
//! };
//! match compile(&options) {
//!     Ok(compiled) => println!("{} files", compiled.bundle().schema_files.len()),
//!     Err(diagnostics) => eprintln!("{}", diagnostics.render(false)),
//! }
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod ast_json;
mod compat;
mod compile;
mod diagnostic;
mod lex;
mod load;
mod parse;
mod proto_export;
mod resolve;
mod schema;
mod source;

pub use compile::{compile, compile_sources, CompileOptions, Compiled, SourceFile};
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use proto_export::{proto_files, proto_path, ENTITY_PROTO_PATH};
pub use rosetta_bundle as bundle;
pub use schema::{primitive, ComponentSet, Schema, SchemaError};
