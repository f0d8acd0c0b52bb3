#!/usr/bin/env bash
# Asks the real Godot 3 engine (Debian's godot3-server) for var2bytes of random values and writes
# the vectors as JSON: live_godot3.sh SEED COUNT OUT.json
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seed="$1" count="$2" out="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_cases.py" "$seed" "$count" > "$work/cases.txt"
cp "$here/run_godot3.gd" "$work/"
(cd "$work" && CASES="$work/cases.txt" LANG=C.UTF-8 timeout 120 godot3-server --no-window -s run_godot3.gd > "$work/out.txt" 2>/dev/null)
python3 - "$work/cases.txt" "$work/out.txt" "$out" "$seed" <<'PY'
import json, sys
cases = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
hexes = [l[4:].strip() for l in open(sys.argv[2], encoding="utf-8", errors="replace") if l.startswith("HEX ")]
if len(cases) != len(hexes):
    sys.exit(f"godot answered {len(hexes)} of {len(cases)} cases")
json.dump({"engine": "Godot 3.2.3 (godot3-server)", "seed": int(sys.argv[4]),
           "cases": [{"text": t, "hex": h} for t, h in zip(cases, hexes)]},
          open(sys.argv[3], "w", encoding="utf-8"), ensure_ascii=False, indent=1)
PY
