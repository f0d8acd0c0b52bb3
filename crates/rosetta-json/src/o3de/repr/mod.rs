//! How O3DE spells values of some kinds, both ways, for load, store and serde alike: enums and
//! bitmasks ([`enums`]), type names in `$type` ([`names`]), math values as components
//! ([`math`]).

pub(crate) mod enums;
pub(crate) mod math;
pub(crate) mod names;
