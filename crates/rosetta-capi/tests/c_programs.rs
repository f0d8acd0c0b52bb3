//! The C tests: C and C++ programs under `tests/c/`, built by the system compilers against the
//! header and the static library, run (under valgrind with `ROSETTA_CAPI_VALGRIND=1`, as
//! `.ci/run` does), and the bytes they serialize compared with what rosetta-wire writes; and
//! `limits.c`, the nesting limit and the field ids.

mod common;

use std::collections::BTreeMap;

use rosetta_wire::family::*;
use rosetta_wire::Object;

use common::{build, crate_dir, run, test_bundle};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The objects of the seed examples, built with rosetta-wire.
fn expected_seed_bytes() -> BTreeMap<&'static str, Vec<u8>> {
    let mut expected = BTreeMap::new();
    let position = |x: f64, y: f64, z: f64| {
        let mut fields = Object::new();
        let coords = fields.add_object(1);
        coords.add::<Double>(1, x);
        coords.add::<Double>(2, y);
        coords.add::<Double>(3, z);
        fields.encode()
    };
    expected.insert("sent_update_fields", position(1.0, 2.0, 3.0));
    expected.insert("vtable_update_fields", position(1.5, -2.0, 1e9));

    let mut o = Object::new();
    o.add::<Int32>(3, 1234);
    o.add::<EntityId>(4, 1001);
    o.add::<Enum>(5, 3);
    expected.insert("primitive_types", o.encode());

    let mut o = Object::new();
    for v in [1.0, 2.0, 3.0, 4.0] {
        o.add::<Float>(6, v);
    }
    expected.insert("list_one_by_one", o.encode());
    let mut o = Object::new();
    o.add_list::<Float>(6, &[1.0, 2.0, 3.0, 4.0]);
    expected.insert("list_at_once", o.encode());

    let mut o = Object::new();
    o.add_string(1, "Hello World.");
    o.add_bytes(2, &[0xde, 0xad, 0x00]);
    expected.insert("strings_and_bytes", o.encode());
    expected.insert("strings_and_bytes_allocated", o.encode());

    let mut o = Object::new();
    let t = o.add_object(4);
    t.add::<Int32>(1, 1234);
    t.add::<Float>(2, 1234.0);
    expected.insert("objects", o.encode());
    expected.insert("empty_option", Vec::new());

    let mut o = Object::new();
    for (k, v) in [(100, 25.0), (7, -1.0)] {
        let entry = o.add_object(1);
        entry.add::<Uint32>(1, k);
        entry.add::<Float>(2, v);
    }
    expected.insert("maps", o.encode());

    let mut o = Object::new();
    o.add::<Int32>(1, 1234);
    o.add::<Float>(2, 55.0);
    expected.insert("component_data", o.encode());
    let mut o = Object::new();
    o.add::<Int32>(1, 1234);
    expected.insert("update_fields", o.encode());

    let mut o = Object::new();
    for (counter, size) in [(122, 25.0), (123, 26.0)] {
        let event = o.add_object(1);
        event.add::<Uint32>(1, counter);
        event.add::<Float>(2, size);
    }
    expected.insert("events", o.encode());

    let mut o = Object::new();
    o.add_bytes(1, &[0xde, 0xad, 0x00]);
    o.add::<Float>(2, 55.0);
    expected.insert("command_request", o.encode());
    let mut o = Object::new();
    o.add::<Int32>(1, -5);
    expected.insert("command_response", o.encode());
    expected
}

#[test]
fn the_seed_examples_compile_pass_and_write_rosetta_wire_bytes() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let program = dir.path().join("seed_examples");
    build(&crate_dir().join("tests/c/seed_examples.c"), &program);
    let output = run(&program, &[]);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert!(stdout.ends_with("seed examples: ok\n"), "{stdout}");
    let expected = expected_seed_bytes();
    let mut seen = 0;
    for line in stdout.lines() {
        let Some((name, bytes)) = line.split_once(": ") else {
            continue;
        };
        let Some(want) = expected.get(name) else {
            continue;
        };
        assert_eq!(bytes, hex(want), "{name}");
        seen += 1;
    }
    assert_eq!(seen, expected.len(), "{stdout}");
}

#[test]
fn the_edge_cases_of_the_memory_and_error_rules_pass() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let bundle = dir.path().join("test.sb");
    std::fs::write(&bundle, test_bundle()).expect("the bundle is written");
    let program = dir.path().join("edge_cases");
    build(&crate_dir().join("tests/c/edge_cases.c"), &program);
    let output = run(&program, &[&bundle]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("edge cases: ok"));
}

#[test]
fn a_cpp_program_includes_the_header_and_runs() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let program = dir.path().join("header_cpp");
    build(&crate_dir().join("tests/c/header.cpp"), &program);
    let output = run(&program, &[]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("c++: 29 bytes"));
}

#[test]
fn the_readme_program_builds_and_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(crate_dir().join("../../README.md")).expect("README.md");
    let section = readme
        .split("## C and C++")
        .nth(1)
        .expect("the README has a C and C++ section");
    let program = section
        .split("```c\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the section has a ```c block");
    let dir = tempfile::tempdir().expect("a scratch directory");
    let source = dir.path().join("position.c");
    std::fs::write(&source, program).expect("the program is written");
    let binary = dir.path().join("position");
    build(&source, &binary);
    let output = run(&binary, &[]);
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        section.contains(&format!("prints `{}`", printed.trim_end())),
        "{printed}"
    );
}

#[test]
fn the_nesting_limit_and_field_ids_are_applied_in_c() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let program = dir.path().join("limits");
    build(&crate_dir().join("tests/c/limits.c"), &program);
    let output = run(&program, &[]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "limits: ok\n");
}
