//! Rows collected into record batches of a bounded size: one batcher per component table, and
//! one for the `entities` table.

use std::collections::HashMap;
use std::sync::Arc;

use arrow::array::builder::{Int64Builder, ListBuilder, StringBuilder, UInt32Builder};
use arrow::array::{ArrayBuilder, ArrayRef, RecordBatch};
use arrow::datatypes::{DataType, Field, Schema as ArrowSchema, SchemaRef};
use rosetta_types::{ComponentId, TypeRegistry, Value};
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::{typed, Object};

use crate::error::{Error, Result};
use crate::schema::{ArrowOptions, ComponentTable, ENTITY_ID};
use crate::write::columns::{member_columns, Column};

/// The default number of rows in a record batch.
pub const DEFAULT_BATCH_ROWS: usize = 8192;

/// The name of the table of entities.
pub const ENTITIES: &str = "entities";

/// Rows of one component, handed out as record batches of at most `batch_rows` rows.
pub struct ComponentBatcher {
    table: ComponentTable,
    ids: Int64Builder,
    columns: Vec<Column>,
    batch_rows: usize,
}

impl ComponentBatcher {
    /// A batcher for `table`'s rows.
    pub fn new(table: ComponentTable, batch_rows: usize) -> Self {
        let batch_rows = batch_rows.max(1);
        ComponentBatcher {
            columns: member_columns(&table.members, batch_rows),
            ids: Int64Builder::with_capacity(batch_rows),
            table,
            batch_rows,
        }
    }

    /// The table the rows belong to.
    pub fn table(&self) -> &ComponentTable {
        &self.table
    }

    /// Adds the component data of entity `entity_id`; a batch when it fills one.
    pub fn push(
        &mut self,
        registry: &TypeRegistry,
        entity_id: i64,
        data: &Object,
    ) -> Result<Option<RecordBatch>> {
        let value = typed::read(registry, self.table.ty, data).map_err(|e| {
            Error::Value(format!(
                "entity {entity_id}, component `{}`: {e}",
                self.table.name
            ))
        })?;
        self.push_value(registry, entity_id, &value)
    }

    /// Adds the component value (a `Value::Struct` of the component's fields, or the value
    /// itself for a table of one `value` column) of entity `entity_id`; a batch when it fills
    /// one.
    pub fn push_value(
        &mut self,
        registry: &TypeRegistry,
        entity_id: i64,
        value: &Value,
    ) -> Result<Option<RecordBatch>> {
        let fields = if self.table.wrapped {
            std::slice::from_ref(value)
        } else if let Value::Struct(fields) = value {
            &fields[..]
        } else {
            return Err(Error::Value(format!(
                "entity {entity_id}, component `{}`: no struct value",
                self.table.name
            )));
        };
        if fields.len() != self.columns.len() {
            return Err(Error::Value(format!(
                "entity {entity_id}, component `{}`: {} values for {} fields",
                self.table.name,
                fields.len(),
                self.columns.len()
            )));
        }
        for (column, field) in self.columns.iter_mut().zip(fields.iter()) {
            column.append(registry, field).map_err(|e| {
                Error::Value(format!(
                    "entity {entity_id}, component `{}`: {e}",
                    self.table.name
                ))
            })?;
        }
        self.ids.append_value(entity_id);
        if self.ids.len() >= self.batch_rows {
            return self.finish();
        }
        Ok(None)
    }

    /// The rows added since the last batch, if any, as a batch.
    pub fn finish(&mut self) -> Result<Option<RecordBatch>> {
        if self.ids.len() == 0 {
            return Ok(None);
        }
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(self.columns.len() + 1);
        arrays.push(Arc::new(self.ids.finish()));
        for column in &mut self.columns {
            arrays.push(column.finish()?);
        }
        Ok(Some(RecordBatch::try_new(
            self.table.schema.clone(),
            arrays,
        )?))
    }
}

/// The schema of the `entities` table: every entity's id, its name (a snapshot entity's
/// `improbable.Metadata` `entity_type`, a world entity's path) and the ids of its components in
/// the order its record lists them (what a byte-identical snapshot needs back).
pub fn entities_schema() -> SchemaRef {
    Arc::new(ArrowSchema::new(vec![
        Field::new(ENTITY_ID, DataType::Int64, false),
        Field::new("name", DataType::Utf8, true),
        Field::new(
            "components",
            DataType::List(Arc::new(Field::new("item", DataType::UInt32, true))),
            false,
        ),
    ]))
}

/// Rows of the `entities` table, in batches.
pub struct EntitiesBatcher {
    ids: Int64Builder,
    names: StringBuilder,
    components: ListBuilder<UInt32Builder>,
    batch_rows: usize,
}

impl EntitiesBatcher {
    /// A batcher of at most `batch_rows` rows a batch.
    pub fn new(batch_rows: usize) -> Self {
        EntitiesBatcher {
            ids: Int64Builder::with_capacity(batch_rows),
            names: StringBuilder::new(),
            components: ListBuilder::new(UInt32Builder::new()),
            batch_rows: batch_rows.max(1),
        }
    }

    /// Adds an entity; a batch when it fills one.
    pub fn push(
        &mut self,
        id: i64,
        name: Option<&str>,
        components: impl IntoIterator<Item = ComponentId>,
    ) -> Result<Option<RecordBatch>> {
        self.ids.append_value(id);
        self.names.append_option(name);
        self.components
            .append_value(components.into_iter().map(Some));
        if self.ids.len() >= self.batch_rows {
            return self.finish();
        }
        Ok(None)
    }

    /// The rows added since the last batch, if any, as a batch.
    pub fn finish(&mut self) -> Result<Option<RecordBatch>> {
        if self.ids.len() == 0 {
            return Ok(None);
        }
        // The list's item field must be the schema's (arrow-rs names it `item`, nullable).
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(self.ids.finish()),
            Arc::new(self.names.finish()),
            Arc::new(self.components.finish()),
        ];
        Ok(Some(RecordBatch::try_new(entities_schema(), arrays)?))
    }
}

/// Which table a batch belongs to.
#[derive(Debug, Clone, Copy)]
pub enum Table<'a> {
    /// The `entities` table.
    Entities,
    /// A component's table.
    Component(&'a ComponentTable),
}

impl Table<'_> {
    /// The table's name: `entities`, or the component's qualified name.
    pub fn name(&self) -> &str {
        match self {
            Table::Entities => ENTITIES,
            Table::Component(t) => t.name(),
        }
    }
}

/// Splits snapshot entities into tables, one batcher per component met.
pub struct SnapshotBatcher<'r> {
    registry: &'r TypeRegistry,
    options: ArrowOptions,
    batch_rows: usize,
    entities: EntitiesBatcher,
    components: HashMap<ComponentId, ComponentBatcher>,
    names: EntityNames,
}

/// Where a snapshot entity's name is: `improbable.Metadata`'s `entity_type`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EntityNames {
    /// `improbable.Metadata`'s id and its `entity_type` field's number.
    metadata: Option<(ComponentId, u32)>,
}

impl EntityNames {
    pub fn new(registry: &TypeRegistry) -> Self {
        let metadata = registry.get_by_name("improbable.Metadata").and_then(|t| {
            let id = t.component()?.id();
            let rosetta_types::Kind::Struct(def) = t.kind() else {
                return None;
            };
            let field = def.fields().iter().find(|f| f.name() == "entity_type")?;
            Some((id, field.number()?))
        });
        EntityNames { metadata }
    }

    /// The entity's name, when it has one.
    pub fn name_of<'e>(&self, entity: &'e SnapshotEntity) -> Option<&'e str> {
        let (id, field) = self.metadata?;
        entity.component(id)?.string(field)
    }
}

impl<'r> SnapshotBatcher<'r> {
    /// A batcher of snapshot entities described by `registry`.
    pub fn new(registry: &'r TypeRegistry, options: ArrowOptions, batch_rows: usize) -> Self {
        SnapshotBatcher {
            registry,
            options,
            batch_rows,
            entities: EntitiesBatcher::new(batch_rows),
            components: HashMap::new(),
            names: EntityNames::new(registry),
        }
    }

    /// Adds an entity's rows, handing each batch that fills to `sink`.
    pub fn push(
        &mut self,
        entity: &SnapshotEntity,
        sink: &mut dyn FnMut(Table<'_>, RecordBatch) -> Result<()>,
    ) -> Result<()> {
        let name = self.names.name_of(entity);
        if let Some(batch) = self
            .entities
            .push(entity.id, name, entity.component_ids())?
        {
            sink(Table::Entities, batch)?;
        }
        for (id, data) in &entity.components {
            let batcher = match self.components.entry(*id) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let table = ComponentTable::new(self.registry, *id, self.options)?;
                    e.insert(ComponentBatcher::new(table, self.batch_rows))
                }
            };
            if let Some(batch) = batcher.push(self.registry, entity.id, data)? {
                sink(Table::Component(batcher.table()), batch)?;
            }
        }
        Ok(())
    }

    /// Hands the last partial batches to `sink`: the entities first, then the components in id
    /// order.
    pub fn finish(
        &mut self,
        sink: &mut dyn FnMut(Table<'_>, RecordBatch) -> Result<()>,
    ) -> Result<()> {
        if let Some(batch) = self.entities.finish()? {
            sink(Table::Entities, batch)?;
        }
        let mut ids: Vec<_> = self.components.keys().copied().collect();
        ids.sort_unstable();
        for id in ids {
            if let Some(batcher) = self.components.get_mut(&id) {
                if let Some(batch) = batcher.finish()? {
                    sink(Table::Component(batcher.table()), batch)?;
                }
            }
        }
        Ok(())
    }
}
