#!/usr/bin/env python3
"""A Rosetta dataset read by DuckDB and pyarrow gives what `rosetta sql` gives.

    python3 crates/rosetta-arrow/e2e/analytics.py [ROSETTA]

ROSETTA is the `rosetta` binary (default: target/release/rosetta). Needs the Python packages
`duckdb` and `pyarrow` (.ci/run installs them in a virtual environment). From the repository
root it:

1. makes two nights of the example game: `night1.snapshot` (examples/data/world.snapshot) and
   `night2.json` (a JSON snapshot of 3000 generated entities);
2. exports both with `rosetta export parquet` into one hive-partitioned dataset, in small record
   batches so that tables span several row groups;
3. for every table of the dataset, counts rows and sums every numeric column (and numeric field
   of a struct column) per snapshot, four ways: `rosetta sql` over the snapshots (the streaming
   tables), `rosetta sql` over the dataset, DuckDB's `read_parquet` and pyarrow's datasets;
4. runs a join (entities with their health) in `rosetta sql` and DuckDB.

Every answer must be the same (floats to 1e-9 relative); the script exits 1 on a difference.
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SCHEMA = ["--schema_path", os.path.join(REPO, "schema"), "--schema_path",
          os.path.join(REPO, "examples", "schema")]
TEAMS = ["RED", "BLUE"]


def night2_entities(count):
    """A JSON snapshot stream: players, crates and bare markers with values of every sign."""
    out = []
    for i in range(count):
        entity = {"__entity_id": str(100 + i), "improbable.Persistence": {}}
        entity["improbable.Position"] = {
            "coords": {"x": i * 0.5 - 700, "y": (i % 7) * 1.25, "z": -i / 3}}
        if i % 3 == 0:
            entity["improbable.Metadata"] = {"entity_type": "Player"}
            entity["game.Player"] = {
                "name": f"p{i}", "team": TEAMS[i % 2], "level": i % 50,
                "target": [str(100 + (i + 1) % count)] if i % 2 else [],
                "titles": ["Captain"] * (i % 3), "stats": [{"key": "kills", "value": str(i)}]}
        elif i % 3 == 1:
            entity["improbable.Metadata"] = {"entity_type": "Crate"}
        if i % 5 != 4:
            entity["game.Health"] = {"current": (i * 37) % 101, "maximum": 100 + i % 9}
        out.append(json.dumps(entity))
    return "\n".join(out) + "\n"


def run(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr}")
    return done.stdout


def numeric_columns(schema):
    """(label, SQL expression, pyarrow path) for every numeric column and struct field."""
    out = []

    def numeric(t):
        return pa.types.is_integer(t) or pa.types.is_floating(t)

    for field in schema:
        if field.name == "snapshot":
            continue
        if numeric(field.type):
            out.append((field.name, f'"{field.name}"', (field.name,)))
        elif pa.types.is_struct(field.type):
            for sub in field.type:
                if numeric(sub.type):
                    out.append((f"{field.name}.{sub.name}", f"\"{field.name}\"['{sub.name}']",
                                (field.name, sub.name)))
                elif pa.types.is_struct(sub.type):
                    for leaf in sub.type:
                        if numeric(leaf.type):
                            out.append((f"{field.name}.{sub.name}.{leaf.name}",
                                        f"\"{field.name}\"['{sub.name}']['{leaf.name}']",
                                        (field.name, sub.name, leaf.name)))
    return out


def aggregate_query(table_sql, columns):
    sums = "".join(f', sum({expr}) AS "{label}"' for label, expr, _ in columns)
    return (f"SELECT snapshot, count(*) AS n{sums} FROM {table_sql} "
            "GROUP BY snapshot ORDER BY snapshot")


def rosetta_sql(rosetta, inputs, query):
    text = run([rosetta, "sql", *inputs, query, *SCHEMA, "--format", "json"])
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def duckdb_rows(con, query):
    cursor = con.execute(query)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def pyarrow_rows(path, columns):
    table = ds.dataset(path, format="parquet", partitioning="hive").to_table()
    rows = []
    for snapshot in sorted(set(table.column("snapshot").to_pylist())):
        part = table.filter(pc.equal(table.column("snapshot"), snapshot))
        row = {"snapshot": snapshot, "n": part.num_rows}
        for label, _, path_ in columns:
            column = part.column(path_[0])
            for name in path_[1:]:
                column = pc.struct_field(column, name)
            row[label] = pc.sum(column).as_py()
        rows.append(row)
    return rows


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def compare(what, expected, others):
    failures = 0
    for engine, rows in others.items():
        if len(rows) != len(expected):
            print(f"FAIL {what}: {engine} gives {len(rows)} rows, rosetta sql {len(expected)}")
            failures += 1
            continue
        for want, got in zip(expected, rows):
            for key, value in want.items():
                if not same(value, got.get(key)):
                    print(f"FAIL {what}: {engine} {key} = {got.get(key)!r}, "
                          f"rosetta sql {value!r} (snapshot {want.get('snapshot')})")
                    failures += 1
    return failures


def main():
    rosetta = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                              os.path.join(REPO, "target", "release", "rosetta"))
    work = tempfile.mkdtemp(prefix="rosetta-analytics-")
    try:
        nights = os.path.join(work, "nights")
        os.mkdir(nights)
        shutil.copy(os.path.join(REPO, "examples", "data", "world.snapshot"),
                    os.path.join(nights, "night1.snapshot"))
        with open(os.path.join(nights, "night2.json"), "w") as f:
            f.write(night2_entities(3000))
        dataset = os.path.join(work, "dataset")
        run([rosetta, "export", "parquet", nights, "-o", dataset, "--batch-rows", "500", *SCHEMA])

        con = duckdb.connect()
        failures = checks = 0
        tables = sorted(os.listdir(dataset))
        for entry in tables:
            table = entry.split("=", 1)[1] if "=" in entry else entry
            path = os.path.join(dataset, entry)
            columns = numeric_columns(ds.dataset(path, format="parquet", partitioning="hive").schema)
            expected = rosetta_sql(rosetta, [nights], aggregate_query(f'"{table}"', columns))
            files = os.path.join(path, "*", "*.parquet")
            duck = duckdb_rows(con, aggregate_query(
                f"read_parquet('{files}', hive_partitioning = true, hive_types_autocast = false)",
                columns))
            failures += compare(table, expected, {
                "rosetta sql (dataset)": rosetta_sql(
                    rosetta, [dataset], aggregate_query(f'"{table}"', columns)),
                "duckdb": duck,
                "pyarrow": pyarrow_rows(path, columns),
            })
            checks += 1
            print(f"{table}: {sum(r['n'] for r in expected)} rows, "
                  f"{len(columns)} numeric column(s), the same in every engine")

        join = ("SELECT e.snapshot, count(*) AS n, sum(h.current) AS current "
                "FROM {e} e JOIN {h} h ON e.entity_id = h.entity_id AND e.snapshot = h.snapshot "
                "WHERE e.name = 'Player' GROUP BY e.snapshot ORDER BY e.snapshot")
        expected = rosetta_sql(rosetta, [nights], join.format(e="entities", h='"game.Health"'))
        parquet = "read_parquet('{}', hive_partitioning = true, hive_types_autocast = false)"
        duck = duckdb_rows(con, join.format(
            e=parquet.format(os.path.join(dataset, "entities", "*", "*.parquet")),
            h=parquet.format(os.path.join(dataset, "component=game.Health", "*", "*.parquet"))))
        failures += compare("join", expected, {"duckdb": duck})
        checks += 1
        print(f"join of entities and game.Health: {expected}")
        print(f"{checks} checks, {failures} difference(s)")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
