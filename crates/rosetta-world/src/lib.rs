//! An ECS world with Flecs v3.2.12's semantics: entities with names, hierarchy, prefabs and
//! inheritance, reflected components stored in archetype tables, and Flecs' query language.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod query;
