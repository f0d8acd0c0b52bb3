//! Every generated component through Rosetta's serde formats and back, on random data (enum
//! values the schema does not name included): O3DE JSON (`rosetta_json::o3de::serde`), Godot 3
//! and Godot 4 bytes (`rosetta_godot`), and plain serde_json. What comes back encodes to the
//! same wire bytes.

mod common;

use common::{run, value, Failures, Registries, Shape};
use rosetta_codegen_tests::{visit_components, ComponentVisitor};
use rosetta_godot::Version;
use rosetta_json::o3de::{Collect, LoadOptions, StoreOptions};
use rosetta_types::{Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::schema_type::Component;
use rosetta_wire::typed;

const CASES: u32 = 16;
const DEPTH: u32 = 3;

/// Which formats a component's values can go through.
#[derive(Debug, Clone, Copy)]
struct Formats {
    godot: bool,
    serde_json: bool,
}

fn round_trips<C>(r: &TypeRegistry, ty: TypeId, v: &Value, formats: Formats) -> Result<(), String>
where
    C: Component + serde::Serialize + serde::de::DeserializeOwned,
{
    let object = typed::write(r, ty, v).map_err(|e| e.to_string())?;
    let value = C::from_object(&object).map_err(|e| e.to_string())?;
    let bytes = value.encode();
    let same = |format: &str, back: C| -> Result<(), String> {
        // Equal bytes, or equal values in another order (a `HashMap` field).
        if back.encode() == bytes || back == value {
            Ok(())
        } else {
            Err(format!(
                "{format} gives back another value\n  sent: {value:?}\n  got:  {back:?}"
            ))
        }
    };

    let json = rosetta_json::o3de::serde::to_string(&value, &StoreOptions::default())
        .map_err(|e| format!("O3DE JSON: {e}"))?;
    // Read back with full precision: the engine's reader is not exact for every double.
    let strict = LoadOptions {
        strict: true,
        full_precision: true,
        ..LoadOptions::default()
    };
    let (back, _) =
        rosetta_json::o3de::serde::from_str::<C>(&json, &strict, &mut Collect::default())
            .map_err(|e| format!("O3DE JSON {json}: {e}"))?;
    same("O3DE JSON", back)?;

    if formats.serde_json {
        let plain = serde_json::to_string(&value).map_err(|e| format!("serde_json: {e}"))?;
        let back: C =
            serde_json::from_str(&plain).map_err(|e| format!("serde_json {plain}: {e}"))?;
        same("serde_json", back)?;
    }

    if formats.godot {
        for version in [Version::Godot3, Version::Godot4] {
            let encoded = rosetta_godot::to_bytes(&value, version)
                .map_err(|e| format!("{version:?} bytes: {e}"))?;
            let back = rosetta_godot::from_bytes::<C>(&encoded, version)
                .map_err(|e| format!("{version:?} bytes: {e}"))?;
            same(&format!("{version:?}"), back)?;
        }
    }
    Ok(())
}

/// Whether some value held in `ty` (at any depth) is one `test` picks, with whether it is a map
/// key.
fn holds(
    r: &TypeRegistry,
    ty: TypeId,
    key: bool,
    test: &impl Fn(&Kind, bool) -> bool,
    seen: &mut Vec<(TypeId, bool)>,
) -> bool {
    if seen.contains(&(ty, key)) {
        return false;
    }
    seen.push((ty, key));
    let kind = r[ty].kind();
    test(kind, key)
        || match kind {
            Kind::Struct(s) => s
                .fields()
                .iter()
                .any(|f| holds(r, f.ty(), false, test, seen)),
            Kind::Option(t) | Kind::List(t) => holds(r, *t, false, test, seen),
            Kind::Map(k, v) => holds(r, *k, true, test, seen) || holds(r, *v, false, test, seen),
            _ => false,
        }
}

fn formats(r: &TypeRegistry, ty: TypeId) -> Formats {
    Formats {
        // Godot's Variant has no unsigned 64-bit integer, and no place for an `Entity`.
        godot: !holds(
            r,
            ty,
            false,
            &|k, _| match k {
                Kind::Int(i) => !i.is_signed() && i.bits() == 64,
                Kind::Entity => true,
                _ => false,
            },
            &mut Vec::new(),
        ),
        // serde_json writes no map key that is an object.
        serde_json: !holds(
            r,
            ty,
            false,
            &|k, key| key && matches!(k, Kind::Struct(_) | Kind::Entity),
            &mut Vec::new(),
        ),
    }
}

#[derive(Default)]
struct Check {
    registries: Registries,
    failures: Failures,
    no_godot: Vec<&'static str>,
}

impl ComponentVisitor for Check {
    fn visit<C>(&mut self, group: usize)
    where
        C: Component + serde::Serialize + for<'de> serde::Deserialize<'de>,
    {
        let r = self.registries.get(group);
        let Some(ty) = r.lookup(C::NAME) else {
            return self
                .failures
                .record(C::NAME, Err("not in the schema".into()));
        };
        let formats = formats(&r, ty);
        if !formats.godot {
            self.no_godot.push(C::NAME);
        }
        // JSON has no number for NaN or the infinities.
        let shape = Shape {
            unknown_enums: true,
            non_finite: false,
        };
        let outcome = run(CASES, value(&r, ty, DEPTH, shape), |v| {
            round_trips::<C>(&r, ty, &v, formats)
        });
        self.failures.record(C::NAME, outcome);
    }
}

#[test]
fn generated_types_round_trip_through_every_serde_format() {
    let mut check = Check::default();
    visit_components(&mut check);
    eprintln!(
        "not through Godot bytes (uint64 or Entity fields): {:?}",
        check.no_godot
    );
    check.failures.assert_none("serde formats");
}
