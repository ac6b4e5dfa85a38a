//! Method calls to the file whose inherent `impl` defines the method, resolved by name.
//!
//! `impl Bot` spread over several files lets one file call a method another file defines
//! without a `use` line saying so, and without types the check cannot tell what a receiver
//! is. So every inherent `impl T { fn m .. }` of the given crates is collected (type name,
//! method, file, whether it takes `self`, how many other parameters, its visibility), and:
//!
//! - `T::m` or `Self::m` (called or not) goes to the file whose `impl T` defines `m`;
//! - `expr.m(args)`, on any receiver, first keeps the methods that could be the one called:
//!   named `m`, taking `self`, with as many other parameters as `args`, visible from the
//!   calling module (`pub(super)`, `pub(crate)`, private: below the module they name; from
//!   another crate only `pub` ones), and of a type whose file the calling file reaches through
//!   the edges found so far (to call `Drain::connect` a file holds a `Drain`, so it or what it
//!   uses names that type; check.rs repeats this as method edges are found). Then:
//!   1. `self.m(..)` inside an `impl T` (inherent or trait) where `T` has such an `m`: `T::m`;
//!   2. `x.m(..)` or `a.x.m(..)` where `x` is a type's name in snake case (`bot` for `Bot`,
//!      `challenge_result` for `ChallengeResult`) and that type has such an `m`: that one;
//!   3. otherwise, when `m` is a common name (the standard library's methods listed below, or
//!      a function of any trait the given crates define or implement), it is skipped: the
//!      receiver is as likely a `Vec` or a trait object as the crate's type;
//!   4. otherwise, when every such `m` is in one file (one type defines it, or types of one
//!      file), the call goes to that file; when they are in several, it is ambiguous and
//!      skipped (`--verbose` counts and names them).
//!
//! Trait methods are not collected (a call through a trait is the trait's business: the
//! `impl Trait for T` is reached through the trait's path).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::common::COMMON;
use crate::facts::{CallRef, Facts, PathRef, Receiver, Vis};
use crate::resolve::Resolver;
use crate::tree::Tree;

/// A method of an inherent impl, where it is.
struct Def {
    krate: usize,
    file: usize,
    ty: String,
    has_self: bool,
    arity: usize,
    vis: Vis,
}

/// Where the reference is written.
pub struct Caller<'c> {
    pub krate: usize,
    /// The files the calling file reaches through the edges found so far, itself included.
    pub sees: &'c [bool],
}

/// What became of one call or path.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It reaches this file, through this type's method.
    Edge { file: usize, ty: String },
    /// No method of the given crates can be it.
    Outside,
    /// A common name (rule 3), on an unknown receiver.
    Common,
    /// Several files define a method it could be.
    Ambiguous { types: BTreeSet<String> },
}

pub struct Methods {
    by_name: HashMap<String, Vec<Def>>,
    common: HashSet<String>,
    /// The files defining a type of each name.
    types: HashMap<String, Vec<usize>>,
}

impl Methods {
    pub fn new(tree: &Tree, facts: &[Facts]) -> Methods {
        let mut by_name: HashMap<String, Vec<Def>> = HashMap::new();
        let mut common: HashSet<String> = COMMON.iter().map(|s| s.to_string()).collect();
        let mut types: HashMap<String, Vec<usize>> = HashMap::new();
        for (file, facts) in facts.iter().enumerate() {
            common.extend(facts.trait_fns.iter().cloned());
            for ty in &facts.types {
                types.entry(ty.clone()).or_default().push(file);
            }
            for def in &facts.defs {
                by_name.entry(def.name.clone()).or_default().push(Def {
                    krate: tree.files[file].krate,
                    file,
                    ty: def.ty.clone(),
                    has_self: def.has_self,
                    arity: def.arity,
                    vis: def.vis.clone(),
                });
            }
        }
        Methods {
            by_name,
            common,
            types,
        }
    }

    fn visible(def: &Def, caller: &Caller, scope: &[String]) -> bool {
        match &def.vis {
            Vis::Public => true,
            Vis::Within(module) => def.krate == caller.krate && scope.starts_with(module),
        }
    }

    /// Whether the caller reaches a file defining the type (a type no file defines, made by a
    /// macro, is taken as known).
    fn known(&self, def: &Def, caller: &Caller) -> bool {
        match self.types.get(&def.ty) {
            Some(files) => files.iter().any(|&f| caller.sees[f]),
            None => true,
        }
    }

    /// `T::m` or `Self::m`: a path whose last two segments may be a type and its method.
    pub fn path(&self, caller: &Caller, resolver: &Resolver, path: &PathRef) -> Outcome {
        let [.., ty, name] = &path.segs[..] else {
            return Outcome::Outside;
        };
        let ty = match ty.as_str() {
            "Self" => match &path.self_ty {
                Some(ty) => ty.clone(),
                None => return Outcome::Outside,
            },
            _ if path.segs.len() == 2 => match resolver.alias(caller.krate, &path.scope, ty) {
                Some(alias) => alias.last().cloned().unwrap_or_default(),
                None => ty.clone(),
            },
            _ => ty.clone(),
        };
        let defs = self.by_name.get(name).into_iter().flatten();
        let found: Vec<&Def> = defs
            .filter(|d| d.ty == ty && Self::visible(d, caller, &path.scope))
            .collect();
        one_file(&found)
    }

    /// `receiver.m(args)`: the rules of the module doc.
    pub fn call(&self, caller: &Caller, call: &CallRef) -> Outcome {
        let defs = self.by_name.get(&call.name).into_iter().flatten();
        let found: Vec<&Def> = defs
            .filter(|d| d.has_self && call.args.is_none_or(|n| n == d.arity))
            .filter(|d| Self::visible(d, caller, &call.scope) && self.known(d, caller))
            .collect();
        if found.is_empty() {
            return Outcome::Outside;
        }
        let hinted: Vec<&Def> = match &call.receiver {
            Receiver::SelfValue => match &call.self_ty {
                Some(ty) => found.iter().copied().filter(|d| &d.ty == ty).collect(),
                None => Vec::new(),
            },
            Receiver::Named(name) => found
                .iter()
                .copied()
                .filter(|d| &snake_case(&d.ty) == name)
                .collect(),
            Receiver::Other => Vec::new(),
        };
        if !hinted.is_empty() {
            return one_file(&hinted);
        }
        if self.common.contains(&call.name) {
            return Outcome::Common;
        }
        one_file(&found)
    }
}

/// The file of these methods if they are all in one.
fn one_file(found: &[&Def]) -> Outcome {
    let Some(first) = found.first() else {
        return Outcome::Outside;
    };
    if found.iter().all(|d| d.file == first.file) {
        let types: BTreeSet<&str> = found.iter().map(|d| d.ty.as_str()).collect();
        let ty = types.into_iter().collect::<Vec<_>>().join("/");
        Outcome::Edge {
            file: first.file,
            ty,
        }
    } else {
        let types = found.iter().map(|d| d.ty.clone()).collect();
        Outcome::Ambiguous { types }
    }
}

/// `ChallengeResult` as `challenge_result`.
pub fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Calls left out, for `--verbose`: ambiguous names (with their types and how many calls),
/// and how many calls had a common name.
#[derive(Clone, Debug, Default)]
pub struct Skipped {
    pub ambiguous: BTreeMap<String, (BTreeSet<String>, usize)>,
    pub common: usize,
}
