//! `rosetta world query` on the example world script: the table of matches, paging, and
//! query errors printed as Flecs prints them (with the caret), exit status 1. The tests of
//! v3.2.12's language and error texts run with `--flecs 3` ([`query`]); [`query4`] runs
//! v4.1.6's, the default.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn space() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/world/space.json")
}

/// `rosetta world query space.json ARGS --flecs 3`.
fn query(args: &[&str]) -> Output {
    let mut v3 = args.to_vec();
    v3.extend(["--flecs", "3"]);
    query4(&v3)
}

/// `rosetta world query space.json ARGS` (v4.1.6 by default).
fn query4(args: &[&str]) -> Output {
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
            args.push("--json");
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

#[test]
fn v4_is_the_default_language_and_json() {
    // v4's `up` (ChildOf by default) where v3 wrote `parent`; instances own copies of the
    // prefab's components (v4's default OnInstantiate Override).
    let o = query4(&["Position, Position(up), ?Kind"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("Sun.Earth.Moon"), "{text}");
    assert!(!text.contains("Sun.Mars"), "Mars has no Position: {text}");
    // v3's `parent` is no v4 keyword.
    let o = query4(&["Position(parent)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("unresolved identifier 'parent'"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // --json writes v4.1.6's result rows.
    let o = query4(&["Position, ?Kind", "--json", "--entity_ids=false"]);
    let text = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let earth = &v["results"][1];
    assert_eq!(earth["parent"], "Sun", "{text}");
    assert_eq!(earth["name"], "Earth", "{text}");
    assert_eq!(earth["fields"]["values"][0]["x"], 1, "{text}");
    // A v3 option is refused with v4, and the other way round.
    let o = query4(&["Position", "--json", "--term_ids"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = query(&["Position", "--json", "--query_plan", "--fields"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
