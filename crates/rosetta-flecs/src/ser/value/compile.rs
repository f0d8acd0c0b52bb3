//! Types compiled into [`Node`]s, following the ops Flecs' meta addon makes for a type
//! (`serialized.c`) and how `flecs_json_ser_type_ops` walks them.

use std::collections::HashMap;

use rosetta_world::World;

use super::node::{Member, Node, NodeId};
use crate::error::{Error, Result};
use crate::ser::shape::{map_order, shape, type_name, MemberShape, Shape, TypeRef};
use crate::text::{self, Mode};

/// Compiles types into nodes; struct, enum, array ... nodes are made once per type, which
/// also ends the recursion of a recursive type.
pub(super) struct Compiler<'w> {
    world: &'w World,
    mode: Mode,
    nodes: Vec<Node>,
    memo: HashMap<TypeRef, NodeId>,
}

impl<'w> Compiler<'w> {
    pub(super) fn new(world: &'w World, mode: Mode) -> Compiler<'w> {
        Compiler {
            world,
            mode,
            nodes: Vec::new(),
            memo: HashMap::new(),
        }
    }

    /// The nodes made.
    pub(super) fn into_nodes(self) -> Vec<Node> {
        self.nodes
    }

    fn push(&mut self, n: Node) -> NodeId {
        self.nodes.push(n);
        self.nodes.len() - 1
    }

    fn shape(&self, t: TypeRef) -> Result<Shape<'w>> {
        shape(self.world, t).ok_or_else(|| {
            Error::Value(format!(
                "cannot serialize to JSON, '{}' has no reflection data",
                type_name(self.world, t)
            ))
        })
    }

    /// A whole value of type `t` (the type's ops from the top).
    pub(super) fn component(&mut self, t: TypeRef) -> Result<NodeId> {
        match self.shape(t)? {
            Shape::Array(el, n) => {
                let e = self.op(el)?;
                Ok(self.push(if n > 1 { Node::List(e) } else { Node::First(e) }))
            }
            _ => self.op(t),
        }
    }

    /// An element of an array (`in_array`: its count ignored) or of a vector.
    fn element(&mut self, el: TypeRef, in_array: bool) -> Result<NodeId> {
        if !in_array {
            return self.component(el);
        }
        match self.shape(el)? {
            Shape::Array(inner, _) => {
                let e = self.op(inner)?;
                Ok(self.push(Node::First(e)))
            }
            _ => self.op(el),
        }
    }

    /// One op of type `t` (a struct's ops from push to pop).
    fn op(&mut self, t: TypeRef) -> Result<NodeId> {
        if let Some(&n) = self.memo.get(&t) {
            return Ok(n);
        }
        let id = self.push(Node::Pending);
        self.memo.insert(t, id);
        let s = self.shape(t)?;
        let node = self.op_node(t, s)?;
        self.nodes[id] = node;
        Ok(id)
    }

    fn op_node(&mut self, t: TypeRef, s: Shape<'w>) -> Result<Node> {
        let mode = self.mode;
        Ok(match s {
            Shape::Prim(p) => Node::Prim(p),
            Shape::Enum(c) => Node::Enum(
                type_name(self.world, t).into(),
                c.list
                    .iter()
                    .map(|(name, v)| (*v as i32, quoted(name, mode)))
                    .collect(),
            ),
            Shape::Bitmask(c) => {
                let keys: Vec<u64> = c.list.iter().map(|(_, v)| u64::from(*v as u32)).collect();
                let flags = map_order(&keys)
                    .into_iter()
                    .map(|i| {
                        let mut name = String::new();
                        text::raw_into(&mut name, c.list[i].0, mode);
                        (keys[i] as u32, name.into_boxed_str())
                    })
                    .collect();
                Node::Bitmask(type_name(self.world, t).into(), flags)
            }
            Shape::Struct(members) => self.members(&members, false)?,
            Shape::Array(el, _) => Node::List(self.element(el, true)?),
            Shape::Vector(el) => Node::List(self.element(el, false)?),
            Shape::Optional(el) => Node::Optional(self.element(el, false)?),
            Shape::Bytes => Node::Bytes,
            Shape::Map(k, v) => Node::Map(self.op(k)?, self.op(v)?),
            Shape::Components => self.components()?,
            Shape::Opaque(as_type) => match self.shape(as_type)? {
                Shape::Struct(members) => self.members(&members, true)?,
                Shape::Array(el, _) | Shape::Vector(el) => Node::List(self.component(el)?),
                _ => Node::Alias(self.component(as_type)?),
            },
        })
    }

    /// Every component of the registry, for a schema `Entity` (which may hold any of them).
    fn components(&mut self) -> Result<Node> {
        let world = self.world;
        let mut list: Vec<(u32, Box<str>, TypeRef)> = world
            .types()
            .components()
            .filter_map(|t| {
                let mut key = String::new();
                text::push_key(&mut key, t.qualified_name()?, self.mode);
                Some((
                    t.component()?.id(),
                    key.into_boxed_str(),
                    TypeRef::Registry(t.id()),
                ))
            })
            .collect();
        list.sort_by_key(|c| c.0);
        let mut out = Vec::with_capacity(list.len());
        for (id, key, ty) in list {
            out.push((id, key, self.op(ty)?));
        }
        Ok(Node::Components(out))
    }

    /// Member keys and nodes; an opaque's members are whole values (`value()` callbacks).
    fn members(&mut self, members: &[MemberShape<'_>], opaque: bool) -> Result<Node> {
        let mut keys = Vec::with_capacity(members.len());
        let mut nodes = Vec::with_capacity(members.len());
        for m in members {
            let mut key = String::new();
            text::push_key(&mut key, m.name, self.mode);
            keys.push(Member {
                key: key.into_boxed_str(),
                name: m.name.into(),
            });
            let one = if opaque {
                self.component(m.ty)?
            } else {
                self.op(m.ty)?
            };
            nodes.push(if m.count > 1 {
                self.push(Node::List(one))
            } else {
                one
            });
        }
        Ok(Node::Struct(keys, nodes))
    }
}

fn quoted(name: &str, mode: Mode) -> Box<str> {
    let mut s = String::with_capacity(name.len() + 2);
    text::push_raw(&mut s, name, mode);
    s.into_boxed_str()
}
