//! Flecs worlds as SQL tables. A world lives in memory whole (as it does in Flecs), so its
//! tables are made once, as record batches, and registered as in-memory tables.

use std::collections::BTreeMap;
use std::sync::Arc;

use arrow::array::RecordBatch;
use arrow::datatypes::SchemaRef;
use datafusion::common::TableReference;
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use rosetta_world::World;

use super::options::{snapshot_column, with_snapshot, SqlOptions};
use crate::error::{Error, Result};
use crate::world::{world_entities_schema, write_world_batches};
use crate::write::batch::ENTITIES;

/// Registers the tables of `worlds` in `ctx`, each world's rows with its name in the
/// `snapshot` column: `entities` (see [`world_entities_schema`](crate::world::world_entities_schema))
/// and one table per reflected component, named by its path. A component that two worlds
/// type differently is refused. Returns the tables' names, sorted.
///
/// ```
/// # tokio::runtime::Runtime::new().unwrap().block_on(async {
/// use datafusion::prelude::SessionContext;
/// use rosetta_arrow::sql::{register_worlds, SqlOptions};
/// let loaded = rosetta_world::script::load_str(r#"[
///     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
///     ["entity", "Earth"], ["set", "Earth", "Position", {"x": 1, "y": 2}]
/// ]"#).unwrap();
/// let ctx = SessionContext::new();
/// register_worlds(&ctx, &[("space", &loaded.world)], SqlOptions::default()).unwrap();
/// let rows = ctx.sql("SELECT e.name, p.y FROM entities e JOIN \"Position\" p USING (entity_id)")
///     .await.unwrap().collect().await.unwrap();
/// assert_eq!(rows[0].num_rows(), 1);
/// # });
/// ```
pub fn register_worlds(
    ctx: &SessionContext,
    worlds: &[(&str, &World)],
    options: SqlOptions,
) -> Result<Vec<String>> {
    // `entities` is there even for worlds without entities of their own.
    let mut tables: BTreeMap<String, (SchemaRef, Vec<RecordBatch>)> = BTreeMap::from([(
        ENTITIES.to_string(),
        (with_snapshot(&world_entities_schema()), Vec::new()),
    )]);
    for (name, world) in worlds {
        let mut failed = None;
        write_world_batches(
            world,
            options.arrow,
            options.batch_rows,
            &mut |table, batch| {
                let schema = with_snapshot(&batch.schema());
                let (known, batches) = tables
                    .entry(table.name().to_string())
                    .or_insert_with(|| (schema.clone(), Vec::new()));
                if known.fields() != schema.fields() {
                    failed = Some(table.name().to_string());
                    return Ok(());
                }
                let rows = batch.num_rows();
                let mut columns = batch.columns().to_vec();
                columns.push(snapshot_column(name, rows));
                batches.push(RecordBatch::try_new(known.clone(), columns)?);
                Ok(())
            },
        )?;
        if let Some(table) = failed {
            return Err(Error::Unsupported(format!(
                "world `{name}` has a table `{table}` whose columns differ from an earlier world's"
            )));
        }
    }
    let mut names = Vec::with_capacity(tables.len());
    for (name, (schema, batches)) in tables {
        let table =
            MemTable::try_new(schema, vec![batches]).map_err(|e| Error::Value(e.to_string()))?;
        ctx.register_table(TableReference::bare(name.as_str()), Arc::new(table))
            .map_err(|e| Error::Value(e.to_string()))?;
        names.push(name);
    }
    Ok(names)
}
