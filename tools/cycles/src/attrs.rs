//! The two attributes the check reads: `#[cfg(..)]`, to leave out what only tests compile, and
//! `#[path = ".."]`, to find a module's file where it says.
//!
//! Tests may depend on anything (a test of `a.rs` reaching into `b.rs` is no cycle of the
//! product), so an item under `#[cfg(test)]` (or `#[cfg(all(test, ..))]`, or a `#[test]`
//! function) is not read at all: neither its paths nor its methods count.

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, ExprLit, Item, Lit, Meta, Token};

/// Whether these attributes make their item exist only in test builds.
pub fn test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("test") {
            return true;
        }
        match &attr.meta {
            Meta::List(list) if path.is_ident("cfg") => syn::parse2::<Meta>(list.tokens.clone())
                .map(|pred| implies_test(&pred))
                .unwrap_or(false),
            _ => false,
        }
    })
}

/// Whether a `cfg` predicate can only hold when `test` does.
fn implies_test(pred: &Meta) -> bool {
    match pred {
        Meta::Path(path) => path.is_ident("test"),
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return false;
            };
            if list.path.is_ident("all") {
                args.iter().any(implies_test)
            } else if list.path.is_ident("any") {
                args.iter().all(implies_test)
            } else {
                false
            }
        }
        Meta::NameValue(_) => false,
    }
}

/// The file a `#[path = "x.rs"]` attribute names, if there is one.
pub fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// An item's attributes.
pub fn of_item(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}
