//! A crate's files import one way: no file imports, through any chain of others, a file that
//! imports it. [`assert_one_way`] is the check each crate's `tests/imports.rs` runs; [`Graph`]
//! is the graph it reads, for a crate's own further checks.
//!
//! The graph is read from the source text: `use` items and paths in code that start at `crate`,
//! `super`, `self` or a child module's name, each resolved to the deepest module file it names.
//! `mod x;` lines are wiring, not imports, and inline `mod x { .. }` blocks (unit tests that call
//! the public API) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path (`["o3de", "load", "map"]`) for each file under `src`; `lib.rs` (or, in a
/// crate without one, `main.rs`) is the root, `[]`.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let root = if src.join("lib.rs").exists() {
        "lib"
    } else {
        "main"
    };
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(src)
                    .expect("under src")
                    .with_extension("");
                let mut parts: Vec<String> = rel
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if parts.last().is_some_and(|p| p == "mod") || parts == [root] {
                    parts.pop();
                }
                out.insert(parts, path);
            }
        }
    }
    out
}

/// The code of a file without comments, string and char literals, and inline `mod x { .. }`
/// blocks.
fn code(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            i = end;
        } else if b[i] == b'"' || b[i..].starts_with(b"r#\"") || b[i..].starts_with(b"r\"") {
            let hashes = b[i..].iter().skip(1).take_while(|&&c| c == b'#').count();
            let (open, close) = if b[i] == b'r' {
                (1 + hashes + 1, format!("\"{}", "#".repeat(hashes)))
            } else {
                (1, "\"".to_owned())
            };
            let mut j = i + open;
            while j < b.len() && !b[j..].starts_with(close.as_bytes()) {
                j += if b[i] == b'"' && b[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3;
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            let end = text[i + 2..].find('\'').map_or(b.len(), |e| i + 2 + e + 1);
            i = end;
        } else {
            let c = text[i..].chars().next().expect("in bounds");
            out.push(c);
            i += c.len_utf8();
        }
    }
    strip_inline_modules(&out)
}

fn strip_inline_modules(code: &str) -> String {
    let mut out = code.to_owned();
    while let Some(start) = find_inline_mod(&out) {
        let open = start + out[start..].find('{').expect("a block");
        let mut depth = 0;
        let mut end = out.len();
        for (k, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(start..end, "");
    }
    out
}

/// Where `mod name {` starts.
fn find_inline_mod(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ") {
        let start = from + at;
        let word_start = start == 0 || !is_ident(code.as_bytes()[start - 1]);
        let rest = &code[start + 4..];
        let name_len = rest.bytes().take_while(|&c| is_ident(c)).count();
        if word_start && name_len > 0 && rest[name_len..].trim_start().starts_with('{') {
            return Some(start);
        }
        from = start + 4;
    }
    None
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Every path in `code`: `a::b::{c, d::e}` in `use` items expanded, and `a::b::c` elsewhere.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let word_start = at == 0 || !is_ident(rest.as_bytes()[at - 1]);
        let after = &rest[at + 4..];
        match after.find(';') {
            Some(end) if word_start => {
                // Spaces are dropped but around `as`, which renames the last segment.
                let tree = after[..end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let tree = ["::", "{", "}", ","].iter().fold(tree, |t, p| {
                    t.replace(&format!(" {p}"), p).replace(&format!("{p} "), p)
                });
                expand("", &tree, &mut out);
                rest = &after[end..];
            }
            _ => rest = after,
        }
    }
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if is_ident(b[i]) && (i == 0 || !(is_ident(b[i - 1]) || b[i - 1] == b':')) {
            let mut j = i;
            loop {
                while j < b.len() && is_ident(b[j]) {
                    j += 1;
                }
                if b[j..].starts_with(b"::") && b.get(j + 2).is_some_and(|&c| is_ident(c)) {
                    j += 2;
                } else {
                    break;
                }
            }
            if code[i..j].contains("::") {
                out.push(code[i..j].to_owned());
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let inner = &tree[open + 1..tree.len() - 1];
        let head = format!("{prefix}{}", &tree[..open]);
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&head, &inner[start..k], out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        if start < inner.len() {
            expand(&head, &inner[start..], out);
        }
    } else if !tree.is_empty() {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        out.push(format!("{prefix}{path}"));
    }
}

/// The module file a path from module `from` names, if it names one in this crate.
fn resolve(
    modules: &BTreeMap<Vec<String>, PathBuf>,
    from: &[String],
    path: &str,
) -> Option<Vec<String>> {
    let segments: Vec<&str> = path.split("::").collect();
    let (mut base, rest): (Vec<String>, &[&str]) = match segments[0] {
        "crate" => (Vec::new(), &segments[1..]),
        "super" | "self" => {
            let mut base = from.to_vec();
            let mut k = 0;
            while k < segments.len() && matches!(segments[k], "super" | "self") {
                if segments[k] == "super" {
                    base.pop();
                }
                k += 1;
            }
            (base, &segments[k..])
        }
        first => {
            let mut child = from.to_vec();
            child.push(first.to_owned());
            if !modules.contains_key(&child) {
                return None;
            }
            (from.to_vec(), &segments[..])
        }
    };
    for segment in rest {
        base.push((*segment).to_owned());
        if !modules.contains_key(&base) {
            base.pop();
            break;
        }
    }
    modules.contains_key(&base).then_some(base)
}

/// A cycle in the graph, if there is one.
fn cycle(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, bool>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(node.clone(), false);
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next) {
                Some(false) => {
                    let at = stack.iter().position(|n| n == next).unwrap_or(0);
                    return Some(stack[at..].to_vec());
                }
                Some(true) => {}
                None => {
                    if let Some(found) = visit(next, edges, state, stack) {
                        return Some(found);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if !state.contains_key(node) {
            if let Some(found) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

/// The file-level import graph of a crate: each module file, and the module files it imports.
#[derive(Debug, Clone)]
pub struct Graph {
    src: PathBuf,
    modules: BTreeMap<Vec<String>, PathBuf>,
    edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

impl Graph {
    /// Reads the graph of the crate whose `Cargo.toml` is in `crate_dir` (its `src/`).
    pub fn of_crate(crate_dir: impl AsRef<Path>) -> Graph {
        let src = crate_dir.as_ref().join("src");
        let modules = modules(&src);
        let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for (module, file) in &modules {
            let text = std::fs::read_to_string(file).expect("readable");
            for path in paths(&code(&text)) {
                if let Some(target) = resolve(&modules, module, &path) {
                    if &target != module {
                        edges.entry(module.clone()).or_default().insert(target);
                    }
                }
            }
        }
        Graph {
            src,
            modules,
            edges,
        }
    }

    /// Whether the module `from` imports the module `to` directly, each given by its path
    /// (`&["o3de"]`, `&["o3de", "load"]`; `&[]` is the crate root).
    pub fn imports(&self, from: &[&str], to: &[&str]) -> bool {
        let owned = |m: &[&str]| m.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        self.edges
            .get(&owned(from))
            .is_some_and(|targets| targets.contains(&owned(to)))
    }

    /// How many imports between files the graph has.
    pub fn edge_count(&self) -> usize {
        self.edges.values().map(BTreeSet::len).sum()
    }

    /// A cycle, if there is one: the files (relative to `src/`) in import order, the last
    /// importing the first.
    pub fn cycle(&self) -> Option<Vec<PathBuf>> {
        cycle(&self.edges).map(|found| {
            found
                .iter()
                .map(|m| {
                    let file = &self.modules[m];
                    file.strip_prefix(&self.src).unwrap_or(file).to_path_buf()
                })
                .collect()
        })
    }
}

/// Panics, naming the cycle, when a file of the crate in `crate_dir` imports (through any chain
/// of others) a file that imports it; returns the graph for further checks.
///
/// # Panics
///
/// On a cycle, or when the crate has no imports between files at all (the graph was not read).
pub fn assert_one_way(crate_dir: impl AsRef<Path>) -> Graph {
    let graph = Graph::of_crate(crate_dir);
    assert!(
        graph.modules.len() < 2 || graph.edge_count() > 0,
        "no imports read under {}",
        graph.src.display()
    );
    if let Some(found) = graph.cycle() {
        let names: Vec<String> = found.iter().map(|f| f.display().to_string()).collect();
        panic!(
            "an import cycle in {}: {} -> back to the first",
            graph.src.display(),
            names.join(" -> ")
        );
    }
    graph
}
