//! What the integration tests share: the Flecs v3 JSON corpus, read from `../shared` beside the
//! repository (never copied into it).

use std::path::Path;

use serde_json::Value as Json;

const CORPUS: &str = "../../../shared/corpus/flecs/v3_json_vectors.json";

/// The corpus' cases, or `None` (said on standard error) when the corpus is absent.
pub fn flecs_cases() -> Option<Vec<Json>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: the Flecs corpus is not at {} (it lives outside the repository)",
            path.display()
        );
        return None;
    };
    let corpus: Json = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => panic!("{}: {e}", path.display()),
    };
    Some(corpus["cases"].as_array().cloned().unwrap_or_default())
}
