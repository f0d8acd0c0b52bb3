//! Generates Rust with rosetta-build for the example game's schema (with Rosetta's standard
//! library) into `OUT_DIR/example`, for the crate's own schema of colliding names into
//! `OUT_DIR/names` (and, with `Bytes` and with `HashMap` maps, `names_bytes`, `names_hash`), and for every schema of the shared corpus, when it is
//! there, into `OUT_DIR/corpus`.
//!
//! The corpus' files are compiled as the conformance runner compiles them (each repository
//! directory's roots and mounts, `rosetta_devtools::corpus`). Files of one directory are
//! generated together as long as they compile together (some directories hold two versions of
//! one package); each such group is one module, `corpus::<directory>::g<N>`. The test crate
//! learns what was generated from `OUT_DIR/corpus.rs` (the modules) and `OUT_DIR/groups.rs`
//! (each group's schema roots and files, and a visit of its components).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rosetta_build::Config;
use rosetta_devtools::corpus::{self, plan::Context, roots::IdAllocator};

type BoxError = Box<dyn std::error::Error>;

fn main() -> Result<(), BoxError> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let stdlib = repo.join("schema");
    let mut groups = Groups::default();

    let example_roots = [stdlib.clone(), repo.join("examples/schema")];
    // Names chosen to collide (the crate's schema/): keywords, the prelude, the generated names.
    let names_roots = [
        stdlib.clone(),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("schema"),
    ];
    for root in example_roots.iter().chain(&names_roots) {
        println!("cargo:rerun-if-changed={}", root.display());
    }
    // Unknown fields are kept in every group but `names_bytes`, so that both ways are tested.
    let keeping = || {
        let mut config = Config::new();
        config.keep_unknown_fields(true);
        config
    };
    generate_all(&out, "example", &example_roots, keeping(), &mut groups)?;
    generate_all(&out, "names", &names_roots, keeping(), &mut groups)?;
    // The same with `Bytes` for bytes, and with `HashMap` maps.
    // ... and skipping the fields a type's schema does not have, as prost does (the default).
    let mut shared = Config::new();
    shared.bytes_type(rosetta_build::BytesType::Bytes);
    generate_all(&out, "names_bytes", &names_roots, shared, &mut groups)?;
    let mut hashed = keeping();
    hashed.map_type(rosetta_build::MapType::HashMap);
    generate_all(&out, "names_hash", &names_roots, hashed, &mut groups)?;

    let corpus_dir = repo.join("../shared/corpus/spatialos");
    println!("cargo:rerun-if-changed={}", corpus_dir.display());
    let mut modules = String::new();
    if corpus_dir.is_dir() {
        let ctx = Context {
            corpus: corpus_dir.canonicalize()?,
            work: out.join("corpus-work"),
            our_stdlib: stdlib,
            ids: IdAllocator::default(),
        };
        generate_corpus(&ctx, &out.join("corpus"), &mut groups, &mut modules)?;
    } else {
        println!(
            "cargo:warning=skipped the corpus: {} is not there; only the example schema is generated",
            corpus_dir.display()
        );
    }
    std::fs::write(out.join("corpus.rs"), modules)?;
    std::fs::write(out.join("groups.rs"), groups.finish())?;
    Ok(())
}

/// Every schema file under `roots`, generated into `OUT_DIR/<module>` with `config`.
fn generate_all(
    out: &Path,
    module: &str,
    roots: &[PathBuf],
    mut config: Config,
    groups: &mut Groups,
) -> Result<(), BoxError> {
    for root in roots {
        config.schema_path(root);
    }
    config.load_all_schema_on_schema_path(true);
    let compiled = config.compile_schema::<&Path>(&[])?;
    rosetta_build::write_files(&out.join(module), &config.generate(&compiled)?)?;
    let flags = Flags {
        hash_maps: module.ends_with("_hash"),
        unknown_fields: config.keeps_unknown_fields(),
    };
    groups.add(
        module,
        roots,
        &[],
        flags,
        &config.component_paths(&compiled),
    );
    Ok(())
}

/// Every repository directory's files, in groups that compile together.
fn generate_corpus(
    ctx: &Context,
    out: &Path,
    groups: &mut Groups,
    modules: &mut String,
) -> Result<(), BoxError> {
    let repos = corpus::repo_dirs(&ctx.corpus);
    let fixtures = corpus::find_bundle_fixtures(&ctx.corpus, &repos);
    let (plans, failed) = corpus::plan_repos(ctx, &repos, &fixtures);
    for (repo, reason) in failed {
        println!("cargo:warning=corpus {repo}: {reason}");
    }
    for (repo, plan) in &plans {
        let repo_module = module_name(repo);
        let mut group_files: Vec<Vec<&corpus::plan::PlanFile>> = Vec::new();
        for file in &plan.files {
            let fits = |members: &[&corpus::plan::PlanFile]| {
                let mut with: Vec<_> = members.to_vec();
                with.push(file);
                config_for(plan, &with)
                    .compile_schema(&paths(&with))
                    .is_ok()
            };
            match group_files.last_mut() {
                Some(last) if fits(last) => last.push(file),
                _ if fits(&[]) => group_files.push(vec![file]),
                _ => println!(
                    "cargo:warning=corpus {}: does not compile; no code",
                    file.display
                ),
            }
        }
        let _ = writeln!(
            modules,
            "/// `{repo}` of the corpus.\npub mod {repo_module} {{"
        );
        for (index, members) in group_files.iter().enumerate() {
            let config = config_for(plan, members);
            let compiled = config.compile_schema(&paths(members))?;
            let dir = out.join(&repo_module).join(format!("g{index}"));
            rosetta_build::write_files(&dir, &config.generate(&compiled)?)?;
            let names: Vec<&str> = members.iter().map(|f| f.display.as_str()).collect();
            let _ = writeln!(
                modules,
                "    /// Generated from {}.\n    pub mod g{index} {{\n        include!({:?});\n    }}",
                names.join(", "),
                dir.join("mod.rs").display().to_string()
            );
            let homes = corpus::plan::unique(members.iter().map(|f| f.home_root.clone()));
            groups.add(
                &format!("corpus::{repo_module}::g{index}"),
                &plan.schema_paths(&homes),
                &paths(members),
                Flags {
                    hash_maps: false,
                    unknown_fields: config.keeps_unknown_fields(),
                },
                &config.component_paths(&compiled),
            );
        }
        modules.push_str("}\n");
    }
    Ok(())
}

fn config_for(plan: &corpus::plan::RepoPlan, files: &[&corpus::plan::PlanFile]) -> Config {
    let homes = corpus::plan::unique(files.iter().map(|f| f.home_root.clone()));
    let mut config = Config::new();
    config.keep_unknown_fields(true);
    for root in plan.schema_paths(&homes) {
        config.schema_path(root);
    }
    config
}

fn paths(files: &[&corpus::plan::PlanFile]) -> Vec<PathBuf> {
    files.iter().map(|f| f.compile_path.clone()).collect()
}

/// `gdk_for_unity_108fb14` for `gdk-for-unity@108fb14`.
fn module_name(repo: &str) -> String {
    repo.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// What the tests learn about each generated group.
#[derive(Default)]
struct Groups {
    table: String,
    visits: String,
    count: usize,
}

/// How a group's code was generated, beyond its schema.
struct Flags {
    /// `HashMap` maps.
    hash_maps: bool,
    /// Whether its types keep the fields their schema does not have.
    unknown_fields: bool,
}

impl Groups {
    /// A group: its module, its schema roots and files (none: every file under the roots),
    /// and its components.
    fn add(
        &mut self,
        module: &str,
        roots: &[PathBuf],
        files: &[PathBuf],
        flags: Flags,
        components: &[rosetta_build::ComponentPath],
    ) {
        let Flags {
            hash_maps,
            unknown_fields,
        } = flags;
        let list = |paths: &[PathBuf]| {
            paths
                .iter()
                .map(|p| format!("{:?}, ", p.display().to_string()))
                .collect::<String>()
        };
        let _ = writeln!(
            self.table,
            "    Group {{ module: {module:?}, schema_paths: &[{}], files: &[{}], hash_maps: {hash_maps}, unknown_fields: {unknown_fields} }},",
            list(roots),
            list(files)
        );
        for c in components {
            let _ = writeln!(
                self.visits,
                "    visitor.visit::<crate::{module}::{}>({});",
                c.rust_path, self.count
            );
        }
        self.count += 1;
    }

    fn finish(self) -> String {
        format!(
            "/// Every generated group, in visit order.\npub const GROUPS: &[Group] = &[\n{}];\n\n\
             /// Calls `visitor` on every component of every group.\npub fn visit_components(visitor: &mut impl ComponentVisitor) {{\n{}}}\n",
            self.table, self.visits
        )
    }
}
