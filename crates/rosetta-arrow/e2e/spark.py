#!/usr/bin/env python3
"""Spark reads a dataset written by `rosetta export parquet`, and agrees with `rosetta sql`.

    python3 crates/rosetta-arrow/e2e/spark.py DATASET [ROSETTA]

By hand, not in CI (Spark needs a JRE and a 300 MB package). Set up once, on Debian:

    apt-get install -y default-jre-headless
    python3 -m venv /tmp/spark-env && /tmp/spark-env/bin/pip install pyspark
    cargo run --release -- export parquet examples/data/world.snapshot -o target/tables \\
        --schema_path schema --schema_path examples/schema
    /tmp/spark-env/bin/python crates/rosetta-arrow/e2e/spark.py target/tables

For every table of DATASET (`component=NAME` folders and `entities`), Spark in local mode reads
the folder with its hive partitions and counts the rows per snapshot and sums every top-level
numeric column; `rosetta sql` over the same folder must give the same numbers. Exits 1 on a
difference.
"""

import json
import math
import os
import subprocess
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import NumericType

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def rosetta_rows(rosetta, dataset, query):
    done = subprocess.run([rosetta, "sql", dataset, query, "--format", "json"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"rosetta sql failed: {query}\n{done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    dataset = os.path.abspath(sys.argv[1])
    rosetta = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                              os.path.join(REPO, "target", "release", "rosetta"))
    spark = (SparkSession.builder.master("local[2]").appName("rosetta-dataset")
             .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    failures = 0
    for entry in sorted(os.listdir(dataset)):
        table = entry.split("=", 1)[1] if "=" in entry else entry
        frame = spark.read.parquet(os.path.join(dataset, entry))
        numeric = [f.name for f in frame.schema.fields
                   if isinstance(f.dataType, NumericType) and f.name != "snapshot"]
        got = (frame.groupBy("snapshot")
               .agg(F.count(F.lit(1)).alias("n"), *[F.sum(c).alias(c) for c in numeric])
               .orderBy("snapshot").collect())
        sums = "".join(f', sum("{c}") AS "{c}"' for c in numeric)
        want = rosetta_rows(rosetta, dataset, f'SELECT snapshot, count(*) AS n{sums} FROM '
                                              f'"{table}" GROUP BY snapshot ORDER BY snapshot')
        if len(got) != len(want):
            print(f"FAIL {table}: Spark gives {len(got)} snapshots, rosetta sql {len(want)}")
            failures += 1
            continue
        for row, expected in zip(got, want):
            for key, value in expected.items():
                if not same(row[key], value):
                    print(f"FAIL {table}: Spark {key} = {row[key]!r}, rosetta sql {value!r}")
                    failures += 1
        print(f"{table}: {sum(r['n'] for r in want)} rows, {len(numeric)} numeric column(s)")
    spark.stop()
    print(f"{failures} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
