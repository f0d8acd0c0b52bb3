//! How store and load are set up: the options, and the choices where the engine and its
//! documentation disagree.

use super::repr::enums::EnumForm;
use crate::text::writer::FloatForm;

/// Whose rules decide where O3DE's code and its documentation disagree (`research/o3de.md`
/// section 9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Rules {
    /// The engine's, which Rosetta follows by default.
    #[default]
    Engine,
    /// The documentation's, where it is more lenient: vectors, arrays, pairs and tuples with too
    /// few elements take defaults for the rest (0 for vector components); integers are read from
    /// decimal text only (`"010"` is 10, not octal 8); a double read as a string is its shortest
    /// text (`3.1415`, not `3.141500`); color arrays take any numbers; a color object has
    /// exactly one key; a map entry's `Key` and `Value` members are found in any case (the
    /// engine's `FindMember` takes them as spelled).
    Documented,
}

/// When a map is written as a JSON object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MapForm {
    /// When every key was written as a string (or the explicit default `{}`), as the engine
    /// decides: uuid- and enum-keyed maps whose keys are all names are objects too.
    #[default]
    ByKeys,
    /// When the key type is a string type, as O3DE's documentation says; other maps are
    /// `[{"Key": k, "Value": v}]`.
    ByKeyType,
}

/// The default limit on nesting (arrays and objects), for loading and storing:
/// [`MAX_JSON_NESTING`](rosetta_types::MAX_JSON_NESTING), as deep as schema data within
/// [`MAX_NESTING`](rosetta_types::MAX_NESTING) object levels needs in this form (a map value in
/// the `[{"Key": k, "Value": v}]` form is three levels: the array, the entry and the value), so
/// that it never cuts in before that limit, which loading and storing apply to structs and
/// entities whatever this says.
pub const DEFAULT_MAX_DEPTH: usize = rosetta_types::MAX_JSON_NESTING;

/// How [`store`](super::store()) writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreOptions {
    /// Write values equal to their defaults too (`m_keepDefaults`).
    pub keep_defaults: bool,
    /// How enum values that are no single constant are written.
    pub enum_form: EnumForm,
    /// When maps are written as objects.
    pub map_form: MapForm,
    /// Sort map entries by [`compare()`](super::compare()), as O3DE writes `unordered_map`;
    /// otherwise the map's order.
    pub sort_maps: bool,
    /// Indent with this many spaces per level (O3DE's files use 4); compact when `None`.
    pub indent: Option<usize>,
    /// How `float` values are written.
    pub float_form: FloatForm,
    /// Any outcome other than Success, DefaultsUsed or PartialDefaults is an error.
    pub strict: bool,
    /// Report plain results too (Success, DefaultsUsed, PartialDefaults), as O3DE does.
    pub report_successes: bool,
    /// The deepest nesting written.
    pub max_depth: usize,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            keep_defaults: false,
            enum_form: EnumForm::Engine,
            map_form: MapForm::ByKeys,
            sort_maps: false,
            indent: None,
            float_form: FloatForm::Widened,
            strict: false,
            report_successes: false,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

impl StoreOptions {
    /// Indented with 4 spaces, as O3DE's `PrettyWriter` writes files.
    pub fn pretty() -> Self {
        StoreOptions {
            indent: Some(4),
            ..StoreOptions::default()
        }
    }
}

/// How [`load`](super::load()) reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadOptions {
    /// A coercion, or any outcome other than Success, DefaultsUsed or PartialDefaults, is an
    /// error at the value's JSON Pointer.
    pub strict: bool,
    /// Whose rules decide where the engine and its documentation disagree.
    pub rules: Rules,
    /// Clear lists, sets and maps of the target before loading into them
    /// (`m_clearContainers`); otherwise elements are appended.
    pub clear_containers: bool,
    /// Report plain results too (Success, DefaultsUsed, PartialDefaults), as O3DE does.
    pub report_successes: bool,
    /// The deepest nesting read.
    pub max_depth: usize,
    /// Read numbers as the correctly rounded doubles (RapidJSON's `kParseFullPrecisionFlag`),
    /// so that every double Rosetta writes reads back as itself. By default they are read as
    /// O3DE reads them, without that flag, which is often one unit in the last place away.
    pub full_precision: bool,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            full_precision: false,
            rules: Rules::Engine,
            strict: false,
            clear_containers: false,
            report_successes: false,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}
