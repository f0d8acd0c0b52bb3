//! The compiler's entry points: find the files, parse, resolve, produce the outputs.

use std::collections::BTreeMap;
use std::path::PathBuf;

use rosetta_bundle::{BundleFormat, SchemaBundle};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::load::{load, DiskProvider, MemoryProvider, Provider, Unit};
use crate::resolve::{lower, Symbols};

/// What to compile, with the real compiler's options.
#[derive(Debug, Clone, Default)]
pub struct CompileOptions {
    /// Schema roots (`--schema_path`), searched in order for imports.
    pub schema_paths: Vec<PathBuf>,
    /// Compile every `.schema` file under every root (`--load_all_schema_on_schema_path`).
    pub load_all: bool,
    /// Schema files named on the command line; a relative path is tried against the current
    /// directory first, then against each root.
    pub files: Vec<PathBuf>,
}

/// A schema file given as text, for [`compile_sources`].
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The canonical path (`improbable/standard_library.schema`).
    pub canonical_path: String,
    /// The file's text.
    pub text: String,
}

/// The result of a successful compilation.
pub struct Compiled {
    bundle: SchemaBundle,
    units: Vec<Unit>,
    warnings: Diagnostics,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled")
            .field("files", &self.bundle.schema_files.len())
            .field("warnings", &self.warnings.len())
            .finish()
    }
}

impl Compiled {
    /// The schema bundle, files sorted by canonical path.
    pub fn bundle(&self) -> &SchemaBundle {
        &self.bundle
    }

    /// The schema bundle as the given compiler version wrote it (the 14.x compiler wrote no
    /// position for the inner value of an option in an annotation). Write it with the same
    /// format: `rosetta_bundle::to_json(&compiled.bundle_for(format), format)`.
    pub fn bundle_for(&self, format: BundleFormat) -> SchemaBundle {
        let mut bundle = self.bundle.clone();
        crate::compat::adapt(&mut bundle, format);
        bundle
    }

    /// Takes the schema bundle.
    pub fn into_bundle(self) -> SchemaBundle {
        self.bundle
    }

    /// The text of a compiled file, by canonical path (`improbable/standard_library.schema`):
    /// what a code generator reads the comments of declarations from.
    pub fn source_text(&self, canonical_path: &str) -> Option<&str> {
        self.units
            .binary_search_by(|u| u.source.canonical_path.as_str().cmp(canonical_path))
            .ok()
            .map(|i| self.units[i].source.text.as_str())
    }

    /// Warnings found on the way (compilation succeeded regardless).
    pub fn warnings(&self) -> &Diagnostics {
        &self.warnings
    }

    /// The AST JSON files (`--ast_json_out`): for each schema file, the path of its output relative
    /// to the output directory (`improbable/standard_library.json`) and the JSON text.
    pub fn ast_json_files(&self) -> Vec<(String, String)> {
        let mut ignored = Diagnostics::default();
        let symbols = Symbols::build(&self.units, &mut ignored);
        self.units
            .iter()
            .map(|unit| {
                let path = unit
                    .source
                    .canonical_path
                    .strip_suffix(".schema")
                    .unwrap_or(&unit.source.canonical_path);
                (
                    format!("{path}.json"),
                    crate::ast_json::file(unit, &symbols),
                )
            })
            .collect()
    }
}

/// Compiles schema files from disk: the files named in `options`, everything they import, and
/// with `load_all` every `.schema` file under the roots. Every problem is reported.
pub fn compile(options: &CompileOptions) -> Result<Compiled, Diagnostics> {
    let mut provider = DiskProvider::new(options.schema_paths.clone());
    let mut diagnostics = Diagnostics::default();
    let mut initial = Vec::new();
    for root in &options.schema_paths {
        if !root.is_dir() {
            diagnostics.push(Diagnostic::general(format!(
                "schema path `{}` is not a directory",
                root.display()
            )));
        }
    }
    for file in &options.files {
        match provider.add_input(file) {
            Ok(canonical) => initial.push(canonical),
            Err(message) => diagnostics.push(Diagnostic::general(message)),
        }
    }
    if options.load_all {
        initial.extend(provider.all());
    }
    if initial.is_empty() && !diagnostics.has_errors() {
        diagnostics.push(Diagnostic::general(
            "no schema files to compile: name files or use --load_all_schema_on_schema_path".into(),
        ));
    }
    run(&provider, initial, diagnostics)
}

/// Compiles schema files given as text; every file is compiled and imports resolve among them.
///
/// ```
/// use rosetta_schema::{compile_sources, SourceFile};
/// let compiled = compile_sources(vec![SourceFile {
///     canonical_path: "game/player.schema".into(),
///     text: "package game; component Player { id = 1000; string name = 1; }".into(),
/// }])
/// .expect("compiles");
/// assert_eq!(compiled.bundle().schema_files[0].components[0].qualified_name, "game.Player");
/// ```
pub fn compile_sources(files: Vec<SourceFile>) -> Result<Compiled, Diagnostics> {
    let files: BTreeMap<String, String> = files
        .into_iter()
        .map(|f| (f.canonical_path, f.text))
        .collect();
    let provider = MemoryProvider { files };
    let initial = provider.all();
    run(&provider, initial, Diagnostics::default())
}

fn run(
    provider: &dyn Provider,
    initial: Vec<String>,
    mut diagnostics: Diagnostics,
) -> Result<Compiled, Diagnostics> {
    let units = load(provider, initial, &mut diagnostics);
    let symbols = Symbols::build(&units, &mut diagnostics);
    let bundle = lower(&units, &symbols, &mut diagnostics);
    drop(symbols);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(Compiled {
        bundle,
        units,
        warnings: diagnostics,
    })
}
