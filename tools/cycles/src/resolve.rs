//! Paths to modules: which module (so which file) a path written in a module names.
//!
//! A path maps to the deepest module it names: `crate::a::b::Item` goes to `a/b.rs` when `b`
//! is a module, else to `a.rs`. Its first segment may be `crate`, `self`, `super`, a leading
//! `::`, a child module, a name a `use` of the same module brought in (followed through that
//! `use`), or the name of another given crate. Re-exports inside a crate are not followed (a
//! path through a `mod.rs` that re-exports an item ends at that `mod.rs`); a re-exported other
//! crate is (`pub use tripeaks_game as game;` then `crate::game::x` is that crate's `x`).

use std::collections::HashMap;

use crate::facts::Facts;
use crate::tree::Tree;

/// Where a path leads: a module, and what the path names inside it.
#[derive(Debug, PartialEq, Eq)]
pub struct Target {
    pub krate: usize,
    pub modpath: Vec<String>,
    pub rest: Vec<String>,
}

type Module = (usize, Vec<String>);

pub struct Resolver<'a> {
    tree: &'a Tree,
    /// Each module's `use` names: name -> the path it stands for (relative to that module).
    aliases: HashMap<Module, HashMap<String, Vec<String>>>,
    /// Each module's glob `use` paths.
    globs: HashMap<Module, Vec<Vec<String>>>,
    /// The libraries among the given crates, by name.
    libs: HashMap<String, usize>,
}

/// How deep a path may be followed through `use` names (a loop of them ends there).
const MAX_DEPTH: usize = 8;

impl<'a> Resolver<'a> {
    /// `facts[i]` is what file `i` of the tree says.
    pub fn new(tree: &'a Tree, facts: &[Facts]) -> Resolver<'a> {
        let mut resolver = Resolver {
            tree,
            aliases: HashMap::new(),
            globs: HashMap::new(),
            libs: HashMap::new(),
        };
        for (index, krate) in tree.crates.iter().enumerate() {
            if krate.is_lib {
                resolver.libs.entry(krate.name.clone()).or_insert(index);
            }
        }
        for (file, facts) in tree.files.iter().zip(facts) {
            for leaf in &facts.uses {
                let module = (file.krate, leaf.scope.clone());
                if leaf.glob {
                    resolver
                        .globs
                        .entry(module)
                        .or_default()
                        .push(leaf.segs.clone());
                } else if let Some(alias) = &leaf.alias {
                    let names = resolver.aliases.entry(module).or_default();
                    names.insert(alias.clone(), leaf.segs.clone());
                }
            }
        }
        resolver
    }

    /// The path a `use` of module `scope` gave to `name`.
    pub fn alias(&self, krate: usize, scope: &[String], name: &str) -> Option<&Vec<String>> {
        self.aliases.get(&(krate, scope.to_vec()))?.get(name)
    }

    /// Where a path written in module `scope` of crate `krate` leads, if into a given crate.
    pub fn resolve(&self, krate: usize, segs: &[String], scope: &[String]) -> Option<Target> {
        self.resolve_at(krate, segs, scope, 0)
    }

    fn resolve_at(
        &self,
        krate: usize,
        segs: &[String],
        scope: &[String],
        depth: usize,
    ) -> Option<Target> {
        let (first, rest) = segs.split_first()?;
        if depth > MAX_DEPTH {
            return None;
        }
        match first.as_str() {
            "::" => {
                let (name, rest) = rest.split_first()?;
                self.walk(self.other_lib(krate, name)?, &[], rest, depth)
            }
            "crate" => self.walk(krate, &[], rest, depth),
            "self" => self.walk(krate, scope, rest, depth),
            "super" => {
                let up = scope.split_last()?.1;
                self.walk(krate, up, rest, depth)
            }
            "Self" => None,
            name => {
                let child = [scope, &[name.to_string()]].concat();
                if self.tree.is_module(krate, &child) {
                    return self.walk(krate, &child, rest, depth);
                }
                if let Some(alias) = self.alias(krate, scope, name) {
                    if alias.len() == 1 && alias[0] == name {
                        // `use other_crate;`
                        return self.walk(self.other_lib(krate, name)?, &[], rest, depth);
                    }
                    let full = [alias, rest].concat();
                    return self.resolve_at(krate, &full, scope, depth + 1);
                }
                self.walk(self.other_lib(krate, name)?, &[], rest, depth)
            }
        }
    }

    /// A given library of that name, other than `krate` itself.
    fn other_lib(&self, krate: usize, name: &str) -> Option<usize> {
        self.libs.get(name).copied().filter(|&k| k != krate)
    }

    /// Goes down from `modpath` as far as `rest` names modules.
    fn walk(
        &self,
        krate: usize,
        modpath: &[String],
        rest: &[String],
        depth: usize,
    ) -> Option<Target> {
        let mut cur = modpath.to_vec();
        let mut i = 0;
        while let Some(seg) = rest.get(i) {
            match seg.as_str() {
                "self" => {}
                "super" => {
                    cur.pop()?;
                }
                _ => {
                    let child = [&cur[..], std::slice::from_ref(seg)].concat();
                    if self.tree.is_module(krate, &child) {
                        cur = child;
                    } else {
                        if depth < MAX_DEPTH
                            && let Some(target) = self.reexport(krate, &cur, &rest[i..], depth)
                        {
                            return Some(target);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        Some(Target {
            krate,
            modpath: cur,
            rest: rest[i..].to_vec(),
        })
    }

    /// `rest[0]` in module `cur` as another crate re-exported: `pub use other as name;`, or
    /// `pub use other::*;` where `other` has a module `name`.
    fn reexport(
        &self,
        krate: usize,
        cur: &[String],
        rest: &[String],
        depth: usize,
    ) -> Option<Target> {
        let module = (krate, cur.to_vec());
        let head = |segs: &[String]| {
            let skip = usize::from(segs.first().is_some_and(|s| s == "::"));
            let lib = self.other_lib(krate, segs.get(skip)?)?;
            Some((lib, segs[skip + 1..].to_vec()))
        };
        if let Some(alias) = self.aliases.get(&module).and_then(|a| a.get(&rest[0])) {
            let (lib, inner) = head(alias)?;
            return self.walk(lib, &[], &[&inner[..], &rest[1..]].concat(), depth + 1);
        }
        for glob in self.globs.get(&module).into_iter().flatten() {
            let Some((lib, inner)) = head(glob) else {
                continue;
            };
            let Some(base) = self.walk(lib, &[], &inner, depth + 1) else {
                continue;
            };
            let child = [&base.modpath[..], &rest[..1]].concat();
            if self.tree.is_module(lib, &child) {
                return self.walk(lib, &base.modpath, rest, depth + 1);
            }
        }
        None
    }
}
