//! The file graph and its cycles.
//!
//! An edge from file A to file B holds the names that tie them (`b::Thing` for a path into
//! `b`, `Bot::press` for a method). A cycle counts when none of its edges is between a module
//! and one of its ancestors: a module split into files (`store/mod.rs` and the `impl Store`
//! of its children, `flows/mod.rs` dispatching to the families) references its children and
//! they it, and that is allowed, as is a cycle that needs such a reference to close. So the
//! cycles found are those of the graph without ancestor <-> descendant edges: its strongly
//! connected groups of more than one file, and in each, for every edge, the shortest way back.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use crate::tree::Tree;

/// One thing that ties two files: a name and the line it is written on (in the first file).
#[derive(Clone, Debug)]
pub struct Tie {
    pub name: String,
    pub line: usize,
    pub method: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub edges: BTreeMap<(usize, usize), Vec<Tie>>,
}

impl Graph {
    pub fn add(&mut self, from: usize, to: usize, tie: Tie) {
        if from != to {
            self.edges.entry((from, to)).or_default().push(tie);
        }
    }

    /// The names of an edge, each once, in the order of their lines.
    pub fn names(&self, from: usize, to: usize) -> Vec<String> {
        let mut ties = self.edges.get(&(from, to)).cloned().unwrap_or_default();
        ties.sort_by_key(|t| t.line);
        let mut seen = HashSet::new();
        ties.into_iter()
            .filter(|t| seen.insert(t.name.clone()))
            .map(|t| t.name)
            .collect()
    }

    fn successors(&self, keep: impl Fn(usize, usize) -> bool) -> HashMap<usize, Vec<usize>> {
        let mut succ: HashMap<usize, Vec<usize>> = HashMap::new();
        for &(a, b) in self.edges.keys().filter(|(a, b)| keep(*a, *b)) {
            succ.entry(a).or_default().push(b);
        }
        succ
    }

    /// Groups of files tied in a cycle at all, parent <-> child references included.
    pub fn tied_groups(&self, files: usize) -> usize {
        let succ = self.successors(|_, _| true);
        components(files, &succ).len()
    }

    /// The cycles that count, by group; at most `max` cycles listed per group.
    pub fn cycles(&self, tree: &Tree, max: usize) -> Vec<Group> {
        let succ = self.successors(|a, b| !tree.related(a, b));
        let mut groups = Vec::new();
        for files in components(tree.files.len(), &succ) {
            let members: BTreeSet<usize> = files.iter().copied().collect();
            let mut seen = BTreeSet::new();
            let mut cycles = Vec::new();
            let mut edges: Vec<(usize, usize)> = members
                .iter()
                .flat_map(|&a| succ.get(&a).into_iter().flatten().map(move |&b| (a, b)))
                .filter(|(_, b)| members.contains(b))
                .collect();
            edges.sort_by(|x, y| {
                let label = |e: &(usize, usize)| (&tree.files[e.0].label, &tree.files[e.1].label);
                label(x).cmp(&label(y))
            });
            for (a, b) in edges {
                let Some(back) = shortest_path(b, a, &succ, &members) else {
                    continue;
                };
                let mut cycle = vec![a];
                cycle.extend(&back[..back.len() - 1]);
                let start = (0..cycle.len())
                    .min_by_key(|&i| &tree.files[cycle[i]].label)
                    .unwrap_or(0);
                cycle.rotate_left(start);
                if seen.insert(cycle.clone()) {
                    cycles.push(cycle);
                }
            }
            cycles.sort_by_key(|c| {
                (
                    c.len(),
                    c.iter().map(|&f| &tree.files[f].label).collect::<Vec<_>>(),
                )
            });
            let more = cycles.len().saturating_sub(max);
            cycles.truncate(max);
            let mut files = files;
            files.sort_by_key(|&f| &tree.files[f].label);
            groups.push(Group {
                files,
                cycles,
                more,
            });
        }
        groups.sort_by_key(|g| tree.files[g.files[0]].label.clone());
        groups
    }
}

/// Files that reach each other, and cycles through them (each closed: its first file again
/// at the end is implied).
#[derive(Debug)]
pub struct Group {
    pub files: Vec<usize>,
    pub cycles: Vec<Vec<usize>>,
    /// Cycles found beyond those listed.
    pub more: usize,
}

/// Strongly connected components of more than one node (Tarjan's, without recursion).
fn components(nodes: usize, succ: &HashMap<usize, Vec<usize>>) -> Vec<Vec<usize>> {
    let none = usize::MAX;
    let (mut index, mut low) = (vec![none; nodes], vec![0; nodes]);
    let mut on_stack = vec![false; nodes];
    let (mut stack, mut found, mut counter) = (Vec::new(), Vec::new(), 0);
    let empty = Vec::new();
    for root in 0..nodes {
        if index[root] != none {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            let out = succ.get(&v).unwrap_or(&empty);
            if let Some(&w) = out.get(*next) {
                *next += 1;
                if index[w] == none {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    found.push(component);
                }
            }
        }
    }
    found
}

/// The shortest way from `start` to `goal` inside `allowed`, both ends included.
fn shortest_path(
    start: usize,
    goal: usize,
    succ: &HashMap<usize, Vec<usize>>,
    allowed: &BTreeSet<usize>,
) -> Option<Vec<usize>> {
    let mut prev: HashMap<usize, usize> = HashMap::from([(start, start)]);
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        if v == goal {
            let mut path = vec![v];
            let mut cur = v;
            while cur != start {
                cur = prev[&cur];
                path.push(cur);
            }
            path.reverse();
            return Some(path);
        }
        let mut next: Vec<usize> = succ.get(&v).cloned().unwrap_or_default();
        next.sort();
        for w in next {
            if allowed.contains(&w) && !prev.contains_key(&w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    None
}
