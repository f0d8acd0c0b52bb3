//! JSON snapshots: concatenated JSON objects, one per entity,
//! `{"__entity_id": "1", "<qualified component name>": {…}, …}`.
//!
//! This module does the framing (the stream of objects, the entity id, component names to and
//! from component ids through a compiled [`Schema`]); a [`ComponentJson`] codec turns each
//! component's data into JSON and back.

use std::io::{BufReader, Read, Write};

use rosetta_schema::Schema;
use serde_json::de::IoRead;
use serde_json::{Map, StreamDeserializer, Value};

use super::entity::SnapshotEntity;
use super::ids::{BadId, EntityIds, VALID_IDS};
use crate::error::{Error, ErrorKind, Result};
use crate::json_input::{is_duplicate_member, is_too_deep, SkipBom, UniqueValue};
use crate::object::Object;

/// The key of the entity id in a JSON snapshot entity.
pub const ENTITY_ID_KEY: &str = "__entity_id";

/// Turns one component's data into JSON and back: what a JSON snapshot needs besides its
/// framing. The schema-aware SpatialOS JSON codec implements it; so can a test.
pub trait ComponentJson {
    /// The JSON of a component's data (`{"coords": {"x": 0.0, …}}` for Position).
    fn to_json(&self, component_id: u32, data: &Object) -> Result<Value>;
    /// A component's data from its JSON.
    // Named as the codec's own functions are; `self` is the codec, not the JSON.
    #[allow(clippy::wrong_self_convention)]
    fn from_json(&self, component_id: u32, value: &Value) -> Result<Object>;
}

impl<T: ComponentJson + ?Sized> ComponentJson for &T {
    fn to_json(&self, component_id: u32, data: &Object) -> Result<Value> {
        (**self).to_json(component_id, data)
    }

    fn from_json(&self, component_id: u32, value: &Value) -> Result<Object> {
        (**self).from_json(component_id, value)
    }
}

/// Escapes a JSON Pointer token (`~` and `/`).
fn pointer_token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

fn snapshot_error(message: String) -> Error {
    Error::from_kind(ErrorKind::Snapshot(message))
}

/// The entities of a JSON snapshot as JSON: each entity's id and its members (the components by
/// name, `__entity_id` among them), one JSON object at a time, with no schema. What
/// [`JsonSnapshotReader`] reads the components from, and enough to count them.
///
/// A byte order mark before the first object is skipped. An object with two members of one
/// name is an error (`a second member `NAME` (at /POINTER) at line L column C`), and so is an
/// entity id that is not a positive 64-bit integer or that an earlier entity has (naming that
/// entity's record). Errors give the entity's index and are yielded once.
pub struct JsonEntities<R: Read> {
    stream: StreamDeserializer<'static, IoRead<BufReader<SkipBom<R>>>, UniqueValue>,
    entities: u64,
    ids: EntityIds,
    done: bool,
}

impl<R: Read> JsonEntities<R> {
    /// The entities of `input`.
    pub fn new(input: R) -> Self {
        let reader = BufReader::new(SkipBom::new(input));
        JsonEntities {
            stream: crate::json_input::stream(reader),
            entities: 0,
            ids: EntityIds::default(),
            done: false,
        }
    }

    /// How many entities have been read.
    pub fn entities_read(&self) -> u64 {
        self.entities
    }

    /// How many bytes of the input the entities read so far took (a byte order mark not
    /// counted).
    pub fn byte_offset(&self) -> usize {
        self.stream.byte_offset()
    }

    /// The next entity's id and members, `None` at the end of the input.
    pub fn read_entity(&mut self) -> Result<Option<(i64, Map<String, Value>)>> {
        if self.done {
            return Ok(None);
        }
        let result = self.step();
        if !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn step(&mut self) -> Result<Option<(i64, Map<String, Value>)>> {
        let index = self.entities;
        let value = match self.stream.next() {
            None => return Ok(None),
            Some(Ok(UniqueValue(value))) => value,
            Some(Err(e)) if is_duplicate_member(&e) || is_too_deep(&e) => {
                return Err(snapshot_error(e.to_string()).in_entity(index, None));
            }
            Some(Err(e)) => {
                return Err(snapshot_error(format!("bad JSON: {e}")).in_entity(index, None));
            }
        };
        let Value::Object(members) = value else {
            return Err(
                snapshot_error("an entity should be a JSON object".into()).in_entity(index, None)
            );
        };
        let id = entity_id(&members).map_err(|e| e.in_entity(index, None))?;
        self.ids.insert(id, index).map_err(|bad| {
            Error::at_path(bad.message(id), format!("/{ENTITY_ID_KEY}")).in_entity(index, Some(id))
        })?;
        self.entities += 1;
        Ok(Some((id, members)))
    }
}

impl<R: Read> Iterator for JsonEntities<R> {
    type Item = Result<(i64, Map<String, Value>)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_entity().transpose()
    }
}

impl<R: Read> std::fmt::Debug for JsonEntities<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonEntities")
            .field("entities", &self.entities)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

/// Reads a JSON snapshot one entity (one JSON object) at a time: an iterator of
/// `Result<SnapshotEntity>`. Components keep the order of the JSON object. An error (with the
/// entity's index and the JSON Pointer of the value, or the line and column of bad JSON) is
/// yielded once and ends the iteration. The framing is read as [`JsonEntities`] reads it.
pub struct JsonSnapshotReader<'s, R: Read, C> {
    entities: JsonEntities<R>,
    schema: &'s Schema,
    codec: C,
    done: bool,
}

impl<'s, R: Read, C: ComponentJson> JsonSnapshotReader<'s, R, C> {
    /// A reader of `input`: component names are looked up in `schema`, component data is read
    /// by `codec`.
    pub fn new(input: R, schema: &'s Schema, codec: C) -> Self {
        JsonSnapshotReader {
            entities: JsonEntities::new(input),
            schema,
            codec,
            done: false,
        }
    }

    /// How many entities have been read.
    pub fn entities_read(&self) -> u64 {
        self.entities.entities_read()
    }

    /// How many bytes of the input the entities read so far took.
    pub fn byte_offset(&self) -> usize {
        self.entities.byte_offset()
    }

    /// The next entity, `None` at the end of the input.
    pub fn read_entity(&mut self) -> Result<Option<SnapshotEntity>> {
        if self.done {
            return Ok(None);
        }
        let result = self.step();
        if !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn step(&mut self) -> Result<Option<SnapshotEntity>> {
        let index = self.entities.entities_read();
        let Some((id, members)) = self.entities.read_entity()? else {
            return Ok(None);
        };
        let entity = self
            .entity(id, &members)
            .map_err(|e| e.in_entity(index, Some(id)))?;
        Ok(Some(entity))
    }

    fn entity(&self, id: i64, members: &Map<String, Value>) -> Result<SnapshotEntity> {
        let registry = self.schema.registry();
        let mut entity = SnapshotEntity::new(id);
        for (name, value) in members {
            if name == ENTITY_ID_KEY {
                continue;
            }
            let path = format!("/{}", pointer_token(name));
            let ty = registry
                .lookup(name)
                .and_then(|ty| registry.get(ty))
                .ok_or_else(|| Error::at_path(format!("unknown component {name}"), &path))?;
            let component = ty
                .component()
                .ok_or_else(|| Error::at_path(format!("{name} is not a component"), &path))?;
            let data = self
                .codec
                .from_json(component.id(), value)
                .map_err(|e| e.under_path(&path))?;
            entity.components.push((component.id(), data));
        }
        Ok(entity)
    }
}

/// The `__entity_id` of an entity: a string holding an integer (as the SDK wrote it) or a
/// number; an integer out of the range of entity ids says so.
fn entity_id(members: &Map<String, Value>) -> Result<i64> {
    let path = format!("/{ENTITY_ID_KEY}");
    let bad = || Error::at_path("__entity_id should be an integer (in a string)", &path);
    let out_of_range = |shown: &str| {
        Error::at_path(
            format!("__entity_id {shown} is out of range: {VALID_IDS}"),
            &path,
        )
    };
    match members.get(ENTITY_ID_KEY) {
        None => Err(Error::at_path(
            format!("the entity has no {ENTITY_ID_KEY}"),
            "",
        )),
        Some(Value::String(text)) => match text.trim().parse() {
            Ok(id) => Ok(id),
            Err(_) if is_integer_text(text.trim()) => Err(out_of_range(&format!("{text:?}"))),
            Err(_) => Err(bad()),
        },
        Some(Value::Number(number)) => match number.as_i64() {
            Some(id) => Ok(id),
            None if number.is_u64() || number.as_f64().is_some_and(|f| f.fract() == 0.0) => {
                Err(out_of_range(&number.to_string()))
            }
            None => Err(bad()),
        },
        Some(_) => Err(bad()),
    }
}

/// Whether `text` is a decimal integer (an optional sign, then digits), of any size.
fn is_integer_text(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl<R: Read, C: ComponentJson> Iterator for JsonSnapshotReader<'_, R, C> {
    type Item = Result<SnapshotEntity>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_entity().transpose()
    }
}

impl<R: Read, C> std::fmt::Debug for JsonSnapshotReader<'_, R, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonSnapshotReader")
            .field("entities", &self.entities.entities_read())
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

/// Writes a JSON snapshot one entity at a time: one pretty-printed JSON object per entity
/// (two-space indent, as the SDK's files are), `__entity_id` first as a string, then the
/// components sorted by qualified name.
pub struct JsonSnapshotWriter<'s, W: Write, C> {
    out: W,
    schema: &'s Schema,
    codec: C,
    entities: u64,
    ids: EntityIds,
}

impl<'s, W: Write, C: ComponentJson> JsonSnapshotWriter<'s, W, C> {
    /// A writer to `out`: component ids are named through `schema`, component data is written
    /// by `codec`.
    pub fn new(out: W, schema: &'s Schema, codec: C) -> Self {
        JsonSnapshotWriter {
            out,
            schema,
            codec,
            entities: 0,
            ids: EntityIds::default(),
        }
    }

    /// How many entities have been written.
    pub fn entities_written(&self) -> u64 {
        self.entities
    }

    /// Writes one entity. An id that is not positive, or that an entity written before has, is
    /// an error (a reader would refuse it), and nothing is written.
    pub fn write_entity(&mut self, entity: &SnapshotEntity) -> Result<()> {
        let index = self.entities;
        let bad_id =
            |bad: BadId| Error::msg(bad.message(entity.id)).in_entity(index, Some(entity.id));
        self.ids.check(entity.id).map_err(bad_id)?;
        let value = self
            .entity_json(entity)
            .map_err(|e| e.in_entity(index, Some(entity.id)))?;
        let io = |e: std::io::Error| Error::io(&e, None).in_entity(index, Some(entity.id));
        serde_json::to_writer_pretty(&mut self.out, &value)
            .map_err(|e| io(std::io::Error::other(e)))?;
        self.out.write_all(b"\n").map_err(io)?;
        self.ids.insert(entity.id, index).map_err(bad_id)?;
        self.entities += 1;
        Ok(())
    }

    fn entity_json(&self, entity: &SnapshotEntity) -> Result<Value> {
        let registry = self.schema.registry();
        let mut named = Vec::with_capacity(entity.components.len());
        for (id, data) in &entity.components {
            let name = registry
                .component(*id)
                .and_then(|ty| ty.qualified_name())
                .ok_or_else(|| Error::msg(format!("component {id} is not in the schema")))?;
            named.push((name, *id, data));
        }
        named.sort_by(|a, b| a.0.cmp(b.0));
        let mut members = Map::new();
        members.insert(ENTITY_ID_KEY.into(), Value::String(entity.id.to_string()));
        for (name, id, data) in named {
            let path = format!("/{}", pointer_token(name));
            let json = self
                .codec
                .to_json(id, data)
                .map_err(|e| e.under_path(&path))?;
            if members.insert(name.to_owned(), json).is_some() {
                return Err(Error::at_path(
                    format!("component {name} occurs twice in the entity"),
                    path,
                ));
            }
        }
        Ok(Value::Object(members))
    }

    /// Flushes and returns the output.
    pub fn finish(mut self) -> Result<W> {
        self.out.flush().map_err(|e| Error::io(&e, None))?;
        Ok(self.out)
    }
}

impl<W: Write, C> std::fmt::Debug for JsonSnapshotWriter<'_, W, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonSnapshotWriter")
            .field("entities", &self.entities)
            .finish_non_exhaustive()
    }
}
