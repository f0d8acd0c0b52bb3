//! What SQL tables over Rosetta's data are made with, shared by every kind of input.

use std::sync::Arc;

use arrow::array::{make_view, ArrayRef, StringViewArray};
use arrow::buffer::{Buffer, ScalarBuffer};
use arrow::datatypes::{DataType, Field, Schema as ArrowSchema, SchemaRef};

use crate::schema::ArrowOptions;
use crate::write::batch::DEFAULT_BATCH_ROWS;

/// The column naming each row's snapshot.
pub const SNAPSHOT: &str = "snapshot";

/// The `snapshot` column's type. A string view rather than `Utf8`: every row of a batch holds
/// the same name, which a view array stores once, and DataFusion groups and compares short
/// views without hashing their bytes (`GROUP BY snapshot` spent a third of its time there).
pub(crate) const SNAPSHOT_TYPE: DataType = DataType::Utf8View;

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
    fields.push(Field::new(SNAPSHOT, SNAPSHOT_TYPE, false));
    Arc::new(ArrowSchema::new_with_metadata(
        fields,
        schema.metadata().clone(),
    ))
}

/// A `snapshot` column of `rows` rows, all `name`: one view repeated over one buffer.
pub(crate) fn snapshot_column(name: &str, rows: usize) -> ArrayRef {
    let bytes = name.as_bytes();
    // A name longer than a view's inline 12 bytes points into buffer 0 at offset 0.
    let view = make_view(bytes, 0, 0);
    let views = ScalarBuffer::from(vec![view; rows]);
    let buffers = if bytes.len() > 12 {
        vec![Buffer::from(bytes.to_vec())]
    } else {
        Vec::new()
    };
    // `new` panics only on views outside their buffers, and these are made from `name` itself.
    Arc::new(StringViewArray::new(views, buffers, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow::array::Array;

    #[test]
    fn a_snapshot_column_repeats_its_name() {
        for name in ["night1", "a-snapshot-name-longer-than-twelve-bytes"] {
            let column = snapshot_column(name, 3);
            let column = column
                .as_any()
                .downcast_ref::<StringViewArray>()
                .expect("a string view column");
            assert_eq!(column.len(), 3);
            assert!(column.iter().all(|v| v == Some(name)));
        }
        assert_eq!(snapshot_column("x", 0).len(), 0);
    }
}
