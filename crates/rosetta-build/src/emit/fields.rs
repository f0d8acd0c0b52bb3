//! A field's Rust type and codec: what every emitter asks of a field.

use proc_macro2::TokenStream;
use quote::quote;
use rosetta_bundle::{FieldType, PrimitiveType as P, TypeRef};

use crate::model::Model;
use crate::{BytesType, MapType};

/// How one value of a field's element type is held and written.
pub struct Element {
    /// The Rust type (`i32`, `::std::string::String`, `super::game::Vec3`, a box of it).
    pub ty: TokenStream,
    /// The codec (`::rosetta_wire::schema_type::codec::Scalar<::rosetta_wire::family::Int32>`).
    pub codec: TokenStream,
    /// Whether the Rust type is `Copy` (so that code copies instead of cloning).
    pub copy: bool,
    /// `bytes`, which serde writes as a byte string only when told.
    pub bytes: bool,
    /// Whether the type has an order (a map key that `BTreeMap` can hold).
    pub ordered: bool,
}

/// A field as the emitters see it.
pub struct FieldPlan {
    pub element: Element,
    /// The field's Rust type.
    pub ty: TokenStream,
    pub arity: Arity,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    Singular,
    Option,
    List,
    /// The map's codecs are in `MapPlan`.
    Map,
}

pub struct MapPlan {
    pub key: Element,
    pub value: Element,
}

const CODEC: &str = "::rosetta_wire::schema_type::codec";

fn path(text: &str) -> TokenStream {
    // Only called with fixed paths written in this file.
    text.parse().unwrap_or_default()
}

fn scalar(family: &str, rust: &str) -> Element {
    Element {
        ty: path(rust),
        codec: path(&format!(
            "{CODEC}::Scalar<::rosetta_wire::family::{family}>"
        )),
        copy: true,
        bytes: false,
        ordered: !matches!(family, "Float" | "Double"),
    }
}

/// The element plan of a type reference, seen from package `from`, boxed when `boxed`.
pub fn element(model: &Model, from: usize, ty: &TypeRef, boxed: bool, bytes: BytesType) -> Element {
    match ty {
        TypeRef::Primitive(p) => match p {
            P::Int32 => scalar("Int32", "i32"),
            P::Int64 => scalar("Int64", "i64"),
            P::Uint32 => scalar("Uint32", "u32"),
            P::Uint64 => scalar("Uint64", "u64"),
            P::Sint32 => scalar("Sint32", "i32"),
            P::Sint64 => scalar("Sint64", "i64"),
            P::Fixed32 => scalar("Fixed32", "u32"),
            P::Fixed64 => scalar("Fixed64", "u64"),
            P::Sfixed32 => scalar("Sfixed32", "i32"),
            P::Sfixed64 => scalar("Sfixed64", "i64"),
            P::Bool => scalar("Bool", "bool"),
            P::Float => scalar("Float", "f32"),
            P::Double => scalar("Double", "f64"),
            P::String | P::Invalid => Element {
                ty: path("::std::string::String"),
                codec: path(&format!("{CODEC}::Str")),
                copy: false,
                bytes: false,
                ordered: true,
            },
            P::Bytes => {
                let (ty, codec) = match bytes {
                    BytesType::Vec => ("::std::vec::Vec<u8>", "Blob"),
                    BytesType::Bytes => ("::rosetta_wire::schema_type::Bytes", "SharedBlob"),
                };
                Element {
                    ty: path(ty),
                    codec: path(&format!("{CODEC}::{codec}")),
                    copy: false,
                    bytes: true,
                    ordered: true,
                }
            }
            P::EntityId => Element {
                ty: path("::rosetta_wire::schema_type::EntityId"),
                codec: path(&format!("{CODEC}::EntityIdOf")),
                copy: true,
                bytes: false,
                ordered: true,
            },
            P::Entity => Element {
                ty: path("::rosetta_wire::schema_type::Entity"),
                codec: path(&format!("{CODEC}::EntityOf")),
                copy: false,
                bytes: false,
                ordered: false,
            },
        },
        TypeRef::Enum(name) => {
            let ty = model.path_to(from, name);
            let codec = path(CODEC);
            Element {
                codec: quote!(#codec::EnumOf<#ty>),
                ty,
                copy: true,
                bytes: false,
                ordered: true,
            }
        }
        TypeRef::Type(name) => {
            let inner = model.path_to(from, name);
            let codec = path(CODEC);
            if boxed {
                Element {
                    ty: quote!(::std::boxed::Box<#inner>),
                    codec: quote!(#codec::Boxed<#inner>),
                    copy: false,
                    bytes: false,
                    ordered: false,
                }
            } else {
                Element {
                    ty: inner.clone(),
                    codec: quote!(#codec::Msg<#inner>),
                    copy: false,
                    bytes: false,
                    ordered: false,
                }
            }
        }
    }
}

/// Plans a field of `owner` seen from package `from`.
pub fn plan(
    model: &Model,
    from: usize,
    owner: &str,
    id: u32,
    ty: &FieldType,
    (maps, bytes): (MapType, BytesType),
) -> (FieldPlan, Option<MapPlan>) {
    let boxed = model.is_boxed(owner, id);
    match ty {
        FieldType::Singular(t) => {
            let element = element(model, from, t, boxed, bytes);
            let ty = element.ty.clone();
            (
                FieldPlan {
                    element,
                    ty,
                    arity: Arity::Singular,
                },
                None,
            )
        }
        FieldType::Option(t) => {
            let element = element(model, from, t, boxed, bytes);
            let inner = &element.ty;
            let ty = quote!(::core::option::Option<#inner>);
            (
                FieldPlan {
                    element,
                    ty,
                    arity: Arity::Option,
                },
                None,
            )
        }
        FieldType::List(t) => {
            let element = element(model, from, t, false, bytes);
            let inner = &element.ty;
            let ty = quote!(::std::vec::Vec<#inner>);
            (
                FieldPlan {
                    element,
                    ty,
                    arity: Arity::List,
                },
                None,
            )
        }
        FieldType::Map(k, v) => {
            let key = element(model, from, k, false, bytes);
            let value = element(model, from, v, false, bytes);
            let (kt, vt) = (&key.ty, &value.ty);
            let ty = match (key.ordered, maps) {
                (true, MapType::BTreeMap) => quote!(::std::collections::BTreeMap<#kt, #vt>),
                (true, MapType::HashMap) => quote!(::std::collections::HashMap<#kt, #vt>),
                // Floats, objects and entities have no order or hash: entries in wire order.
                (false, _) => quote!(::std::vec::Vec<(#kt, #vt)>),
            };
            let element = Element {
                ty: ty.clone(),
                codec: TokenStream::new(),
                copy: false,
                bytes: false,
                ordered: false,
            };
            (
                FieldPlan {
                    element,
                    ty,
                    arity: Arity::Map,
                },
                Some(MapPlan { key, value }),
            )
        }
    }
}

impl FieldPlan {
    /// The statement that writes the field (`value` is an expression of type `&Self::ty`).
    pub fn put(&self, map: Option<&MapPlan>, id: u32, value: TokenStream) -> TokenStream {
        let f = quote!(::rosetta_wire::schema_type::field);
        let codec = &self.element.codec;
        match (self.arity, map) {
            (Arity::Singular, _) => quote!(#f::put::<#codec>(out, #id, #value);),
            (Arity::Option, _) => quote!(#f::put_option::<#codec>(out, #id, #value);),
            (Arity::List, _) => quote!(#f::put_list::<#codec>(out, #id, #value);),
            (Arity::Map, Some(m)) => {
                let (k, v) = (&m.key.codec, &m.value.codec);
                quote!(#f::put_map::<#k, #v, _>(out, #id, #value);)
            }
            (Arity::Map, None) => TokenStream::new(),
        }
    }

    /// The expression that reads one occurrence into `slot` (a `&mut Self::ty`).
    pub fn merge(&self, map: Option<&MapPlan>, slot: TokenStream) -> TokenStream {
        let f = quote!(::rosetta_wire::schema_type::field);
        let codec = &self.element.codec;
        match (self.arity, map) {
            (Arity::Singular, _) => quote!(#f::merge::<#codec>(#slot, id, wire, input)),
            (Arity::Option, _) => quote!(#f::merge_option::<#codec>(#slot, id, wire, input)),
            (Arity::List, _) => quote!(#f::merge_list::<#codec>(#slot, id, wire, input)),
            (Arity::Map, Some(m)) => {
                let (k, v) = (&m.key.codec, &m.value.codec);
                quote!(#f::merge_map::<#k, #v, _>(#slot, id, wire, input))
            }
            (Arity::Map, None) => quote!(input.skip(wire)),
        }
    }

    /// Whether serde must be told to write the field as bytes.
    pub fn serde_bytes(&self) -> bool {
        self.element.bytes && self.arity != Arity::Map
    }

    /// Whether the field is an option, list or map (a field an update can clear).
    pub fn is_collection(&self) -> bool {
        matches!(self.arity, Arity::List | Arity::Map)
    }
}
