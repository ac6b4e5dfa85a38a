//! `cycle-check`: no two files of a crate may depend on each other in a cycle (ARCHITECTURE.md,
//! "Invariants"), counting `use` lines, paths written inline and method calls, except the
//! references of a module split into files between the parent and its children.
//!
//! Exit status: 0 with a one-line summary when there is no such cycle, 1 naming each cycle
//! and what ties each of its edges, 2 on a usage error or a file that cannot be read or parsed.
//! `.ci/run` runs it on the product (`src crates/game/src`) and on the fixtures of
//! `tools/fixtures`, which it must fail on.

mod attrs;
mod check;
mod collect;
mod common;
mod facts;
mod graph;
mod macros;
mod methods;
mod resolve;
mod tree;

#[cfg(test)]
mod tests;

use std::process::ExitCode;

use clap::Parser;

use crate::check::Report;
use crate::tree::Root;

const ABOUT: &str = "Finds cycles between the files of Rust crates: `use` lines, inline paths \
                     and method calls count, parent <-> child references of a module split \
                     into files do not";

const RULES: &str = "\
What ties file A to file B:
  - a path in A (in a `use`, an expression, a type, a pattern, a macro call) naming a module
    of B or an item in it: `crate::x::Y`, `super::x::f()`, `x::Y` for a child module or a name
    a `use` brought in, `other_crate::..` for another given crate; re-exports inside a crate
    are not followed, so a path through a `mod.rs` that re-exports an item ends there;
  - `T::m` or `Self::m` where B's inherent `impl T` defines `m`;
  - `expr.m(args)` on any receiver, when it can only be a method of B. The methods it may
    be: inherent methods named `m` of the given crates that take `self` and as many other
    arguments, are visible where the call is, and are of a type whose file A reaches through
    the edges found (to call it, A holds a value of that type; repeated as method edges are
    found). Among them (1) for `self.m(..)` in an `impl T`, `T`'s own; (2) for `x.m(..)` or
    `a.x.m(..)`, those of the type `x` names in snake case (`bot`: `Bot`); else (3) a common
    name (`clone`, `len`, `get`, `map`, `round`, .. of the standard library, or a function
    of any trait the crates define or implement) is skipped, and (4) the call goes to B when
    all of them are B's, or is skipped as ambiguous when they are in several files
    (--verbose counts them).
Not read: files named tests.rs or under a tests/ folder, `#![cfg(test)]` files, items and
statements under `#[cfg(test)]`, and `#[test]` functions.
A cycle counts when none of its edges is between a module and its ancestor.
Exit status: 0 no such cycle, 1 cycles (each named, with what ties each edge), 2 a usage
error or a file that cannot be read or parsed.";

#[derive(Parser)]
#[command(name = "cycle-check", about = ABOUT, after_long_help = RULES)]
struct Cli {
    /// A crate's source folder (holding lib.rs, main.rs or bin/), as DIR or NAME=DIR. NAME is
    /// the crate's name in other crates' paths; by default the [lib] or [package] name of the
    /// Cargo.toml beside DIR, else DIR's own name.
    #[arg(required = true, value_name = "[NAME=]DIR", value_parser = Root::parse)]
    roots: Vec<Root>,

    /// Also print the method calls skipped (ambiguous names, common names) and how many groups
    /// of files are in a cycle when parent <-> child references count.
    #[arg(short, long)]
    verbose: bool,

    /// List every edge between files, from the line of its first reference, with its names.
    #[arg(long)]
    edges: bool,

    /// Cycles listed per group of files.
    #[arg(long, value_name = "N", default_value_t = 12)]
    max_cycles: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let report = match check::check(&cli.roots, cli.max_cycles) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("cycle-check: {e:#}");
            return ExitCode::from(2);
        }
    };
    if cli.edges {
        print_edges(&report);
    }
    if cli.verbose {
        print_skipped(&report);
    }
    print_cycles(&report);
    println!("{}", summary(&report));
    if report.groups.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn summary(report: &Report) -> String {
    let (with, only) = report.method_edges();
    let cycles = match report.groups.len() {
        0 => "no cycle".to_string(),
        1 => "1 group of files in a cycle".to_string(),
        n => format!("{n} groups of files in cycles"),
    };
    format!(
        "cycle-check: {} files, {} edges between files ({with} through a method call, {only} \
         only so), {cycles}",
        report.tree.files.len(),
        report.graph.edges.len(),
    )
}

/// `(b::Thing, Bot::press)`: at most eight names, then how many more.
fn names(report: &Report, from: usize, to: usize) -> String {
    let names = report.graph.names(from, to);
    let mut shown = names.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
    if names.len() > 8 {
        shown.push_str(&format!(", +{} more", names.len() - 8));
    }
    format!("({shown})")
}

fn print_cycles(report: &Report) {
    let label = |f: usize| report.tree.files[f].label.as_str();
    for group in &report.groups {
        let files: Vec<&str> = group.files.iter().map(|&f| label(f)).collect();
        println!("cycle between {}:", files.join(", "));
        for cycle in &group.cycles {
            let ring: Vec<&str> = cycle.iter().chain(&cycle[..1]).map(|&f| label(f)).collect();
            println!("  {}", ring.join(" -> "));
            for (i, &from) in cycle.iter().enumerate() {
                let to = cycle[(i + 1) % cycle.len()];
                println!(
                    "    {} -> {} {}",
                    label(from),
                    label(to),
                    names(report, from, to)
                );
            }
        }
        if group.more > 0 {
            println!("  .. and {} more cycles (--max-cycles)", group.more);
        }
    }
}

fn print_edges(report: &Report) {
    for (&(from, to), ties) in &report.graph.edges {
        let line = ties.iter().map(|t| t.line).min().unwrap_or(0);
        let (a, b) = (&report.tree.files[from].label, &report.tree.files[to].label);
        println!("{a}:{line} -> {b} {}", names(report, from, to));
    }
}

fn print_skipped(report: &Report) {
    let skipped = &report.skipped;
    let calls: usize = skipped.ambiguous.values().map(|(_, n)| n).sum();
    println!(
        "method calls skipped: {} with a common name, {calls} ambiguous ({} names)",
        skipped.common,
        skipped.ambiguous.len()
    );
    for (name, (types, n)) in &skipped.ambiguous {
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        println!("  {name}: {n} calls, defined by {}", types.join(", "));
    }
    println!(
        "groups of files in a cycle when parent <-> child references count: {} ({} without them)",
        report.tied,
        report.groups.len()
    );
}
