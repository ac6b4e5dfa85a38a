#!/usr/bin/env python3
"""Where the bot's CPU goes, by part of the stack: reads `perf script` output of a profile taken
with call graphs and prints each part's share of the samples (split into user code, kernel,
malloc/free and memcpy/memset at the leaf), first match wins in the order below. With
`--per-tap MS` it also prints each part's milliseconds per tap (the share times MS, the bot's
CPU per tap from `examples/load`).

    perf record -F 4000 -e cpu-clock --call-graph dwarf,16384 -p <bot pid> -o tap.data -- sleep 3
    perf script -i tap.data > tap.script
    python3 tools/perf_categories.py tap.script --per-tap 0.54
"""

import argparse
import collections

PARTS = [
    ("picture (render, deflate)", ["zlib_rs::", "tripeaks::render"]),
    ("SQLite itself", ["sqlite3", "walFind", "pager", "btree"]),
    ("sqlx", ["sqlx"]),
    ("game rules, solver", ["tripeaks_game"]),
    ("texts (fluent)", ["fluent", "tripeaks::i18n", "intl_"]),
    ("gateway events parsed (serde_json, serenity's model)", ["serde_json", "serde::private", "serde_core"]),
    ("websocket", ["tungstenite"]),
    ("HTTP client (reqwest, hyper, multipart)", ["reqwest", "hyper", "h2::", "multipart", "mime"]),
    ("TLS", ["rustls", "ring::", "aws_lc"]),
    ("logging", ["tracing", "fmt::", "core::fmt", "alloc::fmt"]),
    ("serenity, poise (dispatch, builders)", ["serenity", "poise"]),
    ("the bot's flows and store", ["tripeaks::bot", "tripeaks::store"]),
    ("tokio (scheduling, timers, I/O driver)", ["tokio::"]),
]
KINDS = ["user", "kernel", "malloc", "memcpy/set"]


def samples(path):
    stack = []
    with open(path, errors="replace") as lines:
        for line in lines:
            if not line.strip():
                if stack:
                    yield stack
                stack = []
            else:
                stack.append(line.strip())
    if stack:
        yield stack


def kind_of(leaf):
    if "[kernel.kallsyms]" in leaf:
        return "kernel"
    if "libc" in leaf and any(k in leaf for k in ["malloc", "free", "realloc", "unlink_chunk"]):
        return "malloc"
    if "libc" in leaf and "mem" in leaf:
        return "memcpy/set"
    return "user"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", help="perf script output")
    parser.add_argument("--per-tap", type=float, help="the bot's CPU per tap in ms")
    args = parser.parse_args()
    count = collections.Counter()
    total = 0
    for stack in samples(args.script):
        frames = stack[1:]
        total += 1
        part = next(
            (name for name, keys in PARTS if any(k in f for f in frames for k in keys)),
            "other",
        )
        kind = kind_of(frames[0] if frames else "")
        count[(part, kind)] += 1
        count[(part, "*")] += 1
        count[("*", kind)] += 1
    if not total:
        raise SystemExit("no samples")
    print(f"{total} samples")
    for name in [name for name, _ in PARTS] + ["other"]:
        if not count[(name, "*")]:
            continue
        share = 100 * count[(name, "*")] / total
        split = ", ".join(
            f"{k} {100 * count[(name, k)] / total:.1f}" for k in KINDS if count[(name, k)]
        )
        per_tap = f"{share * args.per_tap / 100:6.3f} ms  " if args.per_tap else ""
        print(f"{share:5.1f}%  {per_tap}{name} ({split})")
    print("leaves: " + ", ".join(f"{k} {100 * count[('*', k)] / total:.1f}%" for k in KINDS))


if __name__ == "__main__":
    main()
