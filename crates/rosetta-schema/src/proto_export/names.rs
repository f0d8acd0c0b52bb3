//! Protobuf names for the `.proto` export: every generated name is unique in its protobuf scope.
//!
//! Protobuf puts message names, enum names, field names, extension names and, following C++,
//! the value names of an enum into one scope (the enclosing message or package). A SpatialOS
//! schema allows some clashes there (a nested type named like a field), and the names Rosetta
//! makes up (prefixed enum values, extension names, map entry messages) could clash too. Declared
//! message and enum names are kept; every other name gets `_` appended until it is free.

use std::collections::{HashMap, HashSet};

use rosetta_bundle::{FieldDef, FieldType, SchemaBundle};

/// The protobuf package holding `Entity`.
pub(super) const ENTITY_PACKAGE: &str = "rosetta";
/// The bare name of the entity message.
pub(super) const ENTITY_NAME: &str = "Entity";

/// The names of a whole bundle that live at package scope or in enum scopes.
pub(super) struct Names {
    /// Names taken in each scope (a package or a message's qualified name).
    taken: HashMap<String, HashSet<String>>,
    /// The protobuf names of each enum's values, by the enum's qualified name.
    enum_values: HashMap<String, Vec<String>>,
    /// The name of each component's extension of `rosetta.Entity`, by qualified name.
    extensions: HashMap<String, String>,
}

/// The names of one message's fields.
pub(super) struct MessageNames {
    /// The protobuf field name of each field.
    pub fields: Vec<String>,
    /// The name of the nested entry message of each map field.
    pub entries: Vec<Option<String>>,
    /// Whether the default JSON names of the fields clash, so every field carries its schema
    /// name as `json_name`.
    pub explicit_json: bool,
}

impl Names {
    /// Allocates the package- and enum-scope names of `bundle`.
    pub(super) fn new(bundle: &SchemaBundle) -> Self {
        let mut names = Names {
            taken: HashMap::new(),
            enum_values: HashMap::new(),
            extensions: HashMap::new(),
        };
        names.declare_package(ENTITY_PACKAGE);
        names.declare(ENTITY_PACKAGE, ENTITY_NAME);
        for file in &bundle.schema_files {
            let package = file.package.name.as_str();
            names.declare_package(package);
            for def in &file.types {
                names.declare(scope(&def.outer_type, package), &def.name);
            }
            for def in &file.enums {
                names.declare(scope(&def.outer_type, package), &def.name);
            }
            for def in &file.components {
                names.declare(package, &def.name);
            }
        }
        for file in &bundle.schema_files {
            let package = file.package.name.as_str();
            for def in &file.enums {
                let prefix = upper_snake(&def.name);
                let taken = names.scope_mut(scope(&def.outer_type, package));
                let values = def
                    .values
                    .iter()
                    .map(|value| claim(taken, format!("{prefix}_{}", value.name)))
                    .collect();
                names.enum_values.insert(def.qualified_name.clone(), values);
            }
        }
        for file in &bundle.schema_files {
            let package = file.package.name.as_str();
            for def in &file.components {
                let wanted = def
                    .qualified_name
                    .split('.')
                    .map(lower_snake)
                    .collect::<Vec<_>>()
                    .join("_");
                let name = claim(names.scope_mut(package), wanted);
                names.extensions.insert(def.qualified_name.clone(), name);
            }
        }
        names
    }

    /// Declares the segments of a dotted package as names in their parent packages.
    fn declare_package(&mut self, package: &str) {
        let mut parent = String::new();
        for segment in package.split('.').filter(|s| !s.is_empty()) {
            self.scope_mut(&parent).insert(segment.to_string());
            if !parent.is_empty() {
                parent.push('.');
            }
            parent.push_str(segment);
        }
    }

    fn declare(&mut self, scope: &str, name: &str) {
        self.scope_mut(scope).insert(name.to_string());
    }

    fn scope_mut(&mut self, scope: &str) -> &mut HashSet<String> {
        self.taken.entry(scope.to_string()).or_default()
    }

    /// The protobuf name of value `index` of the enum `qualified`.
    pub(super) fn enum_value(&self, qualified: &str, index: usize) -> Option<&str> {
        self.enum_values
            .get(qualified)
            .and_then(|values| values.get(index))
            .map(String::as_str)
    }

    /// The name of the component's extension field of `rosetta.Entity`.
    pub(super) fn extension(&self, component: &str) -> Option<&str> {
        self.extensions.get(component).map(String::as_str)
    }

    /// Names for the fields (and map entry messages) of the message `qualified`.
    pub(super) fn message(&self, qualified: &str, fields: &[FieldDef]) -> MessageNames {
        let mut taken = self.taken.get(qualified).cloned().unwrap_or_default();
        let names: Vec<String> = fields
            .iter()
            .map(|field| claim(&mut taken, field.name.clone()))
            .collect();
        let entries = fields
            .iter()
            .map(|field| match field.ty {
                FieldType::Map(..) => {
                    Some(claim(&mut taken, format!("{}Entry", camel(&field.name))))
                }
                _ => None,
            })
            .collect();
        let mut json = HashSet::new();
        let explicit_json = !names.iter().all(|name| json.insert(json_name(name)));
        MessageNames {
            fields: names,
            entries,
            explicit_json,
        }
    }
}

/// The protobuf scope of a declaration: its enclosing type, or its package at top level.
fn scope<'a>(outer_type: &'a str, package: &'a str) -> &'a str {
    if outer_type.is_empty() {
        package
    } else {
        outer_type
    }
}

/// Takes `wanted`, or `wanted` with as many `_` appended as it needs to be free.
fn claim(taken: &mut HashSet<String>, mut wanted: String) -> String {
    while taken.contains(&wanted) {
        wanted.push('_');
    }
    taken.insert(wanted.clone());
    wanted
}

/// Splits an identifier into words at `_` and at case changes (`HTTPServer2d` → HTTP, Server2d).
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if c.is_ascii_uppercase() && !word.is_empty() {
            let previous = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if previous.is_ascii_lowercase()
                || previous.is_ascii_digit()
                || (previous.is_ascii_uppercase() && next_lower)
            {
                words.push(std::mem::take(&mut word));
            }
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `ResourceKind` → `RESOURCE_KIND`.
pub(super) fn upper_snake(name: &str) -> String {
    let words: Vec<String> = words(name).iter().map(|w| w.to_ascii_uppercase()).collect();
    if words.is_empty() {
        "ENUM".to_string()
    } else {
        words.join("_")
    }
}

/// `ResourceNode` → `resource_node`.
pub(super) fn lower_snake(name: &str) -> String {
    let words: Vec<String> = words(name).iter().map(|w| w.to_ascii_lowercase()).collect();
    words.join("_")
}

/// `write_acl` → `WriteAcl`.
pub(super) fn camel(name: &str) -> String {
    let mut out = String::new();
    for word in name.split('_') {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() {
        out.push_str("Field");
    }
    out
}

/// The JSON name protobuf derives from a field name (`foo_bar` → `fooBar`).
fn json_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_conversions() {
        assert_eq!(upper_snake("ResourceKind"), "RESOURCE_KIND");
        assert_eq!(upper_snake("HTTPServer"), "HTTP_SERVER");
        assert_eq!(upper_snake("Vec3f"), "VEC3F");
        assert_eq!(upper_snake("already_snake"), "ALREADY_SNAKE");
        assert_eq!(upper_snake("Other0"), "OTHER0");
        assert_eq!(lower_snake("ResourceNode"), "resource_node");
        assert_eq!(lower_snake("improbable"), "improbable");
        assert_eq!(camel("write_acl"), "WriteAcl");
        assert_eq!(camel("stats"), "Stats");
        assert_eq!(camel("_"), "Field");
        assert_eq!(json_name("foo_bar"), "fooBar");
        assert_eq!(json_name("foo_"), "foo");
    }

    #[test]
    fn claim_appends_underscores() {
        let mut taken = HashSet::new();
        assert_eq!(claim(&mut taken, "a".into()), "a");
        assert_eq!(claim(&mut taken, "a".into()), "a_");
        assert_eq!(claim(&mut taken, "a".into()), "a__");
    }
}
