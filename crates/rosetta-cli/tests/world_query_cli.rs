//! `rosetta world query` on the example world script: the table of matches, paging, and
//! query errors printed as Flecs prints them (with the caret), exit status 1.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn space() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/world/space.json")
}

fn query(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(["world", "query"])
        .arg(space())
        .args(args)
        .output()
        .expect("rosetta runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn components_inherited_and_from_parents() {
    let o = query(&["Position, Position(parent), ?HasRocks"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("entity") && lines[0].contains("HasRocks"));
    assert!(lines[1].starts_with("Sun.Earth "), "{out}");
    assert!(
        lines[1].contains("Position = {x: 0, y: 0} from Sun"),
        "{out}"
    );
    assert!(
        lines[1].contains("HasRocks from planets.RockyPlanet"),
        "{out}"
    );
    assert!(lines[2].starts_with("Sun.Earth.Moon ") && lines[2].trim_end().ends_with('-'));
    assert_eq!(lines.last(), Some(&"(2 entities, 2 results)"));
}

#[test]
fn prefabs_are_not_matched_and_values_are_readable() {
    let out = stdout(&query(&["Kind"]));
    assert!(
        out.contains("Sun  ") && out.contains("Kind = Star"),
        "{out}"
    );
    assert!(
        out.contains("Kind = Planet from planets.RockyPlanet"),
        "{out}"
    );
    assert!(
        !out.contains("planets.RockyPlanet  "),
        "the prefab itself: {out}"
    );
}

#[test]
fn offset_and_limit_count_entities() {
    let all = stdout(&query(&["Position"]));
    assert!(all.ends_with("(3 entities, 3 results)\n"), "{all}");
    let page = stdout(&query(&["Position", "--offset", "1", "--limit", "1"]));
    let rows: Vec<&str> = page.lines().skip(1).collect();
    assert!(rows[0].starts_with("Sun.Earth "), "{page}");
    assert_eq!(rows.len(), 2, "{page}");
}

#[test]
fn variables_get_a_column() {
    let out = stdout(&query(&["Position, (ChildOf, $Parent)"]));
    assert!(
        out.lines().next().is_some_and(|h| h.ends_with("$Parent")),
        "{out}"
    );
    assert!(out.contains("Sun.Earth.Moon"), "{out}");
}

#[test]
fn query_errors_show_the_caret_and_exit_1() {
    let o = query(&["Position, Foo"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unresolved identifier 'Foo'\nPosition, Foo\n            ^"),
        "{err}"
    );
    let o = query(&["Position, (Foo"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        // Inside a term, Flecs shows the query from that term on.
        err.contains("unexpected end of term\n(Foo\n    ^"),
        "{err}"
    );
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_query_of_3200_terms_is_a_clear_error() {
    let o = query(&[&vec!["Position"; 3200].join(", ")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("too many terms: a query has at most MAX_TERMS (256)"),
        "{}",
        stderr(&o)
    );
    // At the limit it runs.
    let o = query(&[&vec!["Position"; 256].join(", ")]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn an_empty_query_is_an_error() {
    for q in ["", "   "] {
        let o = query(&[q]);
        assert_eq!(o.status.code(), Some(1), "{q:?}");
        assert!(stderr(&o).contains("empty query"), "{}", stderr(&o));
    }
}

#[test]
fn step_limit_bounds_the_search_and_its_error_names_the_flag() {
    for json in [false, true] {
        let mut args = vec!["*, *, *", "--step-limit", "50"];
        if json {
            args.extend(["--json", "--flecs", "3"]);
        }
        let o = query(&args);
        assert_eq!(o.status.code(), Some(1), "json {json}");
        let err = stderr(&o);
        assert!(err.contains("more than 50 search steps"), "{err}");
        assert!(err.contains("raise it with --step-limit"), "{err}");
        // Raised, the same query runs.
        let mut raised = args.clone();
        raised[2] = "100000000";
        assert!(query(&raised).status.success(), "json {json}");
    }
}

#[test]
fn serve_takes_the_step_limit_too() {
    let o = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("serve")
        .arg(space())
        .args([
            "--flecs",
            "3",
            "--step-limit",
            "50",
            "--request",
            "/query?q=*%2C*%2C*",
        ])
        .output()
        .expect("rosetta runs");
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(err.contains("400"), "{err}");
    assert!(out.contains("rosetta serve --step-limit"), "{out}");
}
