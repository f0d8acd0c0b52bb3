//! Arbitrary bytes as a schema file: the lexer, parser and resolver must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_schema::{compile_sources, SourceFile};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let files = vec![
        SourceFile {
            canonical_path: "fuzz/a.schema".into(),
            text,
        },
        SourceFile {
            canonical_path: "fuzz/b.schema".into(),
            text: "package fuzz; type B { int32 x = 1; } enum E { A = 0; }".into(),
        },
    ];
    if let Err(diagnostics) = compile_sources(files) {
        let _ = diagnostics.render(false);
    }
});
