//! Rosetta's own SpatialOS standard library (`schema/` at the repository root), built into the
//! runner so that it works from any directory.
//!
//! It is the fallback schema root for imports a corpus repository does not contain
//! (`improbable/standard_library.schema`, `improbable/vector3.schema`).

use std::fs;
use std::io;
use std::path::Path;

/// The files of `schema/`: canonical path and text.
pub const FILES: &[(&str, &str)] = &[
    (
        "improbable/standard_library.schema",
        include_str!("../../../schema/improbable/standard_library.schema"),
    ),
    (
        "improbable/restricted/system_components.schema",
        include_str!("../../../schema/improbable/restricted/system_components.schema"),
    ),
    (
        "improbable/vector3.schema",
        include_str!("../../../schema/improbable/vector3.schema"),
    ),
];

/// Writes the library under `root`, ready to be used as a schema root.
pub fn materialize(root: &Path) -> io::Result<()> {
    for (canonical, text) in FILES {
        let path = root.join(canonical);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, text)?;
    }
    Ok(())
}
