//! The header never drifts from the library. `build.rs` makes every declaration of
//! `include/c_schema.h` a typed constant of the library's function (a name or a type that
//! differs does not compile); here:
//! - the header declares exactly the 15.0.1 header's 159 functions, and the static library
//!   exports no `Schema_*` function that the header does not declare;
//! - a C program that takes the address of every declared function links against the static
//!   library.

mod common;

#[path = "../build/header.rs"]
#[allow(dead_code)]
mod parse;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::process::Command;

use common::{build, crate_dir, run, static_lib};

fn declared() -> BTreeSet<String> {
    let text = std::fs::read_to_string(crate_dir().join("include/c_schema.h"))
        .expect("the header is read");
    parse::declarations(&text).into_keys().collect()
}

#[test]
fn the_header_declares_what_the_library_exports() {
    let declared = declared();
    // The 15.0.1 header's functions: 3 of bundles, 21 of roots, 6 of cleared fields, 3 of the
    // update algebra, 12 object utilities, 6 for each of 15 scalar families, 6 of bytes, 4 of
    // objects and 14 of JSON.
    assert_eq!(declared.len(), 159, "declarations read");
    let output = Command::new("nm")
        .args(["--defined-only", "--extern-only", "--format=posix"])
        .arg(static_lib())
        .output()
        .expect("nm runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let exported: BTreeSet<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| name.starts_with("Schema_"))
        .map(str::to_owned)
        .collect();
    let undeclared: Vec<_> = exported.difference(&declared).collect();
    let missing: Vec<_> = declared.difference(&exported).collect();
    assert!(
        undeclared.is_empty(),
        "exported, not declared: {undeclared:?}"
    );
    assert!(missing.is_empty(), "declared, not exported: {missing:?}");
}

#[test]
fn every_declared_function_links() {
    let names = declared();
    let mut source = String::from("#include <stdio.h>\n#include \"c_schema.h\"\n");
    source.push_str("static void (*const functions[])(void) = {\n");
    for name in &names {
        writeln!(source, "  (void (*)(void))&{name},").expect("writing to a String");
    }
    source.push_str("};\nint main(void) {\n  unsigned n = 0;\n");
    source.push_str(
        "  for (unsigned i = 0; i < sizeof functions / sizeof *functions; ++i) n += functions[i] != 0;\n",
    );
    source.push_str("  printf(\"%u functions\\n\", n);\n  return 0;\n}\n");
    let dir = tempfile::tempdir().expect("a scratch directory");
    let file = dir.path().join("every_function.c");
    std::fs::write(&file, source).expect("the C file is written");
    let program = dir.path().join("every_function");
    build(&file, &program);
    let output = run(&program, &[]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{} functions\n", names.len())
    );
}

#[test]
fn declarations_are_read_as_c_reads_them() {
    let text = "/* c */ WORKER_API const uint8_t* Schema_GetBytes(const Schema_Object* object,\n\
                Schema_FieldId field_id);\nWORKER_API Schema_Bundle* Schema_Bundle_Load(void);\n\
                typedef void Schema_ErrorCallback(void* user_data, const char* error);";
    let found = parse::declarations(text);
    assert_eq!(
        found["Schema_GetBytes"],
        (
            "const uint8_t*".to_owned(),
            vec![
                "const Schema_Object*".to_owned(),
                "Schema_FieldId".to_owned()
            ]
        )
    );
    assert_eq!(
        found["Schema_Bundle_Load"],
        ("Schema_Bundle*".to_owned(), vec![])
    );
    assert_eq!(found.len(), 2);
    assert_eq!(parse::rust_type("const uint8_t*"), "*const u8");
    assert_eq!(
        parse::rust_type("Schema_ErrorCallback*"),
        "Option<Schema_ErrorCallback>"
    );
}
