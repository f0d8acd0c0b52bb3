//! The compiled `Schema`: a bundle lowered into Rosetta's shared type model, so every format walks
//! SpatialOS types through one [`TypeRegistry`]. Works from any bundle, compiled here or loaded
//! from a `.sb` / `.sb.json` file.

use std::collections::HashMap;
use std::sync::Arc;

use rosetta_bundle::{
    Annotation, FieldDef, FieldType, PrimitiveType, SchemaBundle, SourceRef, TypeRef, Value,
    ValueKind,
};
use rosetta_types::{
    AttrObject, AttrValue, Attribute, Command, ComponentId, ComponentInfo, Constant, EnumType,
    Event, Field, IntType, Kind, Meta, RegistryBuilder, SourcePos, StructType, TypeDef, TypeId,
    TypeRegistry,
};

/// Why a bundle could not be lowered into the type model.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct SchemaError {
    message: String,
}

impl SchemaError {
    fn new(message: impl Into<String>) -> Self {
        SchemaError {
            message: message.into(),
        }
    }
}

impl From<rosetta_types::Error> for SchemaError {
    fn from(error: rosetta_types::Error) -> Self {
        SchemaError::new(error.to_string())
    }
}

/// A component set (v15): its id and its members' component ids, ascending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentSet {
    /// The qualified name.
    pub qualified_name: String,
    /// The set's id.
    pub id: u32,
    /// The members' component ids.
    pub components: Vec<ComponentId>,
}

/// A compiled schema: every type, enum and component in the shared [`TypeRegistry`] (components
/// by qualified name and by id, fields by name and by number, events, commands and annotations
/// as attributes, with source positions), plus the component sets. Every lookup is O(1).
///
/// ```
/// use rosetta_schema::{compile_sources, Schema, SourceFile};
/// let compiled = compile_sources(vec![SourceFile {
///     canonical_path: "game.schema".into(),
///     text: "package game; component Health { id = 1001; int32 hp = 1; }".into(),
/// }]).expect("compiles");
/// let schema = Schema::from_bundle(compiled.bundle()).expect("lowers");
/// let health = schema.registry().component(1001).expect("component");
/// assert_eq!(health.qualified_name(), Some("game.Health"));
/// ```
#[derive(Debug, Clone)]
pub struct Schema {
    registry: TypeRegistry,
    sets: Vec<ComponentSet>,
    sets_by_id: HashMap<u32, usize>,
}

impl Schema {
    /// Lowers a bundle into the type model.
    pub fn from_bundle(bundle: &SchemaBundle) -> Result<Schema, SchemaError> {
        let mut lowering = Lowering {
            b: TypeRegistry::builder(),
            ids: HashMap::new(),
            file: Arc::from(""),
        };
        lowering.declare(bundle)?;
        lowering.define(bundle)?;
        let mut sets = Vec::new();
        let mut sets_by_id = HashMap::new();
        for file in &bundle.schema_files {
            for set in &file.component_sets {
                sets_by_id.insert(set.component_set_id, sets.len());
                sets.push(ComponentSet {
                    qualified_name: set.qualified_name.clone(),
                    id: set.component_set_id,
                    components: set
                        .component_list
                        .components
                        .iter()
                        .filter_map(|c| lowering.component_id(bundle, &c.component))
                        .collect(),
                });
            }
        }
        Ok(Schema {
            registry: lowering.b.build()?,
            sets,
            sets_by_id,
        })
    }

    /// The type registry.
    pub fn registry(&self) -> &TypeRegistry {
        &self.registry
    }

    /// The component sets, in file order.
    pub fn component_sets(&self) -> &[ComponentSet] {
        &self.sets
    }

    /// The component set with this id.
    pub fn component_set(&self, id: u32) -> Option<&ComponentSet> {
        self.sets_by_id.get(&id).map(|&i| &self.sets[i])
    }
}

struct Lowering {
    b: RegistryBuilder,
    ids: HashMap<String, TypeId>,
    /// The canonical path of the file being lowered, shared by its positions.
    file: Arc<str>,
}

impl Lowering {
    fn declare(&mut self, bundle: &SchemaBundle) -> Result<(), SchemaError> {
        for file in &bundle.schema_files {
            let names = file
                .enums
                .iter()
                .map(|e| &e.qualified_name)
                .chain(file.types.iter().map(|t| &t.qualified_name))
                .chain(file.components.iter().map(|c| &c.qualified_name));
            for name in names {
                let id = self.b.declare(name.as_str())?;
                self.ids.insert(name.clone(), id);
            }
        }
        Ok(())
    }

    fn define(&mut self, bundle: &SchemaBundle) -> Result<(), SchemaError> {
        let mut data_fields: HashMap<&str, &[FieldDef]> = HashMap::new();
        for file in &bundle.schema_files {
            for ty in &file.types {
                data_fields.insert(&ty.qualified_name, &ty.fields);
            }
        }
        for file in &bundle.schema_files {
            self.file = Arc::from(file.canonical_path.as_str());
            for e in &file.enums {
                let constants = e.values.iter().map(|v| {
                    Constant::new(v.name.as_str(), i64::from(v.value))
                        .with_meta(self.meta(v.source_reference, &v.annotations))
                });
                let kind = Kind::Enum(EnumType::new(IntType::UINT32, constants)?);
                let def =
                    TypeDef::new(kind).with_meta(self.meta(e.source_reference, &e.annotations));
                self.b.define(self.id(&e.qualified_name)?, def)?;
            }
            for ty in &file.types {
                let fields = self.fields(&ty.fields)?;
                let def = TypeDef::new(StructType::new(fields)?)
                    .with_meta(self.meta(ty.source_reference, &ty.annotations));
                self.b.define(self.id(&ty.qualified_name)?, def)?;
            }
            for c in &file.components {
                let mut info = ComponentInfo::new(c.component_id);
                let fields = if c.data_definition.is_empty() {
                    self.fields(&c.fields)?
                } else {
                    info = info.with_data_definition(self.id(&c.data_definition)?);
                    self.fields(
                        data_fields
                            .get(c.data_definition.as_str())
                            .copied()
                            .unwrap_or(&[]),
                    )?
                };
                for event in &c.events {
                    let meta = self.meta(event.source_reference, &event.annotations);
                    info = info.with_event(
                        Event::new(
                            event.name.as_str(),
                            event.event_index,
                            self.id(&event.type_name)?,
                        )
                        .with_meta(meta),
                    );
                }
                for command in &c.commands {
                    let meta = self.meta(command.source_reference, &command.annotations);
                    let (request, response) = (
                        self.id(&command.request_type)?,
                        self.id(&command.response_type)?,
                    );
                    info = info.with_command(
                        Command::new(
                            command.name.as_str(),
                            command.command_index,
                            request,
                            response,
                        )
                        .with_meta(meta),
                    );
                }
                let def = TypeDef::new(StructType::new(fields)?)
                    .with_meta(self.meta(c.source_reference, &c.annotations))
                    .with_component(info);
                self.b.define(self.id(&c.qualified_name)?, def)?;
            }
        }
        Ok(())
    }

    fn id(&self, name: &str) -> Result<TypeId, SchemaError> {
        self.ids.get(name).copied().ok_or_else(|| {
            SchemaError::new(format!(
                "the bundle refers to `{name}`, which it does not define"
            ))
        })
    }

    fn component_id(&self, bundle: &SchemaBundle, name: &str) -> Option<ComponentId> {
        bundle
            .schema_files
            .iter()
            .flat_map(|f| &f.components)
            .find(|c| c.qualified_name == name)
            .map(|c| c.component_id)
    }

    fn fields(&mut self, fields: &[FieldDef]) -> Result<Vec<Field>, SchemaError> {
        fields
            .iter()
            .map(|f| {
                let ty = match &f.ty {
                    FieldType::Singular(t) => self.type_ref(t)?,
                    FieldType::Option(t) => {
                        let inner = self.type_ref(t)?;
                        self.b.option(inner)
                    }
                    FieldType::List(t) => {
                        let inner = self.type_ref(t)?;
                        self.b.list(inner)
                    }
                    FieldType::Map(k, v) => {
                        let (k, v) = (self.type_ref(k)?, self.type_ref(v)?);
                        self.b.map(k, v)
                    }
                };
                Ok(Field::new(f.name.as_str(), ty)
                    .with_number(f.field_id)
                    .with_meta(self.meta(f.source_reference, &f.annotations)))
            })
            .collect()
    }

    fn type_ref(&self, ty: &TypeRef) -> Result<TypeId, SchemaError> {
        match ty {
            TypeRef::Primitive(p) => primitive(*p)
                .ok_or_else(|| SchemaError::new("the bundle uses the invalid primitive type 0")),
            TypeRef::Enum(name) | TypeRef::Type(name) => self.id(name),
        }
    }

    fn meta(&self, at: SourceRef, annotations: &[Annotation]) -> Meta {
        let mut meta = Meta::default().with_source(self.pos(at));
        for a in annotations {
            let value = AttrValue::Object(Box::new(object(&a.type_value)));
            meta = meta.with_attribute(
                Attribute::new(a.type_value.type_name.as_str(), value)
                    .with_source(self.pos(a.source_reference)),
            );
        }
        meta
    }

    fn pos(&self, at: SourceRef) -> SourcePos {
        SourcePos::new(at.line, at.column).in_file(self.file.clone())
    }
}

/// The builtin type of a SpatialOS primitive.
pub fn primitive(p: PrimitiveType) -> Option<TypeId> {
    use PrimitiveType as P;
    Some(match p {
        P::Invalid => return None,
        P::Int32 => TypeId::INT32,
        P::Int64 => TypeId::INT64,
        P::Uint32 => TypeId::UINT32,
        P::Uint64 => TypeId::UINT64,
        P::Sint32 => TypeId::SINT32,
        P::Sint64 => TypeId::SINT64,
        P::Fixed32 => TypeId::FIXED32,
        P::Fixed64 => TypeId::FIXED64,
        P::Sfixed32 => TypeId::SFIXED32,
        P::Sfixed64 => TypeId::SFIXED64,
        P::Bool => TypeId::BOOL,
        P::Float => TypeId::FLOAT,
        P::Double => TypeId::DOUBLE,
        P::String => TypeId::STRING,
        P::EntityId => TypeId::ENTITY_ID,
        P::Bytes => TypeId::BYTES,
        P::Entity => TypeId::ENTITY,
    })
}

fn object(value: &rosetta_bundle::TypeValue) -> AttrObject {
    AttrObject {
        type_name: value.type_name.as_str().into(),
        fields: value
            .fields
            .iter()
            .map(|f| (f.name.as_str().into(), attr(&f.value)))
            .collect(),
    }
}

fn attr(value: &Value) -> AttrValue {
    match &value.kind {
        ValueKind::Bool(v) => AttrValue::Bool(*v),
        ValueKind::Uint32(v) => AttrValue::U32(*v),
        ValueKind::Uint64(v) => AttrValue::U64(*v),
        ValueKind::Int32(v) => AttrValue::I32(*v),
        ValueKind::Int64(v) => AttrValue::I64(*v),
        ValueKind::Float(v) => AttrValue::F32(*v),
        ValueKind::Double(v) => AttrValue::F64(*v),
        ValueKind::String(v) => AttrValue::String(v.as_str().into()),
        ValueKind::Bytes(v) => AttrValue::Bytes(v.as_slice().into()),
        ValueKind::EntityId(v) => AttrValue::EntityId(*v),
        ValueKind::Enum { enum_name, value } => AttrValue::Enum {
            enum_name: enum_name.as_str().into(),
            value: value.as_str().into(),
        },
        ValueKind::Type(t) => AttrValue::Object(Box::new(object(t))),
        ValueKind::Option(v) => AttrValue::Option(v.as_deref().map(|v| Box::new(attr(v)))),
        ValueKind::List(items) => AttrValue::List(items.iter().map(attr).collect()),
        ValueKind::Map(entries) => {
            AttrValue::Map(entries.iter().map(|(k, v)| (attr(k), attr(v))).collect())
        }
    }
}
