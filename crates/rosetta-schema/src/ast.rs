//! The syntax tree of one schema file, with byte spans into its text.

use rosetta_bundle::PrimitiveType;

use crate::lex::Span;

/// An identifier and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    /// The text.
    pub name: String,
    /// Where it is.
    pub span: Span,
}

/// A dotted name `a.b.C`.
#[derive(Debug, Clone, PartialEq)]
pub struct QualName {
    /// The segments, at least one.
    pub parts: Vec<Ident>,
    /// Written with a leading `.`: resolved from the root only.
    pub absolute: bool,
}

impl QualName {
    /// The span from the first segment to the last.
    pub fn span(&self) -> Span {
        let start = self.parts.first().map_or(0, |p| p.span.start);
        let end = self.parts.last().map_or(start, |p| p.span.end);
        start..end
    }

    /// The segments joined by `.`.
    pub fn dotted(&self) -> String {
        let mut out = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(&part.name);
        }
        out
    }
}

/// A parsed schema file.
#[derive(Debug, Clone, Default)]
pub struct File {
    /// The `package` statement, if the file has one.
    pub package: Option<PackageDecl>,
    /// The `import` statements.
    pub imports: Vec<ImportDecl>,
    /// The top-level declarations in source order.
    pub items: Vec<Item>,
}

/// `package a.b;`
#[derive(Debug, Clone)]
pub struct PackageDecl {
    /// The `package` keyword.
    pub keyword: Span,
    /// The name.
    pub name: QualName,
}

/// `import "path";`
#[derive(Debug, Clone)]
pub struct ImportDecl {
    /// The `import` keyword.
    pub keyword: Span,
    /// The path, unescaped.
    pub path: String,
    /// The string literal.
    pub path_span: Span,
}

/// A top-level declaration.
#[derive(Debug, Clone)]
pub enum Item {
    /// `type`
    Type(TypeDecl),
    /// `enum`
    Enum(EnumDecl),
    /// `component`
    Component(ComponentDecl),
    /// `component_set`
    ComponentSet(ComponentSetDecl),
}

/// `[Type(args)]`
#[derive(Debug, Clone)]
pub struct Annotation {
    /// The `[`.
    pub open: Span,
    /// The annotation's type.
    pub ty: QualName,
    /// The arguments (empty for `[Type]` and `[Type()]`).
    pub args: Vec<Arg>,
}

/// One argument of an annotation or a type instance literal.
#[derive(Debug, Clone)]
pub struct Arg {
    /// `name =` for a named argument.
    pub name: Option<Ident>,
    /// The value.
    pub value: Literal,
}

/// A literal in an annotation.
#[derive(Debug, Clone)]
pub struct Literal {
    /// Where it is.
    pub span: Span,
    /// What it is.
    pub kind: LiteralKind,
}

/// The kinds of literal.
#[derive(Debug, Clone)]
pub enum LiteralKind {
    /// `true` or `false`.
    Bool(bool),
    /// An integer; `i128` holds every int64 and uint64.
    Int(i128),
    /// A number with a fraction or exponent.
    Float(f64),
    /// A string.
    Str(String),
    /// `[a, b]`
    List(Vec<Literal>),
    /// `{k: v, ...}`
    Map(Vec<(Literal, Literal)>),
    /// `Name`, `Enum.VALUE` or `Type(args)` (`args` is `Some` when parenthesised).
    Named(QualName, Option<Vec<Arg>>),
}

/// `type Name { ... }`
#[derive(Debug, Clone)]
pub struct TypeDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `type` keyword.
    pub keyword: Span,
    /// The name.
    pub name: Ident,
    /// Fields and nested declarations in source order.
    pub members: Vec<TypeMember>,
}

/// Something inside a `type`.
#[derive(Debug, Clone)]
pub enum TypeMember {
    /// A field.
    Field(FieldDecl),
    /// A nested type.
    Type(TypeDecl),
    /// A nested enum.
    Enum(EnumDecl),
}

/// `enum Name { A = 0; ... }`
#[derive(Debug, Clone)]
pub struct EnumDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `enum` keyword.
    pub keyword: Span,
    /// The name.
    pub name: Ident,
    /// The values in source order.
    pub values: Vec<EnumValueDecl>,
}

/// `NAME = N;`
#[derive(Debug, Clone)]
pub struct EnumValueDecl {
    /// Annotations before the name.
    pub annotations: Vec<Annotation>,
    /// The name.
    pub name: Ident,
    /// The number as written.
    pub value: i128,
    /// Where the number is.
    pub value_span: Span,
}

/// `[transient] TYPE name = N;`
#[derive(Debug, Clone)]
pub struct FieldDecl {
    /// Annotations before the field.
    pub annotations: Vec<Annotation>,
    /// The first token of the field (`transient` or the type).
    pub start: Span,
    /// Whether `transient` was written.
    pub transient: bool,
    /// The type.
    pub ty: FieldTypeAst,
    /// The name.
    pub name: Ident,
    /// The field number as written.
    pub number: i128,
    /// Where the number is.
    pub number_span: Span,
}

/// The type of a field.
#[derive(Debug, Clone)]
pub enum FieldTypeAst {
    /// `T`
    Singular(TypeRefAst),
    /// `option<T>`
    Option(TypeRefAst),
    /// `list<T>`
    List(TypeRefAst),
    /// `map<K, V>`
    Map(TypeRefAst, TypeRefAst),
}

/// A reference to a type.
#[derive(Debug, Clone)]
pub enum TypeRefAst {
    /// A built-in type keyword.
    Primitive(PrimitiveType, Span),
    /// A user type or enum, to be resolved.
    Named(QualName),
}

impl TypeRefAst {
    /// Where the reference is.
    pub fn span(&self) -> Span {
        match self {
            TypeRefAst::Primitive(_, span) => span.clone(),
            TypeRefAst::Named(name) => name.span(),
        }
    }
}

/// `component Name { ... }`
#[derive(Debug, Clone)]
pub struct ComponentDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `component` keyword.
    pub keyword: Span,
    /// The name.
    pub name: Ident,
    /// The members in source order.
    pub members: Vec<ComponentMember>,
}

/// Something inside a `component`.
#[derive(Debug, Clone)]
pub enum ComponentMember {
    /// `id = N;`
    Id {
        /// The `id` keyword.
        keyword: Span,
        /// The number.
        value: i128,
        /// Where the number is.
        value_span: Span,
    },
    /// `data T;`
    Data {
        /// The `data` keyword.
        keyword: Span,
        /// The type.
        ty: TypeRefAst,
    },
    /// An inline field.
    Field(FieldDecl),
    /// `event T name;`
    Event(EventDecl),
    /// `command Resp name(Req);`
    Command(CommandDecl),
}

/// `event T name;`
#[derive(Debug, Clone)]
pub struct EventDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `event` keyword.
    pub keyword: Span,
    /// The payload type.
    pub ty: TypeRefAst,
    /// The name.
    pub name: Ident,
}

/// `command Resp name(Req);`
#[derive(Debug, Clone)]
pub struct CommandDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `command` keyword.
    pub keyword: Span,
    /// The response type.
    pub response: TypeRefAst,
    /// The name.
    pub name: Ident,
    /// The request type.
    pub request: TypeRefAst,
}

/// `component_set Name { id = N; components = [A, B]; }`
#[derive(Debug, Clone)]
pub struct ComponentSetDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `component_set` keyword.
    pub keyword: Span,
    /// The name.
    pub name: Ident,
    /// `id = N;`: the number and where it is.
    pub id: Option<(i128, Span)>,
    /// `components = [...]`: annotations, the keyword and the members.
    pub list: Option<ComponentListDecl>,
}

/// The `components = [...];` statement of a component set.
#[derive(Debug, Clone)]
pub struct ComponentListDecl {
    /// Annotations before the keyword.
    pub annotations: Vec<Annotation>,
    /// The `components` keyword.
    pub keyword: Span,
    /// The member names.
    pub components: Vec<QualName>,
}
