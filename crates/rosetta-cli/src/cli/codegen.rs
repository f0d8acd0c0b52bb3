//! The arguments of `rosetta schema codegen …`: one subcommand per language (Rust for now), each
//! taking the schema as `rosetta schema compile` does ([`SchemaInput`]) and an output directory.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::schema_input::SchemaInput;
use crate::help;

/// `rosetta schema codegen …`: a subcommand per target language.
#[derive(Debug, Subcommand)]
pub enum CodegenCommand {
    /// Rust types for the schema (as rosetta-build writes them in a build script): one `.rs` per
    /// package and a `mod.rs`.
    #[command(after_help = help::CODEGEN_RUST_EXAMPLES)]
    Rust(CodegenRustArgs),
}

/// Arguments of `rosetta schema codegen rust`.
#[derive(Debug, Args)]
pub struct CodegenRustArgs {
    /// The schema files and roots.
    #[command(flatten)]
    pub input: SchemaInput,

    /// Write the `.rs` files into DIR (made if missing; files whose content is unchanged are
    /// left untouched).
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: PathBuf,

    /// The Rust type of `map<K, V>` fields (keys with no order always take `Vec<(K, V)>`).
    #[arg(
        long = "map_type",
        visible_alias = "map-type",
        value_enum,
        value_name = "TYPE",
        default_value_t = MapTypeArg::Btree
    )]
    pub map_type: MapTypeArg,

    /// The Rust type of `bytes` fields.
    #[arg(
        long = "bytes_type",
        visible_alias = "bytes-type",
        value_enum,
        value_name = "TYPE",
        default_value_t = BytesTypeArg::Vec
    )]
    pub bytes_type: BytesTypeArg,

    /// Do not derive serde's `Serialize` and `Deserialize` for the generated types.
    #[arg(long = "no_serde", visible_alias = "no-serde")]
    pub no_serde: bool,

    /// Keep the fields a type's schema does not have (a newer schema's) in each struct's
    /// `unknown_fields` and write them back. By default they are skipped, as prost does.
    #[arg(long = "keep_unknown_fields", visible_alias = "keep-unknown-fields")]
    pub keep_unknown_fields: bool,

    /// Add the Rust attribute ATTR to the types PATH names: `.` for every type, a package
    /// (`game`) or a qualified name (`game.Health`). Split at the first `=`. Repeatable.
    #[arg(
        long = "type_attribute",
        visible_alias = "type-attribute",
        value_name = "PATH=ATTR",
        value_parser = parse_attribute
    )]
    pub type_attributes: Vec<AttributeArg>,

    /// Add the Rust attribute ATTR to the fields PATH names (`game.Health.current`, or a type
    /// or package for all of its fields). Split at the first `=`. Repeatable.
    #[arg(
        long = "field_attribute",
        visible_alias = "field-attribute",
        value_name = "PATH=ATTR",
        value_parser = parse_attribute
    )]
    pub field_attributes: Vec<AttributeArg>,
}

/// The `--map_type` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MapTypeArg {
    /// `std::collections::BTreeMap`: entries in key order, so output is reproducible.
    Btree,
    /// `std::collections::HashMap`.
    Hash,
}

/// The `--bytes_type` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BytesTypeArg {
    /// `Vec<u8>`.
    Vec,
    /// `bytes::Bytes` (re-exported as `rosetta_wire::schema_type::Bytes`): cheap to clone.
    Bytes,
}

/// A `PATH=ATTR` value of `--type_attribute` or `--field_attribute`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeArg {
    /// What the attribute is for (`.`, `game`, `game.Health`).
    pub path: String,
    /// The attribute's text (`#[derive(Eq)]`).
    pub attribute: String,
}

/// Splits `PATH=ATTR` at its first `=`; the attribute itself is checked by rosetta-build.
fn parse_attribute(value: &str) -> Result<AttributeArg, String> {
    let Some((path, attribute)) = value.split_once('=') else {
        return Err("expected PATH=ATTR, as in `game.Health=#[derive(Eq)]`".into());
    };
    let path = path.trim();
    if path.is_empty() {
        return Err("the PATH before `=` is empty; `.` names every type".into());
    }
    if !path
        .chars()
        .all(|c| c == '.' || c == '_' || c.is_ascii_alphanumeric())
    {
        return Err(format!(
            "`{path}` is no schema path (`.`, a package or a qualified name); \
             expected PATH=ATTR, as in `game.Health=#[derive(Eq)]`"
        ));
    }
    if attribute.trim().is_empty() {
        return Err("the attribute after `=` is empty".into());
    }
    Ok(AttributeArg {
        path: path.to_owned(),
        attribute: attribute.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_split_at_the_first_equals_sign() {
        let arg = parse_attribute("game.Health=#[doc = \"x\"]");
        assert_eq!(
            arg,
            Ok(AttributeArg {
                path: "game.Health".into(),
                attribute: "#[doc = \"x\"]".into(),
            })
        );
        assert!(parse_attribute("#[derive(Eq)]").is_err());
        assert!(parse_attribute("=#[derive(Eq)]").is_err());
        assert!(parse_attribute("game=").is_err());
        assert!(parse_attribute("#[doc = \"x\"]").is_err());
    }
}
