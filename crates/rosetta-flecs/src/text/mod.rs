//! JSON text as Flecs v3.2.12 writes it.
