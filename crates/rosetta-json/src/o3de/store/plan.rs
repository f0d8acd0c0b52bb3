//! What is worked out once per struct type and kept with the registry (see
//! [`TypeRegistry::derived`]): each member's name as the JSON text of a key, and its kind when
//! it is plain. Storing a struct then needs no registry lookup, kind
//! dispatch or name escaping per member.

use std::sync::{Arc, OnceLock};

use rosetta_types::{FloatType, Kind, MathScalar, MathShape, TypeId, TypeRegistry};

use crate::text::writer::Writer;

/// The plans of one registry's types, each made the first time it is needed.
pub(crate) struct Plans {
    structs: Box<[OnceLock<Option<StructPlan>>]>,
}

/// A struct type's plan: one entry per field, in field order.
pub(crate) struct StructPlan {
    pub members: Box<[Member]>,
}

pub(crate) struct Member {
    /// `"name":`, escaped.
    pub key: Box<str>,
    pub op: Op,
}

/// How a member is written when its field has no default of its own (compared with its type's
/// default): as a plain value, as a list of plain elements, or the general way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Plain(Plain),
    /// A list of the plain elements of type `.1`.
    List(Plain, TypeId),
    General,
}

/// A kind of value written without the general dispatch: a bool, a number, a string, or a
/// vector-like math value of `f32` components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plain {
    Bool,
    Int,
    F32,
    F64,
    Str,
    /// `n` components, all zero by default except where `ones` has a bit.
    MathF32 {
        n: usize,
        ones: u16,
    },
}

impl Plain {
    pub fn of(kind: &Kind) -> Option<Plain> {
        Some(match kind {
            Kind::Bool => Plain::Bool,
            Kind::Int(_) => Plain::Int,
            Kind::Float(FloatType::F32) => Plain::F32,
            Kind::Float(FloatType::F64) => Plain::F64,
            Kind::String => Plain::Str,
            // Colors leave out a default alpha and transforms are objects: the general path.
            Kind::Math(m)
                if m.scalar == MathScalar::F32
                    && !matches!(m.shape, MathShape::Color | MathShape::TransformTrs)
                    && (1..=16).contains(&m.shape.len()) =>
            {
                let n = m.shape.len();
                let ones = (0..n)
                    .filter(|&i| m.shape.default_component(i) == 1.0)
                    .fold(0u16, |acc, i| acc | 1 << i);
                Plain::MathF32 { n, ones }
            }
            _ => return None,
        })
    }
}

impl Plans {
    /// The plans kept with `registry`.
    pub fn of(registry: &TypeRegistry) -> Arc<Plans> {
        registry.derived(|r| Plans {
            structs: (0..r.len()).map(|_| OnceLock::new()).collect(),
        })
    }

    /// The plan of struct type `ty`; `None` if it is not a struct of `registry`.
    pub fn structure(&self, registry: &TypeRegistry, ty: TypeId) -> Option<&StructPlan> {
        self.structs
            .get(ty.index())?
            .get_or_init(|| StructPlan::new(registry, ty))
            .as_ref()
    }
}

impl StructPlan {
    fn new(registry: &TypeRegistry, ty: TypeId) -> Option<StructPlan> {
        let Kind::Struct(s) = registry.get(ty)?.kind() else {
            return None;
        };
        let members = s
            .fields()
            .iter()
            .map(|f| {
                let mut w = Writer::new(None);
                w.string(f.name());
                let mut key = w.into_string();
                key.push(':');
                let kind = |ty| registry.get(ty).map(|t| t.kind());
                let op = match kind(f.ty()) {
                    _ if f.default().is_some() => Op::General,
                    Some(Kind::List(e)) => kind(*e)
                        .and_then(Plain::of)
                        .map_or(Op::General, |p| Op::List(p, *e)),
                    Some(k) => Plain::of(k).map_or(Op::General, Op::Plain),
                    None => Op::General,
                };
                Member {
                    key: key.into_boxed_str(),
                    op,
                }
            })
            .collect();
        Some(StructPlan { members })
    }
}
