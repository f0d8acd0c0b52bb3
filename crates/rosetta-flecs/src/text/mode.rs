//! The three modes of the text layer (see the [module docs](super)).

/// Which bytes to write where v3.2.12 writes invalid JSON, or valid but lossy JSON (see the
/// [module docs](super)).
///
/// | | invalid JSON of v3.2.12 | lossy forms of v3.2.12 (floats to 10 decimals, `"Inf"` for `-Inf`, ESC as `[`, `uptr` cut to 32 bits) |
/// | --- | --- | --- |
/// | [`Mode::Lossless`] (default) | standard JSON instead | exact forms instead: what is written reads back to the same value |
/// | [`Mode::Valid`] | standard JSON instead | kept: Flecs' bytes wherever they are valid JSON |
/// | [`Mode::Engine`] | kept | kept: v3.2.12's bytes exactly |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Mode {
    /// Valid JSON that reads back to the same values: floats in their shortest text that
    /// reads back to the same bits ([`super::float::push_f64_lossless`]), `"-Inf"` for
    /// negative infinity, ESC as `\u001b`, `uptr` with all 64 bits; everything else as
    /// [`Mode::Valid`]. What data meant to be read back (`world convert`, REST, `world
    /// query --json`) is written in.
    #[default]
    Lossless,
    /// Valid JSON with Flecs' bytes wherever those are valid JSON (lossy forms included),
    /// standard escapes elsewhere: what the Flecs corpus' outputs are compared with.
    Valid,
    /// v3.2.12's bytes exactly, invalid JSON included.
    Engine,
}

impl Mode {
    /// Whether values are written so that they read back exactly ([`Mode::Lossless`]).
    pub fn is_lossless(self) -> bool {
        self == Mode::Lossless
    }
}
