//! The snapshot → world loader: one entity at a time, straight into its final table.

use std::io::{BufRead, BufReader, Read};

use rosetta_json::spatialos::SnapshotCodec;
use rosetta_schema::Schema;
use rosetta_types::{ComponentId, Kind, Str, TypeId, Value};
use rosetta_wire::snapshot::{Compression, JsonSnapshotReader, SnapshotEntity, SnapshotReader};

use super::format::{sniff, WorldFormat};
use super::names::{entity_name, ENTITY_ID_COMPONENT, SNAPSHOT_SCOPE};
use super::schema::{register_schema, SchemaComponents};
use crate::builtin::{CHILD_OF, DOC_DESCRIPTION};
use crate::entity::DocKind;
use crate::error::{Error, LoadError, Result};
use crate::hash::HashMap;
use crate::id::Id;
use crate::store::Cell;
use crate::world::World;

/// How often (in entities) the progress callback is called.
const PROGRESS_EVERY: u64 = 1024;

/// Which kind of snapshot was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SnapshotFormat {
    /// A binary snapshot, gzip-compressed or a raw record stream.
    Binary(Compression),
    /// A JSON snapshot.
    Json,
}

/// How far a load has come, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of the input consumed (compressed bytes for a gzip snapshot).
    pub bytes: u64,
    /// Entities loaded.
    pub entities: u64,
}

/// A world loaded from a snapshot, with what it was made of.
#[derive(Debug, Clone)]
pub struct SnapshotWorld {
    /// The world.
    pub world: World,
    /// The scope entity `snapshot` holding the snapshot's entities.
    pub scope: Id,
    /// The component `spatialos.EntityId`.
    pub entity_id_component: Id,
    /// The schema's components and types in the world.
    pub schema: SchemaComponents,
    /// The snapshot's format.
    pub format: SnapshotFormat,
    /// How many snapshot entities were loaded.
    pub entities: u64,
    /// The OS byte of a gzip snapshot's header, which a re-written snapshot keeps.
    pub gzip_os: Option<u8>,
}

impl SnapshotWorld {
    /// The world entity of SpatialOS entity `id` (`snapshot.entity_<id>`).
    pub fn entity(&self, id: i64) -> Option<Id> {
        self.world.lookup_child(self.scope, &entity_name(id))
    }
}

/// Loads a snapshot into a new world with the schema's components: see the
/// [module docs](crate::load).
///
/// ```
/// # use rosetta_schema::{compile_sources, Schema, SourceFile};
/// # let compiled = compile_sources(vec![SourceFile { canonical_path: "g.schema".into(),
/// #     text: "package g; component C { id = 5; uint32 n = 1; }".into() }]).unwrap();
/// # let schema = Schema::from_bundle(compiled.bundle()).unwrap();
/// use rosetta_world::load::SnapshotLoader;
/// let json = r#"{"__entity_id": "3", "g.C": {"n": "x"}}"#;
/// let err = SnapshotLoader::new(&schema, "bad.json").load(json.as_bytes()).unwrap_err();
/// let text = err.to_string();
/// assert!(text.starts_with("bad.json: entity 3 (entity record 0)"), "{text}");
/// assert!(text.contains("/g.C/n"), "{text}");
/// ```
pub struct SnapshotLoader<'a> {
    schema: &'a Schema,
    file: String,
    progress: Option<Box<dyn FnMut(Progress) + 'a>>,
    version: crate::version::FlecsVersion,
}

impl std::fmt::Debug for SnapshotLoader<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SnapshotLoader")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<'a> SnapshotLoader<'a> {
    /// A loader with this schema; `file` names the input in errors.
    pub fn new(schema: &'a Schema, file: impl Into<String>) -> Self {
        SnapshotLoader {
            schema,
            file: file.into(),
            progress: None,
            version: crate::version::FlecsVersion::V3,
        }
    }

    /// Loads into a world that follows Flecs `version` (v3.2.12 unless set).
    pub fn version(mut self, version: crate::version::FlecsVersion) -> Self {
        self.version = version;
        self
    }

    /// Calls `f` every 1024 entities and at the end.
    pub fn on_progress(mut self, f: impl FnMut(Progress) + 'a) -> Self {
        self.progress = Some(Box::new(f));
        self
    }

    /// Reads the snapshot from `input` (binary, gzip or JSON, told by its first bytes).
    pub fn load<R: Read>(self, input: R) -> Result<SnapshotWorld> {
        self.load_with(input, SnapshotReader::new)
    }

    /// [`load`](SnapshotLoader::load), with a gzip snapshot inflated on a thread of its own
    /// while this one builds the world ([`SnapshotReader::pipelined`]).
    pub fn load_pipelined<R: Read + Send + 'static>(self, input: R) -> Result<SnapshotWorld> {
        self.load_with(input, SnapshotReader::pipelined)
    }

    fn load_with<R: Read>(
        mut self,
        input: R,
        binary: impl FnOnce(BufReader<R>) -> rosetta_wire::Result<SnapshotReader<BufReader<R>>>,
    ) -> Result<SnapshotWorld> {
        let mut input = BufReader::with_capacity(64 * 1024, input);
        let head = input
            .fill_buf()
            .map_err(|e| self.error(format!("cannot read: {e}")))?;
        let format = sniff(head);
        let mut world = World::with_version(self.version);
        let schema = register_schema(&mut world, self.schema.registry())
            .map_err(|e| self.error(format!("the schema cannot be used: {e}")))?;
        let mut sink = Sink::new(world, schema, self.schema).map_err(|e| self.error(e))?;
        let (format, gzip_os) = match format {
            WorldFormat::JsonSnapshot => {
                let codec = SnapshotCodec::for_schema(self.schema);
                let mut reader = JsonSnapshotReader::new(input, self.schema, codec);
                loop {
                    let index = reader.entities_read();
                    match reader.read_entity() {
                        Ok(Some(entity)) => sink.entity(index, entity).map_err(|e| self.at(e))?,
                        Ok(None) => break,
                        Err(e) => return Err(self.wire_error(&e, true, false)),
                    }
                    self.report(reader.byte_offset() as u64, index + 1, false);
                }
                self.report(reader.byte_offset() as u64, reader.entities_read(), true);
                (SnapshotFormat::Json, None)
            }
            WorldFormat::Script | WorldFormat::BinarySnapshot => {
                let mut reader = binary(input).map_err(|e| self.wire_error(&e, false, false))?;
                let gzip = reader.compression() == Compression::Gzip;
                loop {
                    let index = reader.entities_read();
                    match reader.read_entity() {
                        Ok(Some(entity)) => sink.entity(index, entity).map_err(|e| self.at(e))?,
                        Ok(None) => break,
                        Err(e) => return Err(self.wire_error(&e, false, gzip)),
                    }
                    self.report(reader.input_offset(), index + 1, false);
                }
                self.report(reader.input_offset(), reader.entities_read(), true);
                (
                    SnapshotFormat::Binary(reader.compression()),
                    reader.gzip_os(),
                )
            }
        };
        Ok(SnapshotWorld {
            world: sink.world,
            scope: sink.scope,
            entity_id_component: sink.id_component,
            schema: sink.schema,
            format,
            entities: sink.loaded,
            gzip_os,
        })
    }

    fn report(&mut self, bytes: u64, entities: u64, last: bool) {
        if let Some(f) = &mut self.progress {
            if last || entities % PROGRESS_EVERY == 0 {
                f(Progress { bytes, entities });
            }
        }
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::Load(Box::new(LoadError {
            file: self.file.clone(),
            record: None,
            entity: None,
            component: None,
            pointer: None,
            message: message.into(),
        }))
    }

    /// An error of the sink, which knows everything but the file.
    fn at(&self, mut e: Error) -> Error {
        if let Error::Load(load) = &mut e {
            load.file.clone_from(&self.file);
        }
        e
    }

    fn wire_error(&self, e: &rosetta_wire::Error, json: bool, gzip: bool) -> Error {
        let pointer = e.path().map(str::to_owned);
        // In a JSON snapshot the pointer's first token is the component's name.
        let component = pointer.as_deref().filter(|_| json).and_then(|p| {
            let token = p.strip_prefix('/')?.split('/').next()?;
            (token != "__entity_id" && !token.is_empty())
                .then(|| token.replace("~1", "/").replace("~0", "~"))
        });
        let mut message = e.to_string();
        if gzip && e.byte_offset().is_some() {
            message.push_str("; byte offsets count the decompressed stream");
        }
        Error::Load(Box::new(LoadError {
            file: self.file.clone(),
            record: e.entity_index(),
            entity: e.entity_id(),
            component,
            pointer,
            message,
        }))
    }
}

/// Puts entities into the world.
struct Sink<'s> {
    world: World,
    schema: SchemaComponents,
    registry: &'s rosetta_types::TypeRegistry,
    scope: Id,
    id_component: Id,
    /// `improbable.Metadata`'s component id and the index of `entity_type` in its value.
    metadata: Option<(ComponentId, usize)>,
    /// Component id → (world component, type, qualified name).
    components: HashMap<ComponentId, (Id, TypeId, Box<str>)>,
    loaded: u64,
    doc_name: Id,
    /// `(ChildOf, snapshot)`.
    child_of_scope: Id,
    /// Buffers kept from one entity to the next, so that an entity makes no allocation of its
    /// own beyond its values: its cells, its type, its name.
    cells: Vec<(Id, Value)>,
    ty: Vec<Id>,
    name: String,
}

impl<'s> Sink<'s> {
    fn new(
        mut world: World,
        schema: SchemaComponents,
        s: &'s Schema,
    ) -> std::result::Result<Self, String> {
        let registry = s.registry();
        if world
            .lookup_from(Id::NULL, ENTITY_ID_COMPONENT, false)
            .is_some()
        {
            return Err(format!(
                "the schema has a type at {ENTITY_ID_COMPONENT}, which the loader needs"
            ));
        }
        let id_component = world
            .component_of(ENTITY_ID_COMPONENT, TypeId::ENTITY_ID)
            .map_err(|e| e.to_string())?;
        let scope = world.entity(SNAPSHOT_SCOPE).map_err(|e| e.to_string())?;
        let mut components = HashMap::default();
        for ty in registry.components() {
            if let (Some(c), Some(name)) = (ty.component(), ty.qualified_name()) {
                if let Some(e) = schema.component(c.id()) {
                    components.insert(c.id(), (e, ty.id(), Box::from(name)));
                }
            }
        }
        let metadata = registry.get_by_name("improbable.Metadata").and_then(|ty| {
            let cid = ty.component()?.id();
            match ty.kind() {
                Kind::Struct(st) => Some((cid, st.index_of("entity_type")?)),
                _ => None,
            }
        });
        Ok(Sink {
            world,
            schema,
            registry,
            scope,
            id_component,
            metadata,
            components,
            loaded: 0,
            doc_name: Id::pair(DOC_DESCRIPTION, DocKind::Name.id()),
            child_of_scope: Id::pair(CHILD_OF, scope),
            cells: Vec::new(),
            ty: Vec::new(),
            name: String::new(),
        })
    }

    fn error(
        &self,
        index: u64,
        id: i64,
        component: Option<&str>,
        pointer: Option<String>,
        what: String,
    ) -> Error {
        let message = match component {
            Some(c) => format!("entity {id} (entity record {index}): component {c}: {what}"),
            None => format!("entity {id} (entity record {index}): {what}"),
        };
        Error::Load(Box::new(LoadError {
            file: String::new(),
            record: Some(index),
            entity: Some(id),
            component: component.map(str::to_owned),
            pointer,
            message,
        }))
    }

    /// Adds one snapshot entity (record `index`) to the world.
    fn entity(&mut self, index: u64, entity: SnapshotEntity) -> Result<()> {
        let id = entity.id;
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        let mut doc: Option<Value> = None;
        for (cid, data) in &entity.components {
            let Some((comp, ty, name)) = self.components.get(cid) else {
                return Err(self.error(
                    index,
                    id,
                    None,
                    None,
                    format!("component {cid} is not in the schema (is --schema_path complete?)"),
                ));
            };
            let value = rosetta_wire::typed::read(self.registry, *ty, data).map_err(|e| {
                let pointer = format!("/{}{}", name, e.path().unwrap_or(""));
                self.error(index, id, Some(name), Some(pointer), e.to_string())
            })?;
            if let Some((meta, field)) = self.metadata {
                if meta == *cid {
                    if let Value::Struct(fields) = &value {
                        doc = fields
                            .get(field)
                            .filter(|v| matches!(v, Value::String(s) if !s.is_empty()))
                            .cloned();
                    }
                }
            }
            // A component given twice: the last one counts, as SnapshotEntity::component says.
            match cells.iter_mut().find(|(c, _)| c == comp) {
                Some(cell) => cell.1 = value,
                None => cells.push((*comp, value)),
            }
        }
        // `entity_name(id)`, written into a kept buffer.
        self.name.clear();
        self.name.push_str("entity_");
        self.name.push_str(itoa::Buffer::new().format(id));
        let name = self.name.as_str();
        debug_assert_eq!(name, entity_name(id));
        if self.world.lookup_child(self.scope, name).is_some() {
            return Err(self.error(
                index,
                id,
                None,
                None,
                format!("the world already has {SNAPSHOT_SCOPE}.{name}"),
            ));
        }
        let name = Str::from(name);
        cells.push((self.id_component, Value::EntityId(id)));
        cells.push((World::NAME_PAIR, Value::String(name.clone())));
        if let Some(doc) = doc {
            cells.push((self.doc_name, doc));
        }
        self.ty.clear();
        self.ty.extend(cells.iter().map(|c| c.0));
        self.ty.push(self.child_of_scope);
        self.ty.sort_unstable();
        let e = self.world.new_entity();
        let dst = match self.world.find_table(&self.ty) {
            Some(t) => t,
            None => self.world.ensure_table(self.ty.clone()),
        };
        self.world.place(e, dst, |id| {
            match cells.iter_mut().find(|(c, _)| *c == id) {
                // Each id of the type is asked for once: the value is moved out.
                Some((_, v)) => Cell::Value(std::mem::replace(v, Value::Bool(false))),
                None => Cell::Empty,
            }
        });
        self.world.names.insert(self.scope.index(), name, e);
        self.cells = cells;
        self.loaded += 1;
        Ok(())
    }
}
