#!/usr/bin/env python3
"""Find cycles between files when method calls count as references too.

Usage:
    python3 method_cycles.py [--strict] [--max-cycles N] [--edges] [--only-methods] ROOT_DIR...

Why: `impl Bot` (or `impl Store`) spread over several files lets one file call a method
another file defines without a `use` line saying so; `import_cycles.py` cannot see such a
dependency, so a cycle through methods would go unnoticed.  This script builds the same
file graph as `import_cycles.py` (same arguments, same module tree, same exclusions: test
files and `#[cfg(test)]` items) and adds method edges:

- `self.name(..)` inside an inherent `impl T { .. }` (or `Self::name(..)` there) is an edge to
  the file whose inherent `impl T` defines `name`;
- `bot.name(..)` is an edge to the file defining `Bot::name` (`bot` is the flows' name for
  the bot outside its methods);
- `T::name(..)` for a type `T` with inherent impls is an edge to the file defining `name`.

Methods of trait impls are not collected (a call through a trait is the trait's business).
A name defined by two files for one type (a cfg'd pair) is ambiguous and skipped.

Output and exit status as `import_cycles.py` (1 on a sibling/other cycle); `--only-methods`
keeps the method edges alone, to count the cycles methods make by themselves.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import import_cycles as ic  # noqa: E402

IMPL = re.compile(
    r"(?<![\w$])impl\s*(?:<[^{;]*?>)?\s*(" + ic.IDENT + r")\s*(?:<[^{;]*?>)?\s*(?:where[^{]*)?\{")
FN = re.compile(r"(?<![\w$])fn\s+(" + ic.IDENT + r")")
SELF_CALL = re.compile(r"(?<![\w$.])self\s*\.\s*(" + ic.IDENT + r")\s*(?:::\s*<[^()]*>)?\s*\(")
BOT_CALL = re.compile(r"(?<![\w$.])bot\s*\.\s*(" + ic.IDENT + r")\s*(?:::\s*<[^()]*>)?\s*\(")
PATH_CALL = re.compile(r"(?<![\w$:])(" + ic.IDENT + r")\s*::\s*(" + ic.IDENT + r")\s*(?:::\s*<[^()]*>)?\s*\(")


def inherent_impls(fi):
    """(start, end, type name) of every inherent impl block of a file (not `impl Trait for`)."""
    spans = []
    for m in IMPL.finditer(fi.code):
        head = fi.code[m.start():m.end()]
        if re.search(r"(?<![\w$])for(?![\w$])", head):
            continue
        open_brace = m.end() - 1
        spans.append((open_brace + 1, ic.match_close(fi.code, open_brace), m.group(1)))
    return spans


def methods_of(fi, start, end):
    """Names of the functions declared directly in the block (depth 0 inside it)."""
    names = []
    depth = 0
    i = start
    code = fi.code
    while i < end - 1:
        ch = code[i]
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0 and code.startswith("fn", i):
            m = FN.match(code, i)
            if m and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
                names.append(ic.strip_r(m.group(1)))
        i += 1
    return names


def add_method_edges(g, only_methods):
    """Adds method edges to `g.edges` (replacing them when `only_methods`)."""
    defs = {}    # (crate name, type) -> {method: path or None when ambiguous}
    spans = {}   # path -> [(start, end, type)]
    for fi in g.files.values():
        crate = g.crates[fi.crate].name
        spans[fi.path] = inherent_impls(fi)
        for start, end, ty in spans[fi.path]:
            table = defs.setdefault((crate, ty), {})
            for name in methods_of(fi, start, end):
                if table.get(name, fi.path) != fi.path:
                    table[name] = None
                else:
                    table[name] = fi.path
    if only_methods:
        g.edges = {}

    def edge(fi, ty, name, off, text):
        crate = g.crates[fi.crate].name
        target = defs.get((crate, ty), {}).get(name)
        if target is None or target == fi.path:
            return
        key = (fi.path, target)
        line = fi.line_of(off)
        label = "%s [method %s::%s]" % (text, ty, name)
        if key not in g.edges or g.edges[key][0] > line:
            g.edges[key] = (line, label)

    for fi in g.files.values():
        code = fi.code_no_use
        for m in SELF_CALL.finditer(code):
            inside = [s for s in spans[fi.path] if s[0] <= m.start() < s[1]]
            if inside:
                edge(fi, inside[-1][2], m.group(1), m.start(), "self.%s(..)" % m.group(1))
        for m in BOT_CALL.finditer(code):
            edge(fi, "Bot", m.group(1), m.start(), "bot.%s(..)" % m.group(1))
        for m in PATH_CALL.finditer(code):
            ty, name = m.group(1), m.group(2)
            if ty == "Self":
                inside = [s for s in spans[fi.path] if s[0] <= m.start() < s[1]]
                if not inside:
                    continue
                ty = inside[-1][2]
            edge(fi, ty, name, m.start(), "%s::%s(..)" % (m.group(1), name))


def main():
    ap = ic.arguments(__doc__.split("\n")[0])
    ap.add_argument("--only-methods", action="store_true",
                    help="method edges alone, without the imports")
    args = ap.parse_args()

    g = ic.Graph()
    for spec in args.roots:
        g.add_root_dir(spec)
    g.multi = len({c.root_dir for c in g.crates.values()}) > 1
    g.build_edges()
    add_method_edges(g, args.only_methods)
    sys.exit(ic.report(g, args.max_cycles, args.strict, args.edges, "method_cycles"))


if __name__ == "__main__":
    main()
