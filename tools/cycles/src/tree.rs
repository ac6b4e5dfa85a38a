//! The module tree: which files make up each crate, and each file's module path.
//!
//! A root is a crate's source folder. Its crate roots are `lib.rs`, `main.rs`, `bin/*.rs` and
//! `bin/*/main.rs`, each a crate of its own (`main.rs` reaches the library by its name, as
//! any other crate would). From each, `mod x;` is followed to `x.rs` or `x/mod.rs` beside it (or
//! in the folder named after a non-`mod.rs` file, or where `#[path]` says), so a file no `mod`
//! declares is not read. Left out, as tests may depend on anything: files named `tests.rs`,
//! files under a `tests/` folder of the root, files opening with `#![cfg(test)]`, and modules
//! declared under `#[cfg(test)]`. A `mod x;` written inside a macro call is not seen. A file
//! that does not parse, or a `mod x;` without its file, is an error: a check that skips what it
//! cannot read would pass on anything.

use std::collections::HashMap;
use std::fs;
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use syn::Item;

use crate::attrs;

/// One root given on the command line: a crate's source folder, with its crate's name.
#[derive(Clone, Debug)]
pub struct Root {
    /// The crate's name in paths (`tripeaks_game`).
    pub name: String,
    /// The folder as given (how files are named in the output).
    pub dir: String,
}

impl Root {
    /// `DIR` or `NAME=DIR`; without a name, `[lib] name` or `[package] name` of the
    /// `Cargo.toml` beside DIR (dashes made underscores), else DIR's own name.
    pub fn parse(spec: &str) -> Result<Root, String> {
        let (name, dir) = match spec.split_once('=') {
            Some((name, dir)) if !Path::new(spec).is_dir() => (Some(name.to_string()), dir),
            _ => (None, spec),
        };
        let dir = dir.trim_end_matches('/');
        let dir = if dir.is_empty() { "/" } else { dir };
        if !Path::new(dir).is_dir() {
            return Err(format!("not a folder: {dir}"));
        }
        let name = name.unwrap_or_else(|| crate_name(Path::new(dir)));
        Ok(Root {
            name,
            dir: dir.to_string(),
        })
    }
}

/// The crate's name from the `Cargo.toml` beside its source folder, read line by line.
fn crate_name(dir: &Path) -> String {
    let abs = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let own = abs
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let toml = abs.parent().map(|p| p.join("Cargo.toml"));
    let text = toml
        .and_then(|t| fs::read_to_string(t).ok())
        .unwrap_or_default();
    let (mut section, mut package, mut lib) = (String::new(), None, None);
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if let Some(value) = line.strip_prefix("name") {
            let value = value.trim_start().strip_prefix('=').map(str::trim);
            let value = value.map(|v| v.trim_matches('"').to_string());
            match section.as_str() {
                "[package]" if package.is_none() => package = value,
                "[lib]" if lib.is_none() => lib = value,
                _ => {}
            }
        }
    }
    lib.or(package).unwrap_or(own).replace('-', "_")
}

/// A crate: one crate root of a root folder.
#[derive(Debug)]
pub struct Crate {
    pub name: String,
    /// A library, which other crates reach by `name::..`.
    pub is_lib: bool,
    /// The root folder, and how it was written.
    pub dir: PathBuf,
    pub shown: String,
}

/// A file of the tree, parsed.
pub struct SourceFile {
    pub krate: usize,
    /// How the output names it: the root as given, then the path below it.
    pub label: String,
    /// Its module path from the crate root (`["bot", "flows"]` for `bot/flows/mod.rs`).
    pub modpath: Vec<String>,
    pub ast: syn::File,
}

/// Every crate and file of the given roots.
#[derive(Default)]
pub struct Tree {
    pub crates: Vec<Crate>,
    pub files: Vec<SourceFile>,
    /// Each module (of a file, or inline in one) to the file it is written in.
    pub modules: HashMap<(usize, Vec<String>), usize>,
    by_path: HashMap<PathBuf, usize>,
}

impl Tree {
    pub fn load(roots: &[Root]) -> Result<Tree> {
        let mut tree = Tree::default();
        for root in roots {
            tree.add_root(root)?;
        }
        Ok(tree)
    }

    /// Whether one file's module is the other's ancestor (or the same), in one crate: the
    /// references a module split into files may make both ways.
    pub fn related(&self, a: usize, b: usize) -> bool {
        let (fa, fb) = (&self.files[a], &self.files[b]);
        fa.krate == fb.krate
            && (fa.modpath.starts_with(&fb.modpath) || fb.modpath.starts_with(&fa.modpath))
    }

    pub fn is_module(&self, krate: usize, modpath: &[String]) -> bool {
        self.modules.contains_key(&(krate, modpath.to_vec()))
    }

    fn add_root(&mut self, root: &Root) -> Result<()> {
        let dir = PathBuf::from(&root.dir);
        let mut starts = Vec::new();
        if dir.join("lib.rs").is_file() {
            starts.push((dir.join("lib.rs"), true));
        }
        if dir.join("main.rs").is_file() {
            starts.push((dir.join("main.rs"), starts.is_empty()));
        }
        if let Ok(entries) = fs::read_dir(dir.join("bin")) {
            let mut bins: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            bins.sort();
            for bin in bins {
                if bin.extension().is_some_and(|e| e == "rs") {
                    starts.push((bin, false));
                } else if bin.join("main.rs").is_file() {
                    starts.push((bin.join("main.rs"), false));
                }
            }
        }
        if starts.is_empty() {
            bail!("no lib.rs or main.rs in {}", root.dir);
        }
        for (start, is_lib) in starts {
            self.crates.push(Crate {
                name: root.name.clone(),
                is_lib,
                dir: dir.clone(),
                shown: root.dir.clone(),
            });
            self.walk(self.crates.len() - 1, &start, Vec::new(), true)?;
        }
        Ok(())
    }

    /// Reads one module's file, then the files of the modules it declares. `mod_rs`: its
    /// children live in its own folder (a crate root, a `mod.rs`, a `#[path]` file).
    fn walk(
        &mut self,
        krate: usize,
        path: &Path,
        modpath: Vec<String>,
        mod_rs: bool,
    ) -> Result<()> {
        let path = normalize(path);
        if self.by_path.contains_key(&path) || self.is_test_file(krate, &path) {
            return Ok(());
        }
        let label = self.label(krate, &path);
        let text = fs::read_to_string(&path).with_context(|| format!("{label}: cannot read"))?;
        let ast = syn::parse_file(&text).map_err(|e| {
            let at = e.span().start();
            anyhow!("{label}:{}:{}: does not parse: {e}", at.line, at.column + 1)
        })?;
        if attrs::test_only(&ast.attrs) {
            return Ok(());
        }
        let mut decls = Vec::new();
        declarations(&ast.items, &[], &mut decls);
        let index = self.files.len();
        self.by_path.insert(path.clone(), index);
        self.modules.insert((krate, modpath.clone()), index);
        for decl in decls.iter().filter(|d| d.inline) {
            let module = [
                &modpath[..],
                &decl.within[..],
                std::slice::from_ref(&decl.name),
            ]
            .concat();
            self.modules.entry((krate, module)).or_insert(index);
        }
        self.files.push(SourceFile {
            krate,
            label: label.clone(),
            modpath: modpath.clone(),
            ast,
        });

        let here = path.parent().unwrap_or(Path::new("")).to_path_buf();
        let children = if mod_rs {
            here.clone()
        } else {
            here.join(path.file_stem().unwrap_or_default())
        };
        for decl in decls.into_iter().filter(|d| !d.inline) {
            let base = decl.within.iter().fold(children.clone(), |p, m| p.join(m));
            let module = [
                &modpath[..],
                &decl.within[..],
                std::slice::from_ref(&decl.name),
            ]
            .concat();
            if let Some(file) = &decl.path_attr {
                let base = if decl.within.is_empty() { &here } else { &base };
                self.walk(krate, &base.join(file), module, true)?;
                continue;
            }
            let flat = base.join(format!("{}.rs", decl.name));
            let nested = base.join(&decl.name).join("mod.rs");
            if flat.is_file() {
                self.walk(krate, &flat, module, false)?;
            } else if nested.is_file() {
                self.walk(krate, &nested, module, true)?;
            } else if !self.is_test_file(krate, &flat) {
                bail!(
                    "{label}: `mod {}` has no file ({} or {})",
                    decl.name,
                    self.label(krate, &flat),
                    self.label(krate, &nested)
                );
            }
        }
        Ok(())
    }

    /// `tests.rs`, or a file under a `tests/` folder of its root.
    fn is_test_file(&self, krate: usize, path: &Path) -> bool {
        let below = path.strip_prefix(&self.crates[krate].dir).unwrap_or(path);
        let parts: Vec<_> = below.components().collect();
        path.file_name().is_some_and(|n| n == "tests.rs")
            || parts[..parts.len().saturating_sub(1)]
                .iter()
                .any(|c| c.as_os_str() == "tests")
    }

    fn label(&self, krate: usize, path: &Path) -> String {
        let krate = &self.crates[krate];
        match path.strip_prefix(&krate.dir) {
            Ok(below) => {
                let below = below.to_string_lossy().replace('\\', "/");
                if krate.shown == "." {
                    below
                } else {
                    format!("{}/{below}", krate.shown.trim_end_matches('/'))
                }
            }
            Err(_) => path.to_string_lossy().into_owned(),
        }
    }
}

/// `a/./b/../c` as `a/c`, without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A `mod` item of a file: where (inside which inline modules), and whether inline.
struct Decl {
    within: Vec<String>,
    name: String,
    inline: bool,
    path_attr: Option<String>,
}

/// Every `mod` item of a file outside `#[cfg(test)]`, inline modules' own included.
fn declarations(items: &[Item], within: &[String], out: &mut Vec<Decl>) {
    for item in items {
        let Item::Mod(module) = item else { continue };
        if attrs::test_only(&module.attrs) {
            continue;
        }
        let name = module
            .ident
            .to_string()
            .trim_start_matches("r#")
            .to_string();
        out.push(Decl {
            within: within.to_vec(),
            name: name.clone(),
            inline: module.content.is_some(),
            path_attr: attrs::path_attr(&module.attrs),
        });
        if let Some((_, inner)) = &module.content {
            declarations(inner, &[within, &[name]].concat(), out);
        }
    }
}
