//! [`JsonSnapshotWriter`]: JSON snapshot text from entities, each entity's text built in one
//! buffer (the codec writes its components' data straight into it,
//! [`ComponentJson::write_json`]) and written at once.

use std::fmt::Write as _;
use std::io::Write;

use rosetta_schema::Schema;

use super::codec::ComponentJson;
use super::frame::{pointer_token, ENTITY_ID_KEY};
use super::text::{push_string, JsonText};
use crate::error::{Error, Result};
use crate::snapshot::entity::SnapshotEntity;
use crate::snapshot::ids::{BadId, EntityIds};

/// Writes a JSON snapshot one entity at a time: one pretty-printed JSON object per entity
/// (two-space indent, as the SDK's files are), `__entity_id` first as a string, then the
/// components sorted by qualified name. The text is what serde_json's `to_writer_pretty`
/// writes for the entity as a `Value` (each component's as [`ComponentJson::to_json`] gives
/// it), and a newline.
pub struct JsonSnapshotWriter<'s, W: Write, C> {
    out: W,
    schema: &'s Schema,
    codec: C,
    entities: u64,
    ids: EntityIds,
    /// The entity being written, kept to be reused.
    text: JsonText,
    named: Vec<(&'s str, usize)>,
    /// The names of the components met so far (a few, looked up before the registry's map).
    names: Vec<(u32, &'s str)>,
}

/// How many component names the writer keeps at hand.
const NAMES: usize = 32;

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
            // Components are members of the entity: one level in.
            text: JsonText::new(1),
            named: Vec::new(),
            names: Vec::new(),
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
        self.entity_text(entity)
            .map_err(|e| e.in_entity(index, Some(entity.id)))?;
        let io = |e: std::io::Error| Error::io(&e, None).in_entity(index, Some(entity.id));
        self.out
            .write_all(self.text.as_str().as_bytes())
            .map_err(io)?;
        self.ids.insert(entity.id, index).map_err(bad_id)?;
        self.entities += 1;
        Ok(())
    }

    /// The entity's text, into `self.text`.
    fn entity_text(&mut self, entity: &SnapshotEntity) -> Result<()> {
        let registry = self.schema.registry();
        self.named.clear();
        for (i, (id, _)) in entity.components.iter().enumerate() {
            let known = self.names.iter().find(|(known, _)| known == id);
            let name = match known {
                Some(&(_, name)) => name,
                None => {
                    let name = registry
                        .component(*id)
                        .and_then(|ty| ty.qualified_name())
                        .ok_or_else(|| {
                            Error::msg(format!("component {id} is not in the schema"))
                        })?;
                    if self.names.len() < NAMES {
                        self.names.push((*id, name));
                    }
                    name
                }
            };
            self.named.push((name, i));
        }
        // Stable: two components of one name keep their order (and are refused below).
        self.named.sort_by(|a, b| a.0.cmp(b.0));
        self.text.clear();
        let text = self.text.text_mut();
        text.push_str("{\n  ");
        push_string(text, ENTITY_ID_KEY);
        text.push_str(": ");
        // Digits need no escapes; formatting in place spares an allocation per entity (and
        // writing to a `String` cannot fail).
        let _ = write!(text, "\"{}\"", entity.id);
        let mut previous = None;
        for &(name, i) in &self.named {
            let (id, data) = &entity.components[i];
            let text = self.text.text_mut();
            text.push_str(",\n  ");
            push_string(text, name);
            text.push_str(": ");
            let path = || format!("/{}", pointer_token(name));
            self.codec
                .write_json(*id, data, &mut self.text)
                .map_err(|e| e.under_path(&path()))?;
            // As a `Value` object would: the second member of one name is found once its value
            // is made.
            if previous == Some(name) {
                return Err(Error::at_path(
                    format!("component {name} occurs twice in the entity"),
                    path(),
                ));
            }
            previous = Some(name);
        }
        self.text.text_mut().push_str("\n}\n");
        Ok(())
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
