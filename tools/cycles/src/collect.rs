//! What one file says that may tie it to another file: its `use` leaves, the paths it writes
//! inline (in expressions, types, patterns, trait bounds, macro calls), its method calls, and
//! the inherent methods it defines. Read from the syntax tree, with the module (inline modules
//! included) and the `impl` each was written in; nothing is resolved here.
//!
//! Not read: `#[cfg(test)]` items, statements, arms and fields (attrs.rs), attributes, and the
//! `pub(in path)` of a visibility (it names a module without using it). A macro call's tokens
//! are read as comma-separated expressions when they parse so (`format!`, `assert_eq!`, ..),
//! else scanned for paths and `.name(..)` calls (macros.rs).

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Expr, ImplItem, Item, Stmt, Token, TraitItem, Type, UseTree, Visibility};

use crate::attrs;
use crate::facts::{CallRef, Facts, MethodDef, PathRef, Receiver, UseLeaf, Vis};
use crate::macros::{self, Sink};

/// Reads a file whose module path is `modpath`.
pub fn collect(ast: &syn::File, modpath: &[String]) -> Facts {
    let mut collector = Collector {
        facts: Facts::default(),
        scope: modpath.to_vec(),
        self_ty: Vec::new(),
    };
    collector.visit_file(ast);
    collector.facts
}

pub fn ident(id: &proc_macro2::Ident) -> String {
    id.to_string().trim_start_matches("r#").to_string()
}

pub fn line(span: Span) -> usize {
    span.start().line
}

struct Collector {
    facts: Facts,
    scope: Vec<String>,
    self_ty: Vec<Option<String>>,
}

impl Collector {
    fn self_ty(&self) -> Option<String> {
        self.self_ty.last().cloned().flatten()
    }

    fn use_tree(&mut self, tree: &UseTree, prefix: &[String]) {
        let scope = self.scope.clone();
        let mut leaf = |segs: Vec<String>, alias: Option<String>, glob, span: Span| {
            let alias = alias.filter(|a| a != "_");
            let line = line(span);
            self.facts.uses.push(UseLeaf {
                segs,
                alias,
                glob,
                scope: scope.clone(),
                line,
            });
        };
        match tree {
            UseTree::Path(p) => {
                let segs = [prefix, &[ident(&p.ident)]].concat();
                self.use_tree(&p.tree, &segs);
            }
            UseTree::Name(n) if n.ident == "self" && !prefix.is_empty() => {
                leaf(
                    prefix.to_vec(),
                    prefix.last().cloned(),
                    false,
                    n.ident.span(),
                );
            }
            UseTree::Name(n) => {
                let name = ident(&n.ident);
                leaf(
                    [prefix, std::slice::from_ref(&name)].concat(),
                    Some(name),
                    false,
                    n.ident.span(),
                );
            }
            UseTree::Rename(r) if r.ident == "self" && !prefix.is_empty() => {
                leaf(
                    prefix.to_vec(),
                    Some(ident(&r.rename)),
                    false,
                    r.ident.span(),
                );
            }
            UseTree::Rename(r) => {
                let segs = [prefix, &[ident(&r.ident)]].concat();
                leaf(segs, Some(ident(&r.rename)), false, r.ident.span());
            }
            UseTree::Glob(g) => leaf(prefix.to_vec(), None, true, g.star_token.span),
            UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(tree, prefix);
                }
            }
        }
    }

    fn visibility(&self, vis: &Visibility) -> Vis {
        let here = self.scope.clone();
        match vis {
            Visibility::Public(_) => Vis::Public,
            Visibility::Inherited => Vis::Within(here),
            Visibility::Restricted(r) => {
                let mut module = here;
                for (i, seg) in r.path.segments.iter().enumerate() {
                    match seg.ident.to_string().as_str() {
                        "crate" if i == 0 => module.clear(),
                        "self" => {}
                        "super" => {
                            module.pop();
                        }
                        other => module.push(other.to_string()),
                    }
                }
                Vis::Within(module)
            }
        }
    }

    fn inherent_impl(&mut self, ty: &str, items: &[ImplItem]) {
        for item in items {
            let ImplItem::Fn(f) = item else { continue };
            if attrs::test_only(&f.attrs) {
                continue;
            }
            let has_self = f.sig.receiver().is_some();
            let def = MethodDef {
                ty: ty.to_string(),
                name: ident(&f.sig.ident),
                has_self,
                arity: f.sig.inputs.len() - usize::from(has_self),
                vis: self.visibility(&f.vis),
            };
            self.facts.defs.push(def);
        }
    }
}

/// The name of the type an `impl` is for: `Bot` for `impl Bot`, `impl<'a> x::View<'a>`.
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| ident(&s.ident)),
        Type::Reference(r) => type_name(&r.elem),
        Type::Paren(p) => type_name(&p.elem),
        Type::Group(g) => type_name(&g.elem),
        _ => None,
    }
}

/// `x`, `a.b.x`, `&x`, `*x`, `(x)`: the name a receiver ends with.
fn receiver(expr: &Expr) -> Receiver {
    match expr {
        Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            let name = ident(&p.path.segments[0].ident);
            if name == "self" {
                Receiver::SelfValue
            } else {
                Receiver::Named(name)
            }
        }
        Expr::Field(f) => match &f.member {
            syn::Member::Named(name) => Receiver::Named(ident(name)),
            syn::Member::Unnamed(_) => Receiver::Other,
        },
        Expr::Reference(r) => receiver(&r.expr),
        Expr::Paren(p) => receiver(&p.expr),
        Expr::Group(g) => receiver(&g.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => receiver(&u.expr),
        _ => Receiver::Other,
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast Item) {
        if !attrs::test_only(attrs::of_item(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if let Some((_, items)) = &module.content {
            self.scope.push(ident(&module.ident));
            for item in items {
                self.visit_item(item);
            }
            self.scope.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let prefix = if item.leading_colon.is_some() {
            vec!["::".to_string()]
        } else {
            Vec::new()
        };
        self.use_tree(&item.tree, &prefix);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let ty = type_name(&item.self_ty);
        match (&item.trait_, &ty) {
            (None, Some(ty)) => self.inherent_impl(ty, &item.items),
            (Some(_), _) => {
                for it in &item.items {
                    if let ImplItem::Fn(f) = it {
                        self.facts.trait_fns.insert(ident(&f.sig.ident));
                    }
                }
            }
            (None, None) => {}
        }
        self.self_ty.push(ty);
        visit::visit_item_impl(self, item);
        self.self_ty.pop();
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        self.facts.types.insert(ident(&item.ident));
        visit::visit_item_struct(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.facts.types.insert(ident(&item.ident));
        visit::visit_item_enum(self, item);
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.facts.types.insert(ident(&item.ident));
        visit::visit_item_union(self, item);
    }

    fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
        self.facts.types.insert(ident(&item.ident));
        visit::visit_item_type(self, item);
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        for it in &item.items {
            if let TraitItem::Fn(f) = it {
                self.facts.trait_fns.insert(ident(&f.sig.ident));
            }
        }
        self.self_ty.push(None);
        visit::visit_item_trait(self, item);
        self.self_ty.pop();
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.ident.is_some() {
            // `macro_rules! name { .. }`: its body is tokens with `$` metavariables.
            macros::scan(self, item.mac.tokens.clone());
        } else {
            self.visit_macro(&item.mac);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        let parser = Punctuated::<Expr, Token![,]>::parse_terminated;
        match syn::parse::Parser::parse2(parser, mac.tokens.clone()) {
            Ok(exprs) => exprs.iter().for_each(|e| self.visit_expr(e)),
            Err(_) => macros::scan(self, mac.tokens.clone()),
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let attrs = match item {
            ImplItem::Const(i) => &i.attrs,
            ImplItem::Fn(i) => &i.attrs,
            ImplItem::Type(i) => &i.attrs,
            ImplItem::Macro(i) => &i.attrs,
            _ => return,
        };
        if !attrs::test_only(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        let attrs = match item {
            TraitItem::Const(i) => &i.attrs,
            TraitItem::Fn(i) => &i.attrs,
            TraitItem::Type(i) => &i.attrs,
            TraitItem::Macro(i) => &i.attrs,
            _ => return,
        };
        if !attrs::test_only(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        let skip = match stmt {
            Stmt::Local(l) => attrs::test_only(&l.attrs),
            Stmt::Macro(m) => attrs::test_only(&m.attrs),
            _ => false,
        };
        if !skip {
            visit::visit_stmt(self, stmt);
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if !attrs::test_only(&arm.attrs) {
            visit::visit_arm(self, arm);
        }
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if !attrs::test_only(&field.attrs) {
            visit::visit_field(self, field);
        }
    }

    fn visit_field_value(&mut self, field: &'ast syn::FieldValue) {
        if !attrs::test_only(&field.attrs) {
            visit::visit_field_value(self, field);
        }
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        if !attrs::test_only(&variant.attrs) {
            visit::visit_variant(self, variant);
        }
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_visibility(&mut self, _: &'ast Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segs: Vec<String> = path.segments.iter().map(|s| ident(&s.ident)).collect();
        if path.leading_colon.is_some() {
            segs.insert(0, "::".to_string());
        }
        if let (true, Some(first)) = (segs.len() >= 2, path.segments.first()) {
            self.path(segs, line(first.ident.span()));
        }
        visit::visit_path(self, path);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let line = line(call.method.span());
        self.call(
            ident(&call.method),
            Some(call.args.len()),
            receiver(&call.receiver),
            line,
        );
        visit::visit_expr_method_call(self, call);
    }
}

impl Sink for Collector {
    fn path(&mut self, segs: Vec<String>, line: usize) {
        self.facts.paths.push(PathRef {
            segs,
            scope: self.scope.clone(),
            self_ty: self.self_ty(),
            line,
        });
    }

    fn call(&mut self, name: String, args: Option<usize>, receiver: Receiver, line: usize) {
        self.facts.calls.push(CallRef {
            name,
            args,
            receiver,
            scope: self.scope.clone(),
            self_ty: self.self_ty(),
            line,
        });
    }
}
