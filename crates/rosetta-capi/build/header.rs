//! Reads the function declarations of `include/c_schema.h`: shared by the build script (which
//! turns them into type checks of the library's functions) and the header test.

use std::collections::BTreeMap;

/// A C declaration's types: the return type and each parameter's, without names, spaces
/// normalised (`const uint8_t*`).
pub type Signature = (String, Vec<String>);

/// Drops comments and preprocessor lines.
fn code_of(header: &str) -> String {
    let mut code = String::new();
    let mut rest = header;
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    code.push_str(rest);
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A type without its parameter name.
fn type_of(parameter: &str) -> String {
    let parameter = parameter.replace('*', " * ");
    let mut words: Vec<&str> = parameter.split_whitespace().collect();
    // The last word is the name unless the type stands alone (`void`) or ends in `*`.
    if words.len() > 1 && words.last().is_some_and(|w| *w != "*") {
        words.pop();
    }
    words.join(" ").replace(" *", "*")
}

/// Every `Schema_*` function declaration of a C text, by name.
pub fn declarations(text: &str) -> BTreeMap<String, Signature> {
    let code = code_of(text);
    let mut found = BTreeMap::new();
    for statement in code.split(';') {
        let statement = statement.replace("WORKER_API", "");
        let (Some(open), Some(close)) = (statement.find('('), statement.rfind(')')) else {
            continue;
        };
        let head = statement[..open].trim();
        let Some(name) = head.split_whitespace().last() else {
            continue;
        };
        if !name.starts_with("Schema_") || statement.contains("typedef") {
            continue;
        }
        let returns = type_of(&format!("{} x", &head[..head.len() - name.len()]));
        let parameters = statement[open + 1..close]
            .split(',')
            .map(type_of)
            .filter(|p| p != "void")
            .collect();
        found.insert(name.to_owned(), (returns, parameters));
    }
    found
}

/// The Rust type of a C type of the header.
pub fn rust_type(c: &str) -> String {
    if c == "Schema_ErrorCallback*" {
        // A function type used through a pointer: in Rust, the (nullable) pointer.
        return "Option<Schema_ErrorCallback>".to_owned();
    }
    if let Some(pointee) = c.strip_suffix('*') {
        return match pointee.strip_prefix("const ") {
            Some(pointee) => format!("*const {}", rust_type(pointee)),
            None => format!("*mut {}", rust_type(pointee)),
        };
    }
    match c {
        "void" => "std::ffi::c_void",
        "char" => "std::ffi::c_char",
        "float" => "f32",
        "double" => "f64",
        "uint8_t" => "u8",
        "int32_t" => "i32",
        "int64_t" => "i64",
        "uint32_t" => "u32",
        "uint64_t" => "u64",
        other => other,
    }
    .to_owned()
}
