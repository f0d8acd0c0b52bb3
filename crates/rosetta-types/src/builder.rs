//! [`RegistryBuilder`] and [`TypeDef`]: declare names, define types (in any order, so types can
//! refer to each other and to themselves), then build a [`TypeRegistry`].

use std::collections::HashMap;

use crate::component::ComponentInfo;
use crate::error::{Error, ErrorKind, Result};
use crate::id::{ComponentId, TypeId};
use crate::kind::{InternKey, Kind};
use crate::math::MathType;
use crate::meta::{Attribute, Meta, SourcePos};
use crate::registry::{Type, TypeRegistry};
use crate::scalar::{FloatType, IntType};
use crate::struct_type::Arity;

/// The definition of a type: its [`Kind`] and metadata, and what makes it a component or a
/// derived type. Converts from a [`Kind`] (and from [`StructType`](crate::StructType) and the
/// other kind payloads) when no metadata is needed.
///
/// ```
/// use rosetta_types::{ComponentInfo, Kind, SourcePos, TypeDef};
/// let def = TypeDef::new(Kind::String)
///     .with_doc("A player's name.")
///     .with_source(SourcePos::new(3, 1))
///     .with_short_name("Name");
/// assert_eq!(def.kind(), &Kind::String);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct TypeDef {
    kind: Kind,
    short_name: Option<Box<str>>,
    meta: Meta,
    component: Option<ComponentInfo>,
    bases: Vec<TypeId>,
}

impl TypeDef {
    /// A definition of this kind without metadata.
    pub fn new(kind: impl Into<Kind>) -> Self {
        TypeDef {
            kind: kind.into(),
            short_name: None,
            meta: Meta::default(),
            component: None,
            bases: Vec::new(),
        }
    }

    /// The kind.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// With a short name other than the last `.`-separated part of the qualified name (for
    /// example `Vector3` for `AZ::Vector3`).
    pub fn with_short_name(mut self, name: impl Into<Box<str>>) -> Self {
        self.short_name = Some(name.into());
        self
    }

    /// With metadata.
    pub fn with_meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    /// With a doc string.
    pub fn with_doc(mut self, doc: impl Into<Box<str>>) -> Self {
        self.meta.doc = Some(doc.into());
        self
    }

    /// With a source position.
    pub fn with_source(mut self, source: SourcePos) -> Self {
        self.meta.source = Some(source);
        self
    }

    /// With one more attribute.
    pub fn with_attribute(mut self, attribute: Attribute) -> Self {
        self.meta.attributes.push(attribute);
        self
    }

    /// As a component.
    pub fn with_component(mut self, component: ComponentInfo) -> Self {
        self.component = Some(component);
        self
    }

    /// With one more direct base type: values of this type may then stand where a
    /// [`Kind::Polymorphic`] of the base is expected.
    pub fn with_base(mut self, base: TypeId) -> Self {
        self.bases.push(base);
        self
    }
}

impl<T: Into<Kind>> From<T> for TypeDef {
    fn from(kind: T) -> Self {
        TypeDef::new(kind)
    }
}

#[derive(Debug, Clone)]
struct Slot {
    qualified_name: Option<Box<str>>,
    def: Option<TypeDef>,
}

/// Builds a [`TypeRegistry`]. Named types are declared (which reserves their [`TypeId`]) and
/// defined later, in any order, so definitions can refer to types defined after them and to
/// themselves; [`RegistryBuilder::add`] does both at once. Anonymous structural types
/// (`list<T>`, `map<K, V>`, `option<T>`, tuples, math types, integer variants) are interned:
/// asking twice gives the same id. [`RegistryBuilder::build`] checks that every declared type was
/// defined and every reference is known, computes field arities and derived types, and freezes
/// the lookups.
///
/// A recursive SpatialOS type, `type Node { option<Node> next = 1; list<Node> children = 2; }`:
///
/// ```
/// use rosetta_types::{Arity, Field, StructType, TypeRegistry};
/// let mut b = TypeRegistry::builder();
/// let node = b.declare("game.Node")?;
/// let next = b.option(node);
/// let children = b.list(node);
/// b.define(node, StructType::new([
///     Field::new("next", next).with_number(1),
///     Field::new("children", children).with_number(2),
/// ])?)?;
/// let registry = b.build()?;
/// let rosetta_types::Kind::Struct(s) = registry[node].kind() else { unreachable!() };
/// assert_eq!(s.fields()[0].arity(), Arity::Option(node));
/// assert_eq!(s.fields()[1].arity(), Arity::List(node));
/// # Ok::<(), rosetta_types::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct RegistryBuilder {
    slots: Vec<Slot>,
    by_name: HashMap<Box<str>, TypeId>,
    components: HashMap<ComponentId, TypeId>,
    interned: HashMap<InternKey, TypeId>,
}

/// The builtin types, in [`TypeId`] order.
fn builtins() -> [(&'static str, Kind); TypeId::BUILTIN_COUNT] {
    [
        ("bool", Kind::Bool),
        ("char", Kind::Char),
        ("int8", Kind::Int(IntType::INT8)),
        ("int16", Kind::Int(IntType::INT16)),
        ("int32", Kind::Int(IntType::INT32)),
        ("int64", Kind::Int(IntType::INT64)),
        ("uint8", Kind::Int(IntType::UINT8)),
        ("uint16", Kind::Int(IntType::UINT16)),
        ("uint32", Kind::Int(IntType::UINT32)),
        ("uint64", Kind::Int(IntType::UINT64)),
        ("sint32", Kind::Int(IntType::SINT32)),
        ("sint64", Kind::Int(IntType::SINT64)),
        ("fixed32", Kind::Int(IntType::FIXED32)),
        ("fixed64", Kind::Int(IntType::FIXED64)),
        ("sfixed32", Kind::Int(IntType::SFIXED32)),
        ("sfixed64", Kind::Int(IntType::SFIXED64)),
        ("float", Kind::Float(FloatType::F32)),
        ("double", Kind::Float(FloatType::F64)),
        ("string", Kind::String),
        ("bytes", Kind::Bytes),
        ("EntityId", Kind::EntityId),
        ("Uuid", Kind::Uuid),
        ("Entity", Kind::Entity),
        ("any", Kind::Any),
        ("nil", Kind::Tuple(Box::new([]))),
    ]
}

impl TypeRegistry {
    /// A registry with only the builtin types (see [`TypeId`]'s constants).
    pub fn new() -> Self {
        RegistryBuilder::new().finish_builtins()
    }

    /// A builder starting with the builtin types.
    pub fn builder() -> RegistryBuilder {
        RegistryBuilder::new()
    }

    /// A builder holding every type of this registry, to add more.
    pub fn into_builder(self) -> RegistryBuilder {
        RegistryBuilder::from_registry(self)
    }
}

impl RegistryBuilder {
    /// A builder with the builtin types.
    pub fn new() -> Self {
        let mut builder = RegistryBuilder {
            slots: Vec::with_capacity(TypeId::BUILTIN_COUNT),
            by_name: HashMap::new(),
            components: HashMap::new(),
            interned: HashMap::new(),
        };
        for (i, (name, kind)) in builtins().into_iter().enumerate() {
            let id = TypeId(i as u32);
            if let Some(key) = kind.intern_key() {
                builder.interned.insert(key, id);
            }
            builder.by_name.insert(name.into(), id);
            builder.slots.push(Slot {
                qualified_name: Some(name.into()),
                def: Some(TypeDef::new(kind)),
            });
        }
        builder
    }

    pub(crate) fn from_registry(registry: TypeRegistry) -> Self {
        let slots = registry
            .types
            .into_iter()
            .map(|t| Slot {
                def: Some(TypeDef {
                    short_name: t
                        .name
                        .filter(|n| Some(&**n) != default_short(&t.qualified_name)),
                    kind: t.kind,
                    meta: t.meta,
                    component: t.component.map(|c| *c),
                    bases: t.bases.into_vec(),
                }),
                qualified_name: t.qualified_name,
            })
            .collect();
        RegistryBuilder {
            slots,
            by_name: registry.by_name,
            components: registry.components,
            interned: registry.interned,
        }
    }

    /// The builtins only, as a registry (cannot fail).
    pub(crate) fn finish_builtins(self) -> TypeRegistry {
        self.freeze()
    }

    fn next_id(&self) -> TypeId {
        TypeId(self.slots.len() as u32)
    }

    /// Reserves a [`TypeId`] for a type named `qualified_name`, to be defined later with
    /// [`RegistryBuilder::define`]. Errors if the name is taken.
    pub fn declare(&mut self, qualified_name: impl Into<Box<str>>) -> Result<TypeId> {
        let name = qualified_name.into();
        if self.by_name.contains_key(&name) {
            return Err(ErrorKind::DuplicateName(name).into());
        }
        let id = self.next_id();
        self.by_name.insert(name.clone(), id);
        self.slots.push(Slot {
            qualified_name: Some(name),
            def: None,
        });
        Ok(id)
    }

    /// Defines a declared type. Errors if `id` is unknown or already defined, or if the
    /// definition is a component whose id is taken or whose events or commands repeat a name or
    /// an index.
    pub fn define(&mut self, id: TypeId, def: impl Into<TypeDef>) -> Result<()> {
        let def = def.into();
        let slot = self.slots.get(id.index()).ok_or_else(|| {
            Error::from(ErrorKind::UnknownTypeId {
                context: "define".into(),
                id: id.0,
            })
        })?;
        if slot.def.is_some() {
            let name = slot
                .qualified_name
                .clone()
                .unwrap_or_else(|| id.to_string().into());
            return Err(ErrorKind::AlreadyDefined(name).into());
        }
        self.check_component(&def)?;
        if let Some(component) = &def.component {
            self.components.insert(component.id(), id);
        }
        if let Some(slot) = self.slots.get_mut(id.index()) {
            slot.def = Some(def);
        }
        Ok(())
    }

    fn check_component(&self, def: &TypeDef) -> Result<()> {
        let Some(component) = &def.component else {
            return Ok(());
        };
        component.check()?;
        if let Some(existing) = self.components.get(&component.id()) {
            let existing = self
                .slots
                .get(existing.index())
                .and_then(|s| s.qualified_name.clone())
                .unwrap_or_else(|| existing.to_string().into());
            return Err(ErrorKind::DuplicateComponentId {
                id: component.id(),
                existing,
            }
            .into());
        }
        Ok(())
    }

    /// Declares and defines a named type at once. On error nothing is added.
    pub fn add(
        &mut self,
        qualified_name: impl Into<Box<str>>,
        def: impl Into<TypeDef>,
    ) -> Result<TypeId> {
        let name = qualified_name.into();
        let def = def.into();
        if self.by_name.contains_key(&name) {
            return Err(ErrorKind::DuplicateName(name).into());
        }
        self.check_component(&def)?;
        let id = self.declare(name)?;
        self.define(id, def)?;
        Ok(id)
    }

    /// Makes `alias` another name of `id` (e.g. `flecs.meta.i32` for `int32`). Errors if the
    /// name is taken.
    pub fn alias(&mut self, alias: impl Into<Box<str>>, id: TypeId) -> Result<()> {
        let alias = alias.into();
        if self.by_name.contains_key(&alias) {
            return Err(ErrorKind::DuplicateName(alias).into());
        }
        self.by_name.insert(alias, id);
        Ok(())
    }

    /// An anonymous type of this kind. Structural kinds are interned (the same kind gives the
    /// same id, and builtin kinds give the builtin); structs, enums and bitmasks always get a
    /// new id.
    pub fn anonymous(&mut self, kind: Kind) -> TypeId {
        let key = kind.intern_key();
        if let Some(id) = key.as_ref().and_then(|k| self.interned.get(k)) {
            return *id;
        }
        let id = self.next_id();
        if let Some(key) = key {
            self.interned.insert(key, id);
        }
        self.slots.push(Slot {
            qualified_name: None,
            def: Some(TypeDef::new(kind)),
        });
        id
    }

    /// `list<element>`.
    pub fn list(&mut self, element: TypeId) -> TypeId {
        self.anonymous(Kind::List(element))
    }

    /// `set<element>`.
    pub fn set(&mut self, element: TypeId) -> TypeId {
        self.anonymous(Kind::Set(element))
    }

    /// `option<inner>`.
    pub fn option(&mut self, inner: TypeId) -> TypeId {
        self.anonymous(Kind::Option(inner))
    }

    /// `map<key, value>`.
    pub fn map(&mut self, key: TypeId, value: TypeId) -> TypeId {
        self.anonymous(Kind::Map(key, value))
    }

    /// `array<element, len>`.
    pub fn array(&mut self, element: TypeId, len: u32) -> TypeId {
        self.anonymous(Kind::Array(element, len))
    }

    /// `tuple<...>`.
    pub fn tuple(&mut self, elements: impl IntoIterator<Item = TypeId>) -> TypeId {
        self.anonymous(Kind::Tuple(elements.into_iter().collect()))
    }

    /// A math type.
    pub fn math(&mut self, math: MathType) -> TypeId {
        self.anonymous(Kind::Math(math))
    }

    /// An integer type (the builtin one when there is one).
    pub fn int(&mut self, int: IntType) -> TypeId {
        self.anonymous(Kind::Int(int))
    }

    /// `polymorphic<base>`: `base` or any type derived from it.
    pub fn polymorphic(&mut self, base: TypeId) -> TypeId {
        self.anonymous(Kind::Polymorphic(base))
    }

    /// The id of the type (or alias) named `qualified_name`.
    pub fn lookup(&self, qualified_name: &str) -> Option<TypeId> {
        self.by_name.get(qualified_name).copied()
    }

    /// Whether `id` has been defined.
    pub fn is_defined(&self, id: TypeId) -> bool {
        self.slots.get(id.index()).is_some_and(|s| s.def.is_some())
    }

    /// The number of types so far, builtins and declared ones included.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always `false`: a builder holds at least the builtins.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Checks and freezes the registry: every declared type must be defined, every referenced
    /// [`TypeId`] must exist, and inheritance must not be cyclic.
    pub fn build(self) -> Result<TypeRegistry> {
        let mut defs = Vec::with_capacity(self.slots.len());
        for (i, slot) in self.slots.iter().enumerate() {
            match &slot.def {
                Some(def) => defs.push(def),
                None => {
                    let name = slot
                        .qualified_name
                        .clone()
                        .unwrap_or_else(|| i.to_string().into());
                    return Err(ErrorKind::Undefined(name).into());
                }
            }
        }
        for (i, def) in defs.iter().enumerate() {
            let mut unknown = None;
            let mut check = |t: TypeId| {
                if t.index() >= defs.len() && unknown.is_none() {
                    unknown = Some(t);
                }
            };
            def.kind.for_each_reference(&mut check);
            def.bases.iter().copied().for_each(&mut check);
            if let Some(component) = &def.component {
                component.referenced_types().for_each(&mut check);
            }
            if let Some(t) = unknown {
                let context = self.slot_name(i);
                return Err(ErrorKind::UnknownTypeId { context, id: t.0 }.into());
            }
        }
        self.check_inheritance(&defs)?;
        Ok(self.freeze())
    }

    fn slot_name(&self, index: usize) -> Box<str> {
        self.slots
            .get(index)
            .and_then(|s| s.qualified_name.clone())
            .unwrap_or_else(|| format!("type #{index}").into())
    }

    /// Errors on an inheritance cycle. Iterative, so deep hierarchies cannot overflow the
    /// stack.
    fn check_inheritance(&self, defs: &[&TypeDef]) -> Result<()> {
        const NEW: u8 = 0;
        const ACTIVE: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; defs.len()];
        for root in 0..defs.len() {
            if state[root] != NEW || defs[root].bases.is_empty() {
                continue;
            }
            state[root] = ACTIVE;
            let mut stack = vec![(root, 0usize)];
            while let Some((t, next)) = stack.last_mut() {
                let t = *t;
                if let Some(base) = defs[t].bases.get(*next) {
                    *next += 1;
                    let b = base.index();
                    match state[b] {
                        NEW => {
                            state[b] = ACTIVE;
                            stack.push((b, 0));
                        }
                        ACTIVE => return Err(ErrorKind::InheritanceCycle(self.slot_name(b)).into()),
                        _ => {}
                    }
                } else {
                    state[t] = DONE;
                    stack.pop();
                }
            }
        }
        Ok(())
    }

    /// Builds the registry from checked slots (every slot defined, references in range).
    fn freeze(self) -> TypeRegistry {
        let arity_of = |slots: &[Slot], t: TypeId| match slots
            .get(t.index())
            .and_then(|s| s.def.as_ref())
            .map(|d| &d.kind)
        {
            Some(Kind::Option(inner)) => Arity::Option(*inner),
            Some(Kind::List(e) | Kind::Set(e) | Kind::Array(e, _)) => Arity::List(*e),
            Some(Kind::Map(k, v)) => Arity::Map(*k, *v),
            _ => Arity::Singular,
        };
        let arities: Vec<Vec<Arity>> = self
            .slots
            .iter()
            .map(|s| match s.def.as_ref().map(|d| &d.kind) {
                Some(Kind::Struct(st)) => st
                    .fields()
                    .iter()
                    .map(|f| arity_of(&self.slots, f.ty()))
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        let mut derived: Vec<Vec<TypeId>> = vec![Vec::new(); self.slots.len()];
        for (i, slot) in self.slots.iter().enumerate() {
            for base in slot.def.iter().flat_map(|d| &d.bases) {
                if let Some(list) = derived.get_mut(base.index()) {
                    list.push(TypeId(i as u32));
                }
            }
        }
        let mut derived = derived.into_iter();
        let types = self
            .slots
            .into_iter()
            .zip(arities)
            .enumerate()
            .map(|(i, (slot, arities))| {
                let mut def = slot.def.unwrap_or_else(|| TypeDef::new(Kind::Any));
                if let Kind::Struct(st) = &mut def.kind {
                    for (field, arity) in st.fields_mut().iter_mut().zip(arities) {
                        field.set_arity(arity);
                    }
                }
                let name = def
                    .short_name
                    .or_else(|| default_short(&slot.qualified_name).map(Box::from));
                Type {
                    id: TypeId(i as u32),
                    qualified_name: slot.qualified_name,
                    name,
                    kind: def.kind,
                    meta: def.meta,
                    component: def.component.map(Box::new),
                    bases: def.bases.into_boxed_slice(),
                    derived: derived.next().unwrap_or_default().into_boxed_slice(),
                }
            })
            .collect();
        TypeRegistry {
            types,
            by_name: self.by_name,
            components: self.components,
            interned: self.interned,
            derived: Default::default(),
        }
    }
}

/// The part of a qualified name after the last `.`.
fn default_short(qualified_name: &Option<Box<str>>) -> Option<&str> {
    qualified_name
        .as_deref()
        .map(|n| n.rsplit('.').next().unwrap_or(n))
}

impl Default for RegistryBuilder {
    fn default() -> Self {
        RegistryBuilder::new()
    }
}

#[cfg(test)]
mod tests;
