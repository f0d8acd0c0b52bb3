//! Rosetta's shared type model: a registry of type definitions and a dynamic typed [`Value`]
//! that every format walks.
//!
//! The SpatialOS schema, O3DE's reflected types, Godot's Variants and Flecs' reflection all lower
//! into the same [`Kind`]s: scalars (with the SpatialOS integer encodings), strings, bytes, entity
//! ids and UUIDs; enums and bitmasks; structs with named (and optionally numbered) fields; arrays,
//! lists, sets, maps, options and tuples; math and color types; entities (sets of components);
//! and polymorphic values. Types refer to each other by a compact [`TypeId`], so walking a value
//! never looks up a string.
//!
//! - [`TypeRegistry`] holds the types, built with a [`RegistryBuilder`] (declare, then define, so
//!   types may be recursive).
//! - [`Value`] is an owned value tree; [`default_value`] makes a type's default.
//! - [`walk`] drives a [`ValueVisitor`] over a `(TypeId, &Value)` pair; [`validate`] checks that
//!   a value fits a type and says where it does not.
//! - [`MAX_NESTING`] is the one limit on how deeply schema data nests, which every format reads
//!   and writes.
//!
//! ```
//! use rosetta_types::*;
//!
//! let mut b = TypeRegistry::builder();
//! let color = b.add("game.Color", Kind::Enum(EnumType::new(
//!     IntType::UINT32,
//!     [Constant::new("RED", 1), Constant::new("BLUE", 2)],
//! )?))?;
//! let hit = b.add("game.Hit", StructType::new([Field::new("damage", TypeId::INT32).with_number(1)])?)?;
//! let nick = b.option(TypeId::STRING);
//! let inventory = b.map(TypeId::STRING, TypeId::UINT32);
//! let player = b.add("game.Player", TypeDef::new(StructType::new([
//!     Field::new("name", TypeId::STRING).with_number(1),
//!     Field::new("nick", nick).with_number(2),
//!     Field::new("color", color).with_number(3),
//!     Field::new("inventory", inventory).with_number(4),
//! ])?).with_component(ComponentInfo::new(1000).with_event(Event::new("hit", 1, hit))))?;
//! let registry = b.build()?;
//!
//! let mut value = default_value(&registry, player)?;
//! value.as_struct_mut().unwrap()[0] = Value::from("Ann");
//! validate(&registry, player, &value)?;
//! assert_eq!(registry.component(1000).map(Type::id), Some(player));
//! # Ok::<(), Error>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod builder;
mod component;
mod components;
mod default;
mod derived;
mod enum_type;
mod error;
mod id;
mod kind;
mod math;
mod meta;
mod nesting;
mod registry;
mod scalar;
mod struct_type;
mod text;
mod text_elide;
mod value;
mod visit;

pub use builder::{RegistryBuilder, TypeDef};
pub use component::{Command, ComponentInfo, Event};
pub use components::F32s;
pub use default::{default_past_limit, default_value};
pub use enum_type::{Constant, EnumType};
pub use error::{Error, Result};
pub use id::{ComponentId, TypeId};
pub use kind::Kind;
pub use math::{MathScalar, MathShape, MathType};
pub use meta::{AttrObject, AttrValue, Attribute, Meta, SourcePos};
pub use nesting::{too_deep_message, MAX_JSON_NESTING, MAX_NESTING};
pub use registry::{Type, TypeName, TypeRegistry};
pub use scalar::{FloatType, IntEncoding, IntType, IntWidth};
pub use struct_type::{Arity, Field, StructType, MAX_FIELD_NUMBER};
pub use text::Str;
pub use text_elide::{elide_middle, ELISION};
pub use value::{Dynamic, Value};
pub use visit::{validate, walk, ValueVisitor, MAX_DEPTH};
