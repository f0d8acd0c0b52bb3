//! Datasets checked before DataFusion reads them. DataFusion reads Parquet and Arrow IPC with
//! arrow-rs and parquet 59, which panic on some damaged files; Rosetta's own readers check what
//! those trust first ([`check_file`](crate::check_file)). A dataset's files are checked to
//! their metadata when it is registered (DataFusion reads their schemas then), and each
//! column's pages before the first query that reads it, once per session.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use arrow::datatypes::SchemaRef;
use async_trait::async_trait;
use datafusion::catalog::{ScanArgs, ScanResult, Session};
use datafusion::common::Statistics;
use datafusion::datasource::{TableProvider, TableType};
use datafusion::error::DataFusionError;
use datafusion::logical_expr::{Expr, TableProviderFilterPushDown};
use datafusion::physical_plan::ExecutionPlan;
use parking_lot::Mutex;

use super::options::SNAPSHOT;
use crate::error::{Error, Result};
use crate::read::{check_file_to, Depth};

/// A table over dataset files that checks each file's columns before they are first read.
#[derive(Debug)]
pub(super) struct CheckedTable {
    inner: Arc<dyn TableProvider>,
    files: Arc<[PathBuf]>,
    /// The (file, column) pairs checked so far.
    checked: Arc<Mutex<HashSet<(usize, String)>>>,
}

impl CheckedTable {
    /// `inner` over `files`, whose metadata [`check_metadata`] has checked.
    pub(super) fn new(inner: Arc<dyn TableProvider>, files: Vec<PathBuf>) -> Self {
        CheckedTable {
            inner,
            files: files.into(),
            checked: Arc::default(),
        }
    }
}

/// Checks each file's metadata (what DataFusion reads to register a table).
pub(super) fn check_metadata(files: &[PathBuf]) -> Result<()> {
    files
        .iter()
        .try_for_each(|file| check_file_to(file, Depth::Metadata))
}

impl CheckedTable {
    /// Checks the pages of the columns `projection` reads (all: `None`) in every file, those
    /// not checked before.
    async fn check(&self, projection: Option<&[usize]>) -> datafusion::error::Result<()> {
        let schema = self.inner.schema();
        let columns: Vec<String> = match projection {
            Some(p) => p.iter().map(|&i| schema.field(i).name().clone()).collect(),
            None => schema.fields().iter().map(|f| f.name().clone()).collect(),
        };
        let todo: Vec<(usize, Vec<String>)> = {
            let checked = self.checked.lock();
            (0..self.files.len())
                .filter_map(|file| {
                    let left: Vec<String> = columns
                        .iter()
                        .filter(|c| *c != SNAPSHOT && !checked.contains(&(file, (*c).clone())))
                        .cloned()
                        .collect();
                    (!left.is_empty()).then_some((file, left))
                })
                .collect()
        };
        if todo.is_empty() {
            return Ok(());
        }
        let (files, checked) = (self.files.clone(), self.checked.clone());
        let external = |e: Box<dyn std::error::Error + Send + Sync>| DataFusionError::External(e);
        tokio::task::spawn_blocking(move || {
            for (file, columns) in todo {
                check_file_to(&files[file], Depth::Columns(&columns))?;
                checked
                    .lock()
                    .extend(columns.into_iter().map(|c| (file, c)));
            }
            Ok::<_, Error>(())
        })
        .await
        .map_err(|e| external(Box::new(e)))?
        .map_err(|e| external(Box::new(e)))
    }
}

#[async_trait]
impl TableProvider for CheckedTable {
    fn schema(&self) -> SchemaRef {
        self.inner.schema()
    }

    fn table_type(&self) -> TableType {
        self.inner.table_type()
    }

    fn supports_filters_pushdown(
        &self,
        filters: &[&Expr],
    ) -> datafusion::error::Result<Vec<TableProviderFilterPushDown>> {
        self.inner.supports_filters_pushdown(filters)
    }

    fn statistics(&self) -> Option<Statistics> {
        self.inner.statistics()
    }

    async fn scan(
        &self,
        state: &dyn Session,
        projection: Option<&Vec<usize>>,
        filters: &[Expr],
        limit: Option<usize>,
    ) -> datafusion::error::Result<Arc<dyn ExecutionPlan>> {
        self.check(projection.map(|p| &p[..])).await?;
        self.inner.scan(state, projection, filters, limit).await
    }

    async fn scan_with_args<'a>(
        &self,
        state: &dyn Session,
        args: ScanArgs<'a>,
    ) -> datafusion::error::Result<ScanResult> {
        self.check(args.projection()).await?;
        self.inner.scan_with_args(state, args).await
    }
}
