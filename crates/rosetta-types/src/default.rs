//! [`default_value`]: the value a type has when nothing was written.

use crate::error::{Error, ErrorKind, Result};
use crate::id::TypeId;
use crate::kind::Kind;
use crate::math::MathScalar;
use crate::nesting::MAX_NESTING;
use crate::registry::{Type, TypeRegistry};
use crate::scalar::{FloatType, IntType, IntWidth};
use crate::struct_type::Arity;
use crate::value::{Dynamic, Value};
use crate::visit::MAX_DEPTH;

/// The default value of a type: what a SpatialOS reader sees for an absent singular field.
///
/// | kind | default |
/// | --- | --- |
/// | bool, integers, floats, entity id | `false`, `0`, `0.0`, `0` |
/// | char, string, bytes, uuid | `'\0'`, `""`, empty, all zero |
/// | enum | the first declared constant (0 without constants) |
/// | bitmask | 0 |
/// | struct, tuple | each field or slot defaulted |
/// | array | `len` defaulted elements |
/// | list, set, map, entity | empty |
/// | option | `None` |
/// | math | zero; identity for quaternions, transforms, bases, projections and matrices; opaque black for colors |
/// | polymorphic | the default of the base type |
/// | any | `nil` |
///
/// Errors if `ty` is unknown or contains itself outside an option, list, set, map or entity
/// (such a type has no finite default).
///
/// ```
/// use rosetta_types::{default_value, validate, Constant, EnumType, Field, IntType, Kind, StructType, TypeRegistry, Value};
/// let mut b = TypeRegistry::builder();
/// let color = b.add("game.Color", Kind::Enum(EnumType::new(IntType::UINT32, [Constant::new("RED", 3)])?))?;
/// let opt = b.option(rosetta_types::TypeId::INT32);
/// let list = b.list(rosetta_types::TypeId::STRING);
/// let player = b.add("game.Player", StructType::new([
///     Field::new("name", rosetta_types::TypeId::STRING).with_number(1),
///     Field::new("color", color).with_number(2),
///     Field::new("level", opt).with_number(3),
///     Field::new("tags", list).with_number(4),
/// ])?)?;
/// let registry = b.build()?;
/// let value = default_value(&registry, player)?;
/// assert_eq!(value, Value::structure([Value::from(""), Value::Enum(3), Value::NONE, Value::list([])]));
/// validate(&registry, player, &value)?;
/// # Ok::<(), rosetta_types::Error>(())
/// ```
pub fn default_value(registry: &TypeRegistry, ty: TypeId) -> Result<Value> {
    let mut in_progress = Vec::new();
    make(registry, ty, &mut in_progress)
}

fn zero_int(t: IntType) -> Value {
    match (t.is_signed(), t.width()) {
        (true, IntWidth::W8) => Value::I8(0),
        (true, IntWidth::W16) => Value::I16(0),
        (true, IntWidth::W32) => Value::I32(0),
        (true, IntWidth::W64) => Value::I64(0),
        (false, IntWidth::W8) => Value::U8(0),
        (false, IntWidth::W16) => Value::U16(0),
        (false, IntWidth::W32) => Value::U32(0),
        (false, IntWidth::W64) => Value::U64(0),
    }
}

/// `in_progress` holds the composite types being defaulted on the current path; meeting one of
/// them again means the type contains itself.
fn make(registry: &TypeRegistry, ty: TypeId, in_progress: &mut Vec<TypeId>) -> Result<Value> {
    let t = registry.get(ty).ok_or_else(|| {
        Error::from(ErrorKind::UnknownTypeId {
            context: "default_value".into(),
            id: ty.as_u32(),
        })
    })?;
    Ok(match t.kind() {
        Kind::Bool => Value::Bool(false),
        Kind::Char => Value::Char('\0'),
        Kind::Int(i) => zero_int(*i),
        Kind::Float(FloatType::F32) => Value::F32(0.0),
        Kind::Float(FloatType::F64) => Value::F64(0.0),
        Kind::String => Value::String("".into()),
        Kind::Bytes => Value::Bytes(Box::new([])),
        Kind::EntityId => Value::EntityId(0),
        Kind::Uuid => Value::Uuid([0; 16]),
        Kind::Enum(e) => Value::Enum(e.default_value()),
        Kind::Bitmask(_) => Value::Enum(0),
        Kind::List(_) | Kind::Set(_) => Value::List(Box::new([])),
        Kind::Map(..) => Value::Map(Box::new([])),
        Kind::Option(_) => Value::NONE,
        Kind::Entity => Value::entity([]),
        Kind::Any => Value::dynamic(TypeId::NIL, Value::nil()),
        Kind::Math(m) => {
            let c = |i| m.shape.default_component(i);
            match m.scalar {
                MathScalar::F32 => Value::math_f32((0..m.len()).map(|i| c(i) as f32)),
                MathScalar::F64 => Value::math_f64((0..m.len()).map(c)),
                MathScalar::I32 => Value::math_i32((0..m.len()).map(|i| c(i) as i32)),
            }
        }
        composite => {
            if in_progress.contains(&ty) {
                let name = registry.display(ty).to_string().into();
                return Err(ErrorKind::RecursiveDefault(name).into());
            }
            if in_progress.len() >= MAX_DEPTH {
                return Err(ErrorKind::TooDeep(MAX_DEPTH).into());
            }
            in_progress.push(ty);
            let value = match composite {
                Kind::Struct(s) => Value::Struct(
                    s.fields()
                        .iter()
                        .map(|f| match f.default() {
                            Some(value) => Ok(value.clone()),
                            None => make(registry, f.ty(), in_progress),
                        })
                        .collect::<Result<_>>()?,
                ),
                Kind::Tuple(ts) => Value::Tuple(
                    ts.iter()
                        .map(|&t| make(registry, t, in_progress))
                        .collect::<Result<_>>()?,
                ),
                Kind::Array(element, len) => {
                    let element = make(registry, *element, in_progress)?;
                    Value::List(vec![element; *len as usize].into_boxed_slice())
                }
                Kind::Polymorphic(base) => Value::Dynamic(Box::new(Dynamic {
                    ty: *base,
                    value: make(registry, *base, in_progress)?,
                })),
                _ => Value::NONE,
            };
            in_progress.pop();
            value
        }
    })
}

/// Where the default value of type `ty`, standing at object level `level`, has an object past
/// [`MAX_NESTING`]: the names of the fields that lead from the value to the first such object,
/// in declaration order (none: the value itself is past it); `None` when the default fits.
///
/// A reader that fills in what the data leaves out (a struct field the wire data lacks, a member
/// O3DE's JSON leaves out as the default, a field missing from a Godot Dictionary) checks the
/// default with this, so that it refuses what a writer, which meets the default as a value,
/// refuses. A default holds no elements and no option values (unless a field's own default has
/// some, which this does not look into), so only its struct fields nest, and entities (an empty
/// entity is one level).
///
/// ```
/// use rosetta_types::{default_past_limit, Field, StructType, TypeId, TypeRegistry, MAX_NESTING};
/// let mut b = TypeRegistry::builder();
/// let inner = b.add("t.Inner", StructType::new([Field::new("x", TypeId::INT32)])?)?;
/// let outer = b.add("t.Outer", StructType::new([Field::new("inner", inner)])?)?;
/// let registry = b.build()?;
/// assert_eq!(default_past_limit(&registry, outer, MAX_NESTING - 1), None);
/// assert_eq!(default_past_limit(&registry, outer, MAX_NESTING), Some(vec!["inner"]));
/// assert_eq!(default_past_limit(&registry, TypeId::INT32, MAX_NESTING + 5), None);
/// # Ok::<(), rosetta_types::Error>(())
/// ```
pub fn default_past_limit(registry: &TypeRegistry, ty: TypeId, level: usize) -> Option<Vec<&str>> {
    let mut path = Vec::new();
    past_limit(registry, ty, level, &mut path).then_some(path)
}

/// [`default_past_limit`], the path pushed onto `path`; `true` when found.
fn past_limit<'r>(
    registry: &'r TypeRegistry,
    ty: TypeId,
    level: usize,
    path: &mut Vec<&'r str>,
) -> bool {
    let fields = match registry.get(ty).map(Type::kind) {
        Some(Kind::Struct(def)) => def.fields(),
        Some(Kind::Entity) => return level > MAX_NESTING,
        _ => return false,
    };
    if level > MAX_NESTING {
        return true;
    }
    for field in fields {
        if field.arity() != Arity::Singular {
            continue;
        }
        path.push(field.name());
        // The levels only grow, so the recursion stops past the limit even for a type that
        // holds itself (which has no default at all).
        if past_limit(registry, field.ty(), level + 1, path) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{validate, Field, MathType, StructType, TypeDef};

    #[test]
    fn builtins_default_and_validate() {
        let registry = TypeRegistry::new();
        for t in registry.iter() {
            let value = default_value(&registry, t.id()).unwrap();
            validate(&registry, t.id(), &value).unwrap();
        }
        assert_eq!(
            default_value(&registry, TypeId::SFIXED64).unwrap(),
            Value::I64(0)
        );
        assert_eq!(
            default_value(&registry, TypeId::UINT8).unwrap(),
            Value::U8(0)
        );
        assert_eq!(
            default_value(&registry, TypeId::ANY).unwrap(),
            Value::dynamic(TypeId::NIL, Value::nil())
        );
        assert!(default_value(&registry, TypeId(999)).is_err());
    }

    #[test]
    fn math_and_containers() {
        let mut b = TypeRegistry::builder();
        let quat = b.math(MathType::QUATERNION);
        let v2i = b.math(MathType::VECTOR2I);
        let color64 = b.math(MathType::new(crate::MathShape::Color, MathScalar::F64));
        let arr = b.array(quat, 2);
        let tuple = b.tuple([TypeId::BOOL, v2i]);
        let r = b.build().unwrap();
        let quat_default = Value::math_f32([0.0, 0.0, 0.0, 1.0]);
        assert_eq!(default_value(&r, quat).unwrap(), quat_default);
        assert_eq!(default_value(&r, v2i).unwrap(), Value::math_i32([0, 0]));
        assert_eq!(
            default_value(&r, color64).unwrap(),
            Value::math_f64([0.0, 0.0, 0.0, 1.0])
        );
        assert_eq!(
            default_value(&r, arr).unwrap(),
            Value::list([quat_default.clone(), quat_default])
        );
        assert_eq!(
            default_value(&r, tuple).unwrap(),
            Value::tuple([Value::Bool(false), Value::math_i32([0, 0])])
        );
    }

    #[test]
    fn self_containing_types_have_no_default() {
        let mut b = TypeRegistry::builder();
        let a = b.declare("t.A").unwrap();
        let wrapper = b.declare("t.Wrapper").unwrap();
        let arr = b.array(wrapper, 1);
        b.define(a, StructType::new([Field::new("w", arr)]).unwrap())
            .unwrap();
        b.define(wrapper, StructType::new([Field::new("a", a)]).unwrap())
            .unwrap();
        let poly_base = b.declare("t.Base").unwrap();
        let poly = b.polymorphic(poly_base);
        b.define(poly_base, StructType::new([Field::new("p", poly)]).unwrap())
            .unwrap();
        let r = b.build().unwrap();
        let err = default_value(&r, a).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`t.A` contains itself outside an option, list, set or map, so it has no finite default"
        );
        assert!(default_value(&r, poly).is_err());
    }

    #[test]
    fn polymorphic_defaults_to_the_base() {
        let mut b = TypeRegistry::builder();
        let base = b
            .add(
                "t.Base",
                StructType::new([Field::new("x", TypeId::FLOAT)]).unwrap(),
            )
            .unwrap();
        let _derived = b
            .add(
                "t.Derived",
                TypeDef::new(StructType::default()).with_base(base),
            )
            .unwrap();
        let poly = b.polymorphic(base);
        let r = b.build().unwrap();
        let value = default_value(&r, poly).unwrap();
        assert_eq!(
            value,
            Value::dynamic(base, Value::structure([Value::F32(0.0)]))
        );
        validate(&r, poly, &value).unwrap();
    }
}
