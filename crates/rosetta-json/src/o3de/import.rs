//! `$import` resolution (O3DE's `JsonImportResolver` with the `BaseJsonImporter`).
//!
//! A directive is `{"$import": "file.json"}` or
//! `{"$import": {"filename": "file.json", "patch": {…}}}`. The object holding it is replaced by
//! the imported document (its other members are discarded), imports inside that document are
//! resolved relative to its own directory, and then `patch` is applied as a JSON Merge Patch.
//! The directives of the document itself are recorded so [`restore_imports`] can write them
//! back.

use std::path::{Component, Path, PathBuf};

use serde_json::{Map, Value};

use super::patch::{apply_patch, create_patch, PatchStyle};
use crate::o3de::report::reporter::{Quiet, Report, Reporter};
use crate::o3de::report::result::{Outcome, ResultCode, Task};
use crate::text::document::parse_unique_document;
pub use crate::text::document::without_comments;
use crate::text::pointer::push_pointer;
use crate::text::pointer::{get_mut, parse_pointer};

/// The member name of an import directive.
pub const IMPORT_DIRECTIVE: &str = "$import";

/// The most files an import chain may nest below the importing file.
pub const MAX_IMPORT_DEPTH: usize = 64;

/// The most levels of arrays and objects the resolved document may nest: what
/// [`parse_document`](crate::o3de::parse_document) reads ([`MAX_JSON_NESTING`](rosetta_types::MAX_JSON_NESTING), 304: as deep
/// as schema data within [`MAX_NESTING`](rosetta_types::MAX_NESTING) needs), so that a resolved
/// document can be read again. Each file is within it, but a chain of imports adds up their
/// depths.
pub const MAX_RESOLVED_DEPTH: usize = rosetta_types::MAX_JSON_NESTING;

/// The most directives one resolution resolves. Two imports of the same file per file double
/// the work with each file of a chain, so the depth limits alone do not bound it.
pub const MAX_IMPORTS: usize = 10_000;

/// Loads the JSON document of an imported file.
pub trait ImportLoader {
    /// The parsed document at `path`, or why it could not be read or parsed.
    fn load(&mut self, path: &Path) -> Result<Value, String>;
}

/// An [`ImportLoader`] that reads files from disk as [`parse_unique_document`] does: an object
/// with two members of one name is an error at its line and column, since the resolved document
/// (a `serde_json` value) cannot keep both, as RapidJSON's document would.
#[derive(Debug, Default, Clone, Copy)]
pub struct FileLoader;

impl ImportLoader for FileLoader {
    fn load(&mut self, path: &Path) -> Result<Value, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        parse_unique_document(&text).map_err(|e| e.to_string())
    }
}

/// One resolved `$import` directive of the document passed to [`resolve_imports`].
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRecord {
    /// The JSON Pointer of the object that held the directive (now the imported document).
    pub pointer: String,
    /// The imported file: the directive's file name joined to the importing file's directory.
    pub file: PathBuf,
    /// The file name exactly as the directive wrote it.
    pub filename: String,
    /// The directive's merge patch, if it had one.
    pub patch: Option<Value>,
    /// The imported document before the patch (its own imports resolved): what
    /// [`restore_imports`] makes the patch against.
    pub imported: Value,
}

/// Resolves every `$import` in `doc`, which was loaded from `file` (directive paths are
/// relative to its directory), with task [`Task::Import`].
///
/// Returns the combined code and the directives of `doc` itself (not those of imported files).
/// A directive that is neither a string nor an object with a string `filename` is `Invalid`;
/// a file that cannot be loaded, a cycle (a file imported again within its own chain), a
/// chain deeper than [`MAX_IMPORT_DEPTH`], a resolved document nested deeper than
/// [`MAX_RESOLVED_DEPTH`] and more than [`MAX_IMPORTS`] directives are `Catastrophic`. Every
/// failure is reported with the file or the chain of files in its message; a halted code stops the resolution, leaving
/// the imports resolved so far in place.
///
/// ```
/// use rosetta_json::o3de::import::{resolve_imports, ImportLoader};
/// use rosetta_json::o3de::{Outcome, Quiet};
/// use serde_json::{json, Value};
/// use std::path::Path;
/// struct One;
/// impl ImportLoader for One {
///     fn load(&mut self, _: &Path) -> Result<Value, String> {
///         Ok(json!({"a": 1, "b": 2}))
///     }
/// }
/// let mut doc = json!({"x": {"$import": {"filename": "x.json", "patch": {"b": null}}}});
/// let (code, records) = resolve_imports(&mut doc, Path::new("dir/main.json"), &mut One, &mut Quiet);
/// assert_eq!(code.outcome(), Outcome::Success);
/// assert_eq!(doc, json!({"x": {"a": 1}}));
/// assert_eq!(records[0].file, Path::new("dir/x.json"));
/// ```
pub fn resolve_imports(
    doc: &mut Value,
    file: &Path,
    loader: &mut dyn ImportLoader,
    reporter: &mut dyn Reporter,
) -> (ResultCode, Vec<ImportRecord>) {
    let mut resolver = Resolver {
        loader,
        reporter,
        chain: vec![normalize(file)],
        records: Vec::new(),
        result: ResultCode::for_task(Task::Import),
        imports: 0,
    };
    let mut pointer = String::new();
    if resolver.walk(doc, &mut pointer, 0, true) {
        resolver
            .result
            .absorb(ResultCode::new(Task::Import, Outcome::Success));
    }
    (resolver.result, resolver.records)
}

/// Writes the directives of `records` back into `doc`, as O3DE's `RestoreImports` does: the
/// value at each record's pointer becomes `{"$import": filename}` when it is the imported
/// document, else `{"$import": {"filename": …, "patch": …}}` with the JSON Merge Patch from the
/// imported document to the value, so that edits made after resolution are kept. Where a merge
/// patch cannot express the change (a member set to `null`), the directive's own patch is
/// written. Records whose pointer no longer exists are skipped.
pub fn restore_imports(doc: &mut Value, records: &[ImportRecord]) {
    for record in records {
        let Some(tokens) = parse_pointer(&record.pointer) else {
            continue;
        };
        let Some(slot) = get_mut(doc, &tokens) else {
            continue;
        };
        let filename = Value::String(record.filename.clone());
        let patch = if *slot == record.imported {
            None
        } else {
            let (patch, code) =
                create_patch(&record.imported, slot, PatchStyle::MergePatch, &mut Quiet);
            // DefaultsUsed: the values are equal as the engine compares them (`1` and `1.0`).
            if code.halted() || code.outcome() == Outcome::Unsupported {
                record.patch.clone()
            } else {
                Some(patch)
            }
        };
        let directive = match &patch {
            Some(patch) if changes_anything(patch) => {
                let mut object = Map::new();
                object.insert("filename".into(), filename);
                object.insert("patch".into(), patch.clone());
                Value::Object(object)
            }
            _ => filename,
        };
        let mut object = Map::new();
        object.insert(IMPORT_DIRECTIVE.into(), directive);
        *slot = Value::Object(object);
    }
}

/// Whether the engine applies a patch: only a non-empty object or array
/// (`BaseJsonImporter::ApplyPatch`); `null`, a scalar, `{}` and `[]` leave the import as it is.
fn changes_anything(patch: &Value) -> bool {
    match patch {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    }
}

/// `path` with `.` components dropped and `name/..` pairs folded, so the same file reached two
/// ways is recognised in a cycle.
fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

struct Resolver<'a> {
    loader: &'a mut dyn ImportLoader,
    reporter: &'a mut dyn Reporter,
    /// The importing file, then each file imported below it, outermost first.
    chain: Vec<PathBuf>,
    records: Vec<ImportRecord>,
    result: ResultCode,
    /// The directives resolved so far.
    imports: usize,
}

impl Resolver<'_> {
    /// Reports a failure; `false` if the returned code halts.
    fn fail(&mut self, message: &str, outcome: Outcome, path: &str) -> bool {
        let code = ResultCode::new(Task::Import, outcome);
        let code = self.reporter.report(&Report {
            message,
            code,
            path,
            coerced: false,
        });
        self.result.absorb(code);
        !code.halted()
    }

    fn chain_text(&self, last: &Path) -> String {
        let mut names: Vec<String> = self.chain.iter().map(|p| p.display().to_string()).collect();
        names.push(last.display().to_string());
        names.join(" -> ")
    }

    /// Resolves the directives in `value`, which `depth` arrays and objects of the resolved
    /// document hold; `false` once processing stopped.
    fn walk(
        &mut self,
        value: &mut Value,
        pointer: &mut String,
        depth: usize,
        record: bool,
    ) -> bool {
        if depth >= MAX_RESOLVED_DEPTH && (value.is_object() || value.is_array()) {
            let file = self.chain.last().map(|f| f.display().to_string());
            let message = format!(
                "'{}' with its imports nests deeper than {MAX_RESOLVED_DEPTH} levels.",
                file.unwrap_or_default()
            );
            return self.fail(&message, Outcome::Catastrophic, pointer);
        }
        match value {
            Value::Object(map) if map.contains_key(IMPORT_DIRECTIVE) => {
                self.import(value, pointer, depth, record)
            }
            Value::Object(map) => {
                for (name, member) in map.iter_mut() {
                    if !(member.is_object() || member.is_array()) {
                        continue;
                    }
                    let len = pointer.len();
                    push_pointer(pointer, name);
                    let go_on = self.walk(member, pointer, depth + 1, record);
                    pointer.truncate(len);
                    if !go_on {
                        return false;
                    }
                }
                true
            }
            Value::Array(items) => {
                for (index, item) in items.iter_mut().enumerate() {
                    if !(item.is_object() || item.is_array()) {
                        continue;
                    }
                    let len = pointer.len();
                    push_pointer(pointer, &index.to_string());
                    let go_on = self.walk(item, pointer, depth + 1, record);
                    pointer.truncate(len);
                    if !go_on {
                        return false;
                    }
                }
                true
            }
            _ => true,
        }
    }

    /// Replaces `value`, an object holding a directive at `depth`, by the imported document.
    fn import(&mut self, value: &mut Value, pointer: &str, depth: usize, record: bool) -> bool {
        let current = self.chain.last().cloned().unwrap_or_default();
        let (filename, patch) = match value.get(IMPORT_DIRECTIVE) {
            Some(Value::String(name)) => (name.clone(), None),
            Some(Value::Object(directive)) => match directive.get("filename") {
                Some(Value::String(name)) => (name.clone(), directive.get("patch").cloned()),
                _ => (String::new(), None),
            },
            _ => (String::new(), None),
        };
        if filename.is_empty() {
            let mut path = pointer.to_owned();
            push_pointer(&mut path, IMPORT_DIRECTIVE);
            let message = format!(
                "The $import directive in '{}' must be a file name or an object with a \"filename\" string.",
                current.display()
            );
            return self.fail(&message, Outcome::Invalid, &path);
        }
        let file = normalize(&current.parent().unwrap_or(Path::new("")).join(&filename));
        if self.chain.contains(&file) {
            let message = format!(
                "'{}' was already imported in this chain ({}). This indicates a cyclic dependency.",
                file.display(),
                self.chain_text(&file)
            );
            return self.fail(&message, Outcome::Catastrophic, pointer);
        }
        if self.chain.len() > MAX_IMPORT_DEPTH {
            let message = format!(
                "Importing '{}' would nest imports deeper than {MAX_IMPORT_DEPTH} files ({}).",
                file.display(),
                self.chain_text(&file)
            );
            return self.fail(&message, Outcome::Catastrophic, pointer);
        }
        self.imports += 1;
        if self.imports > MAX_IMPORTS {
            let message = format!(
                "Importing '{}' would resolve more than {MAX_IMPORTS} imports.",
                file.display()
            );
            return self.fail(&message, Outcome::Catastrophic, pointer);
        }
        let mut imported = match self.loader.load(&file) {
            Ok(imported) => imported,
            Err(reason) => {
                let message = format!(
                    "Failed to import file '{}' (imported from '{}'). Reason: '{reason}'",
                    file.display(),
                    current.display()
                );
                return self.fail(&message, Outcome::Catastrophic, pointer);
            }
        };
        self.chain.push(file.clone());
        // The imported document takes the directive's place, at its depth.
        let go_on = self.walk(&mut imported, &mut String::new(), depth, false);
        self.chain.pop();
        if !go_on {
            return false;
        }
        let unpatched = if record {
            imported.clone()
        } else {
            Value::Null
        };
        if let Some(patch) = patch.as_ref().filter(|p| changes_anything(p)) {
            let code = apply_patch(&mut imported, patch, PatchStyle::MergePatch, &mut Quiet);
            if code.halted() {
                let message = format!(
                    "Applying the patch of the import of '{}' failed.",
                    file.display()
                );
                return self.fail(&message, code.outcome(), pointer);
            }
        }
        *value = imported;
        if record {
            self.records.push(ImportRecord {
                pointer: pointer.to_owned(),
                file,
                filename,
                patch,
                imported: unpatched,
            });
        }
        true
    }
}

#[cfg(test)]
mod tests;
