//! The compiler's entry points: find the files, parse, resolve, produce the outputs.

use std::path::PathBuf;

use rosetta_bundle::SchemaBundle;

use crate::diagnostic::Diagnostics;

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
#[derive(Debug, Clone)]
pub struct Compiled {
    bundle: SchemaBundle,
}

impl Compiled {
    /// The schema bundle, files sorted by canonical path.
    pub fn bundle(&self) -> &SchemaBundle {
        &self.bundle
    }

    /// The AST JSON files (`--ast_json_out`): for each schema file, the path of its output relative
    /// to the output directory (`improbable/standard_library.json`) and the JSON text.
    pub fn ast_json_files(&self) -> Vec<(String, String)> {
        todo!()
    }
}

/// Compiles schema files from disk.
pub fn compile(options: &CompileOptions) -> Result<Compiled, Diagnostics> {
    let _ = options;
    todo!()
}

/// Compiles schema files given as text; every file is compiled and imports resolve among them.
pub fn compile_sources(files: Vec<SourceFile>) -> Result<Compiled, Diagnostics> {
    let _ = files;
    todo!()
}
