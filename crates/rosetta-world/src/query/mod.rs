//! Flecs v3.2.12's query language.
