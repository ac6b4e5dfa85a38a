//! What the collector (collect.rs) finds in one file, before anything is resolved: `use`
//! leaves, paths, method calls and inherent method definitions, each with the module it is
//! written in.

use std::collections::BTreeSet;

/// One leaf of a `use` tree: `use a::{b, c as d}` has two.
#[derive(Debug)]
pub struct UseLeaf {
    /// The path, `::` first when written with a leading `::`.
    pub segs: Vec<String>,
    /// The name it brings into scope (none for a glob or `as _`).
    pub alias: Option<String>,
    pub glob: bool,
    pub scope: Vec<String>,
    pub line: usize,
}

/// A path of two or more segments written outside `use`.
#[derive(Debug)]
pub struct PathRef {
    pub segs: Vec<String>,
    pub scope: Vec<String>,
    /// The type of the `impl` it is written in, which `Self` names.
    pub self_ty: Option<String>,
    pub line: usize,
}

/// What a method is called on, as far as its name tells.
#[derive(Debug, PartialEq, Eq)]
pub enum Receiver {
    /// `self.m(..)`
    SelfValue,
    /// `name.m(..)` or `x.name.m(..)` (a variable or a field).
    Named(String),
    /// Anything else: `f().m(..)`, `ctx.data().m(..)`, ..
    Other,
}

/// A call `receiver.name(args)`.
#[derive(Debug)]
pub struct CallRef {
    pub name: String,
    /// How many arguments (unknown for some calls inside macros).
    pub args: Option<usize>,
    pub receiver: Receiver,
    pub scope: Vec<String>,
    pub self_ty: Option<String>,
    pub line: usize,
}

/// Who may call a method: anyone (`pub`), or the given module and those below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vis {
    Public,
    Within(Vec<String>),
}

/// A function of an inherent `impl Type { .. }`.
#[derive(Debug)]
pub struct MethodDef {
    pub ty: String,
    pub name: String,
    pub has_self: bool,
    /// Its parameters besides `self`.
    pub arity: usize,
    pub vis: Vis,
}

#[derive(Debug, Default)]
pub struct Facts {
    pub uses: Vec<UseLeaf>,
    pub paths: Vec<PathRef>,
    pub calls: Vec<CallRef>,
    pub defs: Vec<MethodDef>,
    /// Names of the functions of traits this file defines or implements.
    pub trait_fns: BTreeSet<String>,
    /// Names of the types (`struct`, `enum`, `union`, `type`) this file defines.
    pub types: BTreeSet<String>,
}
