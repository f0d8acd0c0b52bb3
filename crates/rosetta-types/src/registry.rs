//! [`TypeRegistry`]: every type of a program, looked up by [`TypeId`], by qualified name and, for
//! components, by component id.

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::ops::Index;
use std::sync::Arc;

use crate::component::ComponentInfo;
use crate::id::{ComponentId, TypeId};
use crate::kind::{InternKey, Kind};
use crate::meta::{Attribute, Meta, SourcePos};

/// A registered type: its id, names, [`Kind`], metadata, and, for a component, its
/// [`ComponentInfo`].
#[derive(Debug, Clone)]
pub struct Type {
    pub(crate) id: TypeId,
    pub(crate) qualified_name: Option<Box<str>>,
    pub(crate) name: Option<Box<str>>,
    pub(crate) kind: Kind,
    pub(crate) meta: Meta,
    pub(crate) component: Option<Box<ComponentInfo>>,
    pub(crate) bases: Box<[TypeId]>,
    pub(crate) derived: Box<[TypeId]>,
}

impl Type {
    /// The type's id.
    pub fn id(&self) -> TypeId {
        self.id
    }

    /// The qualified name (`game.Player`, `improbable.Position`); `None` for anonymous types
    /// (`list<int32>` and the like).
    pub fn qualified_name(&self) -> Option<&str> {
        self.qualified_name.as_deref()
    }

    /// The short name (`Player`); by default the part of the qualified name after the last `.`.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// What the type is.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// Doc string, source position and attributes.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The doc string.
    pub fn doc(&self) -> Option<&str> {
        self.meta.doc.as_deref()
    }

    /// Where the type was declared.
    pub fn source(&self) -> Option<&SourcePos> {
        self.meta.source.as_ref()
    }

    /// The first attribute named `name`.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.meta.attribute(name)
    }

    /// The component id, events and commands, if the type is a component.
    pub fn component(&self) -> Option<&ComponentInfo> {
        self.component.as_deref()
    }

    /// The direct base types (for polymorphic values).
    pub fn bases(&self) -> &[TypeId] {
        &self.bases
    }

    /// The types that name this one as a direct base.
    pub fn derived(&self) -> &[TypeId] {
        &self.derived
    }
}

/// The registry of types every format walks: O(1) lookups by [`TypeId`], by qualified name and
/// by component id. Build one with [`TypeRegistry::builder`]; [`TypeRegistry::new`] has only the
/// builtin types.
///
/// ```
/// use rosetta_types::{Field, Kind, StructType, TypeId, TypeRegistry, TypeDef, ComponentInfo};
/// let mut builder = TypeRegistry::builder();
/// let fields = StructType::new([Field::new("x", TypeId::DOUBLE).with_number(1)]).unwrap();
/// let pos = builder
///     .add("game.Position", TypeDef::new(fields).with_component(ComponentInfo::new(54)))
///     .unwrap();
/// let registry = builder.build().unwrap();
/// assert_eq!(registry.lookup("game.Position"), Some(pos));
/// assert_eq!(registry.component(54).map(|t| t.id()), Some(pos));
/// assert_eq!(registry[pos].name(), Some("Position"));
/// assert_eq!(registry.display(registry.lookup("int32").unwrap()).to_string(), "int32");
/// ```
#[derive(Clone)]
pub struct TypeRegistry {
    pub(crate) types: Vec<Type>,
    pub(crate) by_name: HashMap<Box<str>, TypeId>,
    pub(crate) components: HashMap<ComponentId, TypeId>,
    pub(crate) interned: HashMap<InternKey, TypeId>,
    pub(crate) derived: crate::derived::Derived,
}

impl TypeRegistry {
    /// The type with id `id`, or `None` if it is not from this registry.
    pub fn get(&self, id: TypeId) -> Option<&Type> {
        self.types.get(id.index())
    }

    /// The id of the type (or alias) named `qualified_name`.
    pub fn lookup(&self, qualified_name: &str) -> Option<TypeId> {
        self.by_name.get(qualified_name).copied()
    }

    /// The type (or alias) named `qualified_name`.
    pub fn get_by_name(&self, qualified_name: &str) -> Option<&Type> {
        self.lookup(qualified_name).and_then(|id| self.get(id))
    }

    /// The component type with component id `id`.
    pub fn component(&self, id: ComponentId) -> Option<&Type> {
        self.components.get(&id).and_then(|&t| self.get(t))
    }

    /// Every component type, in registration order.
    pub fn components(&self) -> impl Iterator<Item = &Type> + '_ {
        self.types.iter().filter(|t| t.component.is_some())
    }

    /// Every type, in id order (the builtins first).
    pub fn iter(&self) -> std::slice::Iter<'_, Type> {
        self.types.iter()
    }

    /// The number of types, builtins included.
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// Always `false`: a registry holds at least the builtins.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// Whether `ty` is `base` or derives from it, directly or not. Follows single inheritance
    /// without allocating; only a type with several bases needs a work list.
    pub fn is_subtype(&self, ty: TypeId, base: TypeId) -> bool {
        let mut current = ty;
        loop {
            if current == base {
                return true;
            }
            match self.get(current).map(|t| &*t.bases) {
                None | Some([]) => return false,
                Some([single]) => current = *single,
                Some(several) => return self.is_subtype_of_any(several, base),
            }
        }
    }

    /// Depth-first search through a hierarchy with multiple inheritance (acyclic: checked when
    /// the registry was built).
    fn is_subtype_of_any(&self, roots: &[TypeId], base: TypeId) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut stack = roots.to_vec();
        while let Some(t) = stack.pop() {
            if t == base {
                return true;
            }
            if seen.insert(t) {
                if let Some(ty) = self.get(t) {
                    stack.extend_from_slice(&ty.bases);
                }
            }
        }
        false
    }

    /// A displayable name of a type: its qualified name, or a structural name for anonymous types
    /// (`list<int32>`, `map<string, game.Item>`, `Vector3<f32>`).
    pub fn display(&self, id: TypeId) -> TypeName<'_> {
        TypeName { registry: self, id }
    }
}

impl TypeRegistry {
    /// The registry's derived data of type `T`, built by `build` the first time it is asked
    /// for. `build` runs without any lock held (it may ask for other derived data); if two
    /// threads build at once, the first to finish is kept.
    ///
    /// ```
    /// use rosetta_types::TypeRegistry;
    /// struct Count(usize);
    /// let registry = TypeRegistry::new();
    /// let a = registry.derived(|r| Count(r.len()));
    /// let b = registry.derived(|_| Count(0)); // not built again
    /// assert_eq!(a.0, b.0);
    /// ```
    pub fn derived<T: Any + Send + Sync>(&self, build: impl FnOnce(&Self) -> T) -> Arc<T> {
        self.derived.get_or_build(|| build(self))
    }
}

impl Default for TypeRegistry {
    fn default() -> Self {
        TypeRegistry::new()
    }
}

impl Index<TypeId> for TypeRegistry {
    type Output = Type;

    /// The type with id `id`.
    ///
    /// # Panics
    ///
    /// If `id` is not from this registry; use [`TypeRegistry::get`] for ids of unknown origin.
    fn index(&self, id: TypeId) -> &Type {
        &self.types[id.index()]
    }
}

impl<'a> IntoIterator for &'a TypeRegistry {
    type Item = &'a Type;
    type IntoIter = std::slice::Iter<'a, Type>;

    fn into_iter(self) -> Self::IntoIter {
        self.types.iter()
    }
}

impl fmt::Debug for TypeRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypeRegistry")
            .field("types", &self.types)
            .finish()
    }
}

/// The display name of a type, from [`TypeRegistry::display`].
#[derive(Clone, Copy)]
pub struct TypeName<'a> {
    registry: &'a TypeRegistry,
    id: TypeId,
}

impl TypeName<'_> {
    fn write(&self, f: &mut fmt::Formatter<'_>, id: TypeId, depth: usize) -> fmt::Result {
        let Some(ty) = self.registry.get(id) else {
            return write!(f, "<unknown {id}>");
        };
        if let Some(name) = ty.qualified_name() {
            return f.write_str(name);
        }
        if depth > 8 {
            return f.write_str("...");
        }
        let inner = |f: &mut fmt::Formatter<'_>, t: TypeId| self.write(f, t, depth + 1);
        match ty.kind() {
            Kind::Int(t) => f.write_str(t.name()),
            Kind::Float(t) => f.write_str(t.name()),
            Kind::Array(t, n) => {
                f.write_str("array<")?;
                inner(f, *t)?;
                write!(f, ", {n}>")
            }
            Kind::List(t) | Kind::Set(t) | Kind::Option(t) | Kind::Polymorphic(t) => {
                write!(f, "{}<", ty.kind().name())?;
                inner(f, *t)?;
                f.write_str(">")
            }
            Kind::Map(k, v) => {
                f.write_str("map<")?;
                inner(f, *k)?;
                f.write_str(", ")?;
                inner(f, *v)?;
                f.write_str(">")
            }
            Kind::Tuple(ts) => {
                f.write_str("tuple<")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    inner(f, *t)?;
                }
                f.write_str(">")
            }
            Kind::Math(m) => match m.shape {
                crate::math::MathShape::Matrix { rows, cols } => {
                    write!(f, "Matrix{rows}x{cols}<{}>", m.scalar.name())
                }
                shape => write!(f, "{}<{}>", shape.name(), m.scalar.name()),
            },
            Kind::Struct(_) | Kind::Enum(_) | Kind::Bitmask(_) => {
                write!(f, "{} {id}", ty.kind().name())
            }
            other => f.write_str(other.name()),
        }
    }
}

impl fmt::Display for TypeName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, self.id, 0)
    }
}

impl fmt::Debug for TypeName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Field, IntEncoding, IntType, IntWidth, MathShape, MathType, StructType, TypeDef};

    #[test]
    fn builtins() {
        let registry = TypeRegistry::default();
        assert_eq!(registry.len(), TypeId::BUILTIN_COUNT);
        assert!(!registry.is_empty());
        for (i, ty) in registry.iter().enumerate() {
            assert_eq!(ty.id().index(), i);
            let name = ty.qualified_name().unwrap();
            assert_eq!(registry.lookup(name), Some(ty.id()));
            assert_eq!(ty.name(), Some(name));
        }
        assert_eq!(registry[TypeId::ENTITY].kind(), &Kind::Entity);
        assert_eq!(
            registry.get_by_name("EntityId").map(Type::id),
            Some(TypeId::ENTITY_ID)
        );
        assert!(registry.get(TypeId(9999)).is_none());
        assert_eq!(registry.components().count(), 0);
        assert_eq!((&registry).into_iter().count(), registry.len());
    }

    #[test]
    fn display_names() {
        let mut b = TypeRegistry::builder();
        let item = b.declare("game.Item").unwrap();
        let list = b.list(item);
        let map = b.map(TypeId::STRING, list);
        let opt = b.option(map);
        let tuple = b.tuple([TypeId::INT32, opt]);
        let vec3 = b.math(MathType::VECTOR3I);
        let m34 = b.math(MathType::new(
            MathShape::Matrix { rows: 3, cols: 4 },
            crate::MathScalar::F32,
        ));
        let arr = b.array(TypeId::UUID, 4);
        let sint8 = b.int(IntType::new(IntWidth::W8, true, IntEncoding::ZigZag));
        let anon = b.anonymous(Kind::Struct(StructType::default()));
        let poly = b.polymorphic(item);
        b.define(
            item,
            StructType::new([Field::new("a", TypeId::ANY)]).unwrap(),
        )
        .unwrap();
        let r = b.build().unwrap();
        let name = |t| r.display(t).to_string();
        assert_eq!(
            name(tuple),
            "tuple<int32, option<map<string, list<game.Item>>>>"
        );
        assert_eq!(name(vec3), "Vector3<i32>");
        assert_eq!(name(m34), "Matrix3x4<f32>");
        assert_eq!(name(arr), "array<Uuid, 4>");
        assert_eq!(name(sint8), "sint8");
        assert_eq!(name(anon), format!("struct {anon}"));
        assert_eq!(name(poly), "polymorphic<game.Item>");
        assert_eq!(name(TypeId(4000)), "<unknown #4000>");
        assert_eq!(format!("{:?}", r.display(TypeId::ANY)), "\"any\"");
        assert!(format!("{r:?}").starts_with("TypeRegistry { types: ["));
        let _ = TypeDef::new(Kind::Any);
    }
}
