//! `json` (O3DE rules): any value of the shared type model as JSON the way O3DE's AzCore
//! `JsonSerialization` writes it, read back leniently the way it reads, with a report of
//! everything that happened to every value.
//!
//! # The representation
//!
//! | type | JSON written | also read from |
//! | --- | --- | --- |
//! | bool | `true` / `false` | numbers (`0` is false), `"true"`/`"false"` in any case, numeric text (`"0.0f"` is false) |
//! | integers | a number | bools, floats (truncated after a range check), C integer text (`"0x1F"`, `"010"` is octal, `"34 Hello"`) |
//! | float, double | a number; a float widened to double (`0.20000000298023225`, [`FloatForm`]) | bools, C number text (`"12.5f"`) |
//! | string | a string | bools (`"True"`), integers, doubles (`printf("%f")`: `"3.141500"`) |
//! | bytes | a base64 string | |
//! | entity id | a number | as integers |
//! | uuid | `"{5E970016-0039-4454-8E0D-5EE58A390324}"` | any text holding a braced uuid, with or without dashes |
//! | enum, bitmask | a name, an integer, or `["Name", ..., leftover]` ([`EnumForm`]) | names (any case), numbers, numeric text, arrays OR-ed |
//! | struct | `{"member": value, ...}` in declaration order, defaults left out | member names in any case; unknown members skipped |
//! | list, set | `[...]`, a set sorted by [`compare()`] | |
//! | array, tuple | `[...]`, default elements as `{}` | |
//! | map | `{"key": value}` when every key is written as a string, else `[{"Key": k, "Value": v}]`; empty, `[]` | both |
//! | option | `null` or the value | |
//! | vectors, quaternion, rect, plane, basis, ... | a flat array of components | vectors from `{"x": .., "Y": ..}`, quaternions from Euler degrees |
//! | color | `[r, g, b, a]` | `{"RGB"}`, `{"RGBA"}`, `{"RGB8"}`, `{"RGBA8"}`, `{"HEX": "FF33CC"}`, `{"HEXA"}` |
//! | matrix | a flat row-major array | `{"roll", "pitch", "yaw", "scale", "x", "y", "z"}` (degrees about X, Y, Z) |
//! | transform (TRS) | `{"Translation": [..], "Rotation": [..], "Scale": s}` | |
//! | polymorphic | the actual type's object with `"$type"` first | `$type` anywhere in the object |
//! | any | `{"$type": name, "Value": value}` | |
//! | entity | `{"component.Name": data, ...}` | component names or ids |
//!
//! Values equal to their defaults are left out (a member) or written as the explicit default
//! `{}` (an element), unless [`StoreOptions::keep_defaults`]; reading `{}` leaves the target as
//! it is. Loading is onto a target, so members the JSON leaves out keep their values. An element
//! (and a new map entry's value, a pointee) is a new instance, as a container makes it: a member
//! or the document's root starts from the type's default, a new instance too, except a `Color`,
//! which O3DE's serializer makes zero where the shared model's default is opaque black; an
//! element is compared with, and `{}` read as, that zero.
//!
//! # Where this follows the engine rather than its documentation
//!
//! `research/o3de.md` section 9. By default Rosetta follows the engine; the documentation's
//! forms are options: [`EnumForm::Documented`] (the fewest non-overlapping constants,
//! ascending), [`MapForm::ByKeyType`] (objects only for string keys) and [`Rules::Documented`]
//! for loading (short vectors, arrays and tuples take defaults, integers come from decimal text,
//! doubles read as strings keep their shortest text, color arrays take any numbers, a color
//! object has exactly one key, a map entry's `Key` and `Value` are found in any case).
//!
//! Beyond O3DE: `option` is written as a nullable pointer (O3DE refuses `AZStd::optional`),
//! not-finite floats as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, and enums over `int8`
//! are read and written as any other (the engine's enum serializer answers Unknown for them).
//!
//! # Reporting
//!
//! Every [`store`] and [`load`] returns a [`ResultCode`] combined as the engine combines them,
//! and calls a [`Reporter`] with a message, the code and the JSON Pointer of each value that was
//! not a plain result: coercions and outcomes other than Success, DefaultsUsed and
//! PartialDefaults (all of them with `report_successes`, as O3DE reports). Coercions are flagged
//! ([`Report::coerced`]). In strict mode a coercion, or any outcome other than Success,
//! DefaultsUsed and PartialDefaults (defaults are how stored JSON is written), is an error.
//!
//! ```
//! use rosetta_json::o3de::{self, Collect, LoadOptions, Outcome, StoreOptions};
//! use rosetta_types::{Field, StructType, TypeId, TypeRegistry, Value};
//!
//! let mut b = TypeRegistry::builder();
//! let class = b.add("SimpleClass", StructType::new([
//!     Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
//!     Field::new("var2", TypeId::FLOAT).with_default(Value::F32(42.0)),
//! ]).unwrap()).unwrap();
//! let registry = b.build().unwrap();
//!
//! let value = Value::structure([Value::I32(88), Value::F32(42.0)]);
//! let stored = o3de::store(&registry, class, &value, &StoreOptions::default(), &mut o3de::Quiet).unwrap();
//! assert_eq!(stored.json, r#"{"var1":88}"#);
//! assert_eq!(stored.result.outcome(), Outcome::PartialDefaults);
//!
//! let mut report = Collect::default();
//! let json = r#"{"VAR1": "88", "var2": 42, "extra": 1}"#;
//! let loaded = o3de::load(&registry, class, json, &LoadOptions::default(), &mut report).unwrap();
//! assert_eq!(loaded.value, value);
//! assert_eq!(loaded.result.outcome(), Outcome::PartialSkip);
//! assert_eq!(report.reports[0].path, "/VAR1");
//! assert!(report.reports[0].coerced);
//! ```

pub mod compare;
pub mod import;
mod load;
mod options;
pub mod patch;
mod report;
mod repr;
mod schema_data;
pub mod serde;
mod store;

pub use crate::text::document::{parse_document, parse_unique_document, without_comments};
pub use crate::text::pointer::push_pointer;
pub use crate::text::writer::FloatForm;
pub use compare::compare;
pub use import::{resolve_imports, restore_imports, FileLoader, ImportLoader, ImportRecord};
pub use load::{load, load_into, Loaded};
pub use options::{LoadOptions, MapForm, Rules, StoreOptions, DEFAULT_MAX_DEPTH};
pub use patch::{apply_patch, apply_patch_copy, create_patch, PatchStyle};
pub use report::reporter::{Collect, OwnedReport, Quiet, Report, Reporter};
pub use report::result::{Outcome, Processing, ResultCode, Task};
pub use repr::enums::EnumForm;
pub use repr::names::{load_type_id, store_type_id};
pub use schema_data::{
    load_object, load_update, store_object, store_update, CLEARED_MEMBER, EVENTS_MEMBER,
};
pub use store::{store, store_with_default, Stored};
