//! Which Flecs a world, a query or a JSON text follows.

use std::fmt;
use std::str::FromStr;

/// The Flecs release whose behaviour Rosetta reproduces: its builtin entities, query
/// language, JSON and REST API.
///
/// v4 is the default: it is what the explorer at flecs.dev and today's Flecs users speak.
/// v3.2.12 is the seed's format and stays available (`--flecs 3` on the command line).
///
/// ```
/// use rosetta_world::FlecsVersion;
/// assert_eq!("3".parse::<FlecsVersion>(), Ok(FlecsVersion::V3));
/// assert_eq!("4".parse::<FlecsVersion>(), Ok(FlecsVersion::V4));
/// assert_eq!(FlecsVersion::default(), FlecsVersion::V4);
/// assert_eq!(FlecsVersion::V3.to_string(), "3.2.12");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FlecsVersion {
    /// Flecs v3.2.12.
    V3,
    /// Flecs v4.1.6.
    #[default]
    V4,
}

impl FlecsVersion {
    /// The release reproduced, as Flecs prints its version (`"4.1.6"`).
    pub fn release(self) -> &'static str {
        match self {
            FlecsVersion::V3 => "3.2.12",
            FlecsVersion::V4 => "4.1.6",
        }
    }

    /// The major version (`3` or `4`).
    pub fn major(self) -> u8 {
        match self {
            FlecsVersion::V3 => 3,
            FlecsVersion::V4 => 4,
        }
    }
}

impl fmt::Display for FlecsVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.release())
    }
}

/// The text given was not a Flecs version Rosetta follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVersion(pub String);

impl fmt::Display for UnknownVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown Flecs version '{}': expected 3 (v3.2.12) or 4 (v4.1.6)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVersion {}

impl FromStr for FlecsVersion {
    type Err = UnknownVersion;

    /// `3`, `v3`, `3.2.12` or `4`, `v4`, `4.1.6`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().trim_start_matches(['v', 'V']) {
            "3" | "3.2" | "3.2.12" => Ok(FlecsVersion::V3),
            "4" | "4.1" | "4.1.6" => Ok(FlecsVersion::V4),
            _ => Err(UnknownVersion(s.to_string())),
        }
    }
}
