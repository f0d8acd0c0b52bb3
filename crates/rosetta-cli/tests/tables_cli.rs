//! `rosetta export`, `import` and `sql` from the command line: the example snapshot and world
//! through Parquet and back, SQL over a snapshot, a dataset and a world giving the same
//! answers, and bad inputs refused with errors that name the file.

mod common;

use common::{rosetta, stdout};

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The example snapshot exported as Parquet into `DIR/tables`; that folder's path.
fn export_example(dir: &tempfile::TempDir) -> String {
    let tables = dir.path().join("tables");
    let tables = tables.to_str().expect("UTF-8").to_string();
    let mut args = vec![
        "export",
        "parquet",
        "examples/data/world.snapshot",
        "-o",
        &tables,
    ];
    args.extend(SCHEMA);
    stdout(&rosetta(&args));
    tables
}

fn sql(inputs: &[&str], query: &str, extra: &[&str]) -> String {
    let mut args = vec!["sql"];
    args.extend(inputs);
    args.push(query);
    args.extend(extra);
    stdout(&rosetta(&args))
}

#[test]
fn a_snapshot_goes_through_parquet_and_back_to_the_same_records() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = export_example(&dir);
    let tables = tables.as_str();
    let back = dir.path().join("back.snapshot");
    let mut args = vec!["import", tables, "-o", back.to_str().expect("UTF-8")];
    args.extend(SCHEMA);
    stdout(&rosetta(&args));
    let records = |path: &std::path::Path| {
        let bytes = std::fs::read(path).expect("a snapshot");
        rosetta_wire::snapshot::decompress(&bytes).expect("gzip")
    };
    let original = common::root().join("examples/data/world.snapshot");
    assert_eq!(records(&back), records(&original));
    // Compressed as asked: the same records.
    let best = dir.path().join("best.snapshot");
    let mut args = vec!["import", tables, "-o", best.to_str().expect("UTF-8")];
    args.extend(SCHEMA);
    args.extend(["--compression", "best", "--threads", "2"]);
    stdout(&rosetta(&args));
    assert_eq!(records(&best), records(&original));
}

#[test]
fn sql_over_the_snapshot_and_over_its_dataset_agree() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = export_example(&dir);
    let tables = tables.as_str();
    let query = r#"SELECT e.name, h.current, h.maximum FROM entities e JOIN "game.Health" h USING (entity_id) ORDER BY entity_id"#;
    let streamed = sql(
        &["examples/data/world.snapshot"],
        query,
        &[&SCHEMA[..], &["--format", "csv"]].concat(),
    );
    let dataset = sql(&[tables], query, &["--format", "csv"]);
    assert_eq!(streamed, dataset);
    assert!(
        streamed.starts_with("name,current,maximum\nPlayer,80,100\n"),
        "{streamed}"
    );
}

#[test]
fn filters_on_entity_id_and_snapshot_give_the_rows_they_name() {
    let all = sql(
        &["examples/data/world.snapshot"],
        r#"SELECT entity_id, current FROM "game.Health" ORDER BY entity_id"#,
        &[&SCHEMA[..], &["--format", "csv"]].concat(),
    );
    let one = sql(
        &["examples/data/world.snapshot"],
        r#"SELECT entity_id, current FROM "game.Health" WHERE entity_id = 2 AND snapshot = 'world'"#,
        &[&SCHEMA[..], &["--format", "csv"]].concat(),
    );
    let row = all
        .lines()
        .find(|l| l.starts_with("2,"))
        .expect("entity 2 has health");
    assert_eq!(one, format!("entity_id,current\n{row}\n"));
    let none = sql(
        &["examples/data/world.snapshot"],
        r#"SELECT count(*) AS n FROM entities WHERE snapshot = 'other' OR entity_id > 1000"#,
        &[&SCHEMA[..], &["--format", "csv"]].concat(),
    );
    assert_eq!(none, "n\n0\n");
}

#[test]
fn a_world_script_is_tables_too() {
    let out = sql(
        &["examples/world/space.json"],
        r#"SELECT e.name, k.value AS kind, p.x FROM entities e JOIN "Kind" k USING (entity_id) LEFT JOIN "Position" p USING (entity_id) ORDER BY e.name"#,
        &["--format", "csv"],
    );
    assert_eq!(
        out,
        "name,kind,x\nSun,Star,0.0\nSun.Earth,Planet,1.0\nSun.Earth.Moon,Moon,1.1\nSun.Mars,Planet,\nplanets.RockyPlanet,Planet,\n"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = dir.path().join("tables");
    let tables = tables.to_str().expect("UTF-8");
    stdout(&rosetta(&[
        "export",
        "parquet",
        "examples/world/space.json",
        "examples/flecs/space_world.json",
        "-o",
        tables,
    ]));
    let counts = sql(
        &[tables],
        r#"SELECT snapshot, count(*) AS n FROM "Position" GROUP BY snapshot ORDER BY snapshot"#,
        &["--format", "csv"],
    );
    assert_eq!(counts, "snapshot,n\nspace,3\nspace_world,3\n");
}

#[test]
fn a_limit_stops_the_snapshot_reader() {
    let mut args = vec!["examples/data/world.snapshot"];
    args.extend(SCHEMA);
    let query = r#"SELECT entity_id FROM "improbable.Position" LIMIT 2"#;
    let rows = sql(&args, query, &["--format", "csv"]);
    assert_eq!(rows.lines().count(), 3, "{rows}");
    let plan = sql(&args, &format!("EXPLAIN {query}"), &["--format", "csv"]);
    assert!(plan.contains("world.snapshot, limit 2"), "{plan}");
}

/// Replaces the files of partition `dir` with the answer of `query` over the dataset `tables`.
fn replace_partition(tables: &str, dir: &std::path::Path, query: &str) {
    let edited = dir.with_extension("edited.parquet");
    let edited = edited.to_str().expect("UTF-8");
    stdout(&rosetta(&["sql", tables, query, "-o", edited]));
    for file in std::fs::read_dir(dir).expect("a partition") {
        std::fs::remove_file(file.expect("a file").path()).expect("removed");
    }
    std::fs::rename(edited, dir.join("part-0.parquet")).expect("moved");
}

#[test]
fn a_world_comes_back_from_its_tables_and_takes_their_edits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = |name: &str| dir.path().join(name).to_str().expect("UTF-8").to_string();
    let (tables, back, direct) = (path("tables"), path("back.json"), path("direct.json"));
    let world = "examples/world/space.json";
    stdout(&rosetta(&["export", "parquet", world, "-o", &tables]));
    // Applied to the world it came from, the dataset changes nothing.
    let import = |out: &str| stdout(&rosetta(&["import", &tables, "--world", world, "-o", out]));
    import(&back);
    stdout(&rosetta(&[
        "world",
        "convert",
        world,
        "--member-entities",
        "-o",
        &direct,
    ]));
    let read = |p: &str| std::fs::read_to_string(p).expect("world JSON");
    assert_eq!(read(&back), read(&direct));

    // Edited in SQL: Mars left out of `entities`, every x moved by 10.
    let tables_dir = std::path::Path::new(&tables);
    replace_partition(
        &tables,
        &tables_dir.join("entities/snapshot=space"),
        "SELECT entity_id, name, parent, type FROM entities WHERE name IS DISTINCT FROM 'Sun.Mars'",
    );
    replace_partition(
        &tables,
        &tables_dir.join("component=Position/snapshot=space"),
        r#"SELECT entity_id, x + 10 AS x, y FROM "Position""#,
    );
    let edited = path("edited.json");
    // Mars's `Kind` row is now an orphan, which is refused rather than dropped.
    let out = rosetta(&["import", &tables, "--world", world, "-o", &edited]);
    assert!(
        stderr(&out).contains("component=Kind/snapshot=space/part-0.parquet: a row for entity"),
        "{}",
        stderr(&out)
    );
    replace_partition(
        &tables,
        &tables_dir.join("component=Kind/snapshot=space"),
        r#"SELECT entity_id, value FROM "Kind" WHERE entity_id IN (SELECT entity_id FROM entities)"#,
    );
    import(&edited);
    let out = sql(
        &[&edited],
        r#"SELECT e.name, p.x FROM entities e JOIN "Position" p USING (entity_id) ORDER BY e.name"#,
        &["--format", "csv"],
    );
    assert_eq!(
        out,
        "name,x\nSun,10.0\nSun.Earth,11.0\nSun.Earth.Moon,11.1\n"
    );

    // A snapshot's dataset is not a world's.
    let other = tempfile::tempdir().expect("temp dir");
    let snapshot_tables = export_example(&other);
    let out = rosetta(&[
        "import",
        &snapshot_tables,
        "--world",
        world,
        "-o",
        &path("x.json"),
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("import it with its schema"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_inputs_and_queries_are_refused_with_the_cause() {
    // A snapshot without its schema.
    let out = rosetta(&["sql", "examples/data/world.snapshot", "SELECT 1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--schema_path"), "{}", stderr(&out));
    // A query that does not parse, or names no table.
    let mut args = vec!["sql", "examples/data/world.snapshot", "SELEKT nothing"];
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("QUERY"), "{}", stderr(&out));
    // A world among snapshots.
    let mut args = vec![
        "export",
        "parquet",
        "examples/data/world.snapshot",
        "examples/world/space.json",
        "-o",
        "target/never",
    ];
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("space.json"), "{}", stderr(&out));
    // A Parquet file that is not one: the error names it, and nothing panics.
    let dir = tempfile::tempdir().expect("temp dir");
    let part = dir.path().join("entities/snapshot=s");
    std::fs::create_dir_all(&part).expect("dirs");
    std::fs::write(part.join("part-0.parquet"), b"PAR1 truncated").expect("written");
    let mut args = vec!["import", dir.path().to_str().expect("UTF-8"), "-o", "-"];
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("part-0.parquet"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}
