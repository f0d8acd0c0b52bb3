//! Every error class is reported, all of them at once, with `file:line:column`.

use rosetta_schema::{compile_sources, Diagnostics, SourceFile};

fn sources(files: &[(&str, &str)]) -> Vec<SourceFile> {
    files
        .iter()
        .map(|(path, text)| SourceFile {
            canonical_path: path.to_string(),
            text: text.to_string(),
        })
        .collect()
}

fn errors(files: &[(&str, &str)]) -> Vec<String> {
    match compile_sources(sources(files)) {
        Ok(_) => panic!("expected errors"),
        Err(diagnostics) => lines(&diagnostics),
    }
}

fn lines(diagnostics: &Diagnostics) -> Vec<String> {
    diagnostics.iter().map(ToString::to_string).collect()
}

fn assert_one(files: &[(&str, &str)], expected: &str) {
    let found = errors(files);
    assert!(
        found.iter().any(|e| e.contains(expected)),
        "expected `{expected}` in {found:#?}"
    );
}

#[test]
fn unknown_type() {
    assert_one(
        &[("a.schema", "package a;\ntype T {\n  Missing m = 1;\n}\n")],
        "a.schema:3:3: unknown type `Missing`",
    );
}

#[test]
fn unknown_names_suggest_the_closest_declaration() {
    assert_one(
        &[(
            "a.schema",
            "package a;\ntype Position {}\ntype T { Postion p = 1; }\n",
        )],
        "unknown type `Postion`; did you mean `a.Position`?",
    );
}

#[test]
fn duplicate_definitions_across_files() {
    assert_one(
        &[
            ("a.schema", "package p;\ntype T {}\n"),
            ("b.schema", "package p;\ntype T {}\n"),
        ],
        "b.schema:2:6: `p.T` is defined twice; the first definition (a type) is at a.schema:2:6",
    );
    assert_one(
        &[(
            "a.schema",
            "package p; type T { enum T {A = 0;} type T {} }",
        )],
        "`p.T.T` is defined twice",
    );
}

#[test]
fn duplicate_field_numbers_and_names() {
    let found = errors(&[(
        "a.schema",
        "package p;\ntype T {\n  int32 a = 1;\n  int32 b = 1;\n  int32 a = 2;\n}\n",
    )]);
    assert!(
        found
            .iter()
            .any(|e| e.contains("a.schema:4:13: field number 1 of `p.T` is already used by `a`")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|e| e.contains("a.schema:5:9: field `a` is defined twice")),
        "{found:#?}"
    );
}

#[test]
fn duplicate_component_ids() {
    assert_one(
        &[
            ("a.schema", "package p;\ncomponent A { id = 1000; }\n"),
            ("b.schema", "package q;\ncomponent B { id = 1000; }\n"),
        ],
        "b.schema:2:20: component id 1000 is already used at a.schema:2:20",
    );
}

#[test]
fn duplicate_events_and_commands() {
    let found = errors(&[(
        "a.schema",
        "package p;\ntype E {}\ncomponent C {\n  id = 1;\n  event E boom;\n  event E boom;\n  command E boom(E);\n}\n",
    )]);
    assert_eq!(
        found
            .iter()
            .filter(|e| e.contains("`boom` is already an event or command of `p.C`"))
            .count(),
        2,
        "{found:#?}"
    );
}

#[test]
fn imports_not_found_and_cycles() {
    assert_one(
        &[("a.schema", "package a;\nimport \"nowhere.schema\";\n")],
        "a.schema:2:8: import `nowhere.schema` not found",
    );
    let found = errors(&[
        ("a.schema", "package a;\nimport \"b.schema\";\n"),
        ("b.schema", "package b;\nimport \"a.schema\";\n"),
    ]);
    assert!(
        found
            .iter()
            .any(|e| e.contains("import cycle: a.schema -> b.schema -> a.schema")),
        "{found:#?}"
    );
}

#[test]
fn annotation_values_that_do_not_fit() {
    let text = "package p;\ntype A { uint32 n = 1; list<int32> l = 2; E e = 3; }\nenum E { X = 0; }\nenum F { Y = 0; }\n";
    for (annotation, expected) in [
        ("[A(n = -1)]", "-1 does not fit in uint32"),
        (
            "[A(n = \"x\")]",
            "expected an integer (uint32), found a string",
        ),
        ("[A(l = 3)]", "field `l` is a list"),
        (
            "[A(e = F.Y)]",
            "expected a value of enum `p.E`, found `p.F`",
        ),
        ("[A(e = E.Z)]", "enum `p.E` has no value `Z`"),
        ("[A(q = 1)]", "type `p.A` has no field `q`"),
        ("[A(1, [2], E.X, 4)]", "too many arguments"),
        ("[A(1, l = [1])]", "either all named or all positional"),
        (
            "[E]",
            "`p.E` is an enum; annotations and values must name a type",
        ),
        ("[Nope]", "unknown type `Nope`"),
    ] {
        let source = format!("{text}{annotation}\ntype B {{}}\n");
        assert_one(&[("a.schema", &source)], expected);
    }
}

#[test]
fn invalid_ids() {
    assert_one(
        &[("a.schema", "package p; type T { int32 a = 0; }")],
        "invalid field number 0",
    );
    assert_one(
        &[("a.schema", "package p; type T { int32 a = 536870912; }")],
        "invalid field number 536870912",
    );
    assert_one(
        &[("a.schema", "package p; component C { id = 0; }")],
        "invalid component id 0",
    );
    assert_one(
        &[("a.schema", "package p; component C { id = 4294967296; }")],
        "invalid component id 4294967296",
    );
    assert_one(
        &[("a.schema", "package p; component C { int32 a = 1; }")],
        "component `p.C` has no `id = N;`",
    );
    assert_one(
        &[("a.schema", "package p; enum E { A = -1; }")],
        "enum value -1 is out of range",
    );
}

#[test]
fn nested_collections() {
    assert_one(
        &[(
            "a.schema",
            "package p;\ntype T {\n  list<option<int32>> a = 1;\n}\n",
        )],
        "a.schema:3:8: collections cannot be nested",
    );
    assert_one(
        &[(
            "a.schema",
            "package p; type T { map<int32, list<int32>> a = 1; }",
        )],
        "collections cannot be nested",
    );
}

#[test]
fn other_checks() {
    assert_one(
        &[("a.schema", "type T {}")],
        "the file has no `package` statement",
    );
    assert_one(
        &[("a.schema", "package p; type T { T t = 1; }")],
        "recursive type without end: p.T -> p.T",
    );
    assert_one(
        &[(
            "a.schema",
            "package p; component C { id = 1; event int32 e; }",
        )],
        "an event's payload must be a user-defined type",
    );
    assert_one(
        &[(
            "a.schema",
            "package p; type D {} component C { id = 1; data D; int32 x = 1; }",
        )],
        "cannot also declare fields",
    );
    assert_one(&[("a.schema", "package p; component C { id = 1; } component_set S { id = 1; components = [C, T]; } type T {}")], "`p.T` is a type, but a component set lists components");
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let found = errors(&[(
        "a.schema",
        "package p;\ntype A { X x = 1; }\ntype B { Y y = 1; }\ntype C { int32 = 1; }\n",
    )]);
    assert_eq!(found.len(), 3, "{found:#?}");
}

#[test]
fn rendered_diagnostics_show_the_line() {
    let Err(diagnostics) = compile_sources(sources(&[(
        "game/a.schema",
        "package p;\ntype T { Missing m = 1; }\n",
    )])) else {
        panic!("expected an error")
    };
    let text = diagnostics.render(false);
    assert!(text.contains("--> game/a.schema:2:10"), "{text}");
    assert!(text.contains("2 | type T { Missing m = 1; }"), "{text}");
    assert!(text.contains("^^^^^^^"), "{text}");
}

#[test]
fn using_a_file_that_is_not_imported_is_a_warning() {
    let compiled = compile_sources(sources(&[
        ("a.schema", "package a;\ntype Shared {}\n"),
        ("b.schema", "package b;\ntype Uses { a.Shared s = 1; }\n"),
        (
            "c.schema",
            "package c;\nimport \"b.schema\";\ntype Fine { b.Uses u = 1; }\n",
        ),
    ]))
    .unwrap_or_else(|d| panic!("{d}"));
    let warnings = lines(compiled.warnings());
    assert_eq!(
        warnings,
        ["b.schema:2:13: `a.Shared` is defined in `a.schema`, which this file does not import (directly or through its imports)"]
    );
}
