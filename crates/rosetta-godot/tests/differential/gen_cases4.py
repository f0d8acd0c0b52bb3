#!/usr/bin/env python3
"""Random Godot 4 values as `var_to_str` text, and the Godot 4 oracle script that asks the engine
for `var_to_bytes` of each (run it with ../../../../../shared/tools/godot-oracle/godot4_web_oracle).

Usage: gen_cases4.py SEED COUNT CASES.txt ORACLE.gd
Floats in math types are multiples of 1/8, exact in single precision.
"""
import json
import random
import sys


def num(r):
    return repr(r.randint(-4000, 4000) / 8)


def inum(r):
    return str(r.randint(-2**31, 2**31 - 1))


def text(r):
    alphabet = "abcXYZ _-/:éλ0123"
    return '"' + "".join(r.choice(alphabet) for _ in range(r.randint(0, 6))) + '"'


def vec(r, n, f=num):
    return ", ".join(f(r) for _ in range(n))


def value(r, depth):
    kinds = [
        lambda: "null",
        lambda: r.choice(["true", "false"]),
        lambda: str(r.randint(-2**63, 2**63 - 1)),
        lambda: str(r.randint(-1000, 1000)),
        lambda: num(r),
        lambda: text(r),
        lambda: "&" + text(r),
        lambda: "^\"" + r.choice(["a", "a/b", "/root/x", "a/b:c", ".."]) + "\"",
        lambda: f"Vector2({vec(r, 2)})",
        lambda: f"Vector2i({vec(r, 2, inum)})",
        lambda: f"Rect2({vec(r, 4)})",
        lambda: f"Rect2i({vec(r, 4, inum)})",
        lambda: f"Vector3({vec(r, 3)})",
        lambda: f"Vector3i({vec(r, 3, inum)})",
        lambda: f"Transform2D({vec(r, 6)})",
        lambda: f"Vector4({vec(r, 4)})",
        lambda: f"Vector4i({vec(r, 4, inum)})",
        lambda: f"Plane({vec(r, 4)})",
        lambda: f"Quaternion({vec(r, 4)})",
        lambda: f"AABB({vec(r, 6)})",
        lambda: f"Basis({vec(r, 9)})",
        lambda: f"Transform3D({vec(r, 12)})",
        lambda: f"Projection({vec(r, 16)})",
        lambda: "Color(" + ", ".join(repr(r.randint(0, 8) / 8) for _ in range(4)) + ")",
        lambda: "PackedByteArray(" + ", ".join(str(r.randint(0, 255)) for _ in range(r.randint(0, 9))) + ")",
        lambda: "PackedInt32Array(" + ", ".join(inum(r) for _ in range(r.randint(0, 5))) + ")",
        lambda: "PackedInt64Array(" + ", ".join(str(r.randint(-2**63, 2**63 - 1)) for _ in range(r.randint(0, 4))) + ")",
        lambda: "PackedFloat32Array(" + ", ".join(num(r) for _ in range(r.randint(0, 5))) + ")",
        lambda: "PackedFloat64Array(" + ", ".join(num(r) for _ in range(r.randint(0, 5))) + ")",
        lambda: "PackedStringArray(" + ", ".join(text(r) for _ in range(r.randint(0, 4))) + ")",
        lambda: "PackedVector2Array(" + ", ".join(vec(r, 2) for _ in range(r.randint(0, 3))) + ")",
        lambda: "PackedVector3Array(" + ", ".join(vec(r, 3) for _ in range(r.randint(0, 3))) + ")",
        lambda: "PackedColorArray(" + ", ".join(vec(r, 4) for _ in range(r.randint(0, 3))) + ")",
        lambda: "PackedVector4Array(" + ", ".join(vec(r, 4) for _ in range(r.randint(0, 3))) + ")",
    ]
    if depth < 3:
        kinds.append(lambda: "[" + ", ".join(value(r, depth + 1) for _ in range(r.randint(0, 4))) + "]")
        kinds.append(
            lambda: "{"
            + ", ".join(f"{r.choice([text(r), str(r.randint(0, 9))])}: {value(r, depth + 1)}" for _ in range(r.randint(0, 3)))
            + "}"
        )
    return r.choice(kinds)()


def main():
    seed, count, cases_path, script_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    r = random.Random(seed)
    cases = [value(r, 0) for _ in range(count)]
    with open(cases_path, "w", encoding="utf-8") as f:
        f.write("\n".join(cases) + "\n")
    lines = ["extends Node", "", "func _ready():", "\tvar cases = ["]
    lines += ["\t\t" + json.dumps(c, ensure_ascii=False) + "," for c in cases]
    lines += [
        "\t]",
        "\tfor t in cases:",
        '\t\tprint("CASE:" + JSON.stringify({"text": t, "hex": var_to_bytes(str_to_var(t)).hex_encode()}))',
        '\tprint("DONE")',
        "\tget_tree().quit()",
    ]
    with open(script_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
