use super::*;

fn parse_ok(text: &str) -> File {
    let (file, errors) = parse(text);
    assert!(errors.is_empty(), "unexpected errors: {errors:?}");
    file
}

#[test]
fn parses_a_full_file() {
    let file = parse_ok(
        r#"package improbable.test;
import "a/b.schema";
option legacy = 1;
type Outer {
  type Inner { float f = 1; }
  enum E { A = 5; B = 6; }
  transient list<Inner> items = 1;
  map<string, E> by_name = 2;
  option<int64> maybe = 3;
  option legacy2 = "x";
}
enum Top {FOO = 0;}
component C {
  id = 1000;
  data Outer;
  event Outer.Inner happened;
  [Ann] command Outer ping(Outer.Inner);
}
component_set S { id = 7; components = [C, C,]; }
"#,
    );
    assert_eq!(
        file.package.as_ref().map(|p| p.name.dotted()).as_deref(),
        Some("improbable.test")
    );
    assert_eq!(file.imports[0].path, "a/b.schema");
    assert_eq!(file.items.len(), 4);
    let Item::Type(outer) = &file.items[0] else {
        panic!()
    };
    assert_eq!(outer.members.len(), 5);
    let TypeMember::Field(items) = &outer.members[2] else {
        panic!()
    };
    assert!(items.transient);
    let Item::Component(c) = &file.items[2] else {
        panic!()
    };
    assert_eq!(c.members.len(), 4);
    let ComponentMember::Command(cmd) = &c.members[3] else {
        panic!()
    };
    assert_eq!(cmd.annotations.len(), 1);
    assert_eq!(cmd.name.name, "ping");
    let Item::ComponentSet(set) = &file.items[3] else {
        panic!()
    };
    assert_eq!(set.list.as_ref().map(|l| l.components.len()), Some(2));
}

#[test]
fn keywords_are_contextual() {
    let file = parse_ok("package p; type data { int32 id = 1; } component X { id = 1; data data = 1; event data event; }");
    let Item::Component(c) = &file.items[1] else {
        panic!()
    };
    assert!(matches!(c.members[1], ComponentMember::Field(_)));
    assert!(matches!(c.members[2], ComponentMember::Event(_)));
}

#[test]
fn reports_every_error_and_recovers() {
    let (file, errors) = parse("package p;\ntype A { int32 = 1; float ok = 2; }\ntype B { list<list<int32>> x = 1; }\ncomponent C { id = ; }\n");
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].message.contains("expected a field name"));
    assert!(errors[1].message.contains("collections cannot be nested"));
    assert_eq!(file.items.len(), 3);
}

#[test]
fn unterminated_input_is_an_error() {
    for text in [
        "package p; type A {",
        "package p; /* x",
        "package p; import \"x",
        "package p; type A { int32 x = 99999999999999999999999; }",
        "\u{0}",
    ] {
        let (_, errors) = parse(text);
        assert!(!errors.is_empty(), "{text:?}");
    }
}

#[test]
fn every_corpus_schema_file_parses() {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if !root.is_dir() {
        eprintln!("skipped: corpus not found at {}", root.display());
        return;
    }
    let mut stack = vec![root];
    let mut parsed = 0;
    let mut failures = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "schema") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                // Unreal's expected-output templates hold `{{id}}` placeholders.
                let text = text.replace("{{id}}", "1");
                let (_, errors) = parse(&text);
                parsed += 1;
                if !errors.is_empty() {
                    failures.push(format!("{}: {errors:?}", path.display()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(parsed > 100);
}
