//! The `json-spatialos` codec of JSON snapshots: [`SnapshotCodec`] implements `rosetta-wire`'s
//! [`ComponentJson`], so [`JsonSnapshotReader`] and [`JsonSnapshotWriter`] read and write each
//! component's data in the SDK's JSON form.
//!
//! [`JsonSnapshotReader`]: rosetta_wire::snapshot::JsonSnapshotReader
//! [`JsonSnapshotWriter`]: rosetta_wire::snapshot::JsonSnapshotWriter

use std::cell::Cell;

use rosetta_types::{TypeId, TypeRegistry};
use rosetta_wire::snapshot::{ComponentJson, JsonScanner, JsonText};
use rosetta_wire::Object;
use serde_json::Value;

use super::object::{dump_object_with, load_object};
use super::options::{DumpOptions, MemberOrder};
use super::scan::ScanLoader;
use super::ser::Dumper;
use super::sink::TextSink;

thread_local! {
    /// Component ids and their types, as [`SnapshotCodec`] last found them (by id modulo 16).
    static KNOWN_TYPES: [Cell<Option<(u32, TypeId)>>; 16] = const { [const { Cell::new(None) }; 16] };
}

/// Component data of a JSON snapshot in the SDK's JSON form, through a schema registry.
///
/// By default members are written in alphabetical order, as in the SDK-written JSON snapshots
/// of the corpus (whose components are in alphabetical order too, which the snapshot writer
/// does); [`SnapshotCodec::with_options`] chooses otherwise.
///
/// ```no_run
/// use rosetta_json::spatialos::SnapshotCodec;
/// use rosetta_wire::snapshot::JsonSnapshotReader;
/// # fn f(schema: &rosetta_schema::Schema) -> rosetta_wire::Result<()> {
/// let file = std::fs::File::open("default.json").map_err(|e| rosetta_wire::Error::custom(e.to_string()))?;
/// for entity in JsonSnapshotReader::new(file, schema, SnapshotCodec::for_schema(schema)) {
///     println!("entity {}", entity?.id);
/// }
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SnapshotCodec<'r> {
    registry: &'r TypeRegistry,
    options: DumpOptions,
}

impl<'r> SnapshotCodec<'r> {
    /// The codec over a registry (a compiled schema's), members in alphabetical order.
    pub fn new(registry: &'r TypeRegistry) -> Self {
        SnapshotCodec {
            registry,
            options: DumpOptions {
                member_order: MemberOrder::Alphabetical,
                ..DumpOptions::default()
            },
        }
    }

    /// The codec over a compiled schema's registry.
    pub fn for_schema(schema: &'r rosetta_schema::Schema) -> Self {
        SnapshotCodec::new(schema.registry())
    }

    /// The codec with other dump options (`pretty` does not matter: the writer formats).
    pub fn with_options(mut self, options: DumpOptions) -> Self {
        self.options = options;
        self
    }

    fn component(&self, component_id: u32) -> rosetta_wire::Result<TypeId> {
        // A snapshot asks for the same few components again and again, and the registry's map
        // hashes each id. The guess is only taken when the registry says it is right (a type
        // of this registry that is this component), so a guess from another registry is
        // harmless.
        let slot = component_id as usize % 16;
        if let Some((id, ty)) = KNOWN_TYPES.with(|known| known[slot].get()) {
            let component = self.registry.get(ty).and_then(|t| t.component());
            if id == component_id && component.is_some_and(|c| c.id() == component_id) {
                return Ok(ty);
            }
        }
        self.registry
            .component(component_id)
            .map(|t| {
                KNOWN_TYPES.with(|known| known[slot].set(Some((component_id, t.id()))));
                t.id()
            })
            .ok_or_else(|| {
                rosetta_wire::Error::custom(format!(
                    "component {component_id} is not in the schema"
                ))
            })
    }
}

impl ComponentJson for SnapshotCodec<'_> {
    fn to_json(&self, component_id: u32, data: &Object) -> rosetta_wire::Result<Value> {
        let ty = self.component(component_id)?;
        dump_object_with(self.registry, ty, data, &self.options)
            .map_err(crate::error::Error::into_wire)
    }

    fn from_json(&self, component_id: u32, value: &Value) -> rosetta_wire::Result<Object> {
        let ty = self.component(component_id)?;
        load_object(self.registry, ty, value).map_err(crate::error::Error::into_wire)
    }

    /// Straight from the text, without a `Value` (the `ScanLoader` walker); it refuses what it
    /// does not read as [`from_json`](ComponentJson::from_json) would, and the reader then goes
    /// that way.
    fn read_json(
        &self,
        component_id: u32,
        scanner: &mut JsonScanner<'_>,
    ) -> rosetta_wire::Result<Object> {
        let ty = self.component(component_id)?;
        ScanLoader::new(self.registry, scanner).object(ty)
    }

    /// Straight to the text: the dump that [`to_json`](ComponentJson::to_json) sends to a
    /// `Value` goes to a `TextSink` that prints as serde_json prints that `Value`, pretty
    /// (whatever `options.pretty` says: the snapshot writer formats), at the entity's indent.
    fn write_json(
        &self,
        component_id: u32,
        data: &Object,
        out: &mut JsonText,
    ) -> rosetta_wire::Result<()> {
        let ty = self.component(component_id)?;
        let mut sink = TextSink::continuing(std::mem::take(out.text_mut()), out.indent());
        let dumped = Dumper::new(self.registry, &mut sink, self.options).object(ty, data);
        *out.text_mut() = sink.finish();
        dumped.map_err(crate::error::Error::into_wire)
    }
}
