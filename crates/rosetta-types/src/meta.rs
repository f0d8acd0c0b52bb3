//! Metadata shared by types, fields, constants, events and commands: doc string, source position
//! and attributes (compiled schema annotations, Flecs units, O3DE edit attributes).

use std::sync::Arc;

/// A position in a source file, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SourcePos {
    /// The file (e.g. a schema file's canonical path), shared by every position in it.
    pub file: Option<Arc<str>>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

impl SourcePos {
    /// A position without a file.
    pub fn new(line: u32, column: u32) -> Self {
        SourcePos {
            file: None,
            line,
            column,
        }
    }

    /// The same position in `file`.
    pub fn in_file(mut self, file: Arc<str>) -> Self {
        self.file = Some(file);
        self
    }
}

/// A typed attribute value. The variants mirror the values of SpatialOS annotations (the
/// bundle's `Value` message: 64-bit integers, enum values by name, type instances, lists, options
/// and maps), which also covers simpler attributes such as a Flecs unit (`String`) or range
/// (`List` of two `F64`).
#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    /// `true` / `false`.
    Bool(bool),
    /// A 32-bit signed integer (`int32`, `sint32`, `sfixed32`).
    I32(i32),
    /// A 64-bit signed integer (`int64`, `sint64`, `sfixed64`).
    I64(i64),
    /// A 32-bit unsigned integer (`uint32`, `fixed32`).
    U32(u32),
    /// A 64-bit unsigned integer (`uint64`, `fixed64`).
    U64(u64),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
    /// A string.
    String(Box<str>),
    /// A byte string.
    Bytes(Box<[u8]>),
    /// An entity id.
    EntityId(i64),
    /// An enum value by name: `Enum.VALUE`.
    Enum {
        /// The enum's qualified name.
        enum_name: Box<str>,
        /// The value's name.
        value: Box<str>,
    },
    /// An instance of a type: `Type(a = 1, b = "x")`.
    Object(Box<AttrObject>),
    /// A list literal.
    List(Vec<AttrValue>),
    /// An option: empty or one value.
    Option(Option<Box<AttrValue>>),
    /// A map literal, entries in source order.
    Map(Vec<(AttrValue, AttrValue)>),
}

/// An instance of a type inside an attribute: the type's qualified name and its fields by name.
#[derive(Debug, Clone, PartialEq)]
pub struct AttrObject {
    /// The type's qualified name.
    pub type_name: Box<str>,
    /// The fields that were given, in declaration order.
    pub fields: Vec<(Box<str>, AttrValue)>,
}

impl AttrObject {
    /// The value of the field `name`, if given.
    pub fn field(&self, name: &str) -> Option<&AttrValue> {
        self.fields
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v)
    }
}

/// An attribute: a name and a typed value. A SpatialOS annotation `[a.Icon("x")]` is the attribute
/// named `a.Icon` whose value is an [`AttrValue::Object`] of type `a.Icon`.
///
/// ```
/// use rosetta_types::{AttrObject, AttrValue, Attribute};
/// let icon = Attribute::new(
///     "improbable.gdk.editor.ComponentIcon",
///     AttrValue::Object(Box::new(AttrObject {
///         type_name: "improbable.gdk.editor.ComponentIcon".into(),
///         fields: vec![("icon_name".into(), AttrValue::String("PreTextureRGB".into()))],
///     })),
/// );
/// assert_eq!(icon.name, "improbable.gdk.editor.ComponentIcon".into());
/// let unit = Attribute::new("unit", AttrValue::String("celsius".into()));
/// assert_eq!(unit.value, AttrValue::String("celsius".into()));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The attribute's name (for an annotation, its type's qualified name).
    pub name: Box<str>,
    /// The value.
    pub value: AttrValue,
    /// Where the attribute was written.
    pub source: Option<SourcePos>,
}

impl Attribute {
    /// An attribute without a source position.
    pub fn new(name: impl Into<Box<str>>, value: AttrValue) -> Self {
        Attribute {
            name: name.into(),
            value,
            source: None,
        }
    }

    /// The same attribute written at `source`.
    pub fn with_source(mut self, source: SourcePos) -> Self {
        self.source = Some(source);
        self
    }
}

/// Doc string, source position and attributes of a type, field, constant, event or command.
///
/// ```
/// use rosetta_types::{AttrValue, Attribute, Meta, SourcePos};
/// let meta = Meta::default()
///     .with_doc("Hit points.")
///     .with_source(SourcePos::new(12, 5))
///     .with_attribute(Attribute::new("range", AttrValue::List(vec![AttrValue::F64(0.0), AttrValue::F64(100.0)])));
/// assert!(meta.attribute("range").is_some());
/// assert_eq!(meta.doc.as_deref(), Some("Hit points."));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Meta {
    /// The doc string.
    pub doc: Option<Box<str>>,
    /// Where the item was declared.
    pub source: Option<SourcePos>,
    /// Attributes in declaration order.
    pub attributes: Vec<Attribute>,
}

impl Meta {
    /// With a doc string.
    pub fn with_doc(mut self, doc: impl Into<Box<str>>) -> Self {
        self.doc = Some(doc.into());
        self
    }

    /// With a source position.
    pub fn with_source(mut self, source: SourcePos) -> Self {
        self.source = Some(source);
        self
    }

    /// With one more attribute.
    pub fn with_attribute(mut self, attribute: Attribute) -> Self {
        self.attributes.push(attribute);
        self
    }

    /// The first attribute named `name`.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| &*a.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_fields_and_positions() {
        let object = AttrObject {
            type_name: "a.B".into(),
            fields: vec![("x".into(), AttrValue::I32(2))],
        };
        assert_eq!(object.field("x"), Some(&AttrValue::I32(2)));
        assert_eq!(object.field("y"), None);
        let file: Arc<str> = "a/b.schema".into();
        let pos = SourcePos::new(1, 2).in_file(file.clone());
        assert_eq!(pos.file.as_deref(), Some("a/b.schema"));
        let attribute = Attribute::new("a.B", AttrValue::Object(Box::new(object))).with_source(pos);
        assert_eq!(attribute.source.map(|p| p.line), Some(1));
    }
}
