//! The symbol table: every declaration by qualified name, and name lookup.

use std::collections::{HashMap, HashSet};

use crate::ast::{ComponentDecl, EnumDecl, Item, QualName, TypeDecl, TypeMember};
use crate::diagnostic::Diagnostics;
use crate::lex::Span;
use crate::load::Unit;

/// A declaration in the tree.
#[derive(Clone, Copy)]
pub(crate) enum Decl<'a> {
    Type(&'a TypeDecl),
    Enum(&'a EnumDecl),
    Component(&'a ComponentDecl),
    ComponentSet,
}

impl Decl<'_> {
    /// "a type", "an enum", ... for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Decl::Type(_) => "a type",
            Decl::Enum(_) => "an enum",
            Decl::Component(_) => "a component",
            Decl::ComponentSet => "a component set",
        }
    }
}

/// One declared name.
#[derive(Clone, Copy)]
pub(crate) struct Symbol<'a> {
    /// Index of the unit that declares it.
    pub unit: usize,
    pub decl: Decl<'a>,
    /// Where its name is.
    pub name_span: &'a Span,
}

/// Every declaration of a compilation, by qualified name.
pub(crate) struct Symbols<'a> {
    map: HashMap<String, Symbol<'a>>,
    /// Packages and their parents (`a`, `a.b` for `package a.b.c;`).
    namespaces: HashSet<String>,
}

impl<'a> Symbols<'a> {
    /// Declares everything in `units`, reporting duplicate definitions.
    pub(crate) fn build(units: &'a [Unit], diagnostics: &mut Diagnostics) -> Self {
        let mut symbols = Symbols {
            map: HashMap::new(),
            namespaces: HashSet::new(),
        };
        for (index, unit) in units.iter().enumerate() {
            let Some(package) = &unit.file.package else {
                continue;
            };
            let package = package.name.dotted();
            let mut prefix = String::new();
            for part in package.split('.') {
                if !prefix.is_empty() {
                    prefix.push('.');
                }
                prefix.push_str(part);
                symbols.namespaces.insert(prefix.clone());
            }
            for item in &unit.file.items {
                let (name, decl) = match item {
                    Item::Type(t) => (&t.name, Decl::Type(t)),
                    Item::Enum(e) => (&e.name, Decl::Enum(e)),
                    Item::Component(c) => (&c.name, Decl::Component(c)),
                    Item::ComponentSet(s) => (&s.name, Decl::ComponentSet),
                };
                let qualified = join(&package, &name.name);
                symbols.declare(
                    units,
                    index,
                    qualified.clone(),
                    decl,
                    &name.span,
                    diagnostics,
                );
                if let Item::Type(t) = item {
                    symbols.declare_nested(units, index, &qualified, t, diagnostics);
                }
            }
        }
        symbols
    }

    fn declare_nested(
        &mut self,
        units: &'a [Unit],
        unit: usize,
        outer: &str,
        ty: &'a TypeDecl,
        diagnostics: &mut Diagnostics,
    ) {
        for member in &ty.members {
            match member {
                TypeMember::Type(t) => {
                    let qualified = join(outer, &t.name.name);
                    self.declare(
                        units,
                        unit,
                        qualified.clone(),
                        Decl::Type(t),
                        &t.name.span,
                        diagnostics,
                    );
                    self.declare_nested(units, unit, &qualified, t, diagnostics);
                }
                TypeMember::Enum(e) => {
                    let qualified = join(outer, &e.name.name);
                    self.declare(
                        units,
                        unit,
                        qualified,
                        Decl::Enum(e),
                        &e.name.span,
                        diagnostics,
                    );
                }
                TypeMember::Field(_) => {}
            }
        }
    }

    fn declare(
        &mut self,
        units: &[Unit],
        unit: usize,
        qualified: String,
        decl: Decl<'a>,
        name_span: &'a Span,
        diagnostics: &mut Diagnostics,
    ) {
        if let Some(previous) = self.map.get(&qualified) {
            let first = &units[previous.unit].source;
            let at = first.at(previous.name_span);
            diagnostics.error(
                &units[unit].source,
                name_span,
                format!(
                    "`{qualified}` is defined twice; the first definition ({}) is at {}:{}:{}",
                    previous.decl.kind(),
                    first.display_path,
                    at.line,
                    at.column
                ),
            );
            return;
        }
        self.map.insert(
            qualified,
            Symbol {
                unit,
                decl,
                name_span,
            },
        );
    }

    /// The symbol with this qualified name.
    pub(crate) fn get(&self, qualified: &str) -> Option<&Symbol<'a>> {
        self.map.get(qualified)
    }

    /// Resolves a name written in `scope` (a package or a type's qualified name): the innermost
    /// scope first, then each enclosing type and parent package, then the root. The first
    /// segment may name a declaration or a package.
    pub(crate) fn lookup(&self, scope: &str, name: &QualName) -> Option<(String, &Symbol<'a>)> {
        let first = name.parts.first()?.name.as_str();
        let rest: Vec<&str> = name.parts[1..].iter().map(|p| p.name.as_str()).collect();
        let mut scope = if name.absolute { "" } else { scope };
        loop {
            let head = join(scope, first);
            if self.map.contains_key(&head) || self.namespaces.contains(&head) {
                let mut full = head;
                for part in &rest {
                    full.push('.');
                    full.push_str(part);
                }
                if let Some(symbol) = self.map.get(&full) {
                    return Some((full, symbol));
                }
            }
            if scope.is_empty() {
                return None;
            }
            scope = scope.rfind('.').map_or("", |dot| &scope[..dot]);
        }
    }
}

impl Symbols<'_> {
    /// "unknown type `X`", with the closest declared name when one is near enough to be a typo.
    pub(crate) fn unknown(&self, what: &str, name: &QualName) -> String {
        let written = name.dotted();
        let last = name.parts.last().map_or("", |p| p.name.as_str());
        let limit = (last.chars().count() / 3).max(1);
        let best = self
            .map
            .keys()
            .filter_map(|qualified| {
                let short = qualified.rsplit('.').next().unwrap_or(qualified);
                let distance = edit_distance(last, short);
                (distance <= limit).then_some((distance, qualified))
            })
            .min();
        match best {
            Some((_, qualified)) => {
                format!("unknown {what} `{written}`; did you mean `{qualified}`?")
            }
            None => format!("unknown {what} `{written}`"),
        }
    }
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// `outer.name`, or `name` at the root.
pub(crate) fn join(outer: &str, name: &str) -> String {
    if outer.is_empty() {
        name.to_string()
    } else {
        format!("{outer}.{name}")
    }
}
