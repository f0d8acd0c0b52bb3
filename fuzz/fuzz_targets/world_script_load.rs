//! Arbitrary bytes as a world script: the loader must never panic, and every error must say
//! where (a script error names its operation by index and JSON Pointer).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_world::{script, Error};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match script::load_str(text) {
        Ok(loaded) => {
            // Every alias names an entity the world knows (alive or deleted since).
            let _ = loaded.world.entity_count();
        }
        Err(Error::Script { pointer, .. }) => assert!(pointer.starts_with('/'), "{pointer}"),
        Err(Error::Json(message)) => assert!(!message.is_empty()),
        Err(other) => panic!("a script error without its place: {other}"),
    }
});
