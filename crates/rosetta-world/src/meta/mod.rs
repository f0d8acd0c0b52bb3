//! Reflected component types as Flecs' meta addon has them, lowered into the shared type model
//! ([`rosetta_types`]); what only Flecs has (primitive kind names, units, member ranges, bitmask
//! constant order, opaque types) is kept beside, in [`FlecsType`].
//!
//! | Flecs | rosetta-types kind | value |
//! | --- | --- | --- |
//! | bool, char | `Bool`, `Char` | `Bool`, `Char` |
//! | byte, u8..u64, uptr | `Int` unsigned (byte as u8, uptr as u64) | `U8`..`U64` |
//! | i8..i64, iptr | `Int` signed (iptr as i64) | `I8`..`I64` |
//! | f32, f64 | `Float` | `F32`, `F64` |
//! | string | `Option(String)` (a C string may be NULL) | `Option` |
//! | entity | `EntityId` | `EntityId` (the 64-bit id) |
//! | id | `Int` u64 | `U64` (the 64-bit id, pairs included) |
//! | enum | open `Enum` over i32 | `Enum` |
//! | bitmask | open `Bitmask` over u32 | `Enum` (the bits) |
//! | struct | `Struct`; a member with count > 1 is an `Array` | `Struct` |
//! | array, vector | `Array`, `List` | `List` |
//! | opaque | the kind of its `as_type` | as `as_type` |

mod c_layout;
mod schema_types;
pub(crate) mod types;
mod units;

pub use c_layout::CLayout;
pub use schema_types::TYPES_SCOPE;
pub use types::{FlecsKind, FlecsType, Member, Unit};

use rosetta_types::{Constant, EnumType, Field, IntType, Kind, StructType, TypeId};

use crate::builtin;
use crate::error::{Error, Result};
use crate::id::Id;
use crate::store::{Column, Layout};
use crate::world::{ComponentInfo, World};

/// The rosetta kind of a Flecs primitive.
fn primitive_type(name: &str) -> Option<TypeId> {
    Some(match name {
        "bool" => TypeId::BOOL,
        "char" => TypeId::CHAR,
        "byte" | "u8" => TypeId::UINT8,
        "u16" => TypeId::UINT16,
        "u32" => TypeId::UINT32,
        "u64" | "uptr" | "id" => TypeId::UINT64,
        "i8" => TypeId::INT8,
        "i16" => TypeId::INT16,
        "i32" => TypeId::INT32,
        "i64" | "iptr" => TypeId::INT64,
        "f32" => TypeId::FLOAT,
        "f64" => TypeId::DOUBLE,
        "entity" => TypeId::ENTITY_ID,
        _ => return None,
    })
}

impl World {
    /// Adds a type to the registry (rebuilding it: registration is rare, lookups are hot).
    fn add_type(&mut self, kind: Kind) -> Result<TypeId> {
        let backup = self.types.clone();
        let mut b = std::mem::take(&mut self.types).into_builder();
        let id = b.anonymous(kind);
        match b.build() {
            Ok(r) => {
                self.types = r;
                Ok(id)
            }
            Err(e) => {
                self.types = backup;
                Err(Error::BadType {
                    name: "<anonymous>".into(),
                    reason: e.to_string(),
                })
            }
        }
    }

    /// Marks `e` as a component with this reflected type and metadata; values already stored
    /// without reflection become the type's default.
    fn reflect(&mut self, e: Id, ty: Option<TypeId>, meta: Option<FlecsType>) -> Result<()> {
        if !self.is_alive(e) {
            return Err(Error::NotAlive(e.0));
        }
        // Tables made while `e` was a tag have no column for it (Flecs refuses to make a tag in
        // use a component); such entities keep no value.
        self.components.insert(e.index(), ComponentInfo { ty });
        if let Some(m) = meta {
            self.flecs_types.insert(e.index(), m);
        }
        let layout = ty
            .and_then(|t| Layout::of(&self.types, t))
            .map(std::sync::Arc::new);
        match &layout {
            Some(l) => self.layouts.insert(e.index(), std::sync::Arc::clone(l)),
            None => self.layouts.remove(&e.index()),
        };
        let default = self.default_value_of(e);
        let tables: Vec<_> = self.store.tables_for(e).to_vec();
        for t in tables {
            let table = self.store.table_mut(t);
            let Some(col) = table.index_of(e).and_then(|i| table.columns.get_mut(i)) else {
                continue;
            };
            let mut values = match col {
                Column::Data(v) => std::mem::take(v),
                Column::Flat(c) => c.to_values(),
                _ => continue,
            };
            for x in values.iter_mut() {
                if matches!(x, rosetta_types::Value::Tuple(t) if t.is_empty()) {
                    *x = default.clone();
                }
            }
            *col = Column::of_values(values, layout.clone());
        }
        if !self.owns(e, builtin::COMPONENT) {
            self.add(e, builtin::COMPONENT)?;
        }
        // A v4 world reflects `flecs.core.Component` itself: it holds the type's C layout,
        // as `ecs_component_init` sets it (a type Flecs has no C layout for keeps 0, 0).
        if self.version() == crate::FlecsVersion::V4
            && e != builtin::COMPONENT
            && self
                .component_info(builtin::COMPONENT)
                .and_then(|c| c.ty)
                .is_some()
        {
            if let Some(l) = self.c_layout(e) {
                let align = if l.size == 0 { 0 } else { l.align };
                let v = rosetta_types::Value::Struct(Box::new([
                    rosetta_types::Value::I32(l.size as i32),
                    rosetta_types::Value::I32(align as i32),
                ]));
                self.set(e, builtin::COMPONENT, v)?;
            }
        }
        Ok(())
    }

    /// The reflected type of a type entity, for use as a member or element type.
    fn type_of_entity(&self, e: Id) -> Result<TypeId> {
        self.component_info(e)
            .and_then(|c| c.ty)
            .ok_or_else(|| Error::BadType {
                name: self.path_of(e),
                reason: "has no reflection data".into(),
            })
    }

    /// `ECS_COMPONENT`: a named component with a low id (below 256, in declaration order) and
    /// no reflection yet. An existing entity of that name is reused.
    pub fn component(&mut self, name: &str) -> Result<Id> {
        if let Some(e) = self.lookup_from(Id::NULL, name, false) {
            if !self.is_component(e) {
                self.components
                    .insert(e.index(), ComponentInfo { ty: None });
            }
            return Ok(e);
        }
        let e = self.new_low_id()?;
        self.init_named(e, name, &[])?;
        self.set_symbol(e, name)?;
        self.components
            .insert(e.index(), ComponentInfo { ty: None });
        self.add(e, builtin::COMPONENT)?;
        Ok(e)
    }

    /// `ecs_new_low_id`: the next free id below 256 (in order), or a new entity past them.
    fn new_low_id(&mut self) -> Result<Id> {
        let mut id = self.last_component_id;
        while id < builtin::HI_COMPONENT_ID && self.alive(Id(id)).is_some() {
            id += 1;
        }
        if id < builtin::HI_COMPONENT_ID {
            self.last_component_id = id + 1;
            self.make_alive(Id(id))
        } else {
            Ok(self.new_entity())
        }
    }

    /// A component whose values are of a builtin rosetta type (`TypeId::INT32`, ...).
    /// In a v4 world a scalar type is also described to Flecs as the primitive it is
    /// (`ecs_primitive_init`), so that a Flecs world can read its values.
    pub fn component_of(&mut self, name: &str, ty: TypeId) -> Result<Id> {
        let e = self.component(name)?;
        self.reflect(e, Some(ty), None)?;
        if self.version() == crate::FlecsVersion::V4 && !self.flecs_types.contains_key(&e.index()) {
            let prim = self
                .types
                .get(ty)
                .and_then(|t| schema_types::primitive_name(t.kind()));
            if let Some(p) = prim {
                let mut meta = FlecsType::new(FlecsKind::Primitive(p));
                meta.schema = true;
                self.flecs_types.insert(e.index(), meta);
            }
        }
        Ok(e)
    }

    /// Registers a Flecs primitive (`"f32"`, `"string"`, ...) as the type of `e`.
    pub fn register_primitive(&mut self, e: Id, prim: &'static str) -> Result<()> {
        let ty = match prim {
            "string" => {
                let mut b = std::mem::take(&mut self.types).into_builder();
                let t = b.option(TypeId::STRING);
                self.types = b.build().map_err(|x| Error::BadType {
                    name: "string".into(),
                    reason: x.to_string(),
                })?;
                t
            }
            p => primitive_type(p).ok_or_else(|| Error::BadType {
                name: p.into(),
                reason: "unknown primitive".into(),
            })?,
        };
        self.reflect(
            e,
            Some(ty),
            Some(FlecsType::new(FlecsKind::Primitive(prim))),
        )
    }

    /// `ecs_struct_init`: `e` becomes a struct component with these members. As in Flecs, a
    /// member's unit must be a unit, and a member whose type is a unit has that unit.
    pub fn register_struct(&mut self, e: Id, mut members: Vec<Member>) -> Result<()> {
        let mut fields = Vec::with_capacity(members.len());
        for m in &mut members {
            match m.unit {
                Some(u) if self.unit(u).is_none() => {
                    return Err(Error::BadType {
                        name: self.path_of(e),
                        reason: format!(
                            "'{}' for member '{}' is not a unit",
                            self.path_of(u),
                            m.name
                        ),
                    })
                }
                None if self.unit(m.ty).is_some() => m.unit = Some(m.ty),
                _ => {}
            }
            let mut t = self.type_of_entity(m.ty)?;
            if m.count > 1 {
                t = self.add_type(Kind::Array(t, m.count))?;
            }
            fields.push(Field::new(m.name.as_str(), t));
        }
        let st = StructType::new(fields).map_err(|x| Error::BadType {
            name: self.path_of(e),
            reason: x.to_string(),
        })?;
        let ty = self.add_type(Kind::Struct(st))?;
        let mut meta = FlecsType::new(FlecsKind::Struct);
        meta.members = members;
        self.reflect(e, Some(ty), Some(meta))
    }

    /// Constant values as Flecs' meta addon gives them: an explicit value of 0 counts as no
    /// value (`ecs_enum_init` tests `!value`); an enum constant without one gets one more than
    /// the largest value so far (at least 0), a bitmask's n-th constant `1 << n`.
    fn constants(
        &self,
        e: Id,
        constants: &[(String, Option<i64>)],
        bitmask: bool,
    ) -> Result<Vec<(String, i64)>> {
        let mut out: Vec<(String, i64)> = Vec::with_capacity(constants.len());
        for (name, v) in constants {
            let value = match v.filter(|&v| v != 0) {
                Some(v) => v,
                None if bitmask => 1i64.checked_shl(out.len() as u32).unwrap_or(0),
                None => out
                    .iter()
                    .map(|(_, v)| v.saturating_add(1))
                    .fold(0, i64::max),
            };
            if out.iter().any(|(n, _)| n == name) {
                return Err(Error::BadType {
                    name: self.path_of(e),
                    reason: format!("constant '{name}' declared twice"),
                });
            }
            out.push((name.clone(), value));
        }
        Ok(out)
    }

    /// [`FlecsType::child_order`] of constants declared with these (optional) values.
    fn child_order(constants: &[(String, Option<i64>)]) -> Vec<usize> {
        let explicit = |i: &usize| constants[*i].1.is_some_and(|v| v != 0);
        let all = 0..constants.len();
        let (mut first, second): (Vec<usize>, Vec<usize>) = match constants.first() {
            Some((_, Some(v))) if *v != 0 => all.partition(explicit),
            _ => all.partition(|i| !explicit(i)),
        };
        first.extend(second);
        first
    }

    /// `ecs_enum_init`: constants with optional explicit values (implicit values count up from
    /// the previous one).
    pub fn register_enum(&mut self, e: Id, constants: &[(String, Option<i64>)]) -> Result<()> {
        self.register_constants(e, constants, false)
    }

    /// `ecs_bitmask_init`: the n-th constant without a value is `1 << n`.
    pub fn register_bitmask(&mut self, e: Id, constants: &[(String, Option<i64>)]) -> Result<()> {
        self.register_constants(e, constants, true)
    }

    fn register_constants(
        &mut self,
        e: Id,
        c: &[(String, Option<i64>)],
        bitmask: bool,
    ) -> Result<()> {
        let list = self.constants(e, c, bitmask)?;
        let explicit = c.iter().map(|(_, v)| v.is_some_and(|v| v != 0)).collect();
        self.register_constant_list(e, list, explicit, World::child_order(c), bitmask)
    }

    /// An enum (or bitmask) whose constants have these final values, in this order, as a
    /// world JSON lists a type's constant entities: `explicit` says which were declared with
    /// a value (the others carry Flecs' `Constant` tag). The constants' entities are listed in
    /// the given order.
    pub fn register_constants_exact(
        &mut self,
        e: Id,
        constants: &[(String, i64, bool)],
        bitmask: bool,
    ) -> Result<()> {
        let mut list: Vec<(String, i64)> = Vec::with_capacity(constants.len());
        for (name, v, _) in constants {
            if list.iter().any(|(n, _)| n == name) {
                return Err(Error::BadType {
                    name: self.path_of(e),
                    reason: format!("constant '{name}' declared twice"),
                });
            }
            list.push((name.clone(), *v));
        }
        let explicit = constants.iter().map(|c| c.2).collect();
        let order = (0..constants.len()).collect();
        self.register_constant_list(e, list, explicit, order, bitmask)
    }

    fn register_constant_list(
        &mut self,
        e: Id,
        list: Vec<(String, i64)>,
        explicit: Vec<bool>,
        child_order: Vec<usize>,
        bitmask: bool,
    ) -> Result<()> {
        let bad = |x: rosetta_types::Error| Error::BadType {
            name: self.path_of(e),
            reason: x.to_string(),
        };
        let et = EnumType::new(
            IntType::INT64,
            list.iter().map(|(n, v)| Constant::new(n.as_str(), *v)),
        )
        .map_err(bad)?
        .open();
        let ty = self.add_type(if bitmask {
            Kind::Bitmask(et)
        } else {
            Kind::Enum(et)
        })?;
        let mut meta = FlecsType::new(if bitmask {
            FlecsKind::Bitmask
        } else {
            FlecsKind::Enum
        });
        meta.constants = list;
        meta.child_order = child_order;
        meta.explicit = explicit;
        self.reflect(e, Some(ty), Some(meta))
    }

    /// `ecs_array_init`.
    pub fn register_array(&mut self, e: Id, element: Id, count: u32) -> Result<()> {
        let t = self.type_of_entity(element)?;
        let ty = self.add_type(Kind::Array(t, count))?;
        self.reflect(
            e,
            Some(ty),
            Some(FlecsType::new(FlecsKind::Array { element, count })),
        )
    }

    /// `ecs_vector_init`.
    pub fn register_vector(&mut self, e: Id, element: Id) -> Result<()> {
        let t = self.type_of_entity(element)?;
        let ty = self.add_type(Kind::List(t))?;
        self.reflect(
            e,
            Some(ty),
            Some(FlecsType::new(FlecsKind::Vector { element })),
        )
    }

    /// `ecs_opaque_init`: values are what the type's serializer emits, typed as `as_type`.
    pub fn register_opaque(&mut self, e: Id, as_type: Id) -> Result<()> {
        let t = self.type_of_entity(as_type)?;
        self.reflect(
            e,
            Some(t),
            Some(FlecsType::new(FlecsKind::Opaque { as_type })),
        )
    }

    /// `ecs_unit_init`: unit metadata on `e`. A unit with a base and an `over` unit but no
    /// symbol gets the one Flecs derives: the base's symbol, then `/` and the over unit's
    /// symbol when it has one (`m/s`).
    pub fn register_unit(&mut self, e: Id, mut unit: Unit) -> Result<()> {
        if unit.symbol.is_none() {
            if let (Some(b), Some(o)) = (unit.base, unit.over) {
                let symbol = |u: Id| self.units.get(&u.index()).and_then(|u| u.symbol.clone());
                let mut derived = symbol(b).unwrap_or_default();
                if let Some(so) = symbol(o) {
                    derived.push('/');
                    derived.push_str(&so);
                }
                if !derived.is_empty() {
                    unit.symbol = Some(derived);
                }
            }
        }
        if let Some(q) = unit.quantity {
            self.add(e, Id::pair(builtin::QUANTITY, q))?;
        }
        self.units.insert(e.index(), unit);
        Ok(())
    }

    /// `ecs_quantity_init`: tags `e` as a quantity.
    pub fn register_quantity(&mut self, e: Id) -> Result<()> {
        self.add(e, builtin::QUANTITY)
    }

    /// The unit metadata of `e`.
    pub fn unit(&self, e: Id) -> Option<&Unit> {
        self.units.get(&e.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(list: &[(&str, Option<i64>)]) -> Vec<(String, Option<i64>)> {
        list.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    #[test]
    fn enum_implicit_values_follow_the_largest_so_far() {
        let mut w = World::new();
        let e = w.new_entity();
        let c = named(&[
            ("A", Some(5)),
            ("B", None),
            ("C", Some(1)),
            ("D", None),
            ("E", Some(0)),
        ]);
        w.register_enum(e, &c).unwrap();
        let got: Vec<i64> = w
            .flecs_type(e)
            .unwrap()
            .constants
            .iter()
            .map(|c| c.1)
            .collect();
        assert_eq!(got, [5, 6, 1, 7, 8]);
        let neg = w.new_entity();
        w.register_enum(neg, &named(&[("N", Some(-3)), ("Z", None)]))
            .unwrap();
        let got: Vec<i64> = w
            .flecs_type(neg)
            .unwrap()
            .constants
            .iter()
            .map(|c| c.1)
            .collect();
        assert_eq!(got, [-3, 0]);
    }

    #[test]
    fn bitmask_zero_value_counts_as_implicit() {
        let mut w = World::new();
        let e = w.new_entity();
        w.register_bitmask(
            e,
            &named(&[("None", Some(0)), ("A", None), ("AB", Some(3))]),
        )
        .unwrap();
        let t = w.flecs_type(e).unwrap();
        let got: Vec<i64> = t.constants.iter().map(|c| c.1).collect();
        assert_eq!(got, [1, 2, 3]);
        assert_eq!(t.child_order, [0, 1, 2]);
    }

    #[test]
    fn child_order_groups_implicit_and_explicit_constants() {
        let mut w = World::new();
        let e = w.new_entity();
        let c = named(&[("A", Some(5)), ("B", None), ("C", Some(1)), ("D", None)]);
        w.register_enum(e, &c).unwrap();
        assert_eq!(w.flecs_type(e).unwrap().child_order, [0, 2, 1, 3]);
        let f = w.new_entity();
        let c = named(&[("A", None), ("B", Some(7)), ("C", None)]);
        w.register_bitmask(f, &c).unwrap();
        assert_eq!(w.flecs_type(f).unwrap().child_order, [0, 2, 1]);
    }

    #[test]
    fn derived_unit_symbols() {
        let mut w = World::new();
        let (m, s, nosym, ms, per_s) = (
            w.new_entity(),
            w.new_entity(),
            w.new_entity(),
            w.new_entity(),
            w.new_entity(),
        );
        let sym = |x: &str| Unit {
            symbol: Some(x.into()),
            ..Unit::default()
        };
        w.register_unit(m, sym("m")).unwrap();
        w.register_unit(s, sym("s")).unwrap();
        w.register_unit(nosym, Unit::default()).unwrap();
        let derived = |base, over| Unit {
            base: Some(base),
            over: Some(over),
            ..Unit::default()
        };
        w.register_unit(ms, derived(m, s)).unwrap();
        w.register_unit(per_s, derived(nosym, s)).unwrap();
        assert_eq!(w.unit(ms).unwrap().symbol.as_deref(), Some("m/s"));
        assert_eq!(w.unit(per_s).unwrap().symbol.as_deref(), Some("/s"));
    }
}
