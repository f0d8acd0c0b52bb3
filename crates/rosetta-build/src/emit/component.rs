//! A component: its data struct, its `Component` impl, its update and events, and its command
//! requests and responses.

use proc_macro2::TokenStream;
use quote::quote;
use rosetta_bundle::ComponentDef;

use super::{docs, types, Arity, Field, Package};
use crate::model::Item;
use crate::names::{field_name, type_name, Namespace};

pub fn component(p: &Package<'_, '_>, item: &Item<'_>, c: &ComponentDef) -> TokenStream {
    let qualified = c.qualified_name.as_str();
    let data = types::structure(p, item, qualified, c.source_reference);
    let fields = p.fields(qualified, p.model.fields_of(item.decl));
    let names = &p.model.packages[p.index].companions[qualified];
    let name = item.name.ident();
    let update = names.update.ident();
    let id = c.component_id;
    let (request, response, commands) = match (&names.request, &names.response) {
        (Some(req), Some(resp)) => {
            let (req, resp) = (req.ident(), resp.ident());
            let code = commands_code(p, item, c, &req, &resp);
            (quote!(#req), quote!(#resp), code)
        }
        _ => {
            let none = quote!(::rosetta_wire::schema_type::NoCommands);
            (none.clone(), none, quote!())
        }
    };
    let members = UpdateMembers::new(&fields);
    let apply = apply_body(&fields);
    let to_update = to_update_body(&fields, &members, names.events.is_some());
    let update_code = update_code(p, item, c, &fields, &members);
    quote! {
        #data

        impl ::rosetta_wire::schema_type::Component for #name {
            const ID: u32 = #id;
            type Update = #update;
            type Request = #request;
            type Response = #response;

            #apply
            #to_update
        }

        #update_code
        #commands
    }
}

/// The update struct's own members, `events` and `cleared`, named after the fields, which
/// keep their names.
struct UpdateMembers {
    events: proc_macro2::Ident,
    cleared: proc_macro2::Ident,
}

impl UpdateMembers {
    fn new(fields: &[Field<'_>]) -> Self {
        let mut ns = Namespace::new();
        for f in fields {
            ns.reserve(&f.name.word);
        }
        UpdateMembers {
            events: ns.claim("events".into()).ident(),
            cleared: ns.claim("cleared".into()).ident(),
        }
    }
}

fn apply_body(fields: &[Field<'_>]) -> TokenStream {
    if fields.is_empty() {
        return quote! {
            fn apply(&mut self, _update: &Self::Update) {}
        };
    }
    let clears = fields.iter().map(|f| {
        let (name, number) = (f.name.ident(), f.def.field_id);
        quote!(#number => self.#name = ::core::default::Default::default(),)
    });
    let sets = fields.iter().map(|f| {
        let name = f.name.ident();
        match f.plan.arity {
            Arity::Singular if f.plan.element.copy => {
                quote!(if let ::core::option::Option::Some(value) = update.#name { self.#name = value; })
            }
            Arity::Singular => quote! {
                if let ::core::option::Option::Some(value) = &update.#name {
                    self.#name = value.clone();
                }
            },
            Arity::Option if f.plan.element.copy => quote! {
                if update.#name.is_some() { self.#name = update.#name; }
            },
            Arity::Option => quote! {
                if update.#name.is_some() { self.#name.clone_from(&update.#name); }
            },
            // An empty list or map set is cleared too: emptied above, it stays empty.
            Arity::List | Arity::Map => quote! {
                if let ::core::option::Option::Some(value) = &update.#name {
                    self.#name.clone_from(value);
                }
            },
        }
    });
    quote! {
        // One field makes the match a single arm, which clippy would have an `if`.
        #[allow(clippy::single_match)]
        fn apply(&mut self, update: &Self::Update) {
            for id in ::rosetta_wire::schema_type::SchemaUpdate::cleared_fields(update) {
                match id {
                    #(#clears)*
                    _ => {}
                }
            }
            #(#sets)*
        }
    }
}

fn to_update_body(fields: &[Field<'_>], members: &UpdateMembers, events: bool) -> TokenStream {
    let cleared = &members.cleared;
    let sets = fields.iter().map(|f| {
        let name = f.name.ident();
        match f.plan.arity {
            Arity::Singular if f.plan.element.copy => {
                quote!(#name: ::core::option::Option::Some(self.#name),)
            }
            Arity::Option if f.plan.element.copy => quote!(#name: self.#name,),
            Arity::Singular | Arity::List | Arity::Map => {
                quote!(#name: ::core::option::Option::Some(self.#name.clone()),)
            }
            Arity::Option => quote!(#name: self.#name.clone(),),
        }
    });
    let cleared_options = fields
        .iter()
        .filter(|f| f.plan.arity == Arity::Option)
        .map(|f| {
            let (name, number) = (f.name.ident(), f.def.field_id);
            quote!(if self.#name.is_none() { update.#cleared.insert(#number); })
        });
    let events_member = &members.events;
    let events = events.then(|| quote!(#events_member: ::core::default::Default::default(),));
    let value = quote! {
        Self::Update {
            #(#sets)*
            #events
            #cleared: ::core::default::Default::default(),
        }
    };
    let body = if fields.iter().any(|f| f.plan.arity == Arity::Option) {
        quote! {
            let mut update = #value;
            #(#cleared_options)*
            update
        }
    } else {
        value
    };
    quote! {
        fn to_update(&self) -> Self::Update {
            #body
        }
    }
}

fn update_code(
    p: &Package<'_, '_>,
    item: &Item<'_>,
    c: &ComponentDef,
    fields: &[Field<'_>],
    update_members: &UpdateMembers,
) -> TokenStream {
    let qualified = c.qualified_name.as_str();
    let names = &p.model.packages[p.index].companions[qualified];
    let update = names.update.ident();
    let (events_member, cleared) = (&update_members.events, &update_members.cleared);
    let members = p.members(qualified, item.file, fields, true);
    let derives = p.style.derives(true);
    let serde_default = p.style.serde.then(|| quote!(#[serde(default)]));

    let f = quote!(::rosetta_wire::schema_type::field);
    let puts = fields.iter().map(|fd| {
        let name = fd.name.ident();
        let number = fd.def.field_id;
        match fd.plan.arity {
            Arity::Singular => {
                let codec = &fd.plan.element.codec;
                quote!(#f::put_option::<#codec>(out, #number, &self.#name);)
            }
            Arity::Option => fd.plan.put(fd.map.as_ref(), number, quote!(&self.#name)),
            Arity::List | Arity::Map => {
                let put = fd.plan.put(fd.map.as_ref(), number, quote!(value));
                quote!(if let ::core::option::Option::Some(value) = &self.#name { #put })
            }
        }
    });
    let arms = fields.iter().map(|fd| {
        let name = fd.name.ident();
        let number = fd.def.field_id;
        let merge = match fd.plan.arity {
            Arity::Singular => {
                let codec = &fd.plan.element.codec;
                quote!(#f::merge_option::<#codec>(&mut self.#name, id, wire, input))
            }
            Arity::Option => fd.plan.merge(fd.map.as_ref(), quote!(&mut self.#name)),
            Arity::List | Arity::Map => fd.plan.merge(
                fd.map.as_ref(),
                quote!(self.#name.get_or_insert_with(::core::default::Default::default)),
            ),
        };
        quote!(#number => #merge,)
    });
    let (out, id, merge_body) = super::field_match(arms.collect());
    let emptied = fields
        .iter()
        .filter(|fd| fd.plan.is_collection())
        .map(|fd| {
            let (name, number) = (fd.name.ident(), fd.def.field_id);
            quote! {
                if self.#name.as_ref().is_some_and(|value| value.is_empty()) {
                    ids.insert(#number);
                }
            }
        });
    let cleared_body = if fields.iter().any(|fd| fd.plan.is_collection()) {
        quote! {
            let mut ids = self.#cleared.clone();
            #(#emptied)*
            ids
        }
    } else {
        quote!(self.#cleared.clone())
    };
    let merge_clears = fields.iter().map(|fd| {
        let (name, number) = (fd.name.ident(), fd.def.field_id);
        quote!(#number => self.#name = ::core::option::Option::None,)
    });
    let merge_sets = fields.iter().map(|fd| {
        let (name, number) = (fd.name.ident(), fd.def.field_id);
        let set = if fd.plan.element.copy && !fd.plan.is_collection() {
            quote!(self.#name = later.#name;)
        } else {
            quote!(self.#name.clone_from(&later.#name);)
        };
        // An empty list or map set stays a cleared field: `cleared_fields` counts it.
        quote! {
            if later.#name.is_some() {
                #set
                self.#cleared.remove(&#number);
            }
        }
    });

    let (events_struct, events_field, write_events, merge_event, merge_events) = match &names.events
    {
        Some(events_name) => {
            let events_ident = events_name.ident();
            let mut ens = Namespace::new();
            let events: Vec<_> = c
                .events
                .iter()
                .map(|e| (e, ens.claim(field_name(&e.name))))
                .collect();
            let members = events.iter().map(|(e, n)| {
                let ident = n.ident();
                let ty = p.model.path_to(p.index, &e.type_name);
                let doc = docs(
                    p.comments.above(item.file, e.source_reference),
                    format!(
                        "Event `{}` ({}): each occurrence, in order.",
                        e.name, e.event_index
                    ),
                );
                let rename = (p.style.serde && n.word != e.name).then(|| {
                    let original = &e.name;
                    quote!(#[serde(rename = #original)])
                });
                quote!(#doc #rename pub #ident: ::std::vec::Vec<#ty>,)
            });
            let writes = events.iter().map(|(e, n)| {
                let ident = n.ident();
                let ty = p.model.path_to(p.index, &e.type_name);
                let index = e.event_index;
                quote!(#f::put_list::<::rosetta_wire::schema_type::codec::Msg<#ty>>(out, #index, &self.#events_member.#ident);)
            });
            let reads = events.iter().map(|(e, n)| {
                let ident = n.ident();
                let ty = p.model.path_to(p.index, &e.type_name);
                let index = e.event_index;
                quote!(#index => #f::merge_list::<::rosetta_wire::schema_type::codec::Msg<#ty>>(&mut self.#events_member.#ident, index, wire, input),)
            });
            let extends = events.iter().map(|(_, n)| {
                let ident = n.ident();
                quote!(self.#events_member.#ident.extend(later.#events_member.#ident.iter().cloned());)
            });
            let doc = format!(" The events of `{qualified}` one update carries.");
            let derives = p.style.derives(true);
            let serde_default = p.style.serde.then(|| quote!(#[serde(default)]));
            (
                quote! {
                    #[doc = #doc]
                    #derives
                    #serde_default
                    pub struct #events_ident {
                        #(#members)*
                    }
                },
                quote! {
                    /// The events that happened.
                    pub #events_member: #events_ident,
                },
                quote! {
                    fn write_events(&self, out: &mut ::std::vec::Vec<u8>) {
                        #(#writes)*
                    }
                },
                quote! {
                    fn merge_event(
                        &mut self,
                        index: u32,
                        wire: ::rosetta_wire::encoding::WireType,
                        input: &mut ::rosetta_wire::schema_type::Input<'_>,
                    ) -> ::rosetta_wire::Result<()> {
                        match index {
                            #(#reads)*
                            _ => input.skip(wire),
                        }
                    }
                },
                quote!(#(#extends)*),
            )
        }
        None => (
            quote!(),
            quote!(),
            quote!(
                fn write_events(&self, _out: &mut ::std::vec::Vec<u8>) {}
            ),
            quote! {
                fn merge_event(
                    &mut self,
                    _index: u32,
                    wire: ::rosetta_wire::encoding::WireType,
                    input: &mut ::rosetta_wire::schema_type::Input<'_>,
                ) -> ::rosetta_wire::Result<()> {
                    input.skip(wire)
                }
            },
            quote!(),
        ),
    };
    let doc = format!(
        " A change to `{qualified}`: the fields it sets (`None` leaves a field alone; an empty list or map, or a cleared id, empties it), the events it carries, and the ids of the fields it clears."
    );
    let clear_loop = if fields.is_empty() {
        quote!(for id in ::rosetta_wire::schema_type::SchemaUpdate::cleared_fields(later) { self.#cleared.insert(id); })
    } else {
        quote! {
            for id in ::rosetta_wire::schema_type::SchemaUpdate::cleared_fields(later) {
                match id {
                    #(#merge_clears)*
                    _ => {}
                }
                self.#cleared.insert(id);
            }
        }
    };
    quote! {
        #[doc = #doc]
        #derives
        #serde_default
        pub struct #update {
            #members
            #events_field
            /// Field ids the update clears, besides the empty lists and maps it sets.
            pub #cleared: ::std::collections::BTreeSet<u32>,
        }

        #events_struct

        impl ::rosetta_wire::schema_type::SchemaUpdate for #update {
            fn write_fields(&self, #out: &mut ::std::vec::Vec<u8>) {
                #(#puts)*
            }

            fn merge_field(
                &mut self,
                #id: u32,
                wire: ::rosetta_wire::encoding::WireType,
                input: &mut ::rosetta_wire::schema_type::Input<'_>,
            ) -> ::rosetta_wire::Result<()> {
                #merge_body
            }

            #write_events
            #merge_event

            fn cleared_fields(&self) -> ::std::collections::BTreeSet<u32> {
                #cleared_body
            }

            fn add_cleared(&mut self, id: u32) {
                self.#cleared.insert(id);
            }

            #[allow(clippy::single_match)]
            fn merge(&mut self, later: &Self) {
                #clear_loop
                #(#merge_sets)*
                #merge_events
            }
        }
    }
}

fn commands_code(
    p: &Package<'_, '_>,
    item: &Item<'_>,
    c: &ComponentDef,
    request: &proc_macro2::Ident,
    response: &proc_macro2::Ident,
) -> TokenStream {
    let qualified = c.qualified_name.as_str();
    let mut ns = Namespace::new();
    let commands: Vec<_> = c
        .commands
        .iter()
        .map(|cmd| (cmd, ns.claim(type_name(&cmd.name)).ident()))
        .collect();
    let derives = p.style.derives(false);
    let one = |ident: &proc_macro2::Ident,
               what: &str,
               pick: fn(&rosetta_bundle::CommandDef) -> &str| {
        let variants = commands.iter().map(|(cmd, v)| {
            let ty = p.model.path_to(p.index, pick(cmd));
            let doc = docs(
                p.comments.above(item.file, cmd.source_reference),
                format!("Command `{}` ({}).", cmd.name, cmd.command_index),
            );
            quote!(#doc #v(#ty),)
        });
        let indexes = commands.iter().map(|(cmd, v)| {
            let index = cmd.command_index;
            quote!(Self::#v(_) => #index,)
        });
        let writes = commands.iter().map(|(_, v)| {
            quote!(Self::#v(value) => ::rosetta_wire::schema_type::SchemaType::write_fields(value, out),)
        });
        let decodes = commands.iter().map(|(cmd, v)| {
            let index = cmd.command_index;
            quote!(#index => ::rosetta_wire::schema_type::SchemaType::decode(bytes).map(Self::#v),)
        });
        let doc = format!(" A command {what} of `{qualified}`: one variant per command.");
        let no_command = format!("`{qualified}` has no command {{}}");
        quote! {
            #[doc = #doc]
            #derives
            #[allow(clippy::large_enum_variant, clippy::enum_variant_names)]
            pub enum #ident {
                #(#variants)*
            }

            impl ::rosetta_wire::schema_type::CommandPayload for #ident {
                fn command_index(&self) -> u32 {
                    match self {
                        #(#indexes)*
                    }
                }

                fn write(&self, out: &mut ::std::vec::Vec<u8>) {
                    match self {
                        #(#writes)*
                    }
                }

                fn decode(command_index: u32, bytes: &[u8]) -> ::rosetta_wire::Result<Self> {
                    match command_index {
                        #(#decodes)*
                        other => ::core::result::Result::Err(::rosetta_wire::Error::custom(
                            ::std::format!(#no_command, other),
                        )),
                    }
                }
            }
        }
    };
    let req = one(request, "request", |c| &c.request_type);
    let resp = one(response, "response", |c| &c.response_type);
    quote!(#req #resp)
}
