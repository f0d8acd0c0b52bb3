//! The `flecs.units` module of v3.2.12 (`src/addons/units.c`, `FlecsUnitsImport`) as data:
//! its prefixes, quantities and units, in the order the import creates them, so that each
//! takes the id Flecs gives it (the module is not imported by `ecs_init`; importing it into a
//! fresh world puts `flecs.units` at 541 and its last unit, `Uri.File`, at 651).
//!
//! A unit's symbol is its own, or for a prefixed unit the prefix's symbol and the base's
//! (`k` + `m`), or for a unit over another the base's, `/` and the over unit's (`m/s`).
//! Kept as v3.2.12 has them: `Femto` has the symbol `a` (as `Atto`); `KiloHertz`,
//! `MegaHertz`, `GigaHertz`, `Bel` and `DeciBel` have no quantity; `Acceleration` and
//! `Percentage` are quantities of their own.

/// The prefixes, in `flecs.units.prefixes`: name and symbol.
pub(crate) const PREFIXES: &[(&str, &str)] = &[
    ("Yocto", "y"),
    ("Zepto", "z"),
    ("Atto", "a"),
    ("Femto", "a"),
    ("Pico", "p"),
    ("Nano", "n"),
    ("Micro", "μ"),
    ("Milli", "m"),
    ("Centi", "c"),
    ("Deci", "d"),
    ("Deca", "da"),
    ("Hecto", "h"),
    ("Kilo", "k"),
    ("Mega", "M"),
    ("Giga", "G"),
    ("Tera", "T"),
    ("Peta", "P"),
    ("Exa", "E"),
    ("Zetta", "Z"),
    ("Yotta", "Y"),
    ("Kibi", "Ki"),
    ("Mebi", "Mi"),
    ("Gibi", "Gi"),
    ("Tebi", "Ti"),
    ("Pebi", "Pi"),
    ("Exbi", "Ei"),
    ("Zebi", "Zi"),
    ("Yobi", "Yi"),
];

/// One step of the import after the prefixes.
pub(crate) enum Step {
    /// `ecs_quantity_init` of `flecs.units.<name>` (a module too); the units that follow are
    /// in its scope until [`Step::Close`].
    Quantity(&'static str),
    /// Back to the scope of `flecs.units`.
    Close,
    /// `ecs_unit_init` and `ecs_primitive_init` of a unit in the current scope.
    Unit(UnitDef),
}

/// A unit: its name, primitive type, and what `ecs_unit_init` is given.
pub(crate) struct UnitDef {
    pub name: &'static str,
    /// The meta primitive it is (`f32`, `u32`, `u64`, `string`).
    pub primitive: &'static str,
    pub symbol: Option<&'static str>,
    /// Whether its quantity is the quantity whose scope it is in.
    pub of_quantity: bool,
    /// Whether it is a quantity itself (and its own quantity).
    pub own_quantity: bool,
    /// Base, over and prefix, by name (units by their name, a prefix by its name).
    pub base: Option<&'static str>,
    pub over: Option<&'static str>,
    pub prefix: Option<&'static str>,
}

const fn unit(name: &'static str, primitive: &'static str) -> UnitDef {
    UnitDef {
        name,
        primitive,
        symbol: None,
        of_quantity: false,
        own_quantity: false,
        base: None,
        over: None,
        prefix: None,
    }
}

impl UnitDef {
    const fn symbol(mut self, s: &'static str) -> Self {
        self.symbol = Some(s);
        self
    }
    const fn of_quantity(mut self) -> Self {
        self.of_quantity = true;
        self
    }
    const fn own_quantity(mut self) -> Self {
        self.own_quantity = true;
        self
    }
    const fn base(mut self, b: &'static str) -> Self {
        self.base = Some(b);
        self
    }
    const fn over(mut self, o: &'static str) -> Self {
        self.over = Some(o);
        self
    }
    const fn prefix(mut self, p: &'static str) -> Self {
        self.prefix = Some(p);
        self
    }
}

use Step::*;

/// The quantities and units, in import order.
pub(crate) const STEPS: &[Step] = &[
    Close,
    Quantity("Duration"),
    Unit(unit("Seconds", "f32").symbol("s").of_quantity()),
    Unit(
        unit("PicoSeconds", "f32")
            .of_quantity()
            .base("Seconds")
            .prefix("Pico"),
    ),
    Unit(
        unit("NanoSeconds", "f32")
            .of_quantity()
            .base("Seconds")
            .prefix("Nano"),
    ),
    Unit(
        unit("MicroSeconds", "f32")
            .of_quantity()
            .base("Seconds")
            .prefix("Micro"),
    ),
    Unit(
        unit("MilliSeconds", "f32")
            .of_quantity()
            .base("Seconds")
            .prefix("Milli"),
    ),
    Unit(
        unit("Minutes", "u32")
            .symbol("min")
            .of_quantity()
            .base("Seconds"),
    ),
    Unit(
        unit("Hours", "u32")
            .symbol("h")
            .of_quantity()
            .base("Minutes"),
    ),
    Unit(unit("Days", "u32").symbol("d").of_quantity().base("Hours")),
    Close,
    Quantity("Time"),
    Unit(unit("Date", "u32").of_quantity()),
    Close,
    Quantity("Mass"),
    Unit(unit("Grams", "f32").symbol("g").of_quantity()),
    Unit(
        unit("KiloGrams", "f32")
            .of_quantity()
            .base("Grams")
            .prefix("Kilo"),
    ),
    Close,
    Quantity("ElectricCurrent"),
    Unit(unit("Ampere", "f32").symbol("A").of_quantity()),
    Close,
    Quantity("Amount"),
    Unit(unit("Mole", "f32").symbol("mol").of_quantity()),
    Close,
    Quantity("LuminousIntensity"),
    Unit(unit("Candela", "f32").symbol("cd").of_quantity()),
    Close,
    Quantity("Force"),
    Unit(unit("Newton", "f32").symbol("N").of_quantity()),
    Close,
    Quantity("Length"),
    Unit(unit("Meters", "f32").symbol("m").of_quantity()),
    Unit(
        unit("PicoMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Pico"),
    ),
    Unit(
        unit("NanoMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Nano"),
    ),
    Unit(
        unit("MicroMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Micro"),
    ),
    Unit(
        unit("MilliMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Milli"),
    ),
    Unit(
        unit("CentiMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Centi"),
    ),
    Unit(
        unit("KiloMeters", "f32")
            .of_quantity()
            .base("Meters")
            .prefix("Kilo"),
    ),
    Unit(unit("Miles", "f32").symbol("mi").of_quantity()),
    Unit(unit("Pixels", "f32").symbol("px").of_quantity()),
    Close,
    Quantity("Pressure"),
    Unit(unit("Pascal", "f32").symbol("Pa").of_quantity()),
    Unit(unit("Bar", "f32").symbol("bar").of_quantity()),
    Close,
    Quantity("Speed"),
    Unit(
        unit("MetersPerSecond", "f32")
            .of_quantity()
            .base("Meters")
            .over("Seconds"),
    ),
    Unit(
        unit("KiloMetersPerSecond", "f32")
            .of_quantity()
            .base("KiloMeters")
            .over("Seconds"),
    ),
    Unit(
        unit("KiloMetersPerHour", "f32")
            .of_quantity()
            .base("KiloMeters")
            .over("Hours"),
    ),
    Unit(
        unit("MilesPerHour", "f32")
            .of_quantity()
            .base("Miles")
            .over("Hours"),
    ),
    Close,
    Unit(
        unit("Acceleration", "f32")
            .own_quantity()
            .base("MetersPerSecond")
            .over("Seconds"),
    ),
    Quantity("Temperature"),
    Unit(unit("Kelvin", "f32").symbol("K").of_quantity()),
    Unit(unit("Celsius", "f32").symbol("°C").of_quantity()),
    Unit(unit("Fahrenheit", "f32").symbol("F").of_quantity()),
    Close,
    Quantity("Data"),
    Unit(unit("Bits", "u64").symbol("bit").of_quantity()),
    Unit(
        unit("KiloBits", "u64")
            .of_quantity()
            .base("Bits")
            .prefix("Kilo"),
    ),
    Unit(
        unit("MegaBits", "u64")
            .of_quantity()
            .base("Bits")
            .prefix("Mega"),
    ),
    Unit(
        unit("GigaBits", "u64")
            .of_quantity()
            .base("Bits")
            .prefix("Giga"),
    ),
    Unit(unit("Bytes", "u64").symbol("B").of_quantity().base("Bits")),
    Unit(
        unit("KiloBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Kilo"),
    ),
    Unit(
        unit("MegaBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Mega"),
    ),
    Unit(
        unit("GigaBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Giga"),
    ),
    Unit(
        unit("KibiBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Kibi"),
    ),
    Unit(
        unit("MebiBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Mebi"),
    ),
    Unit(
        unit("GibiBytes", "u64")
            .of_quantity()
            .base("Bytes")
            .prefix("Gibi"),
    ),
    Close,
    Quantity("DataRate"),
    Unit(
        unit("BitsPerSecond", "u64")
            .of_quantity()
            .base("Bits")
            .over("Seconds"),
    ),
    Unit(
        unit("KiloBitsPerSecond", "u64")
            .of_quantity()
            .base("KiloBits")
            .over("Seconds"),
    ),
    Unit(
        unit("MegaBitsPerSecond", "u64")
            .of_quantity()
            .base("MegaBits")
            .over("Seconds"),
    ),
    Unit(
        unit("GigaBitsPerSecond", "u64")
            .of_quantity()
            .base("GigaBits")
            .over("Seconds"),
    ),
    Unit(
        unit("BytesPerSecond", "u64")
            .of_quantity()
            .base("Bytes")
            .over("Seconds"),
    ),
    Unit(
        unit("KiloBytesPerSecond", "u64")
            .of_quantity()
            .base("KiloBytes")
            .over("Seconds"),
    ),
    Unit(
        unit("MegaBytesPerSecond", "u64")
            .of_quantity()
            .base("MegaBytes")
            .over("Seconds"),
    ),
    Unit(
        unit("GigaBytesPerSecond", "u64")
            .of_quantity()
            .base("GigaBytes")
            .over("Seconds"),
    ),
    Close,
    Unit(unit("Percentage", "f32").symbol("%").own_quantity()),
    Quantity("Angle"),
    Unit(unit("Radians", "f32").symbol("rad").of_quantity()),
    Unit(unit("Degrees", "f32").symbol("°").of_quantity()),
    Close,
    Unit(unit("Bel", "f32").symbol("B")),
    Unit(unit("DeciBel", "f32").base("Bel").prefix("Deci")),
    Quantity("Frequency"),
    Unit(unit("Hertz", "f32").symbol("Hz").of_quantity()),
    Unit(unit("KiloHertz", "f32").base("Hertz").prefix("Kilo")),
    Unit(unit("MegaHertz", "f32").base("Hertz").prefix("Mega")),
    Unit(unit("GigaHertz", "f32").base("Hertz").prefix("Giga")),
    Close,
    Quantity("Uri"),
    Unit(unit("Hyperlink", "string").of_quantity()),
    Unit(unit("Image", "string").of_quantity()),
    Unit(unit("File", "string").of_quantity()),
    Close,
];
