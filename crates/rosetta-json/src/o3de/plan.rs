//! What is worked out once per struct type and kept with the registry (see
//! [`TypeRegistry::derived`]): each member's name as the JSON text of a key, and how its value
//! is written when it is a plain leaf. Storing a struct then needs no registry lookup, kind
//! dispatch or name escaping per member.

use std::sync::{Arc, OnceLock};

use rosetta_types::{FloatType, Kind, TypeId, TypeRegistry};

use super::writer::Writer;

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

/// How a member's value is written: a plain leaf compared with its type's default, or the
/// general way (everything else, and fields with defaults of their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Bool,
    Int,
    F32,
    F64,
    Str,
    General,
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
                let op = match registry.get(f.ty()).map(|t| t.kind()) {
                    _ if f.default().is_some() => Op::General,
                    Some(Kind::Bool) => Op::Bool,
                    Some(Kind::Int(_)) => Op::Int,
                    Some(Kind::Float(FloatType::F32)) => Op::F32,
                    Some(Kind::Float(FloatType::F64)) => Op::F64,
                    Some(Kind::String) => Op::Str,
                    _ => Op::General,
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
