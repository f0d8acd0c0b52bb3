#!/usr/bin/env python3
"""The current Flecs explorer's requests sent to `rosetta serve` and to a real Flecs v4.1.6 REST
server with the same world, their replies compared as JSON: entity ids (`"id":477`, `#477`)
and timings aside. Prints one line per request (`same` or what differs, as JSON Pointers) and
exits 1 if any reply differs. How to run: README.md.

    python3 compare4.py [--full] [--only WORDS] [ROSETTA_HOST] [FLECS_HOST]
        (hosts: 127.0.0.1:27750 and 127.0.0.1:27751)

`--full` prints differing strings whole (both, one per line) instead of cut at 60 characters;
`--only WORDS` sends only the requests whose name contains WORDS (e.g. `--only "query page"`).
"""
import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

ARGS = sys.argv[1:]
FULL = "--full" in ARGS
ONLY = ARGS[ARGS.index("--only") + 1] if "--only" in ARGS and ARGS[-1] != "--only" else None
HOSTS = [a for i, a in enumerate(ARGS)
         if not a.startswith("--") and not (i > 0 and ARGS[i - 1] == "--only")]
ROSETTA = HOSTS[0] if len(HOSTS) > 0 else "127.0.0.1:27750"
FLECS = HOSTS[1] if len(HOSTS) > 1 else "127.0.0.1:27751"

# The explorer's tree query (entity-subtree.vue), one term per kind of entity.
TREE = ("[none] ?flecs.core.Module,[none] ?flecs.core.Component,[none] ?flecs.core.Relationship,"
        "[none] ?flecs.core.Trait,[none] ?flecs.core.Target,[none] ?flecs.core.Query,"
        "[none] ?flecs.core.Prefab,[none] ?flecs.core.Disabled,"
        "[none] ?flecs.core.ChildOf(_,$this),[none] ?flecs.core.IsA($this,$base|self)")
INSPECTOR = ("try=true&values=true&entity_id=true&full_paths=true&type_info=true&private=true"
             "&inherited=true&matches=false&alerts=false")
QUERY_PAGE = ("try=true&rows=true&full_paths=true&query_info=true&field_info=true&query_plan=true"
              "&query_profile=true")
TREE_PARAMS = "try=true&rows=true&limit=1000&doc=true&entity_ids=true"


def q(expr):
    return urllib.parse.quote(expr, safe="")


# (what, method, target): what the explorer sends, in the order it sends it.
REQUESTS = [
    ("connect", "GET", "/entity/flecs/core/World?values=true&label=true"),
    ("world memory", "GET", "/entity/flecs/stats/WorldMemory?try=true&values=true"),
    ("tree: root", "GET", f"/query?{TREE_PARAMS}&expr={q(' ' + TREE + ',(flecs.core.ChildOf,#0)')}"),
    ("tree: Sun", "GET", f"/query?{TREE_PARAMS}&expr={q(' ' + TREE + ',(flecs.core.ChildOf,Sun)')}"),
    ("tree: Sun.Earth", "GET", f"/query?{TREE_PARAMS}&expr={q(' ' + TREE + ',(flecs.core.ChildOf,Sun.Earth)')}"),
    ("tree: search", "GET", f"/query?{TREE_PARAMS}&expr={q(' ' + TREE + ', $this ~= ' + chr(34) + 'Ea' + chr(34))}"),
    ("inspector: Earth", "GET", f"/entity/Sun/Earth?{INSPECTOR}"),
    ("inspector: Sun", "GET", f"/entity/Sun?{INSPECTOR}"),
    ("inspector: RockyPlanet", "GET", f"/entity/planets/RockyPlanet?{INSPECTOR}"),
    ("inspector: Position", "GET", f"/entity/Position?{INSPECTOR}"),
    ("systems page", "GET", f"/query?rows=true&limit=1000&expr={q('Query,?flecs.system.System')}"),
    ("observers page", "GET", "/query?rows=true&limit=1000&expr="
     + q("Observer,!Query,?(ChildOf,$parent),!Observer($parent),!Query($parent)")),
    ("query page", "GET", f"/query?{QUERY_PAGE}&expr={q('Position,?Kind')}"),
    ("query page: pairs", "GET", f"/query?{QUERY_PAGE}&expr={q('(ChildOf,$parent),Position')}"),
    ("query page: error", "GET", f"/query?{QUERY_PAGE}&expr={q('Positio')}"),
    ("query box search", "GET", "/query?try=true&rows=true&limit=100&expr="
     + q('$this ~= "Pos",?(flecs.doc.Description,flecs.doc.Brief),?$this(_),?$this(_,_),?flecs.core.Module')),
    ("component", "GET", "/component/Sun/Earth?component=Position"),
    ("type info", "GET", "/type_info/Position"),
    ("world", "GET", "/world"),
    ("not found", "GET", "/entity/Nope"),
    ("missing expr", "GET", "/query"),
]

TIMINGS = {"eval_time", "eval_time_avg_us", "eval_time_min_us", "eval_time_max_us"}


def fetch(host, method, target):
    req = urllib.request.Request(f"http://{host}{target}", method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except OSError as e:
        return None, f"(no reply: {e})"


def normalize(v):
    """Ids and timings aside."""
    if isinstance(v, dict):
        return {k: normalize(x) for k, x in v.items()
                if k not in TIMINGS and not (k == "id" and isinstance(x, int))}
    if isinstance(v, list):
        return [normalize(x) for x in v]
    if isinstance(v, str):
        return re.sub(r"#\d+", "#N", v)
    return v


def diff(a, b, at=""):
    if type(a) is not type(b):
        return [f"{at or '/'}: {short(a)} vs {short(b)}"]
    if isinstance(a, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            p = f"{at}/{k}"
            if k not in b:
                out.append(f"{p}: only Rosetta has it")
            elif k not in a:
                out.append(f"{p}: only Flecs has it ({short(b[k])})")
            else:
                out += diff(a[k], b[k], p)
        if list(a) != list(b) and set(a) == set(b):
            out.append(f"{at or '/'}: members in another order")
        return out
    if isinstance(a, list):
        if len(a) != len(b):
            return [f"{at or '/'}: {len(a)} elements vs {len(b)}"] + \
                [d for x, y, i in zip(a, b, range(len(a))) for d in diff(x, y, f"{at}/{i}")][:3]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, f"{at}/{i}")]
    if a == b:
        return []
    if FULL and isinstance(a, str):
        return [f"{at or '/'}: Rosetta:\n{a}\n    Flecs:\n{b}"]
    return [f"{at or '/'}: {short(a)} vs {short(b)}"]


def short(v):
    s = json.dumps(v)
    return s if len(s) <= 60 else s[:57] + "..."


def parse(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


def main():
    differing = 0
    requests = [r for r in REQUESTS if ONLY is None or ONLY in r[0]]
    for what, method, target in requests:
        (sa, ta), (sb, tb) = fetch(ROSETTA, method, target), fetch(FLECS, method, target)
        a, b = normalize(parse(ta)), normalize(parse(tb))
        diffs = ([f"status {sa} vs {sb}"] if sa != sb else []) + diff(a, b)
        if diffs:
            differing += 1
            print(f"DIFFERS {what}: {method} {target[:100]}")
            for d in diffs[:12]:
                print(f"    {d}")
            if len(diffs) > 12:
                print(f"    ... and {len(diffs) - 12} more")
        else:
            print(f"same    {what}")
    print(f"{len(requests) - differing} of {len(requests)} the same")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
