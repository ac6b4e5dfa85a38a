//! The whole check on given roots: the tree read, each file's references resolved to files
//! (paths by resolve.rs, methods by methods.rs), the graph and its cycles.
//!
//! Method calls are resolved last and in rounds: a call may only reach a type whose file the
//! calling file reaches through the edges found so far (to call `Drain::connect` a file must
//! hold a `Drain`, so it or something it reaches names that type). Each round adds the method
//! edges of the previous one to what files reach, until that stops growing.

use std::collections::{BTreeMap, VecDeque};

use anyhow::Result;

use crate::collect;
use crate::facts::Facts;
use crate::graph::{Graph, Group, Tie};
use crate::methods::{Caller, Methods, Outcome, Skipped};
use crate::resolve::{Resolver, Target};
use crate::tree::{Root, Tree};

pub struct Report {
    pub tree: Tree,
    pub graph: Graph,
    /// Groups of files with a cycle that is not parent <-> child.
    pub groups: Vec<Group>,
    /// Groups tied in a cycle at all (parent <-> child references included).
    pub tied: usize,
    pub skipped: Skipped,
}

impl Report {
    /// Edges with a method among their ties, and those with nothing else.
    pub fn method_edges(&self) -> (usize, usize) {
        let ties = self.graph.edges.values();
        let with = ties.clone().filter(|t| t.iter().any(|t| t.method)).count();
        let only = ties.filter(|t| t.iter().all(|t| t.method)).count();
        (with, only)
    }
}

/// How many rounds of method calls at most (each only adds to what files reach).
const MAX_ROUNDS: usize = 16;

pub fn check(roots: &[Root], max_cycles: usize) -> Result<Report> {
    let tree = Tree::load(roots)?;
    let facts: Vec<Facts> = tree
        .files
        .iter()
        .map(|f| collect::collect(&f.ast, &f.modpath))
        .collect();
    let resolver = Resolver::new(&tree, &facts);
    let methods = Methods::new(&tree, &facts);

    // Paths, and `T::m` among them: nothing but the path decides where they go.
    let mut base = Graph::default();
    let mut skipped = Skipped::default();
    for (file, facts) in facts.iter().enumerate() {
        let krate = tree.files[file].krate;
        let uses = facts
            .uses
            .iter()
            .map(|u| (&u.segs, &u.scope, u.line, u.glob));
        let inline = facts
            .paths
            .iter()
            .map(|p| (&p.segs, &p.scope, p.line, false));
        for (segs, scope, line, glob) in uses.chain(inline) {
            let Some(target) = resolver.resolve(krate, segs, scope) else {
                continue;
            };
            if let Some(&to) = tree.modules.get(&(target.krate, target.modpath.clone())) {
                let name = path_name(&tree, &target, glob);
                base.add(
                    file,
                    to,
                    Tie {
                        name,
                        line,
                        method: false,
                    },
                );
            }
        }
        let caller = Caller { krate, sees: &[] };
        for path in &facts.paths {
            let name = path.segs.last().cloned().unwrap_or_default();
            let outcome = methods.path(&caller, &resolver, path);
            note(&mut base, &mut skipped, file, outcome, name, path.line);
        }
    }

    // Calls, in rounds.
    let mut sees = reach(&base, tree.files.len());
    let mut round = 0;
    let (graph, skipped) = loop {
        let mut graph = base.clone();
        let mut skipped = skipped.clone();
        for (file, facts) in facts.iter().enumerate() {
            let krate = tree.files[file].krate;
            let caller = Caller {
                krate,
                sees: &sees[file],
            };
            for call in &facts.calls {
                let outcome = methods.call(&caller, call);
                note(
                    &mut graph,
                    &mut skipped,
                    file,
                    outcome,
                    call.name.clone(),
                    call.line,
                );
            }
        }
        let next = reach(&graph, tree.files.len());
        let grown: Vec<Vec<bool>> = sees
            .iter()
            .zip(&next)
            .map(|(old, new)| old.iter().zip(new).map(|(a, b)| *a || *b).collect())
            .collect();
        round += 1;
        if grown == sees || round == MAX_ROUNDS {
            break (graph, skipped);
        }
        sees = grown;
    };

    let groups = graph.cycles(&tree, max_cycles);
    let tied = graph.tied_groups(tree.files.len());
    Ok(Report {
        tree,
        graph,
        groups,
        tied,
        skipped,
    })
}

/// A method's outcome into the graph (an edge named `Type::method`) or the skipped counts.
fn note(
    graph: &mut Graph,
    skipped: &mut Skipped,
    file: usize,
    outcome: Outcome,
    name: String,
    line: usize,
) {
    match outcome {
        Outcome::Edge { file: to, ty } => {
            let name = format!("{ty}::{name}");
            graph.add(
                file,
                to,
                Tie {
                    name,
                    line,
                    method: true,
                },
            );
        }
        Outcome::Outside => {}
        Outcome::Common => skipped.common += 1,
        Outcome::Ambiguous { types } => {
            let entry = skipped.ambiguous.entry(name).or_default();
            entry.0.extend(types);
            entry.1 += 1;
        }
    }
}

/// For each file, the files it reaches through the graph's edges (itself included).
fn reach(graph: &Graph, files: usize) -> Vec<Vec<bool>> {
    let mut succ: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(a, b) in graph.edges.keys() {
        succ.entry(a).or_default().push(b);
    }
    (0..files)
        .map(|start| {
            let mut seen = vec![false; files];
            seen[start] = true;
            let mut queue = VecDeque::from([start]);
            while let Some(v) = queue.pop_front() {
                for &w in succ.get(&v).into_iter().flatten() {
                    if !seen[w] {
                        seen[w] = true;
                        queue.push_back(w);
                    }
                }
            }
            seen
        })
        .collect()
}

/// How an edge names a path: the module it reaches and the first name inside it
/// (`b::Thing`), `b::*` for a glob, the crate's name for its root.
fn path_name(tree: &Tree, target: &Target, glob: bool) -> String {
    let module = match target.modpath.last() {
        Some(name) => name.clone(),
        None => tree.crates[target.krate].name.clone(),
    };
    match (target.rest.first(), glob) {
        (_, true) => format!("{module}::*"),
        (Some(item), false) => format!("{module}::{item}"),
        (None, false) => module,
    }
}
