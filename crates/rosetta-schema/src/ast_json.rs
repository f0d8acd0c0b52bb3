//! The AST JSON output (`--ast_json_out`): one JSON document per schema file, in the 13.x
//! compiler's shape. Inline component fields become a synthesised `<Component>Data` type, as the
//! compiler did. Annotations (which 13.x lacked) are written only where a declaration has some.

use serde_json::{json, Map, Value};

use crate::ast::{
    Annotation, ComponentDecl, ComponentMember, EnumDecl, FieldDecl, FieldTypeAst, Item, TypeDecl,
    TypeMember, TypeRefAst,
};
use crate::lex::Span;
use crate::load::Unit;
use crate::resolve::Symbols;
use crate::source::Source;

/// The AST JSON of one file, pretty-printed with one-space indentation like the compiler's.
pub(crate) fn file(unit: &Unit, symbols: &Symbols<'_>) -> String {
    let source = &unit.source;
    let package = unit
        .file
        .package
        .as_ref()
        .map(|p| p.name.dotted())
        .unwrap_or_default();
    let writer = Writer { source, symbols };
    let mut enums = Vec::new();
    let mut types = Vec::new();
    let mut components = Vec::new();
    for item in &unit.file.items {
        match item {
            Item::Enum(e) => enums.push(writer.enum_def(&package, e)),
            Item::Type(t) => types.push(writer.type_def(&package, t)),
            Item::Component(c) => {
                let (component, data) = writer.component_def(&package, c);
                components.push(component);
                types.extend(data);
            }
            Item::ComponentSet(_) => {}
        }
    }
    let document = json!({
        "sourceReference": {"line": 1, "column": 1},
        "completePath": source.display_path,
        "canonicalName": source.canonical_path,
        "package": package,
        "imports": unit.file.imports.iter().map(|i| i.path.clone()).collect::<Vec<_>>(),
        "enumDefinitions": enums,
        "typeDefinitions": types,
        "componentDefinitions": components,
    });
    pretty(&document)
}

/// Serialises with one-space indentation.
fn pretty(value: &Value) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b" ");
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    // Writing a Value to a Vec cannot fail.
    let _ = serde::Serialize::serialize(value, &mut serializer);
    String::from_utf8(out).unwrap_or_default()
}

struct Writer<'a> {
    source: &'a Source,
    symbols: &'a Symbols<'a>,
}

impl Writer<'_> {
    fn at(&self, span: &Span) -> Value {
        let position = self.source.at(span);
        json!({"line": position.line, "column": position.column})
    }

    fn qualified(scope: &str, name: &str) -> String {
        if scope.is_empty() {
            name.to_string()
        } else {
            format!("{scope}.{name}")
        }
    }

    fn with_annotations(&self, mut object: Value, annotations: &[Annotation]) -> Value {
        if !annotations.is_empty() {
            if let Value::Object(map) = &mut object {
                let list: Vec<Value> = annotations
                    .iter()
                    .map(|a| json!({"sourceReference": self.at(&a.open), "type": a.ty.dotted()}))
                    .collect();
                map.insert("annotations".into(), Value::Array(list));
            }
        }
        object
    }

    fn enum_def(&self, scope: &str, decl: &EnumDecl) -> Value {
        let values: Vec<Value> = decl
            .values
            .iter()
            .map(|v| {
                let value = json!({
                    "sourceReference": self.at(&v.name.span),
                    "name": v.name.name,
                    "value": v.value as i64,
                });
                self.with_annotations(value, &v.annotations)
            })
            .collect();
        let value = json!({
            "sourceReference": self.at(&decl.keyword),
            "name": decl.name.name,
            "qualifiedName": Self::qualified(scope, &decl.name.name),
            "valueDefinitions": values,
        });
        self.with_annotations(value, &decl.annotations)
    }

    fn type_def(&self, scope: &str, decl: &TypeDecl) -> Value {
        let qualified = Self::qualified(scope, &decl.name.name);
        let mut enums = Vec::new();
        let mut types = Vec::new();
        let mut fields = Vec::new();
        for member in &decl.members {
            match member {
                TypeMember::Enum(e) => enums.push(self.enum_def(&qualified, e)),
                TypeMember::Type(t) => types.push(self.type_def(&qualified, t)),
                TypeMember::Field(f) => fields.push(self.field(&qualified, f)),
            }
        }
        let value = json!({
            "sourceReference": self.at(&decl.keyword),
            "name": decl.name.name,
            "qualifiedName": qualified,
            "enumDefinitions": enums,
            "typeDefinitions": types,
            "fieldDefinitions": fields,
        });
        self.with_annotations(value, &decl.annotations)
    }

    fn field(&self, scope: &str, field: &FieldDecl) -> Value {
        let mut map = Map::new();
        map.insert("sourceReference".into(), self.at(&field.start));
        map.insert("name".into(), json!(field.name.name));
        map.insert("number".into(), json!(field.number as i64));
        let (key, ty) = match &field.ty {
            FieldTypeAst::Singular(t) => ("singularType", self.type_ref(scope, t)),
            FieldTypeAst::Option(t) => {
                ("optionType", json!({"valueType": self.type_ref(scope, t)}))
            }
            FieldTypeAst::List(t) => ("listType", json!({"valueType": self.type_ref(scope, t)})),
            FieldTypeAst::Map(k, v) => (
                "mapType",
                json!({"keyType": self.type_ref(scope, k), "valueType": self.type_ref(scope, v)}),
            ),
        };
        map.insert(key.into(), ty);
        if field.transient {
            map.insert("transient".into(), Value::Bool(true));
        }
        self.with_annotations(Value::Object(map), &field.annotations)
    }

    fn type_ref(&self, scope: &str, ty: &TypeRefAst) -> Value {
        match ty {
            TypeRefAst::Primitive(p, span) => json!({
                "sourceReference": self.at(span),
                "builtInType": p.keyword().unwrap_or_default(),
            }),
            TypeRefAst::Named(name) => {
                let resolved = self
                    .symbols
                    .lookup(scope, name)
                    .map_or_else(|| name.dotted(), |(qualified, _)| qualified);
                json!({"sourceReference": self.at(&name.span()), "userType": resolved})
            }
        }
    }

    /// The component, and the `<Name>Data` type synthesised from its inline fields.
    fn component_def(&self, scope: &str, decl: &ComponentDecl) -> (Value, Option<Value>) {
        let qualified = Self::qualified(scope, &decl.name.name);
        let mut id = 0i64;
        let mut data = None;
        let mut fields = Vec::new();
        let mut events = Vec::new();
        let mut commands = Vec::new();
        for member in &decl.members {
            match member {
                ComponentMember::Id { value, .. } => id = *value as i64,
                ComponentMember::Data { ty, .. } => data = Some(self.type_ref(scope, ty)),
                ComponentMember::Field(f) => fields.push(f),
                ComponentMember::Event(e) => {
                    let value = json!({
                        "sourceReference": self.at(&e.keyword),
                        "name": e.name.name,
                        "type": self.type_ref(scope, &e.ty),
                        "eventIndex": events.len() + 1,
                    });
                    events.push(self.with_annotations(value, &e.annotations));
                }
                ComponentMember::Command(c) => {
                    let value = json!({
                        "sourceReference": self.at(&c.keyword),
                        "name": c.name.name,
                        "requestType": self.type_ref(scope, &c.request),
                        "responseType": self.type_ref(scope, &c.response),
                        "commandIndex": commands.len() + 1,
                    });
                    commands.push(self.with_annotations(value, &c.annotations));
                }
            }
        }
        let mut synthesised = None;
        let data = data.unwrap_or_else(|| {
            let name = format!("{}Data", decl.name.name);
            let data_qualified = Self::qualified(scope, &name);
            let position = fields.first().map_or_else(|| self.at(&decl.keyword), |f| self.at(&f.start));
            synthesised = Some(json!({
                "sourceReference": position,
                "name": name,
                "qualifiedName": data_qualified,
                "enumDefinitions": [],
                "typeDefinitions": [],
                "fieldDefinitions": fields.iter().map(|f| self.field(&qualified, f)).collect::<Vec<_>>(),
            }));
            json!({"sourceReference": position, "userType": data_qualified})
        });
        let component = json!({
            "sourceReference": self.at(&decl.keyword),
            "name": decl.name.name,
            "qualifiedName": qualified,
            "id": id,
            "dataDefinition": data,
            "eventDefinitions": events,
            "commandDefinitions": commands,
        });
        (
            self.with_annotations(component, &decl.annotations),
            synthesised,
        )
    }
}
