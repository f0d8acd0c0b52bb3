//! Schema roots of the SpatialOS corpus, as data.
//!
//! The corpus (`shared/corpus/spatialos`) is laid out as `<repo>@<commit>/<path as in the repo>`.
//! A `.schema` file's canonical path (what `import` statements and the bundle's `canonicalPath`
//! say) is its path relative to the *schema root* it was compiled from, so every file needs the
//! right root. The roots of one repository directory are found, in this order of precedence:
//!
//! 1. **Mounts** ([`RULES`]): a directory whose files are imported under a prefix that is not
//!    part of the repository's layout. UnrealGDK's `SpatialGDK/Extras/schema/*.schema` are
//!    imported as `unreal/gdk/<file>`; the files are copied into a temporary root under that
//!    prefix (copied, not symlinked, so a compiler that canonicalizes paths still finds them under
//!    the root). A *template* mount also replaces every `{{id}}` with a fresh component id (see
//!    [`IdAllocator`]).
//! 2. **Declared roots** ([`RULES`]): directory patterns relative to the repository directory,
//!    where `*` matches one directory name and `**` any number of them
//!    (`**/Packages/*/.schema` for the Unity GDK's packages).
//! 3. **Fixture roots**: for every bundle fixture whose sources are in this directory, each
//!    `schemaFiles[].canonicalPath` that is a suffix (at a `/`) of a `.schema` file's path makes
//!    the rest of that path a root.
//! 4. **Package roots**: for any other file, the directory of the file minus its longest trailing
//!    run of directories that spells the start of the file's `package` (`a/b/improbable/core` for
//!    `package improbable.core` gives `a/b`); the file's own directory when none does.
//!
//! Each file is compiled with its own (deepest) root first, then the repository's other roots,
//! then the fallbacks: [`RepoRule::extra_roots`] (other corpus directories), for repositories of
//! the SpatialOS 14.x era and before the 14.x standard library in the corpus
//! ([`PRE15_STANDARD_LIBRARY`]), and last Rosetta's own `schema/` (15.x standard library and
//! `improbable/vector3.schema`).

use std::cell::Cell;
use std::fs;
use std::path::{Path, PathBuf};

/// Which SpatialOS release a repository was written for: it picks the standard library that
/// satisfies imports the repository does not contain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// 13.x and 14.x: the 14.x standard library first, then Rosetta's `schema/`.
    Pre15,
    /// 15.x: Rosetta's `schema/`.
    V15,
}

/// A directory of a repository mounted at an import prefix.
#[derive(Debug, Clone, Copy)]
pub struct Mount {
    /// The directory, relative to the repository directory.
    pub dir: &'static str,
    /// The canonical-path prefix its files get (`unreal/gdk`).
    pub prefix: &'static str,
    /// The files are templates: every `{{id}}` becomes a fresh component id.
    pub template: bool,
}

/// How to compile one repository directory of the corpus.
#[derive(Debug, Clone, Copy)]
pub struct RepoRule {
    /// `name@commit` for one directory, or a prefix ending in `*` (`name@*`) for several.
    pub repo: &'static str,
    /// Root directory patterns, relative to the repository directory.
    pub roots: &'static [&'static str],
    /// Mounted directories.
    pub mounts: &'static [Mount],
    /// Further roots elsewhere in the corpus (relative to the corpus directory), for imports of
    /// another repository's packages.
    pub extra_roots: &'static [&'static str],
    /// The SpatialOS era.
    pub era: Era,
}

/// The 14.x standard library in the corpus (relative to the corpus directory).
pub const PRE15_STANDARD_LIBRARY: &str =
    "spatialos-codegen@03f7da3/examples/schema/standard_library";

const UNREAL_MOUNTS: &[Mount] = &[
    Mount {
        dir: "SpatialGDK/Extras/schema",
        prefix: "unreal/gdk",
        template: false,
    },
    // The schema generator's expected output: `{{id}}` stands where the generator writes the
    // component ids it allocates. They import `unreal/generated/rpc_endpoints.schema`, which is
    // in the same directory.
    Mount {
        dir: "SpatialGDK/Source/SpatialGDKTests/SpatialGDKEditor/SpatialGDKEditorSchemaGenerator/ExpectedSchema",
        prefix: "unreal/generated",
        template: true,
    },
];

const fn rule(repo: &'static str, roots: &'static [&'static str], era: Era) -> RepoRule {
    RepoRule {
        repo,
        roots,
        mounts: &[],
        extra_roots: &[],
        era,
    }
}

/// The repositories that need more than the general rules (fixture and package roots).
/// Directories not listed get no declared roots and the 15.x fallback.
pub const RULES: &[RepoRule] = &[
    rule(
        "gdk-for-unity@108fb14",
        &["test-project/Assets/.Schema", "**/Packages/*/.schema"],
        Era::Pre15,
    ),
    rule(
        "gdk-for-unity@develop-9fb21bc",
        &["schema", "**/Packages/*/.schema"],
        Era::V15,
    ),
    rule("gdk-for-unity@*", &["**/Packages/*/.schema"], Era::Pre15),
    // The FPS starter project imports `improbable/gdk/core/common.schema` from the Unity GDK
    // package it was built with (identical in both GDK commits of the corpus).
    RepoRule {
        extra_roots: &[
            "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.core/.schema",
        ],
        ..rule("gdk-for-unity-fps-starter-project@*", &["schema"], Era::V15)
    },
    rule("go-worker-api@*", &["generator/schema"], Era::Pre15),
    RepoRule {
        mounts: UNREAL_MOUNTS,
        ..rule("UnrealGDK@master-*", &[], Era::V15)
    },
    RepoRule {
        mounts: UNREAL_MOUNTS,
        ..rule("UnrealGDK@*", &[], Era::Pre15)
    },
    rule(
        "spatialos-codegen@*",
        &["examples/schema/standard_library", "examples/schema_old"],
        Era::Pre15,
    ),
    rule("spatialos-sdk-rs@*", &[], Era::Pre15),
    rule("CExampleProject@56a5d21", &["schema"], Era::V15),
    rule("CExampleProject@*", &["schema"], Era::Pre15),
];

/// The rule for a repository directory name; the first match wins.
pub fn rule_for(repo: &str) -> Option<&'static RepoRule> {
    RULES.iter().find(|rule| match rule.repo.strip_suffix('*') {
        Some(prefix) => repo.starts_with(prefix),
        None => repo == rule.repo,
    })
}

/// Hands out the component ids that replace `{{id}}` in template schema files: 100000, 100001,
/// … in the order met, unique in one run, and outside the ids any corpus file uses.
#[derive(Debug)]
pub struct IdAllocator {
    next: Cell<u32>,
}

impl Default for IdAllocator {
    fn default() -> Self {
        IdAllocator {
            next: Cell::new(100_000),
        }
    }
}

impl IdAllocator {
    /// Replaces every `{{id}}` in `text` with a fresh id.
    pub fn substitute(&self, text: &str) -> String {
        let mut parts = text.split("{{id}}");
        let mut out = parts.next().unwrap_or_default().to_owned();
        for part in parts {
            let id = self.next.get();
            self.next.set(id + 1);
            out.push_str(&id.to_string());
            out.push_str(part);
        }
        out
    }
}

/// Every directory under `dir` (not `dir` itself), relative and `/`-separated, sorted; symlinks
/// are not followed.
pub fn walk_dirs(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    walk(dir, "", &mut |rel, is_dir| {
        if is_dir {
            out.push(rel.to_owned());
        }
    });
    out
}

/// Every regular file under `dir` whose name ends with `suffix`, relative and `/`-separated,
/// sorted.
pub fn walk_files(dir: &Path, suffix: &str) -> Vec<String> {
    let mut out = Vec::new();
    walk(dir, "", &mut |rel, is_dir| {
        if !is_dir && rel.ends_with(suffix) {
            out.push(rel.to_owned());
        }
    });
    out
}

fn walk(dir: &Path, prefix: &str, visit: &mut dyn FnMut(&str, bool)) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        if kind.is_dir() {
            visit(&rel, true);
            walk(&entry.path(), &rel, visit);
        } else if kind.is_file() {
            visit(&rel, false);
        }
    }
}

/// Whether the `/`-separated relative `path` matches `pattern`, where a `*` segment matches one
/// name and a `**` segment any number of names.
pub fn glob_match(pattern: &str, path: &str) -> bool {
    fn go(pattern: &[&str], path: &[&str]) -> bool {
        match pattern.split_first() {
            None => path.is_empty(),
            Some((&"**", rest)) => (0..=path.len()).any(|skip| go(rest, &path[skip..])),
            Some((first, rest)) => match path.split_first() {
                Some((name, path_rest)) => (*first == "*" || first == name) && go(rest, path_rest),
                None => false,
            },
        }
    }
    let pattern: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    let path: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    go(&pattern, &path)
}

/// The dotted name of a schema file's `package` statement, skipping comments; `None` when the
/// text has none.
pub fn package_of(text: &str) -> Option<String> {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.split_once("*/").map_or("", |(_, r)| r);
        } else {
            break;
        }
    }
    let after = rest.strip_prefix("package")?;
    if !after.starts_with(|c: char| c.is_whitespace()) {
        return None;
    }
    let name: String = after
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The package root of a file: its directory (`/`-separated, relative) minus the longest trailing
/// run of directory names that equals the first segments of `package`.
pub fn package_root(dir: &str, package: &str) -> String {
    let dirs: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let depth = package_depth(&dirs, package);
    dirs[..dirs.len() - depth].join("/")
}

/// How many trailing names of `dirs` spell the first segments of `package`: the package root is
/// that many levels up.
pub fn package_depth(dirs: &[&str], package: &str) -> usize {
    let segments: Vec<&str> = package.split('.').collect();
    (0..=dirs.len().min(segments.len()))
        .rev()
        .find(|&k| dirs[dirs.len() - k..] == segments[..k])
        .unwrap_or(0)
}

/// The root that a fixture's canonical path implies for a file at `rel` (both relative and
/// `/`-separated), when the canonical path is a suffix of it at a `/`.
pub fn fixture_root(rel: &str, canonical: &str) -> Option<String> {
    if rel == canonical {
        return Some(String::new());
    }
    let prefix = rel.strip_suffix(canonical)?.strip_suffix('/')?;
    Some(prefix.to_owned())
}

/// Joins a `/`-separated relative path onto `base`.
pub fn join_rel(base: &Path, rel: &str) -> PathBuf {
    let mut path = base.to_path_buf();
    path.extend(rel.split('/').filter(|s| !s.is_empty()));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match(
            "**/Packages/*/.schema",
            "workers/unity/Packages/io.improbable.gdk.core/.schema"
        ));
        assert!(glob_match("**/Packages/*/.schema", "Packages/x/.schema"));
        assert!(!glob_match("**/Packages/*/.schema", "Packages/x/y/.schema"));
        assert!(glob_match("schema", "schema"));
        assert!(!glob_match("schema", "schema/playground"));
    }

    #[test]
    fn packages_and_their_roots() {
        let text = "// header\n/* block\n */\npackage improbable.gdk.tests.blittable_types;\n";
        assert_eq!(
            package_of(text).as_deref(),
            Some("improbable.gdk.tests.blittable_types")
        );
        assert_eq!(package_of("type A {}"), None);
        assert_eq!(package_of("packages x;"), None);
        assert_eq!(
            package_root(
                "test-project/Assets/.Schema/improbable/gdk/tests",
                "improbable.gdk.tests.blittable_types"
            ),
            "test-project/Assets/.Schema"
        );
        assert_eq!(package_root("schema/fps", "fps"), "schema");
        assert_eq!(
            package_root("project-example/schema", "example"),
            "project-example/schema"
        );
        assert_eq!(package_root("improbable", "improbable"), "");
    }

    #[test]
    fn fixture_roots_are_suffixes_at_a_slash() {
        assert_eq!(
            fixture_root("schema/test.schema", "test.schema").as_deref(),
            Some("schema")
        );
        assert_eq!(
            fixture_root("test.schema", "test.schema").as_deref(),
            Some("")
        );
        assert_eq!(fixture_root("schema/enum_test.schema", "test.schema"), None);
    }

    #[test]
    fn rules_match_by_exact_name_or_prefix() {
        let roots = |name: &str| rule_for(name).map(|r| r.repo);
        assert_eq!(
            roots("gdk-for-unity@108fb14"),
            Some("gdk-for-unity@108fb14")
        );
        assert_eq!(roots("gdk-for-unity@4473930"), Some("gdk-for-unity@*"));
        assert_eq!(
            roots("UnrealGDK@master-9502a1b"),
            Some("UnrealGDK@master-*")
        );
        assert_eq!(roots("UnrealGDK@0.11.0-884b065"), Some("UnrealGDK@*"));
        assert_eq!(roots("unknown@1"), None);
    }

    #[test]
    fn template_ids_are_fresh() {
        let ids = IdAllocator::default();
        assert_eq!(ids.substitute("a {{id}} b {{id}}"), "a 100000 b 100001");
        assert_eq!(ids.substitute("{{id}}"), "100002");
        assert_eq!(ids.substitute("none"), "none");
    }
}
