//! Bundle JSON (`--bundle_json_out`): the proto3 JSON form of the bundle, written byte for byte as
//! the schema compiler's protobuf `JsonObjectWriter` printed it, and read back leniently.
//!
//! Every key is printed even when default, in field-number order; 64-bit integers are JSON
//! strings; bytes are standard base64 with padding; `PrimitiveType` is printed by name; floats
//! as C++ `SimpleFtoa`/`SimpleDtoa` print them (`2.0` is `2`). The pretty form puts every value on
//! its own line, indents one space per level, writes `": "` between key and value, prints empty
//! containers as `[]`/`{}` and ends with a newline; the compact form has no whitespace at all.

mod read;
mod text;

pub(crate) use read::from_json;

use crate::model::*;
use base64::Engine as _;
use text::{push_escaped, push_f32, push_f64, push_i64, push_u64};

/// Which compiler's bundle JSON to write. Binary bundles do not depend on it (see
/// [`encode`](crate::encode)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum BundleFormat {
    /// Worker SDK 15.x: fields have no `transient` key; every file has a `componentSets` key.
    #[default]
    V15,
    /// Worker SDK 14.x: every field has `"transient": bool`; files have no `componentSets` key
    /// (component sets of the model are not written).
    V14,
    /// The first 15.x compilers: every file has a `componentSets` key and every field still has
    /// `"transient": bool` (two of the GDK's v15-era fixtures were written this way).
    V15Early,
}

impl BundleFormat {
    /// Whether fields carry a `transient` key.
    pub fn writes_transient(self) -> bool {
        matches!(self, Self::V14 | Self::V15Early)
    }

    /// Whether files carry a `componentSets` key.
    pub fn writes_component_sets(self) -> bool {
        matches!(self, Self::V15 | Self::V15Early)
    }
}

/// The whitespace of written JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JsonStyle {
    /// No whitespace and no final newline: `{"schemaFiles":[...]}`.
    Compact,
    /// One value per line, `indent` spaces per level, `": "` after keys, a final newline. The
    /// compiler used `indent: 1`.
    Pretty {
        /// Spaces per nesting level.
        indent: usize,
    },
}

impl Default for JsonStyle {
    fn default() -> Self {
        Self::Pretty { indent: 1 }
    }
}

/// Writes `bundle` as pretty-printed bundle JSON, exactly as the schema compiler did (one-space
/// indentation, final newline).
pub fn to_json(bundle: &SchemaBundle, format: BundleFormat) -> String {
    to_json_styled(bundle, format, JsonStyle::default())
}

/// Writes `bundle` as bundle JSON without any whitespace.
pub fn to_json_compact(bundle: &SchemaBundle, format: BundleFormat) -> String {
    to_json_styled(bundle, format, JsonStyle::Compact)
}

/// Writes `bundle` as bundle JSON in the given style.
pub fn to_json_styled(bundle: &SchemaBundle, format: BundleFormat, style: JsonStyle) -> String {
    let mut w = Writer::new(format, style);
    w.bundle_start();
    for file in &bundle.schema_files {
        w.file(file);
    }
    w.bundle_end();
    w.out
}

/// Streams `bundle` as bundle JSON to `out`, one schema file at a time.
pub fn write_json<W: std::io::Write>(
    bundle: &SchemaBundle,
    format: BundleFormat,
    style: JsonStyle,
    mut out: W,
) -> std::io::Result<()> {
    const FLUSH_AT: usize = 1 << 16;
    let mut w = Writer::new(format, style);
    w.bundle_start();
    for file in &bundle.schema_files {
        w.file(file);
        if w.out.len() >= FLUSH_AT {
            out.write_all(w.out.as_bytes())?;
            w.out.clear();
        }
    }
    w.bundle_end();
    out.write_all(w.out.as_bytes())
}

/// A JSON printer with the state machine of protobuf's `JsonObjectWriter`: a comma and a
/// newline before every element but the first of a container, a newline before the closing
/// bracket of a non-empty container, and a newline after the root.
struct Writer {
    out: String,
    format: BundleFormat,
    /// Spaces per level; `None` for compact output.
    indent: Option<usize>,
    depth: usize,
    first: bool,
}

const SPACES: &str = "                                                                ";

impl Writer {
    fn new(format: BundleFormat, style: JsonStyle) -> Self {
        Self {
            out: String::with_capacity(1 << 12),
            format,
            indent: match style {
                JsonStyle::Compact => None,
                JsonStyle::Pretty { indent } => Some(indent),
            },
            depth: 0,
            first: true,
        }
    }

    fn newline(&mut self) {
        if let Some(indent) = self.indent {
            self.out.push('\n');
            let mut n = indent * self.depth;
            while n > 0 {
                let chunk = n.min(SPACES.len());
                self.out.push_str(&SPACES[..chunk]);
                n -= chunk;
            }
        }
    }

    /// Comma, newline and `"key": ` before a value. Keys are fixed ASCII names.
    fn prefix(&mut self, key: Option<&str>) {
        let not_first = !self.first;
        if not_first {
            self.out.push(',');
        }
        if not_first || self.depth > 0 {
            self.newline();
        }
        self.first = false;
        if let Some(key) = key {
            self.out.push('"');
            self.out.push_str(key);
            self.out
                .push_str(if self.indent.is_some() { "\": " } else { "\":" });
        }
    }

    fn open(&mut self, key: Option<&str>, bracket: char) {
        self.prefix(key);
        self.out.push(bracket);
        self.depth += 1;
        self.first = true;
    }

    fn close(&mut self, bracket: char) {
        let non_empty = !self.first;
        self.depth = self.depth.saturating_sub(1);
        if non_empty {
            self.newline();
        }
        self.out.push(bracket);
        self.first = false;
        if self.depth == 0 {
            self.newline();
        }
    }

    fn obj(&mut self, key: &str) {
        self.open(Some(key), '{');
    }

    fn list(&mut self, key: &str) {
        self.open(Some(key), '[');
    }

    fn item(&mut self) {
        self.open(None, '{');
    }

    fn end_obj(&mut self) {
        self.close('}');
    }

    fn end_list(&mut self) {
        self.close(']');
    }

    fn str(&mut self, key: &str, value: &str) {
        self.prefix(Some(key));
        self.out.push('"');
        push_escaped(&mut self.out, value);
        self.out.push('"');
    }

    fn uint(&mut self, key: &str, value: u32) {
        self.prefix(Some(key));
        push_u64(&mut self.out, u64::from(value));
    }

    fn boolean(&mut self, key: &str, value: bool) {
        self.prefix(Some(key));
        self.out.push_str(if value { "true" } else { "false" });
    }

    /// A 64-bit integer, quoted as proto3 JSON requires.
    fn quoted_i64(&mut self, key: &str, value: i64) {
        self.prefix(Some(key));
        self.out.push('"');
        push_i64(&mut self.out, value);
        self.out.push('"');
    }

    fn bundle_start(&mut self) {
        self.open(None, '{');
        self.list("schemaFiles");
    }

    fn bundle_end(&mut self) {
        self.end_list();
        self.end_obj();
    }

    fn source_ref(&mut self, s: SourceRef) {
        self.obj("sourceReference");
        self.uint("line", s.line);
        self.uint("column", s.column);
        self.end_obj();
    }

    fn file(&mut self, f: &SchemaFile) {
        self.item();
        self.str("canonicalPath", &f.canonical_path);
        self.obj("package");
        self.source_ref(f.package.source_reference);
        self.str("name", &f.package.name);
        self.end_obj();
        self.list("imports");
        for i in &f.imports {
            self.item();
            self.source_ref(i.source_reference);
            self.str("path", &i.path);
            self.end_obj();
        }
        self.end_list();
        self.list("enums");
        for e in &f.enums {
            self.enum_def(e);
        }
        self.end_list();
        self.list("types");
        for t in &f.types {
            self.item();
            self.source_ref(t.source_reference);
            self.annotations(&t.annotations);
            self.str("qualifiedName", &t.qualified_name);
            self.str("name", &t.name);
            self.str("outerType", &t.outer_type);
            self.fields(&t.fields);
            self.end_obj();
        }
        self.end_list();
        self.list("components");
        for c in &f.components {
            self.component(c);
        }
        self.end_list();
        if self.format.writes_component_sets() {
            self.list("componentSets");
            for s in &f.component_sets {
                self.component_set(s);
            }
            self.end_list();
        }
        self.end_obj();
    }

    fn enum_def(&mut self, e: &EnumDef) {
        self.item();
        self.source_ref(e.source_reference);
        self.annotations(&e.annotations);
        self.str("qualifiedName", &e.qualified_name);
        self.str("name", &e.name);
        self.str("outerType", &e.outer_type);
        self.list("values");
        for v in &e.values {
            self.item();
            self.source_ref(v.source_reference);
            self.annotations(&v.annotations);
            self.str("name", &v.name);
            self.uint("value", v.value);
            self.end_obj();
        }
        self.end_list();
        self.end_obj();
    }

    fn component(&mut self, c: &ComponentDef) {
        self.item();
        self.source_ref(c.source_reference);
        self.annotations(&c.annotations);
        self.str("qualifiedName", &c.qualified_name);
        self.str("name", &c.name);
        self.uint("componentId", c.component_id);
        self.str("dataDefinition", &c.data_definition);
        self.fields(&c.fields);
        self.list("events");
        for e in &c.events {
            self.item();
            self.source_ref(e.source_reference);
            self.annotations(&e.annotations);
            self.str("name", &e.name);
            self.str("type", &e.type_name);
            self.uint("eventIndex", e.event_index);
            self.end_obj();
        }
        self.end_list();
        self.list("commands");
        for k in &c.commands {
            self.item();
            self.source_ref(k.source_reference);
            self.annotations(&k.annotations);
            self.str("name", &k.name);
            self.str("requestType", &k.request_type);
            self.str("responseType", &k.response_type);
            self.uint("commandIndex", k.command_index);
            self.end_obj();
        }
        self.end_list();
        self.end_obj();
    }

    fn component_set(&mut self, s: &ComponentSetDef) {
        self.item();
        self.source_ref(s.source_reference);
        self.annotations(&s.annotations);
        self.str("qualifiedName", &s.qualified_name);
        self.str("name", &s.name);
        self.uint("componentSetId", s.component_set_id);
        self.obj("componentList");
        self.source_ref(s.component_list.source_reference);
        self.annotations(&s.component_list.annotations);
        self.list("components");
        for r in &s.component_list.components {
            self.item();
            self.source_ref(r.source_reference);
            self.str("component", &r.component);
            self.end_obj();
        }
        self.end_list();
        self.end_obj();
        self.end_obj();
    }

    fn fields(&mut self, fields: &[FieldDef]) {
        self.list("fields");
        for f in fields {
            self.item();
            self.source_ref(f.source_reference);
            self.annotations(&f.annotations);
            self.str("name", &f.name);
            self.uint("fieldId", f.field_id);
            if self.format.writes_transient() {
                self.boolean("transient", f.transient);
            }
            match &f.ty {
                FieldType::Singular(t) => {
                    self.obj("singularType");
                    self.type_ref("type", t);
                }
                FieldType::Option(t) => {
                    self.obj("optionType");
                    self.type_ref("innerType", t);
                }
                FieldType::List(t) => {
                    self.obj("listType");
                    self.type_ref("innerType", t);
                }
                FieldType::Map(k, v) => {
                    self.obj("mapType");
                    self.type_ref("keyType", k);
                    self.type_ref("valueType", v);
                }
            }
            self.end_obj();
            self.end_obj();
        }
        self.end_list();
    }

    fn type_ref(&mut self, key: &str, t: &TypeRef) {
        self.obj(key);
        match t {
            TypeRef::Primitive(p) => self.str("primitive", p.bundle_name()),
            TypeRef::Enum(name) => self.str("enum", name),
            TypeRef::Type(name) => self.str("type", name),
        }
        self.end_obj();
    }

    fn annotations(&mut self, annotations: &[Annotation]) {
        self.list("annotations");
        for a in annotations {
            self.item();
            self.source_ref(a.source_reference);
            self.type_value("typeValue", &a.type_value);
            self.end_obj();
        }
        self.end_list();
    }

    fn type_value(&mut self, key: &str, t: &TypeValue) {
        self.obj(key);
        self.str("type", &t.type_name);
        self.list("fields");
        for f in &t.fields {
            self.item();
            self.source_ref(f.source_reference);
            self.str("name", &f.name);
            self.value(Some("value"), &f.value);
            self.end_obj();
        }
        self.end_list();
        self.end_obj();
    }

    fn value(&mut self, key: Option<&str>, v: &Value) {
        self.open(key, '{');
        self.source_ref(v.source_reference);
        match &v.kind {
            ValueKind::Bool(b) => self.boolean("boolValue", *b),
            ValueKind::Uint32(n) => self.uint("uint32Value", *n),
            ValueKind::Uint64(n) => {
                self.prefix(Some("uint64Value"));
                self.out.push('"');
                push_u64(&mut self.out, *n);
                self.out.push('"');
            }
            ValueKind::Int32(n) => {
                self.prefix(Some("int32Value"));
                push_i64(&mut self.out, i64::from(*n));
            }
            ValueKind::Int64(n) => self.quoted_i64("int64Value", *n),
            ValueKind::Float(x) => {
                self.prefix(Some("floatValue"));
                push_f32(&mut self.out, *x);
            }
            ValueKind::Double(x) => {
                self.prefix(Some("doubleValue"));
                push_f64(&mut self.out, *x);
            }
            ValueKind::String(s) => self.str("stringValue", s),
            ValueKind::Bytes(b) => {
                self.prefix(Some("bytesValue"));
                self.out.push('"');
                base64::engine::general_purpose::STANDARD.encode_string(b, &mut self.out);
                self.out.push('"');
            }
            ValueKind::EntityId(n) => self.quoted_i64("entityIdValue", *n),
            ValueKind::Enum { enum_name, value } => {
                self.obj("enumValue");
                self.str("enum", enum_name);
                self.str("value", value);
                self.end_obj();
            }
            ValueKind::Type(t) => self.type_value("typeValue", t),
            ValueKind::Option(inner) => {
                self.obj("optionValue");
                if let Some(inner) = inner {
                    self.value(Some("value"), inner);
                }
                self.end_obj();
            }
            ValueKind::List(values) => {
                self.obj("listValue");
                self.list("values");
                for v in values {
                    self.value(None, v);
                }
                self.end_list();
                self.end_obj();
            }
            ValueKind::Map(entries) => {
                self.obj("mapValue");
                self.list("values");
                for (k, v) in entries {
                    self.item();
                    self.value(Some("key"), k);
                    self.value(Some("value"), v);
                    self.end_obj();
                }
                self.end_list();
                self.end_obj();
            }
        }
        self.end_obj();
    }
}

#[cfg(test)]
mod tests;
