//! Schema types as structs, schema enums as enums.

use proc_macro2::TokenStream;
use quote::quote;
use rosetta_bundle::{EnumDef, SourceRef};

use super::{docs, Field, Package};
use crate::model::Item;
use crate::names::{type_name, Namespace, RustName};

/// The `SchemaType` methods that write and read `fields`, and the fields the schema does not
/// have into the member `unknown` when there is one.
pub fn wire_methods(fields: &[Field<'_>], unknown: Option<&RustName>) -> TokenStream {
    let arms = fields.iter().map(|f| {
        let name = f.name.ident();
        let number = f.def.field_id;
        let merge = f.plan.merge(f.map.as_ref(), quote!(&mut self.#name));
        quote!(#number => #merge,)
    });
    let mut puts: Vec<TokenStream> = fields
        .iter()
        .map(|f| {
            let name = f.name.ident();
            f.plan
                .put(f.map.as_ref(), f.def.field_id, quote!(&self.#name))
        })
        .collect();
    let (out, id, body) = match unknown {
        Some(unknown) => {
            let unknown = unknown.ident();
            puts.push(quote!(self.#unknown.write(out);));
            let arms = arms.collect::<Vec<_>>();
            let keep = quote!(self.#unknown.read(id, wire, input));
            let body = if arms.is_empty() {
                keep
            } else {
                quote! {
                    match id {
                        #(#arms)*
                        _ => #keep,
                    }
                }
            };
            (quote!(out), quote!(id), body)
        }
        None => super::field_match(arms.collect()),
    };
    quote! {
        #[inline]
        fn write_fields(&self, #out: &mut ::std::vec::Vec<u8>) {
            #(#puts)*
        }

        #[inline]
        fn merge_field(
            &mut self,
            #id: u32,
            wire: ::rosetta_wire::encoding::WireType,
            input: &mut ::rosetta_wire::schema_type::Input<'_>,
        ) -> ::rosetta_wire::Result<()> {
            #body
        }
    }
}

/// The member that keeps the fields the schema does not have, when the style keeps them: named
/// `unknown_fields` unless a field took that name.
fn unknown_member(p: &Package<'_, '_>, fields: &[Field<'_>]) -> Option<RustName> {
    p.style.unknown_fields.then(|| {
        let mut ns = Namespace::new();
        for f in fields {
            ns.reserve(&f.name.word);
        }
        ns.claim("unknown_fields".into())
    })
}

/// A struct for a type (or a component's data), with its `SchemaType` impl.
pub fn structure(
    p: &Package<'_, '_>,
    item: &Item<'_>,
    qualified: &str,
    at: SourceRef,
) -> TokenStream {
    let fields = p.fields(qualified, p.model.fields_of(item.decl));
    let name = item.name.ident();
    let fallback = match item.decl {
        crate::model::Decl::Component(c) => {
            format!("The component `{qualified}` (id {}).", c.component_id)
        }
        _ => format!("The schema type `{qualified}`."),
    };
    let doc = docs(p.comments.above(item.file, at), fallback);
    let derives = p.style.derives(true);
    let serde_default = p.style.serde.then(|| quote!(#[serde(default)]));
    let attrs = p.style.type_attributes(qualified);
    let members = p.members(qualified, item.file, &fields, false);
    let unknown = unknown_member(p, &fields);
    let methods = wire_methods(&fields, unknown.as_ref());
    let unknown = unknown.map(|name| {
        let name = name.ident();
        let skip = p.style.serde.then(|| quote!(#[serde(skip)]));
        quote! {
            /// The fields read that the schema does not have, written back after the others.
            #skip
            pub #name: ::rosetta_wire::schema_type::UnknownFields,
        }
    });
    quote! {
        #doc
        #derives
        #serde_default
        #[allow(clippy::upper_case_acronyms)]
        #attrs
        pub struct #name {
            #members
            #unknown
        }

        impl ::rosetta_wire::schema_type::SchemaType for #name {
            const NAME: &'static str = #qualified;
            #methods
        }
    }
}

/// An enum: one variant per constant, and one that keeps any other value.
pub fn enumeration(p: &Package<'_, '_>, item: &Item<'_>, e: &EnumDef) -> TokenStream {
    let name = item.name.ident();
    let rust_name = &item.name.word;
    let qualified = &e.qualified_name;
    let mut ns = Namespace::new();
    // The first constant of each value: a repeated value reads as the first.
    let mut seen = std::collections::HashSet::new();
    let constants: Vec<_> = e
        .values
        .iter()
        .map(|v| (v, ns.claim(type_name(&v.name)), seen.insert(v.value)))
        .collect();
    let unknown = ns.claim("Unknown".into()).ident();
    let variants = constants.iter().enumerate().map(|(i, (v, n, _))| {
        let ident = n.ident();
        let doc = docs(
            p.comments.above(item.file, v.source_reference),
            format!("`{}` = {}.", v.name, v.value),
        );
        let default = (i == 0).then(|| quote!(#[default]));
        quote!(#doc #default #ident,)
    });
    let to_value = constants.iter().map(|(v, n, _)| {
        let ident = n.ident();
        let value = v.value;
        quote!(Self::#ident => #value,)
    });
    let from_value = constants
        .iter()
        .filter(|(_, _, first)| *first)
        .map(|(v, n, _)| {
            let ident = n.ident();
            let value = v.value;
            quote!(#value => Self::#ident,)
        });
    let values = constants.iter().map(|(v, _, _)| {
        let (n, value) = (&v.name, v.value);
        quote!((#n, #value),)
    });
    let names = e.values.iter().map(|v| &v.name);
    let doc = docs(
        p.comments.above(item.file, e.source_reference),
        format!("The schema enum `{qualified}`."),
    );
    let derive_default = if constants.is_empty() {
        quote!()
    } else {
        quote!(Default,)
    };
    let manual_default = constants.is_empty().then(|| {
        quote! {
            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::#unknown(0)
                }
            }
        }
    });
    let serde = p.style.serde.then(|| {
        let serde = quote!(::rosetta_wire::schema_type::__private::serde);
        quote! {
            impl #serde::Serialize for #name {
                fn serialize<S: #serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    ::rosetta_wire::schema_type::serde_enum::serialize(self, serializer)
                }
            }

            impl<'de> #serde::Deserialize<'de> for #name {
                fn deserialize<D: #serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    ::rosetta_wire::schema_type::serde_enum::deserialize(deserializer)
                }
            }
        }
    });
    let attrs = p.style.type_attributes(qualified);
    quote! {
        #doc
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, #derive_default)]
        #[allow(clippy::enum_variant_names, clippy::upper_case_acronyms)]
        #attrs
        pub enum #name {
            #(#variants)*
            /// A value the schema does not name, kept as it was read.
            #unknown(u32),
        }

        #manual_default

        impl #name {
            /// The value on the wire.
            pub const fn value(self) -> u32 {
                match self {
                    #(#to_value)*
                    Self::#unknown(value) => value,
                }
            }

            /// The constant with this value, or the value kept as unknown.
            pub const fn from_value(value: u32) -> Self {
                match value {
                    #(#from_value)*
                    other => Self::#unknown(other),
                }
            }
        }

        impl ::rosetta_wire::schema_type::SchemaEnum for #name {
            const RUST_NAME: &'static str = #rust_name;
            const VALUES: &'static [(&'static str, u32)] = &[#(#values)*];
            const NAMES: &'static [&'static str] = &[#(#names),*];
            fn value(self) -> u32 {
                #name::value(self)
            }
            fn from_value(value: u32) -> Self {
                #name::from_value(value)
            }
        }

        #serde
    }
}
