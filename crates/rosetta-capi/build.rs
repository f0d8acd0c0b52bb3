//! Turns every function declaration of `include/c_schema.h` into a constant of the declared
//! function-pointer type initialised with the library's function (`src/header_check.rs`
//! includes them): if the header and the library ever disagree on a name, a parameter or a
//! return type, the crate does not compile.

#[path = "build/header.rs"]
mod header;

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=include/c_schema.h");
    println!("cargo:rerun-if-changed=build/header.rs");
    let text = std::fs::read_to_string("include/c_schema.h").expect("include/c_schema.h is read");
    let mut checks = String::new();
    for (name, (returns, parameters)) in header::declarations(&text) {
        let parameters: Vec<String> = parameters.iter().map(|p| header::rust_type(p)).collect();
        let returns = match returns.as_str() {
            "void" => String::new(),
            other => format!(" -> {}", header::rust_type(other)),
        };
        writeln!(
            checks,
            "const _: unsafe extern \"C\" fn({}){returns} = {name};",
            parameters.join(", ")
        )
        .expect("writing to a String");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("header_check.rs"), checks).expect("the checks are written");
}
