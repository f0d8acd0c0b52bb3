//! What is generated, decided before any code is written: the packages and their modules, the
//! Rust name of every declaration (unique in its module), and which fields are boxed.

use std::collections::{BTreeMap, HashMap, HashSet};

use proc_macro2::TokenStream;
use quote::quote;
use rosetta_bundle::{
    ComponentDef, EnumDef, FieldDef, FieldType, SchemaBundle, SchemaFile, TypeDef, TypeRef,
};

use crate::names::{field_name, type_name, Namespace, RustName};

/// One declaration, with the file it is in.
#[derive(Debug, Clone, Copy)]
pub enum Decl<'b> {
    Enum(&'b EnumDef),
    Type(&'b TypeDef),
    Component(&'b ComponentDef),
}

impl<'b> Decl<'b> {
    pub fn qualified_name(&self) -> &'b str {
        match self {
            Decl::Enum(e) => &e.qualified_name,
            Decl::Type(t) => &t.qualified_name,
            Decl::Component(c) => &c.qualified_name,
        }
    }
}

/// A declaration placed in its package: its file and Rust name.
#[derive(Debug)]
pub struct Item<'b> {
    pub decl: Decl<'b>,
    pub file: &'b str,
    pub name: RustName,
}

/// The names a component's companions take in its module.
#[derive(Debug)]
pub struct ComponentNames {
    pub update: RustName,
    pub events: Option<RustName>,
    pub request: Option<RustName>,
    pub response: Option<RustName>,
}

/// Every declaration of one package.
#[derive(Debug)]
pub struct Package<'b> {
    /// `improbable.gdk.core`.
    pub name: String,
    /// The module path from the root of the generated tree.
    pub modules: Vec<RustName>,
    pub items: Vec<Item<'b>>,
    /// By component qualified name.
    pub companions: HashMap<&'b str, ComponentNames>,
}

/// The whole schema, placed.
#[derive(Debug)]
pub struct Model<'b> {
    pub packages: Vec<Package<'b>>,
    /// Qualified name to (package index, item index).
    index: HashMap<&'b str, (usize, usize)>,
    types: HashMap<&'b str, &'b TypeDef>,
    /// (owner qualified name, field id) of the fields that hold a box.
    boxed: HashSet<(&'b str, u32)>,
}

impl<'b> Model<'b> {
    pub fn new(bundle: &'b SchemaBundle) -> Model<'b> {
        let mut by_package: BTreeMap<&str, Vec<&SchemaFile>> = BTreeMap::new();
        for file in &bundle.schema_files {
            by_package.entry(&file.package.name).or_default().push(file);
        }
        let mut packages = Vec::new();
        let mut index = HashMap::new();
        let mut types = HashMap::new();
        for (name, files) in by_package {
            let mut ns = Namespace::new();
            let mut items = Vec::new();
            let prefix = if name.is_empty() {
                String::new()
            } else {
                format!("{name}.")
            };
            let local = |q: &str| q.strip_prefix(prefix.as_str()).unwrap_or(q).to_owned();
            for file in &files {
                let decls = file
                    .enums
                    .iter()
                    .map(Decl::Enum)
                    .chain(file.types.iter().map(Decl::Type))
                    .chain(file.components.iter().map(Decl::Component));
                for decl in decls {
                    if let Decl::Type(t) = decl {
                        types.insert(t.qualified_name.as_str(), t);
                    }
                    // Nested declarations (`Outer.Inner`) are flattened: `OuterInner`.
                    let rust: String = local(decl.qualified_name())
                        .split('.')
                        .map(type_name)
                        .collect();
                    index.insert(decl.qualified_name(), (packages.len(), items.len()));
                    items.push(Item {
                        decl,
                        file: file.canonical_path.as_str(),
                        name: ns.claim(rust),
                    });
                }
            }
            // Companions come after every declared name, which keeps its own.
            let mut companions = HashMap::new();
            for item in &items {
                let Decl::Component(c) = item.decl else {
                    continue;
                };
                let base = &item.name.word;
                let has_commands = !c.commands.is_empty();
                companions.insert(
                    c.qualified_name.as_str(),
                    ComponentNames {
                        update: ns.claim(format!("{base}Update")),
                        events: (!c.events.is_empty()).then(|| ns.claim(format!("{base}Events"))),
                        request: has_commands.then(|| ns.claim(format!("{base}Request"))),
                        response: has_commands.then(|| ns.claim(format!("{base}Response"))),
                    },
                );
            }
            // A file with no package is at the root of the tree (prost-build's `_.rs`).
            let modules = if name.is_empty() {
                Vec::new()
            } else {
                name.split('.')
                    .map(|s| Namespace::new().claim(field_name(s)))
                    .collect()
            };
            packages.push(Package {
                name: name.to_owned(),
                modules,
                items,
                companions,
            });
        }
        let mut model = Model {
            packages,
            index,
            types,
            boxed: HashSet::new(),
        };
        model.find_boxes();
        model
    }

    /// The fields of a type or component, the data definition's for a component that has one.
    pub fn fields_of(&self, decl: Decl<'b>) -> &'b [FieldDef] {
        match decl {
            Decl::Enum(_) => &[],
            Decl::Type(t) => &t.fields,
            Decl::Component(c) if !c.data_definition.is_empty() => self
                .types
                .get(c.data_definition.as_str())
                .map_or(&[][..], |t| &t.fields[..]),
            Decl::Component(c) => &c.fields,
        }
    }

    /// A singular or option field of a type that (through singular and option fields) holds
    /// its owner again must be boxed: the struct would otherwise have no size.
    fn find_boxes(&mut self) {
        let mut edges: HashMap<&str, Vec<(u32, &str)>> = HashMap::new();
        for package in &self.packages {
            for item in &package.items {
                let owner = item.decl.qualified_name();
                for f in self.fields_of(item.decl) {
                    if let FieldType::Singular(TypeRef::Type(t))
                    | FieldType::Option(TypeRef::Type(t)) = &f.ty
                    {
                        edges
                            .entry(owner)
                            .or_default()
                            .push((f.field_id, t.as_str()));
                    }
                }
            }
        }
        for (&owner, targets) in &edges {
            for &(id, target) in targets {
                if reaches(&edges, target, owner) {
                    self.boxed.insert((owner, id));
                }
            }
        }
    }

    pub fn is_boxed(&self, owner: &str, field: u32) -> bool {
        self.boxed.contains(&(owner, field))
    }

    /// The path to a declaration from inside package `from`.
    pub fn path_to(&self, from: usize, qualified_name: &str) -> TokenStream {
        let Some(&(package, item)) = self.index.get(qualified_name) else {
            // The bundle was resolved: a name it uses is declared. A bundle read from elsewhere
            // could still lack one; the generated code then fails to compile, saying which.
            let ident = proc_macro2::Ident::new(
                &format!("Unresolved{}", type_name(qualified_name)),
                proc_macro2::Span::call_site(),
            );
            return quote!(#ident);
        };
        let target = &self.packages[package];
        let ident = target.items[item].name.ident();
        if package == from {
            return quote!(#ident);
        }
        let ups = self.packages[from].modules.len();
        let supers = (0..ups).map(|_| quote!(super::));
        let modules = target.modules.iter().map(RustName::ident);
        quote!(#(#supers)* #(#modules::)* #ident)
    }
}

fn reaches(edges: &HashMap<&str, Vec<(u32, &str)>>, from: &str, to: &str) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        if at == to {
            return true;
        }
        if seen.insert(at) {
            if let Some(next) = edges.get(at) {
                stack.extend(next.iter().map(|&(_, t)| t));
            }
        }
    }
    false
}
