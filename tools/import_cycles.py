#!/usr/bin/env python3
"""Find import cycles between the files of one or more Rust crates.

Usage:
    python3 import_cycles.py [--strict] [--max-cycles N] ROOT_DIR [ROOT_DIR...]

Each ROOT_DIR is a crate's `src` directory, optionally written NAME=DIR to give the
crate's name (otherwise it is read from DIR/../Cargo.toml: [lib] name, else [package]
name with '-' turned into '_').  Crate roots are lib.rs, main.rs and bin/*.rs; the module
tree is found by following `mod x;` declarations from them (so orphan files are left out).

A reference from file A to file B is any path in A that resolves into B's module:
`use` trees (nested braces, `self`, `as`, globs, `pub use`, uses inside functions) and
paths written inline in code (`crate::a::b(..)`, `super::x::Y`, `self::..`,
`other_crate::..`, and paths whose first segment is a child module or a name brought in
by a `use` of this file).  A path maps to the deepest module file it names:
`crate::a::b::Item` goes to a/b.rs (or a/b/mod.rs) when b is a module, else to a.rs.
Re-exports are not followed (a path through a mod.rs that re-exports an item is an edge
to that mod.rs).  Comments, strings and char literals are blanked out first, and so is
every item under `#[cfg(test)]` (the usual `mod tests { .. }` block).  `mod x;`
declarations are ownership, not references.  Files named tests.rs and files under a
`tests/` directory are ignored.  References from a file to itself are ignored.

Other crates: `tripeaks_game::x::y` resolves into the crate of that name when its src dir
is given too, else it is external and ignored.  `crate::game::..` in a crate that has no
module `game` but re-exports a crate (`pub use tripeaks_game as game;`, a module that is
`pub use tripeaks_game::*;`, or, failing both, a given crate named `<thiscrate>_game`) is
followed into that crate.  Edges into another crate cannot come back unless the two
crates depend on each other, so they never make cycles between crates in practice.

Output: every strongly connected component of more than one file, and cycles in it with
the line of one reference per edge.  Each cycle is labelled:
  sibling/other  - no edge of the cycle is between a module and its ancestor
  mixed          - a cycle that needs some ancestor<->descendant edge and some other edge
  parent<->child - every edge is between a module and one of its ancestors
Exit status: 1 if any sibling/other cycle exists (with --strict: also any mixed one), 0
otherwise, 2 on bad usage.
"""

import argparse
import os
import re
import sys
from collections import deque

IDENT = r"(?:r#)?[A-Za-z_][A-Za-z0-9_]*"
KEYWORD_STARTS = {"crate", "self", "super", "Self"}


# --------------------------------------------------------------------------- lexing

def blank_code(text):
    """Return text with comments, string and char literals replaced by spaces
    (newlines kept, so offsets and line numbers stay the same)."""
    out = list(text)
    n = len(text)
    i = 0

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def prev_is_ident(k):
        return k > 0 and (text[k - 1].isalnum() or text[k - 1] == "_")

    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            depth = 1
            j = i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth += 1
                    j += 2
                elif text.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    j += 1
            blank(i, j)
            i = j
            continue
        # raw strings: r"..", r#".."#, br"..", cr".."
        m = re.match(r'(?:b|c)?r(#*)"', text[i:i + 260]) if c in "bcr" and not prev_is_ident(i) else None
        if m:
            hashes = m.group(1)
            start = i + m.end()
            end = text.find('"' + hashes, start)
            end = n if end < 0 else end + 1 + len(hashes)
            blank(i, end)
            i = end
            continue
        if c == '"' or (c in "bc" and i + 1 < n and text[i + 1] == '"' and not prev_is_ident(i)):
            j = i + (1 if c == '"' else 2)
            while j < n:
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == '"':
                    j += 1
                    break
                j += 1
            blank(i, j)
            i = j
            continue
        if c == "'" or (c == "b" and i + 1 < n and text[i + 1] == "'" and not prev_is_ident(i)):
            q = i if c == "'" else i + 1
            if q + 1 < n and text[q + 1] == "\\":
                j = q + 2
                while j < n and text[j] != "'" and text[j] != "\n":
                    j += 1
                blank(i, j + 1)
                i = j + 1
                continue
            if q + 2 < n and text[q + 2] == "'":
                blank(i, q + 3)
                i = q + 3
                continue
            # a lifetime or a label
            i = q + 1
            continue
        i += 1
    return "".join(out)


def match_close(code, open_idx):
    """Index just past the bracket closing the one at open_idx."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    stack = []
    i = open_idx
    n = len(code)
    while i < n:
        ch = code[i]
        if ch in pairs:
            stack.append(pairs[ch])
        elif ch in ")]}":
            if stack and stack[-1] == ch:
                stack.pop()
            if not stack:
                return i + 1
        i += 1
    return n


def item_end(code, start):
    """End of the item starting at start: a ';' or the closing '}' of its first
    brace-block, at bracket depth 0."""
    depth = 0
    i = start
    n = len(code)
    while i < n:
        ch = code[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "{":
            if depth == 0:
                return match_close(code, i)
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return i
        elif ch == ";" and depth == 0:
            return i + 1
        i += 1
    return n


def use_end(code, start):
    """Just past the ';' ending a use declaration."""
    depth = 0
    for i in range(start, len(code)):
        ch = code[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return i
        elif ch == ";" and depth <= 0:
            return i + 1
    return len(code)


VIS_IN = re.compile(r"(?<![\w$])pub\s*\(\s*in\s[^)]*\)")


def blank_visibility(code):
    """`pub(in crate::a)` names a module but does not use it."""
    return VIS_IN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)


CFG_TEST = re.compile(r"#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]")
INNER_CFG_TEST = re.compile(r"#\s*!\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]")


def blank_cfg_test(code):
    """Blank every item carrying #[cfg(test)] (attributes included)."""
    out = list(code)
    pos = 0
    while True:
        m = CFG_TEST.search(code, pos)
        if not m:
            break
        j = m.end()
        while True:  # further attributes on the same item
            while j < len(code) and code[j].isspace():
                j += 1
            if code.startswith("#", j) and not code.startswith("#!", j):
                k = code.find("[", j)
                if k < 0:
                    break
                j = match_close(code, k)
                continue
            break
        end = item_end(code, j)
        for k in range(m.start(), end):
            if out[k] != "\n":
                out[k] = " "
        pos = max(end, m.end())
    return "".join(out)


# --------------------------------------------------------------------------- use trees

TOKEN = re.compile(r"\s*(::|\{|\}|,|\*|" + IDENT + r")")


def tokenize_use(code, start, end):
    toks = []
    i = start
    while i < end:
        m = TOKEN.match(code, i)
        if not m or m.end() > end:
            break
        toks.append((m.group(1), m.start(1)))
        i = m.end()
    return toks


def parse_use_tree(toks):
    """Yield (segments, alias, is_glob, offset) for every leaf of a use tree.
    A leading '::' gives a first segment '::'."""
    leaves = []
    pos = [0]

    def peek():
        return toks[pos[0]][0] if pos[0] < len(toks) else None

    def take():
        t = toks[pos[0]]
        pos[0] += 1
        return t

    def tree(prefix):
        segs = list(prefix)
        last_off = None
        if peek() == "::" and not segs:
            take()
            segs.append("::")
        while True:
            t = peek()
            if t is None:
                if segs and segs != list(prefix):
                    leaves.append((segs, None, False, last_off))
                return
            if t == "{":
                take()
                while peek() not in (None, "}"):
                    tree(segs)
                    if peek() == ",":
                        take()
                if peek() == "}":
                    take()
                return
            if t == "*":
                off = take()[1]
                leaves.append((segs, None, True, off))
                return
            if t in (",", "}"):
                return
            if t == "::":
                take()
                continue
            name, off = take()
            name = name[2:] if name.startswith("r#") else name
            if name == "self" and segs:
                alias = None
                if peek() == "as":
                    take()
                    if peek() not in (None, ",", "}"):
                        alias = take()[0]
                leaves.append((segs, alias or segs[-1], False, off))
                return
            segs = segs + [name]
            last_off = off
            if peek() == "as":
                take()
                alias = take()[0] if peek() not in (None, ",", "}") else None
                leaves.append((segs, alias, False, off))
                return
            if peek() != "::":
                leaves.append((segs, segs[-1], False, off))
                return

    tree([])
    return leaves


USE_START = re.compile(r"(?<![\w$])use\s")
MOD_DECL = re.compile(r"(?<![\w$])mod\s+(" + IDENT + r")\s*;")
MOD_INLINE = re.compile(r"(?<![\w$])mod\s+(" + IDENT + r")\s*\{")
PATH_ATTR = re.compile(r'#\s*\[\s*path\s*=\s*"([^"]*)"\s*\]\s*$')
PATH_RE = re.compile(
    r"(?<![\w$:])(::\s*)?(" + IDENT + r")((?:\s*::\s*" + IDENT + r")+)")
SEG_RE = re.compile(IDENT)


def is_test_file(root_dir, path):
    rel = os.path.relpath(path, root_dir)
    parts = rel.split(os.sep)
    return os.path.basename(path) == "tests.rs" or "tests" in parts[:-1]


# --------------------------------------------------------------------------- model

class FileInfo:
    def __init__(self, crate, path, modpath, mod_rs, root_dir):
        self.crate = crate          # crate key
        self.path = path
        self.modpath = tuple(modpath)
        self.mod_rs = mod_rs        # children live in the file's own directory
        self.root_dir = root_dir
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = f.read()
        self.whole_test = False
        code = blank_code(self.text)
        if INNER_CFG_TEST.search(code):
            self.whole_test = True
        self.code = blank_visibility(blank_cfg_test(code))
        self.line_starts = [0]
        for k, ch in enumerate(self.text):
            if ch == "\n":
                self.line_starts.append(k + 1)
        # inline modules: list of (start, end, name) spans
        self.inline = []
        for m in MOD_INLINE.finditer(self.code):
            ob = m.end() - 1
            self.inline.append((ob + 1, match_close(self.code, ob), strip_r(m.group(1))))
        self.decls = []  # (offset, name, path attribute or None)
        for m in MOD_DECL.finditer(self.code):
            before = self.text[:m.start()].rstrip()
            line = before[before.rfind("\n") + 1:]
            pm = PATH_ATTR.search(line)
            self.decls.append((m.start(), strip_r(m.group(1)), pm.group(1) if pm else None))
        self.uses = []     # (segments, alias, glob, offset, scope)
        self.aliases = {}  # scope(tuple) -> {name: (segments, scope)}
        self.use_spans = []

    def line_of(self, off):
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def scope_at(self, off):
        """Module path (absolute) of the innermost module containing offset."""
        inner = [s for s in self.inline if s[0] <= off < s[1]]
        inner.sort(key=lambda s: s[0])
        return self.modpath + tuple(s[2] for s in inner)

    def child_dir(self):
        d = os.path.dirname(self.path)
        if self.mod_rs:
            return d
        return os.path.join(d, os.path.splitext(os.path.basename(self.path))[0])


def strip_r(name):
    return name[2:] if name.startswith("r#") else name


class Crate:
    def __init__(self, key, name, root_dir, root_file, is_lib):
        self.key = key
        self.name = name
        self.root_dir = root_dir
        self.root_file = root_file
        self.is_lib = is_lib
        self.modules = {}   # modpath tuple -> FileInfo (file modules and inline modules)
        self.files = []


def crate_name_from_cargo(root_dir):
    cargo = os.path.join(os.path.dirname(os.path.abspath(root_dir)), "Cargo.toml")
    pkg = lib = None
    try:
        section = None
        with open(cargo, encoding="utf-8") as f:
            for line in f:
                s = line.strip()
                if s.startswith("["):
                    section = s
                    continue
                m = re.match(r'name\s*=\s*"([^"]+)"', s)
                if m:
                    if section == "[package]" and pkg is None:
                        pkg = m.group(1)
                    elif section == "[lib]" and lib is None:
                        lib = m.group(1)
    except OSError:
        pass
    name = lib or pkg or os.path.basename(os.path.dirname(os.path.abspath(root_dir)))
    return name.replace("-", "_")


class Graph:
    def __init__(self):
        self.crates = {}       # key -> Crate
        self.lib_by_name = {}  # extern name -> Crate (libraries only)
        self.files = {}        # path -> FileInfo
        self.edges = {}        # (src path, dst path) -> (line, text)
        self.multi = False

    # ---- building the module tree
    def add_root_dir(self, spec):
        if "=" in spec and not os.path.isdir(spec):
            name, root_dir = spec.split("=", 1)
        else:
            name, root_dir = None, spec
        root_dir = os.path.abspath(root_dir)
        if not os.path.isdir(root_dir):
            sys.exit("import_cycles: not a directory: %s" % root_dir)
        name = name or crate_name_from_cargo(root_dir)
        roots = []
        lib = os.path.join(root_dir, "lib.rs")
        main = os.path.join(root_dir, "main.rs")
        if os.path.isfile(lib):
            roots.append((name, lib, True))
        if os.path.isfile(main):
            roots.append((name + "(bin)" if roots else name, main, not roots))
        bindir = os.path.join(root_dir, "bin")
        if os.path.isdir(bindir):
            for f in sorted(os.listdir(bindir)):
                p = os.path.join(bindir, f)
                if f.endswith(".rs"):
                    roots.append(("%s(bin %s)" % (name, f[:-3]), p, False))
                elif os.path.isfile(os.path.join(p, "main.rs")):
                    roots.append(("%s(bin %s)" % (name, f), os.path.join(p, "main.rs"), False))
        if not roots:
            sys.exit("import_cycles: no lib.rs or main.rs in %s" % root_dir)
        for key, path, is_lib in roots:
            crate = Crate(key, name, root_dir, path, is_lib)
            self.crates[key] = crate
            if is_lib:
                self.lib_by_name[name] = crate
            self._walk(crate, path, (), True)

    def _walk(self, crate, path, modpath, mod_rs):
        path = os.path.normpath(path)
        if path in self.files or not os.path.isfile(path):
            return
        if is_test_file(crate.root_dir, path):
            return
        fi = FileInfo(crate.key, path, modpath, mod_rs, crate.root_dir)
        if fi.whole_test:
            return
        self.files[path] = fi
        crate.files.append(fi)
        crate.modules[fi.modpath] = fi
        for (s, e, name) in fi.inline:
            crate.modules.setdefault(fi.scope_at(s) + (name,), fi)
        for off, name, attr in fi.decls:
            scope = fi.scope_at(off)
            inner = scope[len(fi.modpath):]
            if attr is not None:
                base = os.path.dirname(path) if not inner else os.path.join(fi.child_dir(), *inner)
                child = os.path.join(base, attr)
                self._walk(crate, child, scope + (name,), os.path.basename(child) == "mod.rs")
                continue
            base = os.path.join(fi.child_dir(), *inner)
            a = os.path.join(base, name + ".rs")
            b = os.path.join(base, name, "mod.rs")
            if os.path.isfile(a):
                self._walk(crate, a, scope + (name,), False)
            elif os.path.isfile(b):
                self._walk(crate, b, scope + (name,), True)

    # ---- resolving
    def _collect_uses(self):
        for fi in self.files.values():
            code = list(fi.code)
            for m in USE_START.finditer(fi.code):
                end = use_end(fi.code, m.end())
                toks = tokenize_use(fi.code, m.end(), end)
                scope = fi.scope_at(m.start())
                for segs, alias, glob, off in parse_use_tree(toks):
                    if not segs:
                        continue
                    fi.uses.append((segs, alias, glob, off, scope))
                    if alias and alias != "_" and not glob:
                        fi.aliases.setdefault(scope, {})[alias] = (segs, scope)
                for k in range(m.start(), end):
                    if code[k] != "\n":
                        code[k] = " "
            fi.code_no_use = "".join(code)

    def _is_module(self, crate, modpath):
        return modpath in crate.modules

    def _alias(self, crate, scope, name):
        fi = crate.modules.get(scope)
        if fi is None:
            return None
        return fi.aliases.get(scope, {}).get(name)

    def resolve(self, fi, segs, scope, depth=0):
        """Resolve a path written in file fi inside module `scope` of fi's crate.
        Returns (crate, modpath) of the deepest module named, or None if the path does
        not lead into any given crate."""
        if depth > 8 or not segs:
            return None
        crate = self.crates[fi.crate]
        first, rest = segs[0], list(segs[1:])
        if first == "::":
            if not rest:
                return None
            other = self.lib_by_name.get(rest[0])
            return self._walk_path(other, (), rest[1:], depth) if other else None
        if first == "crate":
            return self._walk_path(crate, (), rest, depth)
        if first == "self":
            return self._walk_path(crate, scope, rest, depth)
        if first == "super":
            cur = scope
            while True:
                if not cur:
                    return None
                cur = cur[:-1]
                if rest and rest[0] == "super":
                    rest = rest[1:]
                    continue
                break
            return self._walk_path(crate, cur, rest, depth)
        if first == "Self":
            return None
        if self._is_module(crate, scope + (first,)):
            return self._walk_path(crate, scope + (first,), rest, depth)
        alias = self._alias(crate, scope, first)
        if alias is not None:
            a_segs, a_scope = alias
            if a_segs and a_segs[-1] == first and len(a_segs) == 1:
                # `use foo;` of an extern crate: the name itself
                other = self.lib_by_name.get(first)
                return self._walk_path(other, (), rest, depth) if other else None
            target_fi = crate.modules.get(a_scope, fi)
            return self.resolve(target_fi, list(a_segs) + rest, a_scope, depth + 1)
        other = self.lib_by_name.get(first)
        if other is not None and other.key != crate.key:
            return self._walk_path(other, (), rest, depth)
        return None

    def _walk_path(self, crate, modpath, rest, depth):
        cur = tuple(modpath)
        rest = list(rest)
        while rest:
            seg = strip_r(rest[0])
            if seg in ("self",):
                rest.pop(0)
                continue
            if seg == "super":
                if not cur:
                    return None
                cur = cur[:-1]
                rest.pop(0)
                continue
            if self._is_module(crate, cur + (seg,)):
                cur = cur + (seg,)
                rest.pop(0)
                continue
            # a re-export of another crate: `pub use other as seg;` or `use other::*`
            here = crate.modules.get(cur)
            if here is not None and depth < 8:
                alias = here.aliases.get(cur, {}).get(seg)
                if alias is not None:
                    a_segs, _ = alias
                    head = a_segs[1] if a_segs[0] == "::" and len(a_segs) > 1 else a_segs[0]
                    other = self.lib_by_name.get(head)
                    if other is not None and other.key != crate.key:
                        skip = 2 if a_segs[0] == "::" else 1
                        return self._walk_path(other, (), list(a_segs[skip:]) + rest[1:], depth + 1)
                    if (head not in KEYWORD_STARTS and other is None
                            and not self._is_module(crate, cur + (head,))
                            and not self.lib_by_name.get(crate.name + "_" + seg)):
                        # `pub use some_extern_crate as seg;`: outside the given crates
                        return None
                for segs, _alias, glob, _off, scope in here.uses:
                    if glob and scope == cur and segs:
                        head = segs[1] if segs[0] == "::" and len(segs) > 1 else segs[0]
                        other = self.lib_by_name.get(head)
                        if other is not None and other.key != crate.key:
                            skip = 2 if segs[0] == "::" else 1
                            target = self._walk_path(other, (), segs[skip:], depth + 1)
                            if target is not None:
                                tc, tp = target
                                if self._is_module(tc, tp + (seg,)):
                                    return self._walk_path(tc, tp, rest, depth + 1)
                if not cur:
                    other = self.lib_by_name.get(crate.name + "_" + seg)
                    if other is not None and other.key != crate.key:
                        return self._walk_path(other, (), rest[1:], depth + 1)
            break
        return crate, cur

    def _add_edge(self, fi, target, off, snippet):
        if target is None:
            return
        crate, modpath = target
        dst = crate.modules.get(modpath)
        if dst is None or dst.path == fi.path:
            return
        key = (fi.path, dst.path)
        line = fi.line_of(off)
        if key not in self.edges or self.edges[key][0] > line:
            self.edges[key] = (line, " ".join(snippet.split()))

    def build_edges(self):
        self._collect_uses()
        for fi in self.files.values():
            for segs, alias, glob, off, scope in fi.uses:
                text = "use " + "::".join(segs) + ("::*" if glob else "")
                self._add_edge(fi, self.resolve(fi, segs, scope), off, text)
            for m in PATH_RE.finditer(fi.code_no_use):
                segs = [strip_r(s) for s in SEG_RE.findall(m.group(2) + m.group(3))]
                if m.group(1):
                    segs = ["::"] + segs
                # `x::y` where x is a macro's metavariable or a keyword like `crate` in
                # `pub(crate)` are not matched: the regex needs `::` after the first name.
                scope = fi.scope_at(m.start())
                self._add_edge(fi, self.resolve(fi, segs, scope), m.start(2), m.group(0))

    # ---- naming
    def label(self, path):
        fi = self.files[path]
        crate = self.crates[fi.crate]
        rel = os.path.relpath(path, crate.root_dir)
        if self.multi:
            return "%s:%s" % (crate.name, rel)
        return rel

    def related(self, a, b):
        """True if one file's module is an ancestor of the other's (same crate)."""
        fa, fb = self.files[a], self.files[b]
        if fa.crate != fb.crate:
            return False
        pa, pb = fa.modpath, fb.modpath
        short, long_ = (pa, pb) if len(pa) <= len(pb) else (pb, pa)
        return long_[:len(short)] == short


# --------------------------------------------------------------------------- graph algorithms

def tarjan(nodes, succ):
    index = {}
    low = {}
    on = set()
    stack = []
    comps = []
    counter = [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    advanced = True
                    break
                elif w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(comp)
    return comps


def shortest_path(start, goal, succ, allowed):
    prev = {start: None}
    q = deque([start])
    while q:
        v = q.popleft()
        if v == goal:
            path = []
            while v is not None:
                path.append(v)
                v = prev[v]
            return path[::-1]
        for w in sorted(succ.get(v, ())):
            if w in allowed and w not in prev:
                prev[w] = v
                q.append(w)
    return None


def normalise(cycle):
    """Rotate a cycle (list of nodes, first not repeated) to start at its least node."""
    k = cycle.index(min(cycle))
    return tuple(cycle[k:] + cycle[:k])


# --------------------------------------------------------------------------- main

def arguments(description):
    """The command line both checks take (this one and method_cycles.py)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("roots", nargs="+", metavar="ROOT_DIR")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 on mixed cycles too (ones that need a parent<->child edge)")
    ap.add_argument("--max-cycles", type=int, default=12,
                    help="cycles shown per component and kind (default 12)")
    ap.add_argument("--edges", action="store_true", help="also list every edge")
    return ap


def main():
    args = arguments(__doc__.split("\n")[0]).parse_args()

    g = Graph()
    for spec in args.roots:
        g.add_root_dir(spec)
    g.multi = len({c.root_dir for c in g.crates.values()}) > 1
    g.build_edges()
    sys.exit(report(g, args.max_cycles, args.strict, args.edges, "import_cycles"))


def report(g, max_cycles, strict, show_edges, tool):
    """Print the graph's strongly connected components and cycles; return the exit status
    (1 on a sibling/other cycle, or with `strict` a mixed one)."""
    succ = {}
    for (a, b) in g.edges:
        succ.setdefault(a, set()).add(b)
    nodes = sorted(g.files)
    lab = g.label

    print("%s: %d files in %d crate root(s), %d file-to-file edges" % (
        tool, len(g.files), len(g.crates), len(g.edges)))
    if show_edges:
        for (a, b), (line, text) in sorted(g.edges.items()):
            print("  edge %s:%d -> %s   [%s]" % (lab(a), line, lab(b), text))

    comps = [sorted(c) for c in tarjan(nodes, succ) if len(c) > 1]
    comps.sort(key=lambda c: (-len(c), lab(c[0])))

    # succ without ancestor<->descendant edges
    succ_sib = {a: {b for b in bs if not g.related(a, b)} for a, bs in succ.items()}

    n_sib = n_mixed = n_pc = 0
    if not comps:
        print("\nNo import cycles between files.")
    for ci, comp in enumerate(comps, 1):
        members = set(comp)
        found = {"sibling/other": [], "mixed": [], "parent<->child": []}
        seen = set()
        # every edge of the component lies on a cycle: close each one by the shortest way
        # back, avoiding ancestor edges when possible
        comp_edges = sorted((a, b) for a in comp for b in succ.get(a, ()) if b in members)
        comp_edges.sort(key=lambda e: (g.related(*e), lab(e[0]), lab(e[1])))
        for a, b in comp_edges:
            back = None
            if not g.related(a, b):
                back = shortest_path(b, a, succ_sib, members)
            if back is None:
                back = shortest_path(b, a, succ, members)
            if back is None:
                continue
            cycle = [a] + back[:-1]
            key = normalise(cycle)
            if key in seen:
                continue
            seen.add(key)
            ring = list(key) + [key[0]]
            rel = [g.related(ring[i], ring[i + 1]) for i in range(len(ring) - 1)]
            kind = "parent<->child" if all(rel) else ("mixed" if any(rel) else "sibling/other")
            found[kind].append(ring)
        worst = ("sibling/other" if found["sibling/other"] else
                 "mixed" if found["mixed"] else "parent<->child")
        n_sib += len(found["sibling/other"])
        n_mixed += len(found["mixed"])
        n_pc += len(found["parent<->child"])
        print("\n[%d] strongly connected component of %d files (worst cycle: %s):" % (
            ci, len(comp), worst))
        print("    " + ", ".join(lab(p) for p in sorted(comp, key=lab)))
        for kind in ("sibling/other", "mixed", "parent<->child"):
            rings = sorted(found[kind], key=lambda r: (len(r), [lab(p) for p in r]))
            if not rings:
                continue
            print("  %s cycles (%d):" % (kind, len(rings)))
            for ring in rings[:max_cycles]:
                print("    " + " -> ".join(lab(p) for p in ring))
                for i in range(len(ring) - 1):
                    line, text = g.edges[(ring[i], ring[i + 1])]
                    tag = "  (parent<->child)" if kind == "mixed" and g.related(ring[i], ring[i + 1]) else ""
                    print("        %s:%d -> %s   [%s]%s" % (
                        lab(ring[i]), line, lab(ring[i + 1]), text, tag))
            if len(rings) > max_cycles:
                print("    ... and %d more (--max-cycles)" % (len(rings) - max_cycles))

    print("\nSummary: %d component(s); cycles shown: %d sibling/other, %d mixed, %d parent<->child" % (
        len(comps), n_sib, n_mixed, n_pc))
    bad = n_sib > 0 or (strict and n_mixed > 0)
    return 1 if bad else 0


if __name__ == "__main__":
    main()
