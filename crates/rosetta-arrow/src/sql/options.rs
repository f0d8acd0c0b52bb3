//! What SQL tables over Rosetta's data are made with, shared by every kind of input.

use std::sync::Arc;

use arrow::datatypes::{DataType, Field, Schema as ArrowSchema, SchemaRef};

use crate::schema::ArrowOptions;
use crate::write::batch::DEFAULT_BATCH_ROWS;

/// The column naming each row's snapshot.
pub const SNAPSHOT: &str = "snapshot";

/// How snapshots become tables for SQL.
#[derive(Debug, Clone, Copy)]
pub struct SqlOptions {
    /// How schema types become Arrow types.
    pub arrow: ArrowOptions,
    /// Rows in one record batch.
    pub batch_rows: usize,
}

impl Default for SqlOptions {
    fn default() -> Self {
        SqlOptions {
            arrow: ArrowOptions::default(),
            batch_rows: DEFAULT_BATCH_ROWS,
        }
    }
}

/// `schema` with the `snapshot` column last.
pub(crate) fn with_snapshot(schema: &ArrowSchema) -> SchemaRef {
    let mut fields: Vec<Field> = schema.fields().iter().map(|f| f.as_ref().clone()).collect();
    fields.push(Field::new(SNAPSHOT, DataType::Utf8, false));
    Arc::new(ArrowSchema::new_with_metadata(
        fields,
        schema.metadata().clone(),
    ))
}
