//! Finding and loading schema files: roots, input files, imports, `load_all`, import cycles.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::{Path, PathBuf};

use crate::ast;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::parse::parse;
use crate::source::Source;

/// Where schema files come from, by canonical path.
pub(crate) trait Provider {
    /// The display path and text of a canonical path, `None` when it is not there.
    fn read(&self, canonical: &str) -> Option<Result<(String, String), String>>;
    /// Every canonical path the provider can see (for `load_all`), sorted.
    fn all(&self) -> Vec<String>;
    /// Where imports were searched, for "not found" messages.
    fn describe(&self) -> String;
}

/// One parsed file.
pub(crate) struct Unit {
    pub source: Source,
    pub file: ast::File,
}

/// Loads the initial files and everything they import. Units come back sorted by canonical path.
pub(crate) fn load(
    provider: &dyn Provider,
    initial: Vec<String>,
    diagnostics: &mut Diagnostics,
) -> Vec<Unit> {
    let mut units: BTreeMap<String, Unit> = BTreeMap::new();
    let mut queue: VecDeque<String> = initial.into_iter().collect();
    let mut missing_reported = std::collections::HashSet::new();
    while let Some(canonical) = queue.pop_front() {
        if units.contains_key(&canonical) {
            continue;
        }
        let (display, text) = match provider.read(&canonical) {
            Some(Ok(found)) => found,
            Some(Err(message)) => {
                diagnostics.push(Diagnostic::general(message));
                continue;
            }
            None => {
                if missing_reported.insert(canonical.clone()) {
                    diagnostics.push(Diagnostic::general(format!(
                        "schema file `{canonical}` not found in {}",
                        provider.describe()
                    )));
                }
                continue;
            }
        };
        let source = Source::new(canonical.clone(), display, text);
        let (file, errors) = parse(&source.text);
        for error in errors {
            diagnostics.error(&source, &error.span, error.message);
        }
        if file.package.is_none() {
            diagnostics.error(&source, &(0..0), "the file has no `package` statement");
        }
        for import in &file.imports {
            if units.contains_key(&import.path) {
                continue;
            }
            match provider.read(&import.path) {
                None => diagnostics.error(
                    &source,
                    &import.path_span,
                    format!(
                        "import `{}` not found in {}",
                        import.path,
                        provider.describe()
                    ),
                ),
                Some(_) => queue.push_back(import.path.clone()),
            }
        }
        units.insert(canonical, Unit { source, file });
    }
    let units: Vec<Unit> = units.into_values().collect();
    report_cycles(&units, diagnostics);
    units
}

/// Reports each import that closes a cycle, with the cycle spelled out.
fn report_cycles(units: &[Unit], diagnostics: &mut Diagnostics) {
    let index: HashMap<&str, usize> = units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.source.canonical_path.as_str(), i))
        .collect();
    // 0 = unvisited, 1 = on the stack, 2 = done. Iterative DFS keeps deep import chains safe.
    let mut state = vec![0u8; units.len()];
    for start in 0..units.len() {
        if state[start] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some((unit, next)) = stack.last_mut() {
            let (unit, import) = (*unit, *next);
            let imports = &units[unit].file.imports;
            if import >= imports.len() {
                state[unit] = 2;
                stack.pop();
                continue;
            }
            *next += 1;
            let Some(&target) = index.get(imports[import].path.as_str()) else {
                continue;
            };
            match state[target] {
                0 => {
                    state[target] = 1;
                    stack.push((target, 0));
                }
                1 => {
                    let from = stack.iter().position(|(u, _)| *u == target).unwrap_or(0);
                    let mut chain: Vec<&str> = stack[from..]
                        .iter()
                        .map(|(u, _)| units[*u].source.canonical_path.as_str())
                        .collect();
                    chain.push(units[target].source.canonical_path.as_str());
                    diagnostics.error(
                        &units[unit].source,
                        &imports[import].path_span,
                        format!("import cycle: {}", chain.join(" -> ")),
                    );
                }
                _ => {}
            }
        }
    }
}

/// Schema files on disk under a list of roots.
pub(crate) struct DiskProvider {
    roots: Vec<PathBuf>,
    /// Input files outside every root, by the canonical path given to them.
    extra: HashMap<String, PathBuf>,
}

impl DiskProvider {
    pub(crate) fn new(roots: Vec<PathBuf>) -> Self {
        DiskProvider {
            roots,
            extra: HashMap::new(),
        }
    }

    /// The canonical path of a file named on the command line: relative to the root that holds
    /// it; tried against the current directory first, then against each root.
    pub(crate) fn add_input(&mut self, path: &Path) -> Result<String, String> {
        let found = if path.is_file() {
            Some(path.to_path_buf())
        } else if path.is_relative() {
            self.roots
                .iter()
                .map(|root| root.join(path))
                .find(|p| p.is_file())
        } else {
            None
        };
        let Some(found) = found else {
            return Err(format!("schema file `{}` not found", path.display()));
        };
        let absolute = std::fs::canonicalize(&found).unwrap_or_else(|_| found.clone());
        for root in &self.roots {
            let Ok(root) = std::fs::canonicalize(root) else {
                continue;
            };
            if let Ok(relative) = absolute.strip_prefix(&root) {
                return Ok(slash_path(relative));
            }
        }
        let canonical = slash_path(path);
        self.extra.insert(canonical.clone(), found);
        Ok(canonical)
    }

    fn locate(&self, canonical: &str) -> Option<PathBuf> {
        if let Some(path) = self.extra.get(canonical) {
            return Some(path.clone());
        }
        if canonical.split('/').any(|part| part == "..") {
            return None;
        }
        self.roots
            .iter()
            .map(|root| root.join(canonical))
            .find(|p| p.is_file())
    }
}

impl Provider for DiskProvider {
    fn read(&self, canonical: &str) -> Option<Result<(String, String), String>> {
        let path = self.locate(canonical)?;
        Some(
            std::fs::read_to_string(&path)
                .map(|text| (path.display().to_string(), text))
                .map_err(|e| format!("cannot read `{}`: {e}", path.display())),
        )
    }

    fn all(&self) -> Vec<String> {
        let mut found = std::collections::BTreeSet::new();
        for root in &self.roots {
            walk(root, root, 0, &mut found);
        }
        found.into_iter().collect()
    }

    fn describe(&self) -> String {
        if self.roots.is_empty() {
            return "the schema path (no --schema_path given)".into();
        }
        let roots: Vec<String> = self
            .roots
            .iter()
            .map(|r| format!("`{}`", r.display()))
            .collect();
        format!("the schema path ({})", roots.join(", "))
    }
}

/// Collects `.schema` files under `dir` as paths relative to `root`.
fn walk(root: &Path, dir: &Path, depth: usize, found: &mut std::collections::BTreeSet<String>) {
    // Symbolic links may loop; no real schema tree is this deep.
    if depth > 64 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, depth + 1, found);
        } else if path.extension().is_some_and(|e| e == "schema") {
            if let Ok(relative) = path.strip_prefix(root) {
                found.insert(slash_path(relative));
            }
        }
    }
}

fn slash_path(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    parts.join("/")
}

/// Schema files given as text.
pub(crate) struct MemoryProvider {
    pub files: BTreeMap<String, String>,
}

impl Provider for MemoryProvider {
    fn read(&self, canonical: &str) -> Option<Result<(String, String), String>> {
        self.files
            .get(canonical)
            .map(|text| Ok((canonical.to_string(), text.clone())))
    }

    fn all(&self) -> Vec<String> {
        self.files.keys().cloned().collect()
    }

    fn describe(&self) -> String {
        "the given sources".into()
    }
}
