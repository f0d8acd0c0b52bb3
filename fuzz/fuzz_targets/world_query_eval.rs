//! Text as a query run against a small world that has a bit of everything (hierarchy, prefabs
//! and `IsA`, a union, toggles, pairs, components, a disabled entity): compiling and running
//! with each engine must never panic, and every result must be well formed.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_world::{script, Engine, Query, World};

const WORLD: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["struct", "Mass", [["value", "i32"]]],
    ["tag", "Likes"], ["tag", "Apples"], ["tag", "Pears"], ["tag", "Planet"],
    ["union", "Movement"], ["tag", "Walking"], ["tag", "Running"],
    ["prefab", "Base"], ["set", "Base", "Mass", {"value": 3}],
    ["entity", "Sun"], ["set", "Sun", "Position", {"x": 0, "y": 0}],
    ["entity", "Sun.Earth"], ["add", "Sun.Earth", "Planet"], ["add", "Sun.Earth", ["IsA", "Base"]],
    ["set", "Sun.Earth", "Position", {"x": 1, "y": 0}],
    ["entity", "Sun.Earth.Moon"], ["add", "Sun.Earth.Moon", ["Likes", "Apples"]],
    ["add", "Sun.Earth.Moon", ["Likes", "Pears"]],
    ["entity", "Bob"], ["add", "Bob", ["Movement", "Walking"]], ["add", "Bob", ["Likes", "Sun"]],
    ["entity", "Ann"], ["add", "Ann", ["Movement", "Running"]],
    ["enable_id", "Ann", "Planet", true], ["enable_id", "Bob", "Planet", false],
    ["entity", "Off"], ["add", "Off", "Planet"], ["disable", "Off"],
    ["singleton_set", "Mass", {"value": 9}]
]"#;

fn world() -> &'static World {
    static W: OnceLock<World> = OnceLock::new();
    W.get_or_init(|| {
        let mut l = script::load_str(WORLD).expect("the fuzz world loads");
        l.world.process_pending();
        l.world
    })
}

fuzz_target!(|data: &[u8]| {
    // Long queries only multiply the search; the parser has its own target.
    if data.len() > 160 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let w = world();
    for engine in [Engine::Rule, Engine::Query] {
        let Ok(q) = Query::with_engine(w, &text, engine) else {
            continue;
        };
        let fields = q.field_count();
        // Wildcard terms multiply (`*, *, *, ...`): look at a bounded number of results.
        let mut seen = 0usize;
        let _ = q.each_bounded(w, 200_000, |m| {
            let r = m.to_owned();
            assert_eq!(r.ids.len(), fields);
            assert_eq!(r.sources.len(), fields);
            assert_eq!(r.is_set.len(), fields);
            assert_eq!(r.entities(w).len(), r.count as usize);
            for f in 0..fields {
                let _ = m.value(f).get(0);
            }
            seen += 1;
            seen < 2000
        });
        let Ok(paged) = q.page(w, 1, Some(2), 200_000) else {
            continue;
        };
        assert!(paged.iter().map(|r| r.count.max(1) as usize).sum::<usize>() <= 2);
    }
});
