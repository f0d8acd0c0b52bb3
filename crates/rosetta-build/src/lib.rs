//! Rust types from SpatialOS schemas, as prost-build makes them from protobuf: a struct for
//! every type and component, an enum for every enum (keeping values it does not name), and for
//! each component an update type and its command requests and responses. They encode and decode
//! the SpatialOS wire format directly, through the runtime contract of
//! [`rosetta_wire::schema_type`](https://docs.rs/rosetta-wire), with no dynamic `Object` in
//! between, and they derive serde, so the same structs speak O3DE JSON and Godot bytes through
//! Rosetta's serde formats.
//!
//! In `build.rs`:
//!
//! ```no_run
//! fn main() -> Result<(), rosetta_build::Error> {
//!     rosetta_build::Config::new()
//!         .schema_path("schema")
//!         .compile(&["game.schema"])?;
//!     Ok(())
//! }
//! ```
//!
//! and in the crate (which depends on `rosetta-wire`):
//!
//! ```ignore
//! include!(concat!(env!("OUT_DIR"), "/mod.rs"));
//! // or: #[path = concat!(env!("OUT_DIR"), "/mod.rs")] mod schema;
//! use game::Health;
//! ```
//!
//! One `.rs` is written per package, named as prost-build names them (`game.rs`,
//! `improbable.restricted.rs`), and a `mod.rs` that declares them all as nested modules.
//!
//! | schema | Rust |
//! | --- | --- |
//! | `int32`, `sint32`, `sfixed32` / `int64`, ... | `i32` / `i64`; `uint32`, `fixed32`: `u32`; ... |
//! | `bool`, `float`, `double`, `string` | `bool`, `f32`, `f64`, `String` |
//! | `bytes` | `Vec<u8>` (serde: a byte string); `Bytes` with [`BytesType::Bytes`] |
//! | `EntityId`, `Entity` | `rosetta_wire::schema_type::{EntityId, Entity}` |
//! | `option<T>` | `Option<T>`; `Option<Box<T>>` when `T` holds the type again |
//! | `list<T>` | `Vec<T>` |
//! | `map<K, V>` | `BTreeMap<K, V>` ([`MapType`]); `Vec<(K, V)>` when `K` has no order (floats, types, `Entity`) |
//! | `type Outer { type Inner {} }` | `Outer`, `OuterInner` |
//! | `component Health` | `Health`, `HealthUpdate`, `HealthEvents`, `HealthRequest`, `HealthResponse` |
//! | fields the schema does not have | skipped, as prost does; kept in `unknown_fields` and written back with [`Config::keep_unknown_fields`] |
//!
//! Names follow Rust's conventions (`UpperCamelCase` types and variants, `snake_case` fields and
//! modules), keywords become raw identifiers (`r#type`), and a name taken already in its module
//! gets a `_` suffix; serde keeps the schema's names.
#![deny(unsafe_code)]
#![warn(missing_docs)]

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use rosetta_schema::{compile, CompileOptions, Compiled};

mod docs;
mod emit;
mod error;
mod files;
mod model;
mod names;

pub use error::Error;

/// The Rust type of `map<K, V>` fields (keys with no order always take `Vec<(K, V)>`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MapType {
    /// `std::collections::BTreeMap`: entries written in key order, so output is reproducible.
    #[default]
    BTreeMap,
    /// `std::collections::HashMap`: entries written in the map's order, which varies.
    HashMap,
}

/// The Rust type of `bytes` fields.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BytesType {
    /// `Vec<u8>`.
    #[default]
    Vec,
    /// `bytes::Bytes` (as `rosetta_wire::schema_type::Bytes`): cheap to clone and share.
    /// Decoded with `SchemaType::decode_shared` (as `RawEntity::get` decodes a snapshot's
    /// component), the values are slices of the input buffer, not copies.
    Bytes,
}

/// One generated file: its name in the output directory and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// `game.rs`, `improbable.restricted.rs`, `mod.rs`.
    pub name: String,
    /// The Rust source, formatted.
    pub content: String,
}

/// A component and where its generated struct is, from [`Config::component_paths`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentPath {
    /// `game.Player`.
    pub qualified_name: String,
    /// The component id.
    pub id: u32,
    /// `game::Player`: the path from the module that includes `mod.rs`.
    pub rust_path: String,
}

/// What to generate and where: the builder a build script calls.
#[derive(Debug, Clone)]
pub struct Config {
    schema_paths: Vec<PathBuf>,
    load_all: bool,
    out_dir: Option<PathBuf>,
    maps: MapType,
    bytes: BytesType,
    serde: bool,
    unknown_fields: bool,
    type_attributes: Vec<(String, String)>,
    field_attributes: Vec<(String, String)>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            schema_paths: Vec::new(),
            load_all: false,
            out_dir: None,
            maps: MapType::default(),
            bytes: BytesType::default(),
            serde: true,
            unknown_fields: false,
            type_attributes: Vec::new(),
            field_attributes: Vec::new(),
        }
    }
}

impl Config {
    /// The defaults: no schema path, `BTreeMap` maps, serde derives, output to `OUT_DIR`.
    pub fn new() -> Self {
        Config::default()
    }

    /// Adds a schema root (`--schema_path`): imports and the files to compile are found under
    /// it, in the order the roots were added.
    pub fn schema_path(&mut self, path: impl AsRef<Path>) -> &mut Self {
        self.schema_paths.push(path.as_ref().to_owned());
        self
    }

    /// Compiles every `.schema` file under every root (`--load_all_schema_on_schema_path`).
    pub fn load_all_schema_on_schema_path(&mut self, load_all: bool) -> &mut Self {
        self.load_all = load_all;
        self
    }

    /// Where the files go (by default `OUT_DIR`, which Cargo sets for build scripts).
    pub fn out_dir(&mut self, path: impl AsRef<Path>) -> &mut Self {
        self.out_dir = Some(path.as_ref().to_owned());
        self
    }

    /// The Rust type of map fields.
    pub fn map_type(&mut self, maps: MapType) -> &mut Self {
        self.maps = maps;
        self
    }

    /// The Rust type of bytes fields.
    pub fn bytes_type(&mut self, bytes: BytesType) -> &mut Self {
        self.bytes = bytes;
        self
    }

    /// Whether generated types implement serde's `Serialize` and `Deserialize` (on by default).
    /// They do so through `rosetta-wire`'s own serde, so the crate needs no serde dependency
    /// of its own for them.
    pub fn serde(&mut self, serde: bool) -> &mut Self {
        self.serde = serde;
        self
    }

    /// Whether types and components keep the fields their schema does not have (off by
    /// default, as prost-build). On, the fields of a newer schema's data are kept in a member
    /// `unknown_fields` (`rosetta_wire::schema_type::UnknownFields`) and written back after the
    /// known ones, so a program that reads, changes and writes data it did not make loses
    /// nothing; a struct literal then ends with `..Default::default()`. Off, they are skipped,
    /// as prost skips them, and a struct is exactly its schema's fields. serde leaves them out
    /// either way.
    pub fn keep_unknown_fields(&mut self, keep: bool) -> &mut Self {
        self.unknown_fields = keep;
        self
    }

    /// Whether the types will keep the fields their schema does not have
    /// ([`keep_unknown_fields`](Config::keep_unknown_fields)).
    pub fn keeps_unknown_fields(&self) -> bool {
        self.unknown_fields
    }

    /// Adds an attribute to the types `path` names, as prost-build takes paths: `.` for every
    /// type, a package (`game`), or a qualified name (`game.Health`).
    ///
    /// ```
    /// let mut config = rosetta_build::Config::new();
    /// config.type_attribute("game.Color", "#[derive(serde_repr::Serialize_repr)]");
    /// ```
    pub fn type_attribute(&mut self, path: &str, attribute: &str) -> &mut Self {
        self.type_attributes
            .push((path.to_owned(), attribute.to_owned()));
        self
    }

    /// Adds an attribute to the fields `path` names (`game.Health.hp`, or a type or package
    /// for all of its fields).
    pub fn field_attribute(&mut self, path: &str, attribute: &str) -> &mut Self {
        self.field_attributes
            .push((path.to_owned(), attribute.to_owned()));
        self
    }

    /// Compiles `files` (found as the schema compiler finds them: against the current
    /// directory, then each schema root) with everything they import, and writes the code to
    /// the output directory. In a build script it also tells Cargo to run it again when a
    /// schema changes. Returns the paths written.
    pub fn compile<P: AsRef<Path>>(&self, files: &[P]) -> Result<Vec<PathBuf>, Error> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::NoOutDir)?,
        };
        let compiled = self.compile_schema(files)?;
        if std::env::var_os("CARGO").is_some() && std::env::var_os("OUT_DIR").is_some() {
            self.rerun_if_changed(&compiled);
        }
        let generated = self.generate(&compiled)?;
        write_files(&out_dir, &generated)
    }

    /// [`Config::compile`] of every `.schema` file under every schema root.
    pub fn compile_all(&self) -> Result<Vec<PathBuf>, Error> {
        let mut config = self.clone();
        config.load_all = true;
        config.compile::<&Path>(&[])
    }

    /// Compiles `files` as [`Config::compile`] does, without generating anything.
    pub fn compile_schema<P: AsRef<Path>>(&self, files: &[P]) -> Result<Compiled, Error> {
        let options = CompileOptions {
            schema_paths: self.schema_paths.clone(),
            load_all: self.load_all,
            files: files.iter().map(|f| f.as_ref().to_owned()).collect(),
        };
        compile(&options).map_err(Error::Schema)
    }

    /// The code for a compiled schema, in memory: one file per package, then `mod.rs`.
    pub fn generate(&self, compiled: &Compiled) -> Result<Vec<GeneratedFile>, Error> {
        let bundle = compiled.bundle();
        let mut comments = docs::Comments::default();
        for file in &bundle.schema_files {
            if let Some(text) = compiled.source_text(&file.canonical_path) {
                comments.add(&file.canonical_path, text);
            }
        }
        let style = emit::Style {
            maps: self.maps,
            bytes: self.bytes,
            serde: self.serde,
            unknown_fields: self.unknown_fields,
            type_attributes: parse_attributes(&self.type_attributes)?,
            field_attributes: parse_attributes(&self.field_attributes)?,
        };
        let model = model::Model::new(bundle);
        let mut out = Vec::with_capacity(model.packages.len() + 1);
        for (index, package) in model.packages.iter().enumerate() {
            let tokens = emit::package(&model, index, &comments, &style);
            out.push(GeneratedFile {
                name: files::file_name(&package.name),
                content: files::render(&package.name, tokens)?,
            });
        }
        out.push(files::mod_rs(&model)?);
        Ok(out)
    }

    /// Every component of a compiled schema with the path of its generated struct from the
    /// root of the generated tree (`game::Player`, `improbable::restricted::Worker`): what a
    /// build script needs to write a dispatch table by component id.
    pub fn component_paths(&self, compiled: &Compiled) -> Vec<ComponentPath> {
        let model = model::Model::new(compiled.bundle());
        let mut out = Vec::new();
        for package in &model.packages {
            for item in &package.items {
                if let model::Decl::Component(c) = item.decl {
                    let modules = package.modules.iter().map(|m| m.ident().to_string());
                    let path: Vec<String> =
                        modules.chain([item.name.ident().to_string()]).collect();
                    out.push(ComponentPath {
                        qualified_name: c.qualified_name.clone(),
                        id: c.component_id,
                        rust_path: path.join("::"),
                    });
                }
            }
        }
        out
    }

    fn rerun_if_changed(&self, compiled: &Compiled) {
        for root in &self.schema_paths {
            println!("cargo:rerun-if-changed={}", root.display());
            for file in &compiled.bundle().schema_files {
                let path = root.join(&file.canonical_path);
                if path.is_file() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            }
        }
    }
}

fn parse_attributes(attributes: &[(String, String)]) -> Result<Vec<(String, TokenStream)>, Error> {
    attributes
        .iter()
        .map(|(path, text)| {
            let invalid = |message: String| Error::Attribute {
                path: path.clone(),
                attribute: text.clone(),
                message,
            };
            let tokens: TokenStream = text
                .parse()
                .map_err(|e: proc_macro2::LexError| invalid(e.to_string()))?;
            // Checked to be attributes, so that a mistake is reported here and not as a syntax
            // error in generated code.
            syn::parse::Parser::parse2(syn::Attribute::parse_outer, tokens.clone())
                .map_err(|e| invalid(e.to_string()))?;
            Ok((path.clone(), tokens))
        })
        .collect()
}

/// Writes the files into `dir` (created if need be); a file whose content is unchanged is not
/// touched, so that Cargo does not rebuild for nothing.
pub fn write_files(dir: &Path, files: &[GeneratedFile]) -> Result<Vec<PathBuf>, Error> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| Error::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = Vec::with_capacity(files.len());
    for file in files {
        let path = dir.join(&file.name);
        let same = std::fs::read(&path).is_ok_and(|old| old == file.content.as_bytes());
        if !same {
            std::fs::write(&path, &file.content).map_err(io(&path))?;
        }
        written.push(path);
    }
    Ok(written)
}
