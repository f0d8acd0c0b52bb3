//! `rosetta sql`: a SQL query (DataFusion) over snapshots or exported datasets.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow::array::RecordBatch;
use datafusion::prelude::{SessionConfig, SessionContext};
use futures::StreamExt;
use rosetta_arrow::sql::{register, register_worlds, SqlOptions};
use rosetta_arrow::ArrowOptions;
use rosetta_schema::Schema;
use rosetta_world::World;

use crate::cli::{SqlArgs, SqlFormatArg};
use crate::error::CliError;
use crate::export_cmd::{is_world, load_world_input, worlds_of};
use crate::output::Output;
use crate::schema_load::{load_schema, require_schema};

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
    let inputs = args.inputs();
    let world_files: Vec<(PathBuf, String)> = inputs
        .iter()
        .filter(|p| !p.is_dir())
        .map(|p| {
            let name = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (p.clone(), name)
        })
        .collect();
    // Worlds (scripts, Flecs world JSON) are loaded whole, as `rosetta world` loads them;
    // snapshots and datasets are streamed.
    let worlds = if world_files.len() == inputs.len() {
        match worlds_of(&world_files)? {
            Some(_) => world_files
                .iter()
                .map(|(p, name)| Ok((name.clone(), load_world_input(p, &args.schema_paths)?)))
                .collect::<Result<Vec<_>, CliError>>()?,
            None => Vec::new(),
        }
    } else {
        if let Some((p, _)) = world_files
            .iter()
            .find(|(p, _)| is_world(p).unwrap_or(false))
        {
            return Err(data_error(
                p,
                "a Flecs world among snapshot folders or datasets: give worlds alone".into(),
            ));
        }
        Vec::new()
    };
    let schema = if worlds.is_empty() {
        // Datasets hold their own columns; snapshots are read by the schema.
        let snapshots = inputs.iter().any(|p| !p.is_dir() || !is_dataset(p));
        Some(Arc::new(if snapshots {
            require_schema(&args.schema_paths, "snapshots")?
        } else if args.schema_paths.is_empty() {
            Schema::from_bundle(&Default::default())
                .map_err(|e| CliError::Internal(format!("an empty schema: {e}")))?
        } else {
            load_schema(&args.schema_paths)?
        }))
    } else {
        None
    };
    let format = format_of(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("the query runtime: {e}")))?;
    let mut output = Output::open(&args.output)?;
    // Rosetta checks the files DataFusion reads, but a panic left in arrow-rs or parquet on a
    // damaged one ends the query with an error rather than the process.
    let first = inputs.first().cloned().unwrap_or_else(|| "-".into());
    let ran = rosetta_arrow::contained(|| {
        runtime.block_on(async {
            let ctx =
                SessionContext::new_with_config(SessionConfig::new().with_information_schema(true));
            let options = SqlOptions {
                arrow: ArrowOptions {
                    enum_as_int: args.enum_as_int,
                },
                ..SqlOptions::default()
            };
            let input = inputs
                .first()
                .map(|p| p.as_path())
                .unwrap_or(Path::new("-"));
            match schema {
                Some(schema) => register(&ctx, schema, &inputs, options).await,
                None => {
                    let named: Vec<(&str, &World)> =
                        worlds.iter().map(|(n, w)| (n.as_str(), w)).collect();
                    register_worlds(&ctx, &named, options)
                }
            }
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
        })
    });
    ran.map_err(|e| data_error(&first, e.to_string()))??;
    output.finish()
}

/// Whether folder `dir` is a dataset (`entities` or `component=` folders in it).
fn is_dataset(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name == rosetta_arrow::ENTITIES || name.starts_with("component=")
        })
    })
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
