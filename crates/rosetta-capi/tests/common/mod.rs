//! Helpers of the C tests: the test schema, and building and running C and C++ programs
//! against the static library with the system compilers.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The schema of the C tests: the types of the seed document's examples, and Position.
pub const TEST_SCHEMA: &str = "package test;
enum MyEnum { FOO = 1; BAR = 2; BAZ = 3; }
type MyType { int32 some_value = 1; float another_value = 2; }
type TestEvent { uint32 counter = 1; float size = 2; }
type CmdRequest { bytes data = 1; float value = 2; }
type CmdResponse { int32 value = 1; }
component TestComponent {
  id = 10000;
  int32 foo = 1;
  float bar = 2;
  list<int32> items = 3;
  event TestEvent my_event;
}
component TestComponent2 { id = 10001; command CmdResponse my_command(CmdRequest); }
type Coordinates { double x = 1; double y = 2; double z = 3; }
component Position { id = 54; Coordinates coords = 1; }
";

/// The test schema as a binary bundle (`--bundle_out`).
pub fn test_bundle() -> Vec<u8> {
    let compiled = rosetta_schema::compile_sources(vec![rosetta_schema::SourceFile {
        canonical_path: "test.schema".into(),
        text: TEST_SCHEMA.into(),
    }])
    .expect("the test schema compiles");
    rosetta_bundle::encode(compiled.bundle())
}

/// The crate's directory.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The static library that cargo built for this test run. `cargo test` builds the library
/// with all of its crate types into `target/<profile>/deps/`, beside the test, but copies it up
/// to `target/<profile>/` only on `cargo build`; so the one beside the test is the current one.
pub fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its path");
    let deps = exe.parent().expect("tests run from target/<profile>/deps");
    let lib = deps.join("librosetta_capi.a");
    assert!(
        lib.exists(),
        "{} is missing: cargo builds it with the tests",
        lib.display()
    );
    lib
}

/// The system libraries a Rust static library needs on Linux.
const NATIVE_LIBS: &[&str] = &["-lpthread", "-ldl", "-lm", "-lrt", "-lutil", "-lgcc_s"];

/// Compiles and links a C (`cc`) or C++ (`c++`) source against the static library into `out`,
/// with every warning an error.
pub fn build(source: &Path, out: &Path) {
    let cxx = source.extension().is_some_and(|e| e == "cpp");
    let compiler = if cxx { "c++" } else { "cc" };
    let standard = if cxx { "-std=c++11" } else { "-std=c99" };
    let output = Command::new(compiler)
        .arg(standard)
        .args([
            "-g",
            "-O1",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-I",
        ])
        .arg(crate_dir().join("include"))
        .arg(source)
        .arg(static_lib())
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("{compiler} runs: {e}"));
    assert!(
        output.status.success(),
        "{compiler} {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs a program; under valgrind (no leak, no invalid access, or it fails) when
/// `ROSETTA_CAPI_VALGRIND=1`.
pub fn run(program: &Path, args: &[&Path]) -> Output {
    let valgrind = std::env::var("ROSETTA_CAPI_VALGRIND").is_ok_and(|v| v == "1");
    let mut command = if valgrind {
        let mut command = Command::new("valgrind");
        command.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible",
        ]);
        command.arg(program);
        command
    } else {
        Command::new(program)
    };
    let output = command.args(args).output().expect("the program runs");
    assert!(
        output.status.success(),
        "{}{} failed ({}):\n{}\n{}",
        if valgrind { "valgrind " } else { "" },
        program.display(),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}
