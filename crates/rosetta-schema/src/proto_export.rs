//! `.proto` export of a compiled schema: SpatialOS schema data is protobuf wire format with field
//! number = field id, so a `.proto` description lets any protobuf tool read Rosetta's (and the
//! SpatialOS SDK's) bytes.
//!
//! The mapping, chosen so that bytes written by the SpatialOS SDK decode with no unknown fields:
//!
//! - one `proto2` file per schema file (`game/player.schema` → `game/player.proto`), package =
//!   schema package, imports mirroring the schema imports (plus any file whose declarations are
//!   used without an import); proto2 because SpatialOS enums may start at any value and because
//!   it keeps explicit presence;
//! - a type becomes a message, nested types and enums nested; a component becomes a message of
//!   the same name whose fields are its inline fields or those of its `data` type (events and
//!   commands are comments: their payloads are ordinary messages);
//! - field numbers and names are the schema's; `T` and `option<T>` → `optional T`, `list<T>` →
//!   `repeated T` (never declared packed: proto2 parsers read both forms), `map<K, V>` →
//!   `repeated <Field>Entry` with a nested `<Field>Entry { optional K key = 1; optional V value =
//!   2; }` (protobuf's `map<>` forbids the float, bytes, enum and message keys SpatialOS allows;
//!   the wire form is identical);
//! - primitives keep their protobuf names, `EntityId` → `int64`, `Entity` → `rosetta.Entity` in
//!   `rosetta/entity.proto`: a message with `extensions 1 to max;` that every component extends
//!   with field number = component id, beside its message. Extensions rather than plain fields
//!   keep `rosetta/entity.proto` free of imports, so a file may both declare components and use
//!   `Entity` without an import cycle;
//! - enum values are prefixed with the enum name in UPPER_SNAKE (`Team.RED` → `TEAM_RED`),
//!   because protobuf scopes enum values like C++; values above `i32::MAX` are written as the
//!   `int32` with the same bits (the wire varint decodes to it); shared numbers get
//!   `allow_alias`;
//! - references are fully qualified (`.improbable.Coordinates`); names that would clash in a
//!   protobuf scope get `_` appended (see `names.rs`), and a message whose fields' default JSON
//!   names clash gives every field its schema name as `json_name`;
//! - protobuf cannot declare field numbers 19000 to 19999 (and 2^29 and above for component
//!   ids); such fields are left out with a comment and decode as unknown fields.

mod names;
#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use rosetta_bundle::{
    ComponentDef, EnumDef, FieldDef, FieldType, PrimitiveType, SchemaBundle, SchemaFile, SourceRef,
    TypeDef, TypeRef,
};

use names::{Names, ENTITY_NAME, ENTITY_PACKAGE};

/// Path of the shared file that declares `rosetta.Entity`.
pub const ENTITY_PROTO_PATH: &str = "rosetta/entity.proto";

/// The `.proto` path of a schema file: `game/player.schema` → `game/player.proto`.
pub fn proto_path(canonical_path: &str) -> String {
    let stem = canonical_path
        .strip_suffix(".schema")
        .unwrap_or(canonical_path);
    format!("{stem}.proto")
}

/// Exports a compiled schema as `.proto` files: one per schema file ([`proto_path`]), plus
/// [`ENTITY_PROTO_PATH`] when the bundle has a component or uses `Entity`. Each item is the
/// file's path (relative, `/`-separated, also the name imports use) and its text. The output is
/// deterministic and sorted by path.
///
/// ```
/// use rosetta_schema::{compile_sources, proto_files, SourceFile};
/// let compiled = compile_sources(vec![SourceFile {
///     canonical_path: "game/player.schema".into(),
///     text: "package game; component Player { id = 1000; map<float, string> tags = 1; }".into(),
/// }])
/// .expect("compiles");
/// let files = proto_files(compiled.bundle());
/// let (path, text) = &files[0];
/// assert_eq!(path, "game/player.proto");
/// assert!(text.contains("repeated TagsEntry tags = 1;"));
/// assert!(text.contains("optional .game.Player game_player = 1000;"));
/// ```
pub fn proto_files(bundle: &SchemaBundle) -> Vec<(String, String)> {
    let index = Index::new(bundle);
    let mut files: Vec<(String, String)> = bundle
        .schema_files
        .iter()
        .map(|file| (proto_path(&file.canonical_path), index.file(file)))
        .collect();
    let any_component = bundle.schema_files.iter().any(|f| !f.components.is_empty());
    if any_component || index.uses_entity {
        files.push((ENTITY_PROTO_PATH.to_string(), entity_file()));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// A nested or top-level declaration, in source order.
#[derive(Clone, Copy)]
enum Decl<'a> {
    Type(&'a TypeDef),
    Enum(&'a EnumDef),
    Component(&'a ComponentDef),
}

impl Decl<'_> {
    fn position(&self) -> SourceRef {
        match self {
            Decl::Type(d) => d.source_reference,
            Decl::Enum(d) => d.source_reference,
            Decl::Component(d) => d.source_reference,
        }
    }
}

/// Lookups over the whole bundle.
struct Index<'a> {
    names: Names,
    /// Types by qualified name.
    types: HashMap<&'a str, &'a TypeDef>,
    /// The `.proto` file that declares each type and enum.
    files: HashMap<&'a str, String>,
    /// Nested types and enums by the qualified name of their enclosing type, in source order.
    children: HashMap<&'a str, Vec<Decl<'a>>>,
    /// Whether any field anywhere holds an `Entity`.
    uses_entity: bool,
}

impl<'a> Index<'a> {
    fn new(bundle: &'a SchemaBundle) -> Self {
        let mut index = Index {
            names: Names::new(bundle),
            types: HashMap::new(),
            files: HashMap::new(),
            children: HashMap::new(),
            uses_entity: false,
        };
        for file in &bundle.schema_files {
            let path = proto_path(&file.canonical_path);
            for def in &file.types {
                index.types.insert(&def.qualified_name, def);
                index.files.insert(&def.qualified_name, path.clone());
                if !def.outer_type.is_empty() {
                    let children = index.children.entry(&def.outer_type).or_default();
                    children.push(Decl::Type(def));
                }
            }
            for def in &file.enums {
                index.files.insert(&def.qualified_name, path.clone());
                if !def.outer_type.is_empty() {
                    let children = index.children.entry(&def.outer_type).or_default();
                    children.push(Decl::Enum(def));
                }
            }
            let fields = file
                .types
                .iter()
                .flat_map(|t| &t.fields)
                .chain(file.components.iter().flat_map(|c| &c.fields));
            index.uses_entity |= fields.flat_map(type_refs).any(is_entity);
        }
        for children in index.children.values_mut() {
            children.sort_by_key(Decl::position);
        }
        index
    }

    /// The fields of a component's message: inline, or those of its `data` type.
    fn component_fields(&self, def: &'a ComponentDef) -> &'a [FieldDef] {
        if def.data_definition.is_empty() {
            &def.fields
        } else {
            self.types
                .get(def.data_definition.as_str())
                .map_or(&[][..], |t| &t.fields[..])
        }
    }

    /// The text of one schema file's `.proto`.
    fn file(&self, file: &'a SchemaFile) -> String {
        let package = file.package.name.as_str();
        let mut decls: Vec<Decl> = file
            .types
            .iter()
            .filter(|d| d.outer_type.is_empty())
            .map(Decl::Type)
            .chain(
                file.enums
                    .iter()
                    .filter(|d| d.outer_type.is_empty())
                    .map(Decl::Enum),
            )
            .chain(file.components.iter().map(Decl::Component))
            .collect();
        decls.sort_by_key(Decl::position);

        let mut out = String::new();
        let _ = writeln!(
            out,
            "// Generated by Rosetta from {}; wire-compatible with SpatialOS schema data.",
            file.canonical_path
        );
        out.push_str("syntax = \"proto2\";\n");
        if !package.is_empty() {
            let _ = writeln!(out, "\npackage {package};");
        }
        let imports = self.imports(file);
        if !imports.is_empty() {
            out.push('\n');
            for import in imports {
                let _ = writeln!(out, "import \"{import}\";");
            }
        }
        for decl in decls {
            out.push('\n');
            match decl {
                Decl::Type(def) => self.type_message(&mut out, 0, def),
                Decl::Enum(def) => self.enum_(&mut out, 0, def),
                Decl::Component(def) => self.component(&mut out, def),
            }
        }
        self.extensions(&mut out, file);
        out
    }

    /// The schema imports, then any other file whose declarations are used, then the entity file.
    fn imports(&self, file: &'a SchemaFile) -> Vec<String> {
        let own = proto_path(&file.canonical_path);
        let mut imports: Vec<String> = Vec::new();
        for import in &file.imports {
            let path = proto_path(&import.path);
            if path != own && !imports.contains(&path) {
                imports.push(path);
            }
        }
        let fields = file.types.iter().flat_map(|t| &t.fields).chain(
            file.components
                .iter()
                .flat_map(|c| self.component_fields(c)),
        );
        let mut needed = BTreeSet::new();
        let mut entity = file
            .components
            .iter()
            .any(|c| is_valid_field_number(c.component_id));
        for ty in fields.flat_map(type_refs) {
            match ty {
                TypeRef::Enum(name) | TypeRef::Type(name) => {
                    if let Some(path) = self.files.get(name.as_str()) {
                        needed.insert(path.clone());
                    }
                }
                TypeRef::Primitive(p) => entity |= *p == PrimitiveType::Entity,
            }
        }
        if entity {
            needed.insert(ENTITY_PROTO_PATH.to_string());
        }
        for path in needed {
            if path != own && !imports.contains(&path) {
                imports.push(path);
            }
        }
        imports
    }

    fn type_message(&self, out: &mut String, depth: usize, def: &'a TypeDef) {
        self.message(out, depth, &def.name, &def.qualified_name, &def.fields);
    }

    fn component(&self, out: &mut String, def: &'a ComponentDef) {
        let _ = writeln!(
            out,
            "// Component `{}`, id {}.",
            def.qualified_name, def.component_id
        );
        if !def.data_definition.is_empty() {
            let _ = writeln!(out, "// Its fields are those of `{}`.", def.data_definition);
        }
        for event in &def.events {
            let _ = writeln!(
                out,
                "// Event {} `{}`: .{}",
                event.event_index, event.name, event.type_name
            );
        }
        for command in &def.commands {
            let _ = writeln!(
                out,
                "// Command {} `{}`: request .{}, response .{}",
                command.command_index, command.name, command.request_type, command.response_type
            );
        }
        let fields = self.component_fields(def);
        self.message(out, 0, &def.name, &def.qualified_name, fields);
    }

    fn message(
        &self,
        out: &mut String,
        depth: usize,
        name: &str,
        qualified: &str,
        fields: &[FieldDef],
    ) {
        let pad = "  ".repeat(depth);
        let inner = "  ".repeat(depth + 1);
        let names = self.names.message(qualified, fields);
        let _ = writeln!(out, "{pad}message {name} {{");
        for (i, field) in fields.iter().enumerate() {
            let Some(field_name) = names.fields.get(i) else {
                continue;
            };
            if !is_valid_field_number(field.field_id) {
                let _ = writeln!(
                    out,
                    "{inner}// `{} {} = {}` left out: protobuf reserves field numbers 19000 to 19999.",
                    schema_field_type(&field.ty),
                    field.name,
                    field.field_id
                );
                continue;
            }
            let (label, ty) = match &field.ty {
                FieldType::Singular(t) | FieldType::Option(t) => ("optional", proto_type(t)),
                FieldType::List(t) => ("repeated", proto_type(t)),
                FieldType::Map(..) => (
                    "repeated",
                    names.entries.get(i).cloned().flatten().unwrap_or_default(),
                ),
            };
            let json = if names.explicit_json {
                format!(" [json_name = \"{}\"]", field.name)
            } else {
                String::new()
            };
            let _ = write!(
                out,
                "{inner}{label} {ty} {field_name} = {}{json};",
                field.field_id
            );
            if needs_type_comment(&field.ty) {
                let _ = write!(out, " // {}", schema_field_type(&field.ty));
            }
            out.push('\n');
        }
        for (i, field) in fields.iter().enumerate() {
            let (FieldType::Map(key, value), Some(Some(entry))) = (&field.ty, names.entries.get(i))
            else {
                continue;
            };
            if !is_valid_field_number(field.field_id) {
                continue;
            }
            let _ = writeln!(out, "{inner}message {entry} {{");
            let _ = writeln!(out, "{inner}  optional {} key = 1;", proto_type(key));
            let _ = writeln!(out, "{inner}  optional {} value = 2;", proto_type(value));
            let _ = writeln!(out, "{inner}}}");
        }
        for child in self.children.get(qualified).into_iter().flatten() {
            match child {
                Decl::Type(def) => self.type_message(out, depth + 1, def),
                Decl::Enum(def) => self.enum_(out, depth + 1, def),
                Decl::Component(_) => {}
            }
        }
        let _ = writeln!(out, "{pad}}}");
    }

    fn enum_(&self, out: &mut String, depth: usize, def: &EnumDef) {
        let pad = "  ".repeat(depth);
        let _ = writeln!(out, "{pad}enum {} {{", def.name);
        let mut numbers = BTreeSet::new();
        if !def.values.iter().all(|v| numbers.insert(v.value)) {
            let _ = writeln!(out, "{pad}  option allow_alias = true;");
        }
        for (i, value) in def.values.iter().enumerate() {
            let fallback = format!("{}_{}", names::upper_snake(&def.name), value.name);
            let name = self
                .names
                .enum_value(&def.qualified_name, i)
                .unwrap_or(&fallback);
            // Protobuf enums are int32; the uint32 varint SpatialOS writes decodes to the same bits.
            let number = value.value as i32;
            let _ = write!(out, "{pad}  {name} = {number};");
            if number < 0 {
                let _ = write!(out, " // {} as uint32", value.value);
            }
            out.push('\n');
        }
        let _ = writeln!(out, "{pad}}}");
    }

    /// The `extend .rosetta.Entity { … }` block declaring the file's components as entity fields.
    fn extensions(&self, out: &mut String, file: &SchemaFile) {
        if file.components.is_empty() {
            return;
        }
        out.push_str(
            "\n// The components of this file as fields of an `Entity` (field number = component id).\n",
        );
        let (valid, invalid): (Vec<&ComponentDef>, Vec<&ComponentDef>) = file
            .components
            .iter()
            .partition(|c| is_valid_field_number(c.component_id));
        for def in invalid {
            let _ = writeln!(
                out,
                "// `{}` (id {}) left out: protobuf field numbers go from 1 to 536870911 without 19000 to 19999.",
                def.qualified_name, def.component_id
            );
        }
        if valid.is_empty() {
            return;
        }
        let _ = writeln!(out, "extend .{ENTITY_PACKAGE}.{ENTITY_NAME} {{");
        for def in valid {
            let fallback = names::lower_snake(&def.name);
            let name = self
                .names
                .extension(&def.qualified_name)
                .unwrap_or(&fallback);
            let _ = writeln!(
                out,
                "  optional .{} {name} = {};",
                def.qualified_name, def.component_id
            );
        }
        out.push_str("}\n");
    }
}

/// The text of `rosetta/entity.proto`.
fn entity_file() -> String {
    format!(
        "// Generated by Rosetta; wire-compatible with SpatialOS schema data.\n\
         syntax = \"proto2\";\n\
         \n\
         package {ENTITY_PACKAGE};\n\
         \n\
         // The schema primitive `Entity`: the data of a set of components, each at the field number\n\
         // of its component id. Every component is declared as an extension of this message beside\n\
         // its own message (`extend .rosetta.Entity`), so this file imports nothing.\n\
         message {ENTITY_NAME} {{\n  extensions 1 to max;\n}}\n"
    )
}

/// Whether protobuf allows `n` as a field number.
fn is_valid_field_number(n: u32) -> bool {
    (1..(1 << 29)).contains(&n) && !(19000..=19999).contains(&n)
}

/// The types a field refers to.
fn type_refs(field: &FieldDef) -> Vec<&TypeRef> {
    match &field.ty {
        FieldType::Singular(t) | FieldType::Option(t) | FieldType::List(t) => vec![t],
        FieldType::Map(k, v) => vec![k, v],
    }
}

fn is_entity(ty: &TypeRef) -> bool {
    *ty == TypeRef::Primitive(PrimitiveType::Entity)
}

/// The protobuf spelling of a schema type.
fn proto_type(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Primitive(p) => match p {
            PrimitiveType::EntityId => "int64".to_string(),
            PrimitiveType::Entity => format!(".{ENTITY_PACKAGE}.{ENTITY_NAME}"),
            // Never in a compiled schema; bytes accepts any length-delimited payload.
            PrimitiveType::Invalid => "bytes".to_string(),
            other => other.keyword().unwrap_or("bytes").to_string(),
        },
        TypeRef::Enum(name) | TypeRef::Type(name) => format!(".{name}"),
    }
}

/// The schema spelling of a type (`EntityId`, `game.Team`).
fn schema_type(ty: &TypeRef) -> &str {
    match ty {
        TypeRef::Primitive(p) => p.keyword().unwrap_or("invalid"),
        TypeRef::Enum(name) | TypeRef::Type(name) => name,
    }
}

/// The schema spelling of a field's type (`option<EntityId>`).
fn schema_field_type(ty: &FieldType) -> String {
    match ty {
        FieldType::Singular(t) => schema_type(t).to_string(),
        FieldType::Option(t) => format!("option<{}>", schema_type(t)),
        FieldType::List(t) => format!("list<{}>", schema_type(t)),
        FieldType::Map(k, v) => format!("map<{}, {}>", schema_type(k), schema_type(v)),
    }
}

/// Whether a field's protobuf declaration hides its schema type (options, maps, entity ids).
fn needs_type_comment(ty: &FieldType) -> bool {
    let entity_id = |t: &TypeRef| *t == TypeRef::Primitive(PrimitiveType::EntityId);
    match ty {
        FieldType::Singular(t) | FieldType::List(t) => entity_id(t),
        FieldType::Option(_) | FieldType::Map(..) => true,
    }
}
