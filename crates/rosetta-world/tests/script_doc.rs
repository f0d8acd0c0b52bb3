//! `docs/world-script.md` documents every world-script operation the loader runs, and nothing
//! else, and its example script loads.

use std::collections::BTreeSet;
use std::path::Path;

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The operation names of the loader's `match` (`"tag" => ...`, `"enum" | "bitmask" => ...`).
fn loader_ops() -> BTreeSet<String> {
    let src = read("src/script/ops.rs");
    let start = src
        .find("match name.as_str()")
        .expect("the loader's match on the op name");
    let end = start
        + src[start..]
            .find("other =>")
            .expect("the match's fallback arm");
    let mut ops = BTreeSet::new();
    for line in src[start..end].lines() {
        let head = line.trim_start();
        if !head.starts_with('"') || !head.contains("=>") {
            continue;
        }
        let pattern = &head[..head.find("=>").unwrap_or(0)];
        for alt in pattern.split('|') {
            let name = alt.trim().trim_matches('"');
            if !name.is_empty() {
                ops.insert(name.to_string());
            }
        }
    }
    ops
}

/// The operations the document's tables list: a cell starting with `["name"`.
fn documented_ops(doc: &str) -> BTreeSet<String> {
    let mut ops = BTreeSet::new();
    for line in doc.lines().filter(|l| l.starts_with("| `[")) {
        let first_cell = line.split(" | ").next().unwrap_or("");
        for part in first_cell.split("`[\"").skip(1) {
            if let Some(end) = part.find('"') {
                ops.insert(part[..end].to_string());
            }
        }
    }
    ops
}

#[test]
fn every_operation_is_documented_and_nothing_more() {
    let doc = read("../../docs/world-script.md");
    let code = loader_ops();
    assert!(
        code.len() > 20,
        "read too few operations from the loader: {code:?}"
    );
    let documented = documented_ops(&doc);
    let undocumented: Vec<_> = code.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&code).collect();
    assert!(
        undocumented.is_empty(),
        "not in docs/world-script.md: {undocumented:?}"
    );
    assert!(
        unknown.is_empty(),
        "documented but not run by the loader: {unknown:?}"
    );
}

#[test]
fn the_documents_example_loads() {
    let doc = read("../../docs/world-script.md");
    let block = doc
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a json example");
    let loaded = rosetta_world::script::load_str(block).expect("the example loads");
    let earth = loaded.world.lookup("Sun.Earth").expect("Sun.Earth");
    let rocky = loaded
        .world
        .lookup("planets.RockyPlanet")
        .expect("the prefab");
    assert!(loaded.world.has(
        earth,
        rosetta_world::Id::pair(rosetta_world::builtin::IS_A, rocky)
    ));
}
