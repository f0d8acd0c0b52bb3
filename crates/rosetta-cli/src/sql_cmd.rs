//! `rosetta sql`: a SQL query (DataFusion) over snapshots or exported datasets.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use arrow::array::RecordBatch;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use rosetta_arrow::sql::{register, SqlOptions};
use rosetta_arrow::ArrowOptions;

use crate::cli::{SqlArgs, SqlFormatArg};
use crate::error::CliError;
use crate::output::Output;
use crate::schema_load::load_schema;

fn format_of(args: &SqlArgs) -> SqlFormatArg {
    args.format
        .unwrap_or_else(|| match args.output.extension().and_then(|e| e.to_str()) {
            Some("csv") => SqlFormatArg::Csv,
            Some("json" | "jsonl" | "ndjson") => SqlFormatArg::Json,
            Some("parquet") => SqlFormatArg::Parquet,
            _ => SqlFormatArg::Table,
        })
}

/// Runs `rosetta sql`.
pub fn run(args: &SqlArgs) -> Result<(), CliError> {
    if args.inputs_and_query.len() < 2 {
        return Err(CliError::Usage {
            argument: "INPUT... QUERY".into(),
            message: "give at least one input, then the query".into(),
        });
    }
    let schema = Arc::new(load_schema(&args.schema_paths)?);
    let format = format_of(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("the query runtime: {e}")))?;
    let mut output = Output::open(&args.output)?;
    runtime.block_on(async {
        let ctx =
            SessionContext::new_with_config(SessionConfig::new().with_information_schema(true));
        let options = SqlOptions {
            arrow: ArrowOptions {
                enum_as_int: args.enum_as_int,
            },
            ..SqlOptions::default()
        };
        let inputs = args.inputs();
        let input = inputs
            .first()
            .map(|p| p.as_path())
            .unwrap_or(Path::new("-"));
        register(&ctx, schema, &inputs, options)
            .await
            .map_err(|e| data_error(input, e.to_string()))?;
        let query_error = |e: datafusion::error::DataFusionError| CliError::Usage {
            argument: "QUERY".into(),
            message: e.to_string(),
        };
        let frame = ctx.sql(args.query()).await.map_err(query_error)?;
        let out_name = output.name().to_path_buf();
        let write_error = |e: String| data_error(&out_name, e);
        match format {
            SqlFormatArg::Table => {
                let batches = frame.collect().await.map_err(query_error)?;
                let text = arrow::util::pretty::pretty_format_batches(&batches)
                    .map_err(|e| write_error(e.to_string()))?;
                writeln!(output, "{text}").map_err(|e| write_error(e.to_string()))?;
            }
            _ => {
                let mut stream = frame.execute_stream().await.map_err(query_error)?;
                let schema = stream.schema();
                let mut writer =
                    BatchWriter::new(format, &mut output, schema).map_err(write_error)?;
                while let Some(batch) = stream.next().await {
                    writer
                        .write(&batch.map_err(query_error)?)
                        .map_err(write_error)?;
                }
                writer.finish().map_err(write_error)?;
            }
        }
        Ok::<(), CliError>(())
    })?;
    output.finish()
}

fn data_error(path: &Path, message: String) -> CliError {
    CliError::Data {
        path: path.to_path_buf(),
        message,
    }
}

/// A streaming writer of result batches as CSV, JSON lines or Parquet.
enum BatchWriter<'o> {
    Csv(arrow::csv::Writer<&'o mut Output>),
    Json(arrow::json::LineDelimitedWriter<&'o mut Output>),
    Parquet(parquet::arrow::ArrowWriter<&'o mut Output>),
}

impl<'o> BatchWriter<'o> {
    fn new(
        format: SqlFormatArg,
        out: &'o mut Output,
        schema: arrow::datatypes::SchemaRef,
    ) -> Result<Self, String> {
        Ok(match format {
            SqlFormatArg::Csv | SqlFormatArg::Table => {
                BatchWriter::Csv(arrow::csv::Writer::new(out))
            }
            SqlFormatArg::Json => BatchWriter::Json(arrow::json::LineDelimitedWriter::new(out)),
            SqlFormatArg::Parquet => BatchWriter::Parquet(
                parquet::arrow::ArrowWriter::try_new(out, schema, None)
                    .map_err(|e| e.to_string())?,
            ),
        })
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), String> {
        match self {
            BatchWriter::Csv(w) => w.write(batch).map_err(|e| e.to_string()),
            BatchWriter::Json(w) => w.write(batch).map_err(|e| e.to_string()),
            BatchWriter::Parquet(w) => w.write(batch).map_err(|e| e.to_string()),
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            BatchWriter::Csv(_) => Ok(()),
            BatchWriter::Json(mut w) => w.finish().map_err(|e| e.to_string()),
            BatchWriter::Parquet(w) => w.close().map(|_| ()).map_err(|e| e.to_string()),
        }
    }
}
