//! The dynamic path: the schema loaded at run time into a type registry, and bytes read to (and
//! written from) a [`Value`] through [`Object`] and [`rosetta_wire::typed`].

use std::error::Error;
use std::path::Path;

use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_types::{TypeId, TypeRegistry, Value};
use rosetta_wire::{typed, Object};

/// The compiled bench schema and the type ids of the benchmarked components.
#[derive(Debug)]
pub struct Dynamic {
    schema: Schema,
    /// `improbable.Position`.
    pub position: TypeId,
    /// `bench.Character`.
    pub character: TypeId,
    /// `bench.Path`.
    pub path: TypeId,
}

impl Dynamic {
    /// Compiles the schema the build script generated code from (the standard library and
    /// `schema/bench/bench.schema`, found from this crate's manifest directory).
    pub fn load() -> Result<Dynamic, Box<dyn Error + Send + Sync>> {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let compiled = compile(&CompileOptions {
            schema_paths: vec![manifest.join("../../schema"), manifest.join("schema")],
            load_all: false,
            files: vec!["bench/bench.schema".into()],
        })?;
        let schema = Schema::from_bundle(compiled.bundle())?;
        let lookup = |name: &str| {
            schema
                .registry()
                .lookup(name)
                .ok_or_else(|| format!("the schema has no `{name}`"))
        };
        Ok(Dynamic {
            position: lookup("improbable.Position")?,
            character: lookup("bench.Character")?,
            path: lookup("bench.Path")?,
            schema,
        })
    }

    /// The type registry.
    pub fn registry(&self) -> &TypeRegistry {
        self.schema.registry()
    }

    /// Decodes wire bytes as a value of `ty`: [`Object::decode`], then [`typed::read`].
    pub fn decode(&self, ty: TypeId, bytes: &[u8]) -> rosetta_wire::Result<Value> {
        typed::read(self.registry(), ty, &Object::decode(bytes)?)
    }

    /// The object [`typed::write`] makes of a value of `ty`.
    pub fn to_object(&self, ty: TypeId, value: &Value) -> rosetta_wire::Result<Object> {
        typed::write(self.registry(), ty, value)
    }

    /// Encodes a value of `ty`: [`typed::write`], then [`Object::encode`].
    pub fn encode(&self, ty: TypeId, value: &Value) -> rosetta_wire::Result<Vec<u8>> {
        Ok(self.to_object(ty, value)?.encode())
    }
}
