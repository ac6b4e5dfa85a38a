//! A macro's tokens that do not parse as expressions (`vec![x; n]`, `tracing::info!(a = %b,
//! ..)`, `tokio::select! { .. }`, a `macro_rules!` body), scanned for what may tie files:
//! paths `a::b..` (not `$crate::..` nor `$x::..`, a macro's own) and method calls
//! `.name(..)`, the receiver being the name just before the dot when there is one.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

use crate::collect::{ident, line};
use crate::facts::Receiver;

/// What a scan reports: each path and each call found.
pub trait Sink {
    fn path(&mut self, segs: Vec<String>, line: usize);
    fn call(&mut self, name: String, args: Option<usize>, receiver: Receiver, line: usize);
}

pub fn scan(sink: &mut impl Sink, tokens: TokenStream) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(g) => {
                scan(sink, g.stream());
                i += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '.' && p.spacing() == Spacing::Alone => {
                if let (Some(TokenTree::Ident(name)), Some(TokenTree::Group(args))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                    && args.delimiter() == Delimiter::Parenthesis
                    && !is_dot_dot(&tokens, i)
                {
                    let receiver = receiver(&tokens, i);
                    let n = count_args(args.stream());
                    sink.call(ident(name), n, receiver, line(name.span()));
                }
                i += 1;
            }
            TokenTree::Ident(_) | TokenTree::Punct(_) if starts_path(&tokens, i) => {
                let (segs, end) = path_at(&tokens, i);
                if segs.len() >= 2 {
                    sink.path(segs, line(tokens[i].span()));
                }
                i = end.max(i + 1);
            }
            _ => i += 1,
        }
    }
}

/// `..` or `..=` ends at this dot (the dot itself is then `Alone`).
fn is_dot_dot(tokens: &[TokenTree], i: usize) -> bool {
    i > 0 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.')
}

/// `::` at i (two colons, the first joint to the second).
fn is_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// A path starts at i: a name or a leading `::`, not after `$`, `::`, `.` or a name (so not
/// in the middle of one), and followed by `::name`.
fn starts_path(tokens: &[TokenTree], i: usize) -> bool {
    let after_sep = i >= 2 && is_sep(tokens, i - 2);
    let after = i.checked_sub(1).map(|k| &tokens[k]);
    let blocked = after_sep
        || matches!(after, Some(TokenTree::Punct(p)) if p.as_char() == '$' || p.as_char() == '.')
        || (is_sep(tokens, i) && matches!(after, Some(TokenTree::Ident(_))));
    if blocked {
        return false;
    }
    match &tokens[i] {
        TokenTree::Ident(_) => {
            is_sep(tokens, i + 1) && matches!(tokens.get(i + 3), Some(TokenTree::Ident(_)))
        }
        _ => is_sep(tokens, i) && matches!(tokens.get(i + 2), Some(TokenTree::Ident(_))),
    }
}

/// The segments of the path starting at i, and the index just past it.
fn path_at(tokens: &[TokenTree], mut i: usize) -> (Vec<String>, usize) {
    let mut segs = Vec::new();
    if is_sep(tokens, i) {
        segs.push("::".to_string());
        i += 2;
    }
    while let Some(TokenTree::Ident(name)) = tokens.get(i) {
        segs.push(ident(name));
        if is_sep(tokens, i + 1) && matches!(tokens.get(i + 3), Some(TokenTree::Ident(_))) {
            i += 3;
        } else {
            i += 1;
            break;
        }
    }
    (segs, i)
}

/// The name just before the dot at i: `self` (not itself after a dot), another name, or none.
fn receiver(tokens: &[TokenTree], i: usize) -> Receiver {
    let Some(TokenTree::Ident(name)) = i.checked_sub(1).map(|k| &tokens[k]) else {
        return Receiver::Other;
    };
    let field = i >= 2 && matches!(&tokens[i - 2], TokenTree::Punct(p) if p.as_char() == '.');
    match ident(name).as_str() {
        "self" if !field => Receiver::SelfValue,
        name => Receiver::Named(name.to_string()),
    }
}

/// How many arguments a call's parenthesised tokens hold: commas at their top level, plus one
/// unless empty or ending with a comma. Unknown when a `<` or a `|` may hide a comma that
/// separates no arguments (`f(Vec<A, B>::new())`, `f(|a, b| a + b)`).
fn count_args(stream: TokenStream) -> Option<usize> {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let punct =
        |c: char| move |t: &&TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == c);
    if tokens.iter().any(|t| punct('<')(&t) || punct('|')(&t)) {
        return None;
    }
    let commas = tokens.iter().filter(punct(',')).count();
    let trailing = tokens.last().is_some_and(|t| punct(',')(&t));
    Some(match tokens.len() {
        0 => 0,
        _ => commas + usize::from(!trailing),
    })
}
