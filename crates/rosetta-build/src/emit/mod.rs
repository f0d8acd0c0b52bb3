//! Rust code for one package: token trees, formatted later.

use proc_macro2::TokenStream;
use quote::quote;
use rosetta_bundle::FieldDef;

use crate::docs::Comments;
use crate::model::{Decl, Model};
use crate::names::{field_name, Namespace, RustName};
use crate::{BytesType, MapType};

mod component;
mod fields;
mod types;

pub use fields::{Arity, FieldPlan, MapPlan};

/// What the generated code looks like, beyond the schema.
#[derive(Debug, Clone)]
pub struct Style {
    pub maps: MapType,
    pub bytes: BytesType,
    pub serde: bool,
    /// Whether types and components keep the fields their schema does not have.
    pub unknown_fields: bool,
    /// (qualified-name prefix, attribute tokens), as `Config::type_attribute` gives them.
    pub type_attributes: Vec<(String, TokenStream)>,
    /// (qualified field name prefix, attribute tokens).
    pub field_attributes: Vec<(String, TokenStream)>,
}

/// Whether `path` (as prost-build takes them: `.` for everything, a package, a qualified name)
/// names `qualified` or something that holds it.
fn matches(path: &str, qualified: &str) -> bool {
    let path = path.trim_start_matches('.');
    path.is_empty()
        || qualified == path
        || qualified
            .strip_prefix(path)
            .is_some_and(|rest| rest.starts_with('.'))
}

impl Style {
    fn type_attributes(&self, qualified: &str) -> TokenStream {
        let attrs = self
            .type_attributes
            .iter()
            .filter(|(p, _)| matches(p, qualified));
        attrs.map(|(_, a)| a.clone()).collect()
    }

    fn field_attributes(&self, qualified: &str) -> TokenStream {
        let attrs = self
            .field_attributes
            .iter()
            .filter(|(p, _)| matches(p, qualified));
        attrs.map(|(_, a)| a.clone()).collect()
    }

    /// The derives every generated struct has, serde's when asked for.
    fn derives(&self, default: bool) -> TokenStream {
        let default = default.then(|| quote!(Default,));
        let serde = self.serde.then(|| {
            quote! {
                #[derive(
                    ::rosetta_wire::schema_type::__private::serde::Serialize,
                    ::rosetta_wire::schema_type::__private::serde::Deserialize
                )]
                #[serde(crate = "::rosetta_wire::schema_type::__private::serde")]
            }
        });
        quote! {
            #[derive(Clone, Debug, PartialEq, #default)]
            #serde
        }
    }
}

/// The parameter names of a `write_fields` / `merge_field` pair and the `merge_field` body over
/// one match arm per field: with no field, the parameters are `_out` / `_id` and every field
/// is skipped.
fn field_match(arms: Vec<TokenStream>) -> (TokenStream, TokenStream, TokenStream) {
    if arms.is_empty() {
        return (quote!(_out), quote!(_id), quote!(input.skip(wire)));
    }
    let body = quote! {
        match id {
            #(#arms)*
            _ => input.skip(wire),
        }
    };
    (quote!(out), quote!(id), body)
}

/// `#[doc]` attributes: the schema's comment when there is one, else `fallback`.
fn docs(lines: Vec<String>, fallback: String) -> TokenStream {
    let lines = if lines.is_empty() {
        vec![fallback]
    } else {
        lines
    };
    let lines = lines.iter().map(|l| format!(" {l}"));
    quote!(#(#[doc = #lines])*)
}

/// The serde functions of a map field that serde's own impls would write otherwise than the
/// schema-driven formats: `bytes` keys or values, keys with no order (a `Vec` of entries).
fn map_serde(map: &MapPlan, update: bool) -> Option<TokenStream> {
    if !(map.key.bytes || map.value.bytes || !map.key.ordered) {
        return None;
    }
    let form = |bytes: bool| if bytes { "Raw" } else { "Plain" };
    let (k, v) = (form(map.key.bytes), form(map.value.bytes));
    let suffix = if update { "_option" } else { "" };
    let module = "::rosetta_wire::schema_type::serde_map";
    let ser = format!("{module}::serialize{suffix}::<_, {module}::{k}, {module}::{v}, _>");
    let de = format!("{module}::deserialize{suffix}::<_, {module}::{k}, {module}::{v}, _>");
    Some(quote!(#[serde(serialize_with = #ser, deserialize_with = #de)]))
}

/// One field of a struct, planned: its Rust name and type.
pub struct Field<'b> {
    pub def: &'b FieldDef,
    pub name: RustName,
    pub plan: FieldPlan,
    pub map: Option<MapPlan>,
}

/// Everything an emitter needs about one package.
pub struct Package<'m, 'b> {
    pub model: &'m Model<'b>,
    pub index: usize,
    pub comments: &'m Comments<'b>,
    pub style: &'m Style,
}

impl<'b> Package<'_, 'b> {
    /// The fields of a type or component with their Rust names, unique in the struct.
    pub fn fields(&self, owner: &str, defs: &'b [FieldDef]) -> Vec<Field<'b>> {
        let mut ns = Namespace::new();
        defs.iter()
            .map(|def| {
                let (plan, map) = fields::plan(
                    self.model,
                    self.index,
                    owner,
                    def.field_id,
                    &def.ty,
                    (self.style.maps, self.style.bytes),
                );
                Field {
                    def,
                    name: ns.claim(field_name(&def.name)),
                    plan,
                    map,
                }
            })
            .collect()
    }

    /// The struct members of `fields` (with `wrap` applied to each type, for updates).
    fn members(&self, owner: &str, file: &str, fields: &[Field<'_>], update: bool) -> TokenStream {
        let members = fields.iter().map(|f| {
            let name = f.name.ident();
            let ty = match (update, f.plan.arity) {
                (false, _) => f.plan.ty.clone(),
                // An update's option field is set to a value or cleared: its type is the same.
                (true, Arity::Option) => f.plan.ty.clone(),
                (true, _) => {
                    let ty = &f.plan.ty;
                    quote!(::core::option::Option<#ty>)
                }
            };
            let doc = docs(
                self.comments.above(file, f.def.source_reference),
                format!("Field `{}` ({}).", f.def.name, f.def.field_id),
            );
            let serde = self.style.serde.then(|| {
                let rename = (f.name.word != f.def.name).then(|| {
                    let original = &f.def.name;
                    quote!(#[serde(rename = #original)])
                });
                let bytes = f
                    .plan
                    .serde_bytes()
                    .then(|| quote!(#[serde(with = "::rosetta_wire::schema_type::serde_bytes")]));
                let map = f.map.as_ref().and_then(|m| map_serde(m, update));
                quote!(#rename #bytes #map)
            });
            let attrs = self
                .style
                .field_attributes(&format!("{owner}.{}", f.def.name));
            quote! {
                #doc
                #serde
                #attrs
                pub #name: #ty,
            }
        });
        quote!(#(#members)*)
    }
}

/// The code of one package, as tokens.
pub fn package(
    model: &Model<'_>,
    index: usize,
    comments: &Comments<'_>,
    style: &Style,
) -> TokenStream {
    let p = Package {
        model,
        index,
        comments,
        style,
    };
    let items = model.packages[index]
        .items
        .iter()
        .map(|item| match item.decl {
            Decl::Enum(e) => types::enumeration(&p, item, e),
            Decl::Type(t) => types::structure(&p, item, &t.qualified_name, t.source_reference),
            Decl::Component(c) => component::component(&p, item, c),
        });
    quote!(#(#items)*)
}
