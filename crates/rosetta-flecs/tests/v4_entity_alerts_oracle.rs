//! `alerts` in v4 entity JSON when the alerts module is imported, against real Flecs v4
//! (`flecs_ecs`' Flecs 4.1.2, built with `FLECS_ALERTS`). Its own test binary: importing
//! `FlecsAlerts` sets the C library's global `ecs_id(EcsAlertsActive)`, which makes every
//! world of the process write `alerts` (`v4_entity_refs_oracle.rs` checks the world without).

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use flecs_ecs::sys;
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{entity_to_json, EntityDesc};
use rosetta_world::{script, FlecsVersion};
use v4_oracle::Oracle;

/// With the module and no alert defined, the entity has no active alert: `"alerts":[]`.
/// Rosetta has the module when the world holds `flecs.alerts.AlertsActive` (it evaluates no
/// alerts itself, so the list is empty there too).
#[test]
fn an_empty_alerts_list_with_the_alerts_module() {
    let o = Oracle::new();
    // SAFETY: a live world; importing a module is a plain C call.
    unsafe { sys::FlecsAlertsImport(o.raw()) };
    o.script("Sun {\n  Earth {}\n}\n");
    let mut d = Oracle::desc();
    d.serialize_alerts = true;
    let want = o.entity_json("Sun", &d);
    assert_eq!(want, r#"{"name":"Sun", "alerts":[]}"#);

    let l = script::load_str_version(
        r#"[["entity", "flecs.alerts.AlertsActive"], ["entity", "Sun.Earth"]]"#,
        FlecsVersion::V4,
    )
    .unwrap();
    let w = &l.world;
    let desc = EntityDesc {
        alerts: true,
        mode: Mode::Valid,
        ..EntityDesc::default()
    };
    let got = entity_to_json(w, w.lookup("Sun").unwrap(), &desc).unwrap();
    assert_eq!(got, want);
}
