#!/usr/bin/env python3
"""Build the fuzz targets' seed corpora, fuzz/corpus/TARGET/, from the shared corpus.

    fuzz/seed.py [CORPUS]          # CORPUS defaults to ../shared/corpus beside the repository

Nothing from the shared corpus is committed: its files are read where they are and written,
one seed per file named by its SHA-1 (as libFuzzer names what it finds), into fuzz/corpus/,
which is ignored by git. Running it again adds nothing twice; what libFuzzer added is kept.
A few of the repository's own files (its standard library, the example schema, data and
JSON) are seeds too, so every target has seeds even without the shared corpus.

Seeds per target:
  schema_compile   every .schema file (shared corpus, schema/, examples/schema/)
  bundle_decode    binary bundles (good_bundle, bad_bundle) and bundle JSON (*.sb.json,
                   *bundle*.json, clash_*.json)
  snapshot_read    every .snapshot (gzip, as shipped) and its decompressed record stream
  object_decode    the wire bytes of every entity and every component in those snapshots
  generated_decode every component in those snapshots, after its id (the type to decode it as)
  godot_decode     the bytes of every vector and decode test of godot/*.json
  o3de_json_load   the JSON of every vector of o3de/json_vectors.json, and examples/json/
  o3de_serde_load  the same
  o3de_patch       "TARGET\\0PATCH" of the patch vectors, and "SOURCE\\0TARGET" of the
                   create vectors (the target applies the second to the first and creates
                   the patch from the first to the second)
  world_query_parse    every query expression of flecs/v3_json_vectors.json
  world_query_eval     the same expressions, run against a small world
  world_query_parse_v4 the same expressions, and the v4 queries the Flecs explorer sends
  world_query_v4_diff  the same as world_query_parse_v4 (run in Rosetta and Flecs 4.1.2)
  world_script_load    examples/world/*.json and every setup of flecs/v3_json_vectors.json
  world_snapshot_load  examples/data/world.snapshot (gzip and decompressed) and world.json
  json_snapshot    examples/data/world.json, and the JSON snapshots of the shared corpus
                   (CExampleProject@*/snapshots/*.json)
  arrow_import     one seed per table the target exports from examples/data/world.snapshot
                   (as Parquet and Arrow IPC), read unedited
  flecs_world_json_load  examples/flecs/*_world.json, the table-mode iterator outputs of
                   flecs/v3_json_vectors.json (every iter case's expected JSON), and a few
                   documents with every value form the target's types (and schema) have
  flecs_world_json_load_v4  v4.1.6 world JSON over the target's types: rows with parent, name,
                   id, tags, pairs (one target or several), components (every value form, null,
                   pairs as keys), type entities with members, anonymous "#id" entities
  rest_request     the requests the Flecs explorer sends (entity, query, world, stats, tables)
                   and every write route, set with good and bad data, as "METHOD\nTARGET" lines
Uses only the Python standard library.
"""

import gzip
import hashlib
import json
import pathlib
import sys

FUZZ = pathlib.Path(__file__).resolve().parent
REPO = FUZZ.parent
OUT = FUZZ / "corpus"

counts = {}

# v4 query forms: the explorer's (flecs-hub/explorer etc/js) and the v4 syntax.
V4_QUERIES = [
    "[none] ?flecs.core.Module, [none] ?flecs.core.Component, [none] ?flecs.core.Relationship,"
    " [none] ?flecs.core.ChildOf(_, $this), [none] ?flecs.core.IsA($this, $base|self)",
    "$this ~= \"P\", ?(flecs.doc.Description, flecs.doc.Brief), ?$this(_), ?$this(_, _)",
    "Query, ?flecs.system.System",
    "Observer, !Query, ?(ChildOf, $parent), !Observer($parent), !Query($parent)",
    "TagA(self|up ChildOf), TagB(up), TagC(#0), toggle|TagA, and|TagB, {TagA || TagB}",
    "Rel($a, $b, $c), (Likes, A || B), $x != Bob, [filter] TagA, TagA(cascade desc)",
]


def seed(target, data):
    if isinstance(data, str):
        data = data.encode()
    directory = OUT / target
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / hashlib.sha1(data).hexdigest()
    if not path.exists():
        path.write_bytes(data)
    counts[target] = counts.get(target, 0) + 1


def files(root, pattern):
    return sorted(p for p in root.rglob(pattern) if p.is_file()) if root.is_dir() else []


def varint(data, pos):
    """A protobuf varint at pos: (value, next position)."""
    value = shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("truncated varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def length_delimited(message):
    """(field number, bytes) of every length-delimited field of a protobuf message."""
    pos, fields = 0, []
    while pos < len(message):
        key, pos = varint(message, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, pos = varint(message, pos)
        elif wire == 1:
            pos += 8
        elif wire == 5:
            pos += 4
        elif wire == 2:
            size, pos = varint(message, pos)
            fields.append((field, message[pos : pos + size]))
            pos += size
        else:
            raise ValueError(f"wire type {wire}")
    return fields


def snapshot_components(stream):
    """(component id, data object) of every component of each record of a snapshot's
    decompressed record stream."""
    out = []
    for entity in snapshot_entities(stream):
        out.extend(length_delimited(entity))
    return out


def snapshot_objects(stream):
    """The Entity object and every component's data object of each record of a snapshot's
    decompressed record stream (see rosetta_wire::snapshot)."""
    objects = []
    for entity in snapshot_entities(stream):
        objects.append(entity)
        objects.extend(component for _, component in length_delimited(entity))
    return objects


def snapshot_entities(stream):
    """The Entity object of each record of a snapshot's decompressed record stream."""
    pos, objects = 0, []
    while pos < len(stream):
        size, pos = varint(stream, pos)
        record = stream[pos : pos + size]
        pos += size
        for field, entity_record in length_delimited(record):
            if field != 2:
                continue
            for inner, entity in length_delimited(entity_record):
                if inner == 3:
                    objects.append(entity)
    return objects


# World JSON over the schema of fuzz_targets/flecs_world_json_load.rs (read with it when the
# length is 2 or 3 modulo 4: padded with spaces to such a length).
FLECS_SCHEMA_WORLD_JSON = [
    '{"results":[{"ids":[["t.Probe"], ["spatialos.EntityId"], ["flecs.core.Identifier","flecs.core.Name"], '
    '["flecs.core.ChildOf","snapshot"]], "parent":"snapshot", "entities":["entity_1"], '
    '"values":[[{"name":["x"], "ratio":"5e-324", "held":{"t.Small":{"big":-5, "huge":"18446744073709551615"}}, '
    '"other":"-9223372036854775808", "inner":[{"d":-0.0, "next":[{"d":"-Inf", "next":[]}]}], '
    '"blobs":[[0, 255]], "bag":[{"key":"k", "value":{"t.Probe":{"name":[]}}}], '
    '"weights":[{"key":"BLUE", "value":"NaN"}]}], [1], 0, 0]}]}',
]

# v4 world JSON over the types of fuzz_targets/flecs_world_json_load_v4.rs.
FLECS_WORLD_JSON_V4 = [
    '{"results":[{"name":"Sun", "id":800}, {"parent":"Sun", "name":"Earth", "id":801, '
    '"tags":["Planet"], "pairs":{"Likes":["Sun", "Planet"]}, '
    '"components":{"Position":{"x":1, "y":"1e4"}, "Nested":{"pos":{"x":0, "y":-0.0}, '
    '"color":"Blue", "flags":"Bacon|Tomato"}, "Marker":null}}]}',
    '{"results":[{"name":"#900", "id":900, "components":{"Big":{"u":"18446744073709551615", '
    '"i":"-9223372036854775808", "d":"NaN", "s":"a\\"b", "c":"x", "b":true}, '
    '"Ref":{"target":"Sun", "which":"Planet"}, "Triple":[1, 2, 3], '
    '"Path":[{"x":1, "y":2}], "Inline":{"a":[4, 5]}}}, '
    '{"name":"e", "pairs":{"flecs.core.IsA":"#900"}, "components":{"(Likes,Position)":{"x":3, "y":4}}}]}',
    '{"results":[{"name":"Velocity", "id":700, "components":{"flecs.core.Component":{"size":8, '
    '"alignment":4}, "flecs.meta.type":{"kind":"StructType"}, "flecs.meta.TypeSerializer":null, '
    '"flecs.meta.struct":null}}, {"parent":"Velocity", "name":"x", "components":{"flecs.meta.member":'
    '{"type":"flecs.meta.f32", "count":0, "unit":"#0", "offset":0, "use_offset":false}}}, '
    '{"parent":"Velocity", "name":"y", "components":{"flecs.meta.member":{"type":"flecs.meta.f32", '
    '"count":0, "unit":"#0", "offset":4, "use_offset":false}}}, '
    '{"name":"v", "components":{"Velocity":{"x":1, "y":2}}}]}',
]

# World JSON over the types of fuzz_targets/flecs_world_json_load.rs, one value form each.
FLECS_WORLD_JSON = [
    '{"results":[{"ids":[["Position"], ["Planet"], ["Likes","Sun"], '
    '["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Sun"]], '
    '"parent":"Sun", "entities":["Earth", "Mars"], '
    '"values":[[{"x":1, "y":2.5}, {"x":"1e4", "y":-3}], 0, 0, 0, 0]}]}',
    '{"results":[{"ids":[["Big"], ["Nested"], ["flecs.core.Identifier","flecs.core.Name"]], '
    '"entities":["a", "b"], "values":[[{"u":"18446744073709551615", "i":"-9223372036854775808", '
    '"d":"NaN", "s":"q", "c":"z", "b":true}, {"u":5, "i":"2366700781656087864", "d":"Inf", '
    '"s":null, "c":0, "b":0}], [{"pos":{"x":"1.98849999999e30"}, "color":"Blue", '
    '"flags":"Bacon|Tomato"}, {"pos.y":7, "color":1, "flags":0}]]}]}',
    '{"results":[{"ids":[["Ref"], ["Triple"], ["Path"], ["Inline"]], "entities":[5000, "5001"], '
    '"values":[[{"target":"Sun.Earth", "which":["Likes","5001"]}, {"target":0, "which":["Planet"]}], '
    '[[1, 2, 3], [4]], [[{"x":1, "y":1}, {"x":2, "y":2}], []], [{"a":[7, 8]}, {"a":[9]}]]}]}',
    '{"results":[{"ids":[["Movement","Planet"], ["flecs.core.IsA","Sun"], ["flecs.core.Prefab"]], '
    '"entities":[400, 401]}, {"ids":[["flecs.core.ChildOf","400"]], "entities":["401.x"]}]}',
]


# REST requests against the example world (fuzz_targets/rest_request.rs): METHOD and TARGET
# lines, several requests to an input.
REST_REQUESTS = [
    "GET\n/entity/Sun/Earth&label=true&values=true&type_info=true",
    "GET\n/query?q=Position%2C%20%3FKind&values=true&limit=25&offset=0",
    "GET\n/query?q=(ChildOf%2C%20Sun)&term_ids=true&ids=true",
    "GET\n/world\nGET\n/tables\nGET\n/stats/world?period=1m",
    "GET\n/entity/flecs/core/World&label=true&brief=true&link=true&color=true&ids=true",
    "OPTIONS\n/anything",
    "PUT\n/set/Sun/Mars?data=%7B%22ids%22%3A%5B%5B%22Position%22%5D%2C%5B%22Kind%22%5D%5D%2C"
    "%22values%22%3A%5B%7B%22x%22%3A5%2C%22y%22%3A6%7D%2C%22Moon%22%5D%7D\n"
    "GET\n/entity/Sun/Mars&values=true",
    "PUT\n/set/Sun?data=%7B%22ids%22%3A%5B%5B%22ChildOf%22%2C%22Sun.Earth%22%5D%5D%7D",
    "PUT\n/set/Sun?data=%7B%22ids%22%3A%5B%5B%22Position%22%5D%5D%2C%22values%22%3A%5B%7B%22x%22"
    "%3A%22seven%22%7D%5D%7D",
    "PUT\n/disable/Sun/Earth\nGET\n/query?q=Position\nPUT\n/enable/Sun/Earth",
    "PUT\n/delete/Sun\nGET\n/world",
    "PUT\n/delete/flecs/core/ChildOf\nPUT\n/disable/flecs",
    "GET\n/commands/capture\nGET\n/commands/frame/3",
]


def main():
    corpus = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else REPO.parent / "shared" / "corpus"
    if not corpus.is_dir():
        print(f"note: {corpus} not found; seeding from the repository's own files only")

    for path in files(corpus, "*.schema") + files(REPO / "schema", "*.schema") + files(
        REPO / "examples" / "schema", "*.schema"
    ):
        seed("schema_compile", path.read_bytes())

    spatialos = corpus / "spatialos"
    for path in files(spatialos, "*_bundle"):
        seed("bundle_decode", path.read_bytes())
    for path in files(spatialos, "*.json"):
        name = path.name
        if name.endswith(".sb.json") or "bundle" in name or name.startswith("clash_"):
            seed("bundle_decode", path.read_bytes())

    snapshots = files(corpus, "*.snapshot") + files(REPO / "examples", "*.snapshot")
    for path in snapshots:
        data = path.read_bytes()
        seed("snapshot_read", data)
        stream = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        seed("snapshot_read", stream)
        try:
            for obj in snapshot_objects(stream):
                seed("object_decode", obj)
            # generated_decode: the component id (4 bytes, little-endian) picks the type.
            for component_id, data in snapshot_components(stream):
                seed("generated_decode", component_id.to_bytes(4, "little") + data)
        except ValueError as error:
            print(f"note: {path}: no objects taken ({error})")

    for path in files(corpus / "godot", "*.json"):
        vectors = json.loads(path.read_text())
        for key in ("vectors", "decode_tests", "risky", "extra"):
            for vector in vectors.get(key, []):
                for field in ("bytes_hex", "input_hex", "hex"):
                    if isinstance(vector.get(field), str):
                        seed("godot_decode", bytes.fromhex(vector[field]))

    documents = []
    o3de = corpus / "o3de" / "json_vectors.json"
    if o3de.is_file():
        for vector in json.loads(o3de.read_text())["vectors"]:
            if "json_text" in vector:
                documents.append(vector["json_text"])
            if vector.get("direction") in ("apply", "create"):
                first, second = ("target", "patch") if "patch" in vector else ("source", "target")
                seed("o3de_patch", json.dumps(vector[first]) + "\0" + json.dumps(vector[second]))
            elif vector.get("type") != "ResultCode":
                documents.append(json.dumps(vector["json"], indent=4))
    for path in files(REPO / "examples" / "json", "*.json"):
        documents.append(path.read_text())
    for document in documents:
        seed("o3de_json_load", document)
        seed("o3de_serde_load", document)
        seed("o3de_patch", document)

    # world_script_load: the example world scripts and every setup of the Flecs corpus;
    # world_snapshot_load: the example snapshots (binary, JSON; the target gzips each input too).
    for path in files(REPO / "examples" / "world", "*.json"):
        seed("world_script_load", path.read_bytes())
    flecs = corpus / "flecs" / "v3_json_vectors.json"
    if flecs.is_file():
        for case in json.loads(flecs.read_text()).get("cases", []):
            if isinstance(case, dict) and isinstance(case.get("setup"), list):
                seed("world_script_load", json.dumps(case["setup"]))
            query = case.get("query") if isinstance(case, dict) else None
            if isinstance(query, dict) and isinstance(query.get("expr"), str):
                seed("world_query_parse", query["expr"])
                seed("world_query_eval", query["expr"])
                seed("world_query_parse_v4", query["expr"])
                seed("world_query_v4_diff", query["expr"])
    for expr in V4_QUERIES:
        seed("world_query_parse_v4", expr)
        seed("world_query_v4_diff", expr)
    # flecs_world_json_load: world JSON (what ecs_world_to_json writes); iterator outputs that
    # are not in table mode are refused quickly, which is worth fuzzing too.
    for path in files(REPO / "examples" / "flecs", "*_world.json"):
        seed("flecs_world_json_load", path.read_bytes())
    if flecs.is_file():
        for case in json.loads(flecs.read_text()).get("cases", []):
            expected = case.get("expected") if isinstance(case, dict) else None
            if case.get("suite") == "iter" and isinstance(expected, str) and case.get("valid_json"):
                seed("flecs_world_json_load", expected)
    for document in FLECS_WORLD_JSON:
        seed("flecs_world_json_load", document)
    for document in FLECS_SCHEMA_WORLD_JSON:
        document += " " * ((2 - len(document)) % 4)
        seed("flecs_world_json_load", document)

    for document in FLECS_WORLD_JSON_V4:
        seed("flecs_world_json_load_v4", document)

    for request in REST_REQUESTS:
        seed("rest_request", request)

    for name in ("world.snapshot", "world.json"):
        path = REPO / "examples" / "data" / name
        if path.is_file():
            seed("world_snapshot_load", path.read_bytes())
            if name.endswith(".json"):
                seed("json_snapshot", path.read_bytes())
            if name.endswith(".snapshot"):
                seed("world_snapshot_load", gzip.decompress(path.read_bytes()))

    # json_snapshot: the corpus's JSON snapshots too (other schemas: their components are
    # unknown to the example's, which exercises the errors).
    for path in sorted((corpus / "spatialos").glob("CExampleProject@*/snapshots/*.json")):
        seed("json_snapshot", path.read_bytes())

    # arrow_import: "edit mode, file N, no edits" for each exported table of the example
    # snapshot (the target exports them itself), so that every file is read whole first.
    for pick in range(24):
        seed("arrow_import", bytes([0xFF, pick]))

    for target in sorted(counts):
        have = len(list((OUT / target).iterdir()))
        print(f"{target}: {counts[target]} seeds, {have} files in fuzz/corpus/{target}")


if __name__ == "__main__":
    main()
