//! What applying and creating share: the patch format, and the run that keeps the combined code
//! and the JSON Pointer of the current value and reports each step there.

use serde_json::{Map, Value};

use crate::o3de::report::reporter::{Report, Reporter};
use crate::o3de::report::result::{Outcome, Processing, ResultCode, Task};
use crate::text::pointer::push_pointer;

/// Which patch format (`AZ::JsonMergeApproach`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PatchStyle {
    /// RFC 6902 JSON Patch: an array of operations.
    JsonPatch,
    /// RFC 7386 JSON Merge Patch: a document that mirrors the target.
    MergePatch,
}

/// The state of a merge or a patch creation: the reporter, the combined code and the JSON
/// Pointer of the current value.
pub(super) struct Run<'r> {
    pub(super) reporter: &'r mut dyn Reporter,
    pub(super) result: ResultCode,
    pub(super) path: String,
}

impl<'r> Run<'r> {
    pub(super) fn new(reporter: &'r mut dyn Reporter, task: Task) -> Self {
        let (result, path) = (ResultCode::for_task(task), String::new());
        Run {
            reporter,
            result,
            path,
        }
    }

    /// Reports at the current path; `false` once processing should stop.
    pub(super) fn note(&mut self, message: &str, task: Task, outcome: Outcome) -> bool {
        let code = ResultCode::new(task, outcome);
        self.result
            .absorb(report(self.reporter, message, code, &self.path));
        !self.stopped()
    }

    /// Halted, or (for a patch creation) a value could not be expressed.
    pub(super) fn stopped(&self) -> bool {
        self.result.processing() != Processing::Completed
            || self.result.outcome() > Outcome::PartialDefaults
    }

    /// Runs `f` with `segment` pushed on the path.
    pub(super) fn at<T>(&mut self, segment: &str, f: impl FnOnce(&mut Self) -> T) -> T {
        let len = self.path.len();
        push_pointer(&mut self.path, segment);
        let out = f(self);
        self.path.truncate(len);
        out
    }

    /// Emits a JSON Patch operation at the current path and reports it.
    pub(super) fn emit(
        &mut self,
        ops: &mut Vec<Value>,
        op: &str,
        value: Option<&Value>,
        message: &str,
    ) -> bool {
        let mut entry = Map::new();
        entry.insert("op".into(), Value::String(op.into()));
        entry.insert("path".into(), Value::String(self.path.clone()));
        if let Some(value) = value {
            entry.insert("value".into(), value.clone());
        }
        ops.push(Value::Object(entry));
        self.note(message, Task::CreatePatch, Outcome::Success)
    }
}

pub(super) fn report(
    reporter: &mut dyn Reporter,
    message: &str,
    code: ResultCode,
    path: &str,
) -> ResultCode {
    reporter.report(&Report {
        message,
        code,
        path,
        coerced: false,
    })
}
