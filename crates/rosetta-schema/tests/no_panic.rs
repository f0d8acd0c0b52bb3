//! The parser and resolver never panic, whatever the text: arbitrary strings, and mutations of
//! a real schema file. The same property runs longer under cargo-fuzz (`fuzz/`).

use proptest::prelude::*;
use rosetta_schema::{compile_sources, SourceFile};

const SEED: &str = r#"package game.core;
import "game/other.schema";
enum Kind { A = 0; B = 1; }
type Inner { option<int32> x = 1; list<string> names = 2; map<uint32, Kind> kinds = 3; }
[Inner(x = 1, names = ["a"], kinds = {1: Kind.A})]
component Player { id = 1000; data Inner; event Inner moved; command Inner ping(Inner); }
component_set Set { id = 1; components = [Player]; }
"#;

const OTHER: &str = "package game;\ntype Shared { Entity e = 1; bytes b = 2; }\n";

fn compile(text: String) {
    let files = vec![
        SourceFile {
            canonical_path: "game/a.schema".into(),
            text,
        },
        SourceFile {
            canonical_path: "game/other.schema".into(),
            text: OTHER.into(),
        },
    ];
    if let Err(diagnostics) = compile_sources(files) {
        // Rendering must not panic either.
        let _ = diagnostics.render(true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        compile(text);
    }

    #[test]
    fn schema_like_tokens_never_panic(tokens in prop::collection::vec(
        prop::sample::select(vec![
            "package", "import", "type", "enum", "component", "component_set", "id", "data",
            "event", "command", "option", "list", "map", "transient", "components", "{", "}", "<",
            ">", "(", ")", "[", "]", "=", ",", ";", ":", ".", "p", "T", "int32", "Entity", "1",
            "-5", "2.5", "\"s\"", "true", "/*", "//", "\n", "99999999999999999999",
        ]),
        0..80,
    )) {
        compile(tokens.join(" "));
    }

    #[test]
    fn mutated_real_file_never_panics(cut in 0usize..400, insert in "\\PC{0,8}") {
        let mut text = SEED.to_string();
        let at = (0..=cut.min(text.len())).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &insert);
        compile(text);
    }
}

#[test]
fn the_seed_compiles() {
    let files = vec![
        SourceFile {
            canonical_path: "game/a.schema".into(),
            text: SEED.into(),
        },
        SourceFile {
            canonical_path: "game/other.schema".into(),
            text: OTHER.into(),
        },
    ];
    compile_sources(files).unwrap_or_else(|d| panic!("{}", d.render(false)));
}
