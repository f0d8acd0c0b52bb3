#!/usr/bin/env python3
"""Random Godot 3 values as `var2str` text, one per line, for the differential test.

Usage: gen_cases.py SEED COUNT > cases.txt
Floats are multiples of 1/8 so that they are exact in single precision (Godot 3's math types).
"""
import random
import sys


def num(r):
    return repr(r.randint(-4000, 4000) / 8)


def text(r):
    alphabet = "abcXYZ _-/:éλ0123"
    return '"' + "".join(r.choice(alphabet) for _ in range(r.randint(0, 6))) + '"'


def vec(r, n):
    return ", ".join(num(r) for _ in range(n))


def value(r, depth):
    kinds = [
        lambda: "null",
        lambda: r.choice(["true", "false"]),
        lambda: str(r.randint(-2**31, 2**31 - 1)),
        lambda: str(r.randint(-2**63, 2**63 - 1)),
        lambda: num(r),
        lambda: text(r),
        lambda: f"Vector2( {vec(r, 2)} )",
        lambda: f"Rect2( {vec(r, 4)} )",
        lambda: f"Vector3( {vec(r, 3)} )",
        lambda: f"Transform2D( {vec(r, 6)} )",
        lambda: f"Plane( {vec(r, 4)} )",
        lambda: f"Quat( {vec(r, 4)} )",
        lambda: f"AABB( {vec(r, 6)} )",
        lambda: f"Basis( {vec(r, 9)} )",
        lambda: f"Transform( {vec(r, 12)} )",
        lambda: "Color( " + ", ".join(repr(r.randint(0, 8) / 8) for _ in range(4)) + " )",
        lambda: 'NodePath("' + r.choice(["a", "a/b", "/root/x", "a/b:c", ".."]) + '")',
        lambda: "PoolByteArray( " + ", ".join(str(r.randint(0, 255)) for _ in range(r.randint(0, 9))) + " )",
        lambda: "PoolIntArray( " + ", ".join(str(r.randint(-2**31, 2**31 - 1)) for _ in range(r.randint(0, 5))) + " )",
        lambda: "PoolRealArray( " + ", ".join(num(r) for _ in range(r.randint(0, 5))) + " )",
        lambda: "PoolStringArray( " + ", ".join(text(r) for _ in range(r.randint(0, 4))) + " )",
        lambda: "PoolVector2Array( " + ", ".join(vec(r, 2) for _ in range(r.randint(0, 3))) + " )",
        lambda: "PoolVector3Array( " + ", ".join(vec(r, 3) for _ in range(r.randint(0, 3))) + " )",
        lambda: "PoolColorArray( " + ", ".join(vec(r, 4) for _ in range(r.randint(0, 3))) + " )",
    ]
    if depth < 3:
        kinds.append(lambda: "[ " + ", ".join(value(r, depth + 1) for _ in range(r.randint(0, 4))) + " ]")
        kinds.append(
            lambda: "{ "
            + ", ".join(f"{r.choice([text(r), str(r.randint(0, 9))])}: {value(r, depth + 1)}" for _ in range(r.randint(0, 3)))
            + " }"
        )
    return r.choice(kinds)()


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    r = random.Random(seed)
    for _ in range(count):
        print(value(r, 0))


if __name__ == "__main__":
    main()
