//! The schema bundle model: the messages of `schema_bundle.proto`, as the SpatialOS schema compiler
//! wrote them with `--bundle_out` (binary protobuf) and `--bundle_json_out` (proto3 JSON).
//!
//! Field order in every struct is the order of the protobuf field numbers, which is also the key
//! order of the JSON form.

/// A position in a `.schema` file, 1-based. `{0, 0}` where the compiler wrote no position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceRef {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

/// The whole bundle: every compiled schema file, sorted by canonical path.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaBundle {
    /// The compiled files.
    pub schema_files: Vec<SchemaFile>,
}

/// One compiled `.schema` file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SchemaFile {
    /// Path relative to the schema root it was found under, with `/` separators.
    pub canonical_path: String,
    /// The `package` statement.
    pub package: Package,
    /// The `import` statements in source order.
    pub imports: Vec<Import>,
    /// Every enum of the file (nested ones included), in pre-order.
    pub enums: Vec<EnumDef>,
    /// Every type of the file (nested ones included), in pre-order.
    pub types: Vec<TypeDef>,
    /// The components in source order.
    pub components: Vec<ComponentDef>,
    /// The component sets (v15 only; never written in the 14.x format).
    pub component_sets: Vec<ComponentSetDef>,
}

/// A `package a.b.c;` statement.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Package {
    /// Position of the `package` keyword.
    pub source_reference: SourceRef,
    /// The dotted package name.
    pub name: String,
}

/// An `import "path";` statement.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Import {
    /// Position of the `import` keyword.
    pub source_reference: SourceRef,
    /// The imported path, relative to a schema root.
    pub path: String,
}

/// An `enum` declaration.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EnumDef {
    /// Position of the `enum` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the enum.
    pub annotations: Vec<Annotation>,
    /// Package, enclosing types and name joined by `.`.
    pub qualified_name: String,
    /// The bare name.
    pub name: String,
    /// Qualified name of the enclosing type, or `""` at top level.
    pub outer_type: String,
    /// The values in source order.
    pub values: Vec<EnumValueDef>,
}

/// One `NAME = N;` of an enum.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EnumValueDef {
    /// Position of the value's name.
    pub source_reference: SourceRef,
    /// Annotations written before the value.
    pub annotations: Vec<Annotation>,
    /// The value's name.
    pub name: String,
    /// The value's number.
    pub value: u32,
}

/// A `type` declaration.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeDef {
    /// Position of the `type` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the type.
    pub annotations: Vec<Annotation>,
    /// Package, enclosing types and name joined by `.`.
    pub qualified_name: String,
    /// The bare name.
    pub name: String,
    /// Qualified name of the enclosing type, or `""` at top level.
    pub outer_type: String,
    /// The fields in source order.
    pub fields: Vec<FieldDef>,
}

/// A field of a type or a component.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDef {
    /// Position of the field's first token (`transient` or the type).
    pub source_reference: SourceRef,
    /// Annotations written before the field.
    pub annotations: Vec<Annotation>,
    /// The field's name.
    pub name: String,
    /// The field number.
    pub field_id: u32,
    /// Whether the field was declared `transient` (14.x format only).
    pub transient: bool,
    /// What the field holds.
    pub ty: FieldType,
}

/// The arity and element types of a field.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldType {
    /// `T name = N;`
    Singular(TypeRef),
    /// `option<T> name = N;`
    Option(TypeRef),
    /// `list<T> name = N;`
    List(TypeRef),
    /// `map<K, V> name = N;`
    Map(TypeRef, TypeRef),
}

/// A reference to a primitive, an enum or a type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeRef {
    /// A built-in type.
    Primitive(PrimitiveType),
    /// A user enum, by qualified name.
    Enum(String),
    /// A user type, by qualified name.
    Type(String),
}

/// The `PrimitiveType` enum of `schema_bundle.proto`; the discriminant is the wire number.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PrimitiveType {
    Invalid = 0,
    Int32 = 1,
    Int64 = 2,
    Uint32 = 3,
    Uint64 = 4,
    Sint32 = 5,
    Sint64 = 6,
    Fixed32 = 7,
    Fixed64 = 8,
    Sfixed32 = 9,
    Sfixed64 = 10,
    Bool = 11,
    Float = 12,
    Double = 13,
    String = 14,
    EntityId = 15,
    Bytes = 16,
    Entity = 17,
}

impl PrimitiveType {
    /// Every primitive, in wire-number order.
    pub const ALL: [PrimitiveType; 18] = [
        Self::Invalid,
        Self::Int32,
        Self::Int64,
        Self::Uint32,
        Self::Uint64,
        Self::Sint32,
        Self::Sint64,
        Self::Fixed32,
        Self::Fixed64,
        Self::Sfixed32,
        Self::Sfixed64,
        Self::Bool,
        Self::Float,
        Self::Double,
        Self::String,
        Self::EntityId,
        Self::Bytes,
        Self::Entity,
    ];

    /// The primitive with this wire number.
    pub fn from_number(n: u64) -> Option<Self> {
        Self::ALL.get(usize::try_from(n).ok()?).copied()
    }

    /// The name used by the bundle JSON (`"Int32"`, `"EntityId"`).
    pub fn bundle_name(self) -> &'static str {
        match self {
            Self::Invalid => "Invalid",
            Self::Int32 => "Int32",
            Self::Int64 => "Int64",
            Self::Uint32 => "Uint32",
            Self::Uint64 => "Uint64",
            Self::Sint32 => "Sint32",
            Self::Sint64 => "Sint64",
            Self::Fixed32 => "Fixed32",
            Self::Fixed64 => "Fixed64",
            Self::Sfixed32 => "Sfixed32",
            Self::Sfixed64 => "Sfixed64",
            Self::Bool => "Bool",
            Self::Float => "Float",
            Self::Double => "Double",
            Self::String => "String",
            Self::EntityId => "EntityId",
            Self::Bytes => "Bytes",
            Self::Entity => "Entity",
        }
    }

    /// The primitive with this bundle JSON name.
    pub fn from_bundle_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.bundle_name() == name)
    }

    /// The keyword used in schema text (`"int32"`, `"EntityId"`); `None` for `Invalid`.
    pub fn keyword(self) -> Option<&'static str> {
        Some(match self {
            Self::Invalid => return None,
            Self::Int32 => "int32",
            Self::Int64 => "int64",
            Self::Uint32 => "uint32",
            Self::Uint64 => "uint64",
            Self::Sint32 => "sint32",
            Self::Sint64 => "sint64",
            Self::Fixed32 => "fixed32",
            Self::Fixed64 => "fixed64",
            Self::Sfixed32 => "sfixed32",
            Self::Sfixed64 => "sfixed64",
            Self::Bool => "bool",
            Self::Float => "float",
            Self::Double => "double",
            Self::String => "string",
            Self::EntityId => "EntityId",
            Self::Bytes => "bytes",
            Self::Entity => "Entity",
        })
    }

    /// The primitive named by this schema keyword.
    pub fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.keyword() == Some(word))
    }
}

/// A `component` declaration.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ComponentDef {
    /// Position of the `component` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the component.
    pub annotations: Vec<Annotation>,
    /// Package and name joined by `.`.
    pub qualified_name: String,
    /// The bare name.
    pub name: String,
    /// The `id = N;` of the component.
    pub component_id: u32,
    /// Qualified name of the `data T;` type, or `""` when fields are inline.
    pub data_definition: String,
    /// Inline fields (empty when `data_definition` is set).
    pub fields: Vec<FieldDef>,
    /// Events in source order.
    pub events: Vec<EventDef>,
    /// Commands in source order.
    pub commands: Vec<CommandDef>,
}

/// An `event T name;` of a component.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventDef {
    /// Position of the `event` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the event.
    pub annotations: Vec<Annotation>,
    /// The event's name.
    pub name: String,
    /// Qualified name of the payload type.
    pub type_name: String,
    /// 1-based position among the component's events.
    pub event_index: u32,
}

/// A `command Resp name(Req);` of a component.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommandDef {
    /// The compiler wrote the enclosing component's position here (a quirk kept for byte equality).
    pub source_reference: SourceRef,
    /// Annotations written before the command.
    pub annotations: Vec<Annotation>,
    /// The command's name.
    pub name: String,
    /// Qualified name of the request type.
    pub request_type: String,
    /// Qualified name of the response type.
    pub response_type: String,
    /// 1-based position among the component's commands.
    pub command_index: u32,
}

/// A `component_set` declaration (v15).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ComponentSetDef {
    /// Position of the `component_set` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the set.
    pub annotations: Vec<Annotation>,
    /// Package and name joined by `.`.
    pub qualified_name: String,
    /// The bare name.
    pub name: String,
    /// The `id = N;` of the set.
    pub component_set_id: u32,
    /// The `components = [...]` list.
    pub component_list: ComponentList,
}

/// The `components = [...];` statement of a component set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ComponentList {
    /// Position of the `components` keyword.
    pub source_reference: SourceRef,
    /// Annotations written before the statement.
    pub annotations: Vec<Annotation>,
    /// The members, sorted by component id as the compiler wrote them.
    pub components: Vec<ComponentRef>,
}

/// One member of a component set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ComponentRef {
    /// Position of the name in the list.
    pub source_reference: SourceRef,
    /// Qualified name of the component.
    pub component: String,
}

/// An annotation `[Type(args)]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// Position of the `[`.
    pub source_reference: SourceRef,
    /// The annotation's value, an instance of its type.
    pub type_value: TypeValue,
}

/// An instance of a user type in an annotation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeValue {
    /// Qualified name of the type.
    pub type_name: String,
    /// The fields given, in the type's field order.
    pub fields: Vec<FieldValue>,
}

/// One field of a [`TypeValue`].
#[derive(Debug, Clone, PartialEq)]
pub struct FieldValue {
    /// Position of the argument (the name for a named argument, the value for a positional one).
    pub source_reference: SourceRef,
    /// The field's name.
    pub name: String,
    /// The field's value.
    pub value: Value,
}

/// A literal value in an annotation.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    /// Position of the value.
    pub source_reference: SourceRef,
    /// The value itself.
    pub kind: ValueKind,
}

/// The `oneof value` of `Value`. Integer kinds follow the representation: sint32 and sfixed32 are
/// `Int32`, fixed32 is `Uint32`, and so on.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum ValueKind {
    Bool(bool),
    Uint32(u32),
    Uint64(u64),
    Int32(i32),
    Int64(i64),
    Float(f32),
    Double(f64),
    String(String),
    Bytes(Vec<u8>),
    EntityId(i64),
    /// An enum value: the enum's qualified name and the value's name.
    Enum {
        enum_name: String,
        value: String,
    },
    Type(TypeValue),
    /// An option; `None` is an empty `optionValue`.
    Option(Option<Box<Value>>),
    List(Vec<Value>),
    /// Map entries in source order.
    Map(Vec<(Value, Value)>),
}
