//! A repository directory's compile plan: every `.schema` file with the path to compile, its
//! root and canonical path, and the schema roots to compile it with (see [`super::roots`]).

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::PathBuf;

use super::roots::{self, Era, IdAllocator, PRE15_STANDARD_LIBRARY};

/// What every plan of one run shares.
#[derive(Debug)]
pub struct Context {
    /// The corpus directory (`shared/corpus/spatialos`), canonicalized.
    pub corpus: PathBuf,
    /// A scratch directory for mounts and template copies, removed at the end of the run.
    pub work: PathBuf,
    /// Rosetta's own `schema/`, written out under `work`.
    pub our_stdlib: PathBuf,
    /// Ids for `{{id}}` in templates.
    pub ids: IdAllocator,
}

/// One `.schema` file of a repository directory.
#[derive(Debug, Clone)]
pub struct PlanFile {
    /// Path relative to the repository directory, `/`-separated.
    pub rel: String,
    /// Path relative to the corpus directory, for messages.
    pub display: String,
    /// The file handed to the compiler: the corpus file, or its copy in a mount.
    pub compile_path: PathBuf,
    /// The schema root the file is found under.
    pub home_root: PathBuf,
    /// The path relative to that root: the bundle's `canonicalPath`.
    pub canonical: String,
    /// Whether `{{id}}` placeholders were replaced in the copy that is compiled.
    pub templated: bool,
}

/// How to compile the files of one `<repo>@<commit>` directory.
#[derive(Debug)]
pub struct RepoPlan {
    /// The files, sorted by path.
    pub files: Vec<PlanFile>,
    /// The repository's roots in order of precedence: mount root, declared, fixture, package.
    pub roots: Vec<PathBuf>,
    /// Roots outside the repository for imports it does not contain.
    pub fallbacks: Vec<PathBuf>,
}

impl RepoPlan {
    /// Plans the repository directory `name` of the corpus; `fixture_paths` are the canonical
    /// paths of the bundle fixtures whose sources are in it (they imply roots).
    pub fn build(ctx: &Context, name: &str, fixture_paths: &[String]) -> io::Result<RepoPlan> {
        let dir = ctx.corpus.join(name);
        let rule = roots::rule_for(name);
        let mut files = Vec::new();
        let mut roots_in_order = Vec::new();
        let mut unplaced = Vec::new();

        // 1. Mounts: copies under the import prefix in one scratch root per repository.
        let mount_root = ctx.work.join("mounts").join(name);
        for rel in roots::walk_files(&dir, ".schema") {
            let mount = rule.and_then(|r| {
                r.mounts.iter().find_map(|m| {
                    let sub = rel.strip_prefix(m.dir)?.strip_prefix('/')?;
                    Some((m, sub.to_owned()))
                })
            });
            let Some((mount, sub)) = mount else {
                unplaced.push(rel);
                continue;
            };
            let canonical = format!("{}/{sub}", mount.prefix);
            let target = roots::join_rel(&mount_root, &canonical);
            let text = fs::read_to_string(dir.join(&rel))?;
            let templated = mount.template && text.contains("{{id}}");
            let text = if templated {
                ctx.ids.substitute(&text)
            } else {
                text
            };
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(&target, text)?;
            push_unique(&mut roots_in_order, &mount_root);
            files.push(PlanFile {
                display: format!("{name}/{rel}"),
                rel,
                compile_path: target,
                home_root: mount_root.clone(),
                canonical,
                templated,
            });
        }

        // 2. Declared roots, then 3. fixture roots, as relative directories.
        let mut declared = Vec::new();
        if let Some(rule) = rule {
            let dirs = roots::walk_dirs(&dir);
            for pattern in rule.roots {
                for d in dirs.iter().filter(|d| roots::glob_match(pattern, d)) {
                    push_unique(&mut declared, d);
                }
            }
        }
        let mut from_fixtures = Vec::new();
        for canonical in fixture_paths {
            for rel in &unplaced {
                if let Some(root) = roots::fixture_root(rel, canonical) {
                    push_unique(&mut from_fixtures, &root);
                }
            }
        }

        // 4. Package roots for the rest; every file gets its deepest containing root.
        let mut from_packages = Vec::new();
        let mut homes = Vec::new();
        for rel in &unplaced {
            let home = match deepest(&declared, rel).or_else(|| deepest(&from_fixtures, rel)) {
                Some(home) => home.to_owned(),
                None => {
                    let text = fs::read_to_string(dir.join(rel))?;
                    let file_dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
                    let root = match roots::package_of(&text) {
                        Some(package) => roots::package_root(file_dir, &package),
                        None => file_dir.to_owned(),
                    };
                    push_unique(&mut from_packages, &root);
                    root
                }
            };
            homes.push(home);
        }
        for rel_root in declared.iter().chain(&from_fixtures).chain(&from_packages) {
            push_unique(&mut roots_in_order, &roots::join_rel(&dir, rel_root));
        }
        for (rel, home) in unplaced.into_iter().zip(homes) {
            let canonical = if home.is_empty() {
                rel.clone()
            } else {
                rel[home.len() + 1..].to_owned()
            };
            files.push(PlanFile {
                display: format!("{name}/{rel}"),
                compile_path: dir.join(&rel),
                home_root: roots::join_rel(&dir, &home),
                canonical,
                templated: false,
                rel,
            });
        }
        files.sort_by(|a, b| a.rel.cmp(&b.rel));

        // Fallbacks: other repositories' packages, the era's standard library, ours.
        let mut fallbacks = Vec::new();
        for extra in rule.map_or(&[][..], |r| r.extra_roots) {
            let extra = roots::join_rel(&ctx.corpus, extra);
            if extra.is_dir() {
                push_unique(&mut fallbacks, &extra);
            }
        }
        if rule.map_or(Era::V15, |r| r.era) == Era::Pre15 {
            let pre15 = roots::join_rel(&ctx.corpus, PRE15_STANDARD_LIBRARY);
            if pre15.is_dir() {
                push_unique(&mut fallbacks, &pre15);
            }
        }
        push_unique(&mut fallbacks, &ctx.our_stdlib);

        Ok(RepoPlan {
            files,
            roots: roots_in_order,
            fallbacks,
        })
    }

    /// The schema roots for compiling files whose roots are `homes`: those first, then the
    /// repository's other roots, then the fallbacks.
    pub fn schema_paths(&self, homes: &[PathBuf]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for root in homes.iter().chain(&self.roots).chain(&self.fallbacks) {
            push_unique(&mut out, root);
        }
        out
    }

    /// The file whose canonical path is `canonical`.
    pub fn by_canonical(&self, canonical: &str) -> Option<&PlanFile> {
        self.files.iter().find(|f| f.canonical == canonical)
    }

    /// The file at `rel` (relative to the repository directory).
    pub fn by_rel(&self, rel: &str) -> Option<&PlanFile> {
        self.files.iter().find(|f| f.rel == rel)
    }
}

/// The longest of `roots` (relative directories, `""` = the repository) that contains `rel`.
fn deepest<'a>(roots: &'a [String], rel: &str) -> Option<&'a str> {
    roots
        .iter()
        .filter(|root| {
            root.is_empty()
                || rel
                    .strip_prefix(root.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
        })
        .max_by_key(|root| root.len())
        .map(String::as_str)
}

fn push_unique<T: PartialEq + Clone>(list: &mut Vec<T>, item: &T) {
    if !list.contains(item) {
        list.push(item.clone());
    }
}

/// The distinct values of `items`, in first-seen order.
pub fn unique<T: Ord + Clone>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut seen = BTreeSet::new();
    items
        .into_iter()
        .filter(|item| seen.insert(item.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::deepest;

    #[test]
    fn deepest_root_wins() {
        let roots = vec!["".to_owned(), "schema".to_owned(), "schema/x".to_owned()];
        assert_eq!(deepest(&roots, "schema/x/a.schema"), Some("schema/x"));
        assert_eq!(deepest(&roots, "schema/xy/a.schema"), Some("schema"));
        assert_eq!(deepest(&roots, "other/a.schema"), Some(""));
        assert_eq!(deepest(&roots[1..], "other/a.schema"), None);
    }
}
