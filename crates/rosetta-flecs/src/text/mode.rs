//! The two modes of the text layer (see the [module docs](super)).

/// Which bytes to write where v3.2.12 writes invalid JSON (see the [module docs](super)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Mode {
    /// Valid JSON: Flecs' bytes wherever those are valid JSON, standard escapes elsewhere.
    #[default]
    Valid,
    /// v3.2.12's bytes exactly, invalid JSON included.
    Engine,
}
