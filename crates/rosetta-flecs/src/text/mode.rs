//! The three modes of the text layer (see the [module docs](super)).

/// Which bytes to write where v3.2.12 writes invalid JSON, or valid but lossy JSON (see the
/// [module docs](super)).
///
/// | | invalid JSON of v3.2.12 | lossy forms of v3.2.12 (floats to 10 decimals, `"Inf"` for `-Inf`, ESC as `[`, `uptr` cut to 32 bits) |
/// | --- | --- | --- |
/// | [`Mode::Lossless`] (default) | standard JSON instead | exact forms instead: what is written reads back to the same value |
/// | [`Mode::Compatible`] | standard JSON instead | Flecs' float text where it reads back to the same value, the other exact forms always |
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
    /// Lossless, with Flecs' own float text wherever that text reads back to the same value
    /// (every `f32`: `1.1f32` is `1.1000000238`; doubles of up to 10 significant digits), the
    /// shortest round-trip text elsewhere (`0.3333333333333333`). What a v4 server replies in,
    /// so replies equal a real Flecs server's wherever Flecs' are exact, and lose nothing
    /// where they are not (the explorer writes back what it read).
    Compatible,
    /// Valid JSON with Flecs' bytes wherever those are valid JSON (lossy forms included),
    /// standard escapes elsewhere: what the Flecs corpus' outputs are compared with.
    Valid,
    /// v3.2.12's bytes exactly, invalid JSON included.
    Engine,
}

impl Mode {
    /// Whether values are written so that they read back exactly ([`Mode::Lossless`],
    /// [`Mode::Compatible`]).
    pub fn is_lossless(self) -> bool {
        matches!(self, Mode::Lossless | Mode::Compatible)
    }
}
