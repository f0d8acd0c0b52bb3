//! Walking a typed value: [`ValueVisitor`], [`walk`] and [`validate`].
//!
//! A codec walks a `(TypeId, &Value)` pair: [`walk`] descends the type and the value together,
//! checks at every step that the value fits the type, and calls the visitor with the type's
//! definitions (borrowed from the registry) and the value's parts (borrowed from the value). It
//! allocates nothing and looks up no strings; only a failed check builds an error, with the path
//! of the offending value.

use crate::error::{Error, ErrorKind, Segment};
use crate::id::{ComponentId, TypeId};
use crate::kind::Kind;
use crate::math::MathScalar;
use crate::registry::{Type, TypeRegistry};
use crate::struct_type::{Field, StructType};
use crate::value::{Dynamic, Value};
use std::collections::BTreeMap;

/// How many composite values (structs, containers, options, entities, dynamic values) [`walk`]
/// and [`validate`] accept nested in each other, and how many composite types
/// [`default_value`](crate::default_value) nests, before they give up with an error (Godot's
/// own limit is 1024 nested containers). It bounds values of any type, containers of containers
/// included; object levels (structs and entities) are bounded by
/// [`MAX_NESTING`](crate::nesting::MAX_NESTING), as every format bounds them.
pub const MAX_DEPTH: usize = 1024;

/// Receives a typed value from [`walk`], outside in. Every method has a default that does
/// nothing, so a visitor implements only what it needs. Leaves (scalars, strings, bytes, ids,
/// UUIDs, enums, bitmasks and math values) arrive whole in [`ValueVisitor::visit_leaf`], already
/// checked against their type; composites arrive as `enter_*` / `leave_*` pairs around their
/// children, each child announced by its position.
///
/// `'a` is the lifetime of the registry and the value, so a visitor may keep references into
/// them.
///
/// A tiny JSON writer:
///
/// ```
/// use std::fmt::Write;
/// use rosetta_types::{walk, Error, Field, StructType, Type, TypeId, TypeRegistry, Value, ValueVisitor};
///
/// struct Json(String);
///
/// impl<'a> ValueVisitor<'a> for Json {
///     type Error = Error;
///     fn visit_leaf(&mut self, _: &'a Type, value: &'a Value) -> Result<(), Error> {
///         let _ = match value {
///             Value::String(s) => write!(self.0, "{s:?}"),
///             Value::I32(v) => write!(self.0, "{v}"),
///             Value::Bool(v) => write!(self.0, "{v}"),
///             other => write!(self.0, "{other:?}"),
///         };
///         Ok(())
///     }
///     fn enter_struct(&mut self, _: &'a Type, _: &'a StructType) -> Result<(), Error> {
///         self.0.push('{');
///         Ok(())
///     }
///     fn enter_field(&mut self, index: usize, field: &'a Field) -> Result<(), Error> {
///         let _ = write!(self.0, "{}{:?}:", if index > 0 { "," } else { "" }, field.name());
///         Ok(())
///     }
///     fn leave_struct(&mut self, _: &'a Type) -> Result<(), Error> {
///         self.0.push('}');
///         Ok(())
///     }
///     fn enter_seq(&mut self, _: &'a Type, _: usize) -> Result<(), Error> {
///         self.0.push('[');
///         Ok(())
///     }
///     fn enter_element(&mut self, index: usize) -> Result<(), Error> {
///         if index > 0 {
///             self.0.push(',');
///         }
///         Ok(())
///     }
///     fn leave_seq(&mut self, _: &'a Type) -> Result<(), Error> {
///         self.0.push(']');
///         Ok(())
///     }
///     fn visit_none(&mut self, _: &'a Type) -> Result<(), Error> {
///         self.0.push_str("null");
///         Ok(())
///     }
/// }
///
/// let mut b = TypeRegistry::builder();
/// let tags = b.list(TypeId::STRING);
/// let level = b.option(TypeId::INT32);
/// let player = b.add("game.Player", StructType::new([
///     Field::new("name", TypeId::STRING),
///     Field::new("tags", tags),
///     Field::new("level", level),
/// ])?)?;
/// let registry = b.build()?;
/// let value = Value::structure([
///     Value::from("Ann"),
///     Value::list([Value::from("a"), Value::from("b")]),
///     Value::NONE,
/// ]);
/// let mut json = Json(String::new());
/// walk(&registry, player, &value, &mut json)?;
/// assert_eq!(json.0, r#"{"name":"Ann","tags":["a","b"],"level":null}"#);
/// # Ok::<(), Error>(())
/// ```
#[allow(unused_variables)]
pub trait ValueVisitor<'a> {
    /// The visitor's error; mismatches between value and type found by [`walk`] convert into it.
    type Error: From<Error>;

    /// A leaf value of type `ty`.
    fn visit_leaf(&mut self, ty: &'a Type, value: &'a Value) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the fields of a struct.
    fn enter_struct(&mut self, ty: &'a Type, def: &'a StructType) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the value of field `index` (its position in [`StructType::fields`]).
    fn enter_field(&mut self, index: usize, field: &'a Field) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After the fields of a struct.
    fn leave_struct(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the `len` elements of an array, list, set or tuple.
    fn enter_seq(&mut self, ty: &'a Type, len: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before element `index` of a sequence.
    fn enter_element(&mut self, index: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After the elements of a sequence.
    fn leave_seq(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the `len` entries of a map.
    fn enter_map(&mut self, ty: &'a Type, len: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the key of entry `index`.
    fn enter_key(&mut self, index: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the value of entry `index` (after its key).
    fn enter_value(&mut self, index: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After the entries of a map.
    fn leave_map(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// An empty option.
    fn visit_none(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the value of a present option.
    fn enter_some(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After the value of a present option.
    fn leave_some(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the `len` components of an entity.
    fn enter_entity(&mut self, ty: &'a Type, len: usize) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the data of the `index`-th component (ascending ids), whose type is `component`.
    fn enter_component(
        &mut self,
        index: usize,
        id: ComponentId,
        component: &'a Type,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After the components of an entity.
    fn leave_entity(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Before the value of a polymorphic or `any` value whose declared type is `ty` and whose
    /// actual type is `actual` (where O3DE writes `$type`).
    fn enter_dynamic(&mut self, ty: &'a Type, actual: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }

    /// After a polymorphic or `any` value.
    fn leave_dynamic(&mut self, ty: &'a Type) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// Walks `value` as a value of type `ty`, calling `visitor` for each part, and checks on the way
/// that the value fits the type (as [`validate`] does), objects nested no deeper than
/// [`MAX_NESTING`](crate::nesting::MAX_NESTING) included. The walk stops at the first error: a
/// mismatch (converted into the visitor's error, with the path of the offending value) or an
/// error returned by the visitor.
pub fn walk<'a, V: ValueVisitor<'a>>(
    registry: &'a TypeRegistry,
    ty: TypeId,
    value: &'a Value,
    visitor: &mut V,
) -> Result<(), V::Error> {
    let mut walker = Walker {
        registry,
        visitor,
        depth: 0,
        objects: 0,
    };
    walker.node(ty, value).map_err(|fail| match fail {
        Fail::Invalid(error) => V::Error::from(error),
        Fail::Visitor(error) => error,
    })
}

/// Checks that `value` is a value of type `ty`: every variant matches its kind, integers and
/// enum values fit their representation, closed enums hold declared constants, structs, tuples,
/// arrays and math values have the right length, entity components are registered components
/// with valid data, polymorphic values hold the base type or a derived type, and objects (structs
/// and entities) nest no deeper than [`MAX_NESTING`](crate::nesting::MAX_NESTING), so that every format
/// can write the value. The error says where, as a JSON Pointer ([`Error::path`]).
///
/// ```
/// use rosetta_types::{validate, Field, StructType, TypeRegistry, TypeId, Value};
/// let mut b = TypeRegistry::builder();
/// let scores = b.list(TypeId::UINT32);
/// let ty = b.add("game.Card", StructType::new([Field::new("scores", scores)])?)?;
/// let registry = b.build()?;
/// validate(&registry, ty, &Value::structure([Value::list([Value::U32(1)])]))?;
/// let err = validate(&registry, ty, &Value::structure([Value::list([Value::U32(1), Value::I32(2)])])).unwrap_err();
/// assert_eq!(err.to_string(), "at /scores/1: expected uint32, found int32");
/// # Ok::<(), rosetta_types::Error>(())
/// ```
pub fn validate(registry: &TypeRegistry, ty: TypeId, value: &Value) -> Result<(), Error> {
    struct Check;
    impl ValueVisitor<'_> for Check {
        type Error = Error;
    }
    walk(registry, ty, value, &mut Check)
}

enum Fail<E> {
    Invalid(Error),
    Visitor(E),
}

impl<E> Fail<E> {
    #[cold]
    fn at(self, segment: Segment) -> Self {
        match self {
            Fail::Invalid(error) => Fail::Invalid(error.at(segment)),
            other => other,
        }
    }
}

impl<E> From<ErrorKind> for Fail<E> {
    #[cold]
    fn from(kind: ErrorKind) -> Self {
        Fail::Invalid(Error::new(kind))
    }
}

/// The walk's state. The recursion goes `node` -> one composite function -> `node`; leaf checks
/// and error construction live in functions outside that path, so that each level of nesting
/// costs little stack, even in debug builds.
struct Walker<'a, 'v, V> {
    registry: &'a TypeRegistry,
    visitor: &'v mut V,
    depth: usize,
    /// The object level of the value being walked: structs and entities on the way to it.
    objects: usize,
}

/// Runs a visitor callback, marking its error as the visitor's.
macro_rules! call {
    ($e:expr) => {
        $e.map_err(Fail::Visitor)?
    };
}

impl<'a, V: ValueVisitor<'a>> Walker<'a, '_, V> {
    fn node(&mut self, id: TypeId, value: &'a Value) -> Result<(), Fail<V::Error>> {
        let Some(ty) = self.registry.get(id) else {
            return Err(unknown_type(id));
        };
        if ty.kind().is_leaf() {
            check_leaf(self.registry, ty, value)?;
            return self.visitor.visit_leaf(ty, value).map_err(Fail::Visitor);
        }
        if self.depth >= MAX_DEPTH {
            return Err(ErrorKind::TooDeep(MAX_DEPTH).into());
        }
        let object = matches!(ty.kind(), Kind::Struct(_) | Kind::Entity);
        if object {
            if self.objects >= crate::nesting::MAX_NESTING {
                return Err(ErrorKind::TooManyObjectLevels.into());
            }
            self.objects += 1;
        }
        self.depth += 1;
        let result = match (ty.kind(), value) {
            (Kind::Struct(def), Value::Struct(values)) => self.structure(ty, def, values),
            (Kind::Array(element, len), Value::List(values)) => {
                check_len(*len as usize, values.len())?;
                self.seq(ty, values, |_| *element)
            }
            (Kind::List(element) | Kind::Set(element), Value::List(values)) => {
                self.seq(ty, values, |_| *element)
            }
            (Kind::Tuple(types), Value::Tuple(values)) => {
                check_len(types.len(), values.len())?;
                self.seq(ty, values, |i| types.get(i).copied().unwrap_or(TypeId::NIL))
            }
            (Kind::Map(key, value), Value::Map(entries)) => self.map(ty, *key, *value, entries),
            (Kind::Option(inner), Value::Option(value)) => self.option(ty, *inner, value),
            (Kind::Entity, Value::Entity(components)) => self.entity(ty, components),
            (Kind::Polymorphic(_) | Kind::Any, Value::Dynamic(dynamic)) => {
                self.dynamic(ty, dynamic)
            }
            _ => Err(mismatch(self.registry, id, value)),
        };
        self.depth -= 1;
        self.objects -= usize::from(object);
        result
    }

    fn structure(
        &mut self,
        ty: &'a Type,
        def: &'a StructType,
        values: &'a [Value],
    ) -> Result<(), Fail<V::Error>> {
        check_len(def.len(), values.len())?;
        call!(self.visitor.enter_struct(ty, def));
        for (i, (field, value)) in def.fields().iter().zip(values).enumerate() {
            call!(self.visitor.enter_field(i, field));
            self.node(field.ty(), value)
                .map_err(|e| e.at(Segment::Field(field.name().into())))?;
        }
        call!(self.visitor.leave_struct(ty));
        Ok(())
    }

    fn seq(
        &mut self,
        ty: &'a Type,
        values: &'a [Value],
        element_type: impl Fn(usize) -> TypeId,
    ) -> Result<(), Fail<V::Error>> {
        call!(self.visitor.enter_seq(ty, values.len()));
        for (i, value) in values.iter().enumerate() {
            call!(self.visitor.enter_element(i));
            self.node(element_type(i), value)
                .map_err(|e| e.at(Segment::Index(i)))?;
        }
        call!(self.visitor.leave_seq(ty));
        Ok(())
    }

    fn map(
        &mut self,
        ty: &'a Type,
        key_type: TypeId,
        value_type: TypeId,
        entries: &'a [(Value, Value)],
    ) -> Result<(), Fail<V::Error>> {
        call!(self.visitor.enter_map(ty, entries.len()));
        for (i, (key, value)) in entries.iter().enumerate() {
            call!(self.visitor.enter_key(i));
            self.node(key_type, key)
                .map_err(|e| e.at(Segment::Key).at(Segment::Index(i)))?;
            call!(self.visitor.enter_value(i));
            self.node(value_type, value)
                .map_err(|e| e.at(Segment::Value).at(Segment::Index(i)))?;
        }
        call!(self.visitor.leave_map(ty));
        Ok(())
    }

    fn option(
        &mut self,
        ty: &'a Type,
        inner: TypeId,
        value: &'a Option<Box<Value>>,
    ) -> Result<(), Fail<V::Error>> {
        match value {
            None => call!(self.visitor.visit_none(ty)),
            Some(value) => {
                call!(self.visitor.enter_some(ty));
                self.node(inner, value)?;
                call!(self.visitor.leave_some(ty));
            }
        }
        Ok(())
    }

    fn entity(
        &mut self,
        ty: &'a Type,
        components: &'a BTreeMap<ComponentId, Value>,
    ) -> Result<(), Fail<V::Error>> {
        call!(self.visitor.enter_entity(ty, components.len()));
        for (i, (&id, data)) in components.iter().enumerate() {
            let Some(component) = self.registry.component(id) else {
                return Err(Fail::from(ErrorKind::UnknownComponent(id)).at(Segment::Component(id)));
            };
            call!(self.visitor.enter_component(i, id, component));
            self.node(component.id(), data)
                .map_err(|e| e.at(Segment::Component(id)))?;
        }
        call!(self.visitor.leave_entity(ty));
        Ok(())
    }

    fn dynamic(&mut self, ty: &'a Type, dynamic: &'a Dynamic) -> Result<(), Fail<V::Error>> {
        let Some(actual) = self.registry.get(dynamic.ty) else {
            return Err(unknown_type(dynamic.ty));
        };
        if let Kind::Polymorphic(base) = ty.kind() {
            if !self.registry.is_subtype(dynamic.ty, *base) {
                return Err(not_subtype(self.registry, dynamic.ty, *base));
            }
        }
        call!(self.visitor.enter_dynamic(ty, actual));
        self.node(dynamic.ty, &dynamic.value)?;
        call!(self.visitor.leave_dynamic(ty));
        Ok(())
    }
}

/// Checks a leaf value (`ty.kind().is_leaf()`) against its type.
#[inline(never)]
fn check_leaf<E>(registry: &TypeRegistry, ty: &Type, value: &Value) -> Result<(), Fail<E>> {
    let fits = match (ty.kind(), value) {
        (kind, value) if kind.holds_scalar(value) => true,
        (Kind::Enum(e) | Kind::Bitmask(e), Value::Enum(v)) => {
            if !e.repr().contains(*v) {
                return Err(ErrorKind::OutOfRange {
                    value: *v,
                    repr: e.repr().name(),
                }
                .into());
            }
            let closed = matches!(ty.kind(), Kind::Enum(_)) && e.is_closed();
            if closed && e.by_value(*v).is_none() {
                let name = registry.display(ty.id()).to_string().into();
                return Err(ErrorKind::UnknownConstant {
                    value: *v,
                    ty: name,
                }
                .into());
            }
            true
        }
        (Kind::Math(m), value) => {
            let len = match (m.scalar, value) {
                (MathScalar::F32, Value::MathF32(c)) => Some(c.len()),
                (MathScalar::F64, Value::MathF64(c)) => Some(c.len()),
                (MathScalar::I32, Value::MathI32(c)) => Some(c.len()),
                _ => None,
            };
            match len {
                Some(len) => {
                    check_len(m.len(), len)?;
                    true
                }
                None => false,
            }
        }
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(mismatch(registry, ty.id(), value))
    }
}

#[cold]
#[inline(never)]
fn unknown_type<E>(id: TypeId) -> Fail<E> {
    ErrorKind::UnknownTypeId {
        context: "the value".into(),
        id: id.as_u32(),
    }
    .into()
}

#[cold]
#[inline(never)]
fn mismatch<E>(registry: &TypeRegistry, ty: TypeId, value: &Value) -> Fail<E> {
    let expected = registry.display(ty).to_string().into();
    ErrorKind::Mismatch {
        expected,
        found: value.kind_name(),
    }
    .into()
}

#[cold]
#[inline(never)]
fn not_subtype<E>(registry: &TypeRegistry, actual: TypeId, base: TypeId) -> Fail<E> {
    ErrorKind::NotSubtype {
        actual: registry.display(actual).to_string().into(),
        base: registry.display(base).to_string().into(),
    }
    .into()
}

fn check_len<E>(expected: usize, found: usize) -> Result<(), Fail<E>> {
    if expected == found {
        Ok(())
    } else {
        Err(ErrorKind::Length { expected, found }.into())
    }
}

#[cfg(test)]
mod tests;
