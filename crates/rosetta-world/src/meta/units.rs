//! `ECS_IMPORT(world, FlecsUnits)`: the `flecs.units` module built from the table in
//! [`crate::builtin::units`], entity by entity in Flecs' order, so ids match a v3.2.12 world
//! that imports it at the same point.

use std::collections::HashMap;

use crate::builtin::units::{Step, PREFIXES, STEPS};
use crate::builtin::{CHILD_OF, FLECS, MODULE};
use crate::error::Result;
use crate::id::Id;
use crate::meta::Unit;
use crate::world::World;

impl World {
    /// Imports Flecs' units module (`flecs.units`: prefixes in `flecs.units.prefixes`,
    /// quantities such as `flecs.units.Duration`, units such as
    /// `flecs.units.Duration.Seconds` with symbol `s`), as `ECS_IMPORT(world, FlecsUnits)`
    /// does; `ecs_init` does not import it. Each unit is also a meta primitive (`Seconds` is
    /// an `f32`), so a member of that type gets the unit. Importing twice returns the module
    /// of the first import.
    ///
    /// ```
    /// use rosetta_world::World;
    /// let mut w = World::new();
    /// let units = w.import_units()?;
    /// assert_eq!(w.path_of(units), "flecs.units");
    /// let kmh = w.lookup("flecs.units.Speed.KiloMetersPerHour").unwrap();
    /// assert_eq!(w.unit(kmh).unwrap().symbol.as_deref(), Some("km/h"));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn import_units(&mut self) -> Result<Id> {
        if let Some(m) = self.lookup("flecs.units") {
            return Ok(m);
        }
        let module = self.child(FLECS, "units")?;
        self.set_symbol(module, "flecs.units")?;
        self.add(module, MODULE)?;
        let scope = self.child(module, "prefixes")?;
        self.add(scope, MODULE)?;
        let mut prefixes = HashMap::new();
        for &(name, symbol) in PREFIXES {
            self.child(scope, name)?;
            prefixes.insert(name, symbol);
        }
        let mut units: HashMap<&str, Id> = HashMap::new();
        let (mut scope, mut quantity) = (module, None);
        for step in STEPS {
            match step {
                Step::Quantity(name) => {
                    // A quantity that scopes units is also a module in v3.2.12.
                    let q = self.child(module, name)?;
                    self.add(q, MODULE)?;
                    self.register_quantity(q)?;
                    (scope, quantity) = (q, Some(q));
                }
                Step::Close => (scope, quantity) = (module, None),
                Step::Unit(d) => {
                    let e = self.child(scope, d.name)?;
                    let base = d.base.and_then(|b| units.get(b).copied());
                    let over = d.over.and_then(|o| units.get(o).copied());
                    // `ecs_unit_init` gives a prefixed unit without a symbol the prefix's
                    // symbol followed by the base's.
                    let symbol = match (d.symbol, d.prefix.and_then(|p| prefixes.get(p))) {
                        (Some(s), _) => Some(s.to_string()),
                        (None, Some(p)) => base
                            .and_then(|b| self.unit(b))
                            .and_then(|b| b.symbol.as_deref())
                            .map(|b| format!("{p}{b}")),
                        (None, None) => None,
                    };
                    if d.own_quantity {
                        self.register_quantity(e)?;
                    }
                    let quantity = match (d.own_quantity, d.of_quantity) {
                        (true, _) => Some(e),
                        (false, true) => quantity,
                        (false, false) => None,
                    };
                    let unit = Unit {
                        symbol,
                        quantity,
                        base,
                        over,
                    };
                    self.register_unit(e, unit)?;
                    self.register_primitive(e, d.primitive)?;
                    units.insert(d.name, e);
                }
            }
        }
        Ok(module)
    }

    /// A new entity named `name` in `parent`.
    fn child(&mut self, parent: Id, name: &str) -> Result<Id> {
        let e = self.new_entity();
        self.add(e, Id::pair(CHILD_OF, parent))?;
        self.set_name(e, name)?;
        Ok(e)
    }
}

#[cfg(test)]
mod tests {
    use crate::builtin::QUANTITY;
    use crate::World;

    /// Ids, symbols and quantities a v3.2.12 world gave after `ecs_init()` and
    /// `ECS_IMPORT(world, FlecsUnits)` (recorded from the release's amalgamated `flecs.c`).
    #[test]
    fn units_are_those_of_a_v3_2_12_world() {
        let mut w = World::new();
        let m = w.import_units().unwrap();
        assert_eq!(m.0, 541);
        assert_eq!(w.import_units().unwrap(), m);
        for (path, id, symbol, quantity) in [
            ("Duration.Seconds", 572, Some("s"), Some("Duration")),
            ("Duration.MicroSeconds", 575, Some("μs"), Some("Duration")),
            ("Duration.Days", 579, Some("d"), Some("Duration")),
            ("Time.Date", 581, None, Some("Time")),
            ("Mass.KiloGrams", 584, Some("kg"), Some("Mass")),
            ("Length.CentiMeters", 599, Some("cm"), Some("Length")),
            ("Speed.MilesPerHour", 610, Some("mi/h"), Some("Speed")),
            ("Acceleration", 611, Some("m/s/s"), Some("Acceleration")),
            ("Temperature.Celsius", 614, Some("°C"), Some("Temperature")),
            ("Data.KibiBytes", 625, Some("KiB"), Some("Data")),
            (
                "DataRate.MegaBytesPerSecond",
                635,
                Some("MB/s"),
                Some("DataRate"),
            ),
            ("Percentage", 637, Some("%"), Some("Percentage")),
            ("Angle.Degrees", 640, Some("°"), Some("Angle")),
            ("DeciBel", 642, Some("dB"), None),
            ("Frequency.KiloHertz", 645, Some("kHz"), None),
            ("Uri.File", 651, None, Some("Uri")),
        ] {
            let e = w.lookup(&format!("flecs.units.{path}")).expect(path);
            assert_eq!(e.0, id, "{path}");
            let u = w.unit(e).expect(path);
            assert_eq!(u.symbol.as_deref(), symbol, "{path}");
            let q = w
                .target(e, QUANTITY, 0)
                .map(|q| w.name_of(q).unwrap_or("").to_string());
            assert_eq!(q.as_deref(), quantity, "{path}");
        }
        let has_module = |w: &World, p: &str| w.has(w.lookup(p).unwrap(), crate::builtin::MODULE);
        assert!(has_module(&w, "flecs.units.Duration"));
        assert!(!has_module(&w, "flecs.units.Acceleration"));
        let femto = w.lookup("flecs.units.prefixes.Femto").unwrap();
        assert_eq!(femto.0, 546);
        assert!(w.is_component(w.lookup("flecs.units.Duration.Seconds").unwrap()));
        assert_eq!(w.new_entity().0, 652);
    }
}
