//! The `json` format of `rosetta convert`: schema data as O3DE's `JsonSerialization` writes and
//! reads it ([`rosetta_json::o3de`]), with its reports on standard error.
//!
//! Reading resolves `$import` directives first (relative to the input file, or to the current
//! directory for standard input). Every report of a coercion or a problem goes to a
//! [`crate::reports::Printer`]: with `--report` each is printed, then the combined result code; without it only
//! those of outcome Unavailable or worse are printed, as warnings. A halted load is an error.

use std::path::PathBuf;

use rosetta_json::o3de::{
    self, EnumForm, FileLoader, FloatForm, LoadOptions, MapForm, Rules, StoreOptions,
};

use super::data::{Data, Format, Target};
use crate::cli::{ConvertRootArg, EnumFormArg, FloatFormArg, JsonArgs, RulesArg};
use crate::reports::Printer;

/// JSON by O3DE's rules, with the options of the command line.
#[derive(Debug, Clone)]
pub struct Json {
    store: StoreOptions,
    load: LoadOptions,
    /// `--report`: print every report and the result codes.
    report: bool,
    /// The file `$import` directives are relative to (its directory); `<stdin>` for standard
    /// input, whose directory is the current one.
    import_base: PathBuf,
}

impl Json {
    /// The format as `args` configure it, reading from `input` (`None` for standard input).
    pub fn new(args: &JsonArgs, input: Option<PathBuf>) -> Self {
        let indent = if args.compact { None } else { Some(4) };
        let documented = args.rules == Some(RulesArg::Documented);
        let default_enum_form = if documented {
            EnumFormArg::Documented
        } else {
            EnumFormArg::Engine
        };
        Json {
            store: StoreOptions {
                keep_defaults: args.keep_defaults,
                enum_form: match args.enum_form.unwrap_or(default_enum_form) {
                    EnumFormArg::Engine => EnumForm::Engine,
                    EnumFormArg::Documented => EnumForm::Documented,
                },
                float_form: match args.float_form.unwrap_or(FloatFormArg::Widened) {
                    FloatFormArg::Widened => FloatForm::Widened,
                    FloatFormArg::Shortest => FloatForm::Shortest,
                },
                map_form: if documented {
                    MapForm::ByKeyType
                } else {
                    MapForm::ByKeys
                },
                sort_maps: args.sort_maps,
                indent,
                strict: args.strict,
                ..StoreOptions::default()
            },
            load: LoadOptions {
                rules: if documented {
                    Rules::Documented
                } else {
                    Rules::Engine
                },
                strict: args.strict,
                full_precision: args.full_precision,
                ..LoadOptions::default()
            },
            report: args.report,
            import_base: input.unwrap_or_else(|| PathBuf::from("<stdin>")),
        }
    }

    /// `text` with its `$import` directives resolved, or `None` when it is not JSON at all (the
    /// load then says where the syntax error is, in the text as written).
    ///
    /// A document with imports, and each file it imports, is read as the JSON utilities read
    /// them: an object with two members of one name is an error at its line and column, since
    /// the resolved document cannot keep both (without imports, the load reads both and reports
    /// the second as a coercion).
    fn resolve_imports(&self, text: &str, printer: &mut Printer) -> Result<Option<String>, String> {
        let mut doc = match o3de::parse_unique_document(text) {
            Ok(doc) => doc,
            Err(e) if e.is_data() => return Err(e.to_string()),
            Err(_) => return Ok(None),
        };
        let (code, _records) =
            o3de::resolve_imports(&mut doc, &self.import_base, &mut FileLoader, printer);
        printer.finish(code)?;
        serde_json::to_string(&doc)
            .map(Some)
            .map_err(|e| format!("the JSON with its imports resolved cannot be written: {e}"))
    }
}

impl Format for Json {
    fn read(&self, target: &Target<'_>, input: &[u8]) -> Result<Data, String> {
        let text =
            std::str::from_utf8(input).map_err(|e| format!("the input is not UTF-8: {e}"))?;
        let mut printer = Printer::new(self.report).strict(self.load.strict);
        let directive = format!("\"{}\"", o3de::import::IMPORT_DIRECTIVE);
        let resolved = if text.contains(&directive) {
            self.resolve_imports(text, &mut printer)?
        } else {
            None
        };
        let text = resolved.as_deref().unwrap_or(text);
        let (data, code) = match target.root {
            ConvertRootArg::Update => {
                o3de::load_update(target.registry, target.ty, text, &self.load, &mut printer)
                    .map(|(update, code)| (Data::Update(update), code))
            }
            _ => o3de::load_object(target.registry, target.ty, text, &self.load, &mut printer)
                .map(|(object, code)| (Data::Object(object), code)),
        }
        .map_err(|e| e.to_string())?;
        printer.finish(code)?;
        Ok(data)
    }

    fn write(&self, target: &Target<'_>, data: &Data) -> Result<Vec<u8>, String> {
        let mut printer = Printer::new(self.report).strict(self.store.strict);
        let stored = match data {
            Data::Object(object) => o3de::store_object(
                target.registry,
                target.ty,
                object,
                &self.store,
                &mut printer,
            ),
            Data::Update(update) => o3de::store_update(
                target.registry,
                target.ty,
                update,
                &self.store,
                &mut printer,
            ),
        }
        .map_err(|e| e.to_string())?;
        printer.finish(stored.result)?;
        let mut text = stored.json;
        text.push('\n');
        Ok(text.into_bytes())
    }
}
