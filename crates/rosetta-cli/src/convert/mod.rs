//! `rosetta convert`: one piece of schema data (an object, component data or update, a command
//! request or response) from one format to another.
//!
//! Each format is a [`Format`]: it reads a [`Data`] of a [`Target`] from bytes and writes one
//! back. Adding a format is one `impl Format` and one arm in [`format()`]. A format with options
//! (`json`, [`Json`], in `json.rs`) is built from the arguments in [`run`] and handed to
//! [`format()`]. The contract lives in `data.rs`, below this file and the formats alike.

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::CommandFactory;
use rosetta_json::spatialos::{self as json_spatialos, DumpOptions};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_types::{Command, Kind, TypeId, TypeRegistry};
use rosetta_wire::{ComponentUpdate, Object};

mod data;
mod json;

use data::{Data, Format, Target};
use json::Json;

use crate::cli::{Cli, ConvertArgs, ConvertFormatArg, ConvertRootArg};
use crate::error::CliError;
use crate::files::{input_name, read_input, write_all};
use crate::output::Output;
use crate::suggest::{close_names, did_you_mean};

/// The format of a `--from`/`--to` value; `json` is the one given, configured by the arguments.
pub fn format(arg: ConvertFormatArg, json: &Json) -> &dyn Format {
    match arg {
        ConvertFormatArg::Json => json,
        ConvertFormatArg::Wire => &Wire,
        ConvertFormatArg::JsonSpatialos => &JsonSpatialos,
        ConvertFormatArg::Godot3 => &Godot(rosetta_godot::Version::Godot3),
        ConvertFormatArg::Godot4 => &Godot(rosetta_godot::Version::Godot4),
    }
}

/// Protobuf wire bytes: an object's own bytes; an update in Rosetta's envelope.
struct Wire;

impl Format for Wire {
    fn read(&self, target: &Target<'_>, input: &[u8]) -> Result<Data, String> {
        let data = match target.root {
            ConvertRootArg::Update => {
                Data::Update(ComponentUpdate::decode(input).map_err(|e| e.to_string())?)
            }
            _ => Data::Object(Object::decode(input).map_err(|e| e.to_string())?),
        };
        check_nesting(target, &data)?;
        Ok(data)
    }

    fn write(&self, target: &Target<'_>, data: &Data) -> Result<Vec<u8>, String> {
        check_nesting(target, data)?;
        Ok(match data {
            Data::Object(object) => object.encode(),
            Data::Update(update) => update.encode(),
        })
    }
}

/// Wire data nests no deeper than `rosetta_types::MAX_NESTING` object levels, on reading and on
/// writing, as every other format has it (the bytes are kept as they are, so only the nesting is
/// checked).
fn check_nesting(target: &Target<'_>, data: &Data) -> Result<(), String> {
    match data {
        Data::Object(object) => {
            rosetta_wire::typed::check_nesting(target.registry, target.ty, object)
        }
        Data::Update(update) => {
            rosetta_wire::typed::check_update_nesting(target.registry, target.ty, update)
        }
    }
    .map_err(|e| e.to_string())
}

/// The SpatialOS SDK's JSON form.
struct JsonSpatialos;

impl Format for JsonSpatialos {
    fn read(&self, target: &Target<'_>, input: &[u8]) -> Result<Data, String> {
        let text =
            std::str::from_utf8(input).map_err(|e| format!("the input is not UTF-8: {e}"))?;
        let json = json_spatialos::parse(text).map_err(|e| e.to_string())?;
        let data = match target.root {
            ConvertRootArg::Update => Data::Update(
                json_spatialos::load_update(target.registry, target.ty, &json)
                    .map_err(|e| e.to_string())?,
            ),
            _ => Data::Object(
                json_spatialos::load_object(target.registry, target.ty, &json)
                    .map_err(|e| e.to_string())?,
            ),
        };
        Ok(data)
    }

    fn write(&self, target: &Target<'_>, data: &Data) -> Result<Vec<u8>, String> {
        let options = DumpOptions::pretty();
        let mut text = match data {
            Data::Object(object) => {
                json_spatialos::object_to_string(target.registry, target.ty, object, &options)
            }
            Data::Update(update) => {
                json_spatialos::update_to_string(target.registry, target.ty, update, &options)
            }
        }
        .map_err(|e| e.to_string())?;
        text.push('\n');
        Ok(text.into_bytes())
    }
}

/// Godot Variant bytes (`var_to_bytes` / `var2bytes`) of the schema value, as
/// [`rosetta_godot::schema`] maps it: an object as a Dictionary keyed by field name; an update as
/// a Dictionary of the fields that change (a cleared one as its empty value) and `$events`.
struct Godot(rosetta_godot::Version);

impl Format for Godot {
    fn read(&self, target: &Target<'_>, input: &[u8]) -> Result<Data, String> {
        let options = rosetta_godot::DecodeOptions::new(self.0);
        let (variant, used) = rosetta_godot::decode(input, &options).map_err(|e| e.to_string())?;
        if used != input.len() {
            return Err(format!(
                "{} bytes after the value (at byte {used})",
                input.len() - used
            ));
        }
        let mapping = rosetta_godot::schema::Mapping::new(target.registry, self.0);
        let data = match target.root {
            ConvertRootArg::Update => mapping
                .update_from_variant(target.ty, &variant)
                .map(Data::Update),
            _ => mapping
                .object_from_variant(target.ty, &variant)
                .map(Data::Object),
        };
        data.map_err(|e| e.to_string())
    }

    fn write(&self, target: &Target<'_>, data: &Data) -> Result<Vec<u8>, String> {
        let mapping = rosetta_godot::schema::Mapping::new(target.registry, self.0);
        let variant = match data {
            Data::Object(object) => mapping.object_to_variant(target.ty, object),
            Data::Update(update) => mapping.update_to_variant(target.ty, update),
        }
        .map_err(|e| e.to_string())?;
        rosetta_godot::encode(&variant, &rosetta_godot::EncodeOptions::new(self.0))
            .map_err(|e| e.to_string())
    }
}

/// Runs `rosetta convert`.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    check_usage(args);
    let options = CompileOptions {
        schema_paths: args.schema_paths.clone(),
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).map_err(CliError::Schema)?;
    let schema = Schema::from_bundle(compiled.bundle())
        .map_err(|e| CliError::Internal(format!("the compiled schema does not lower: {e}")))?;
    let target = resolve(schema.registry(), args)?;

    // The output is checked (a directory, a folder that cannot be written) before the work.
    let mut output = Output::open(args.output.as_deref().unwrap_or(Path::new("-")))?;
    let input_path = args.input.clone().unwrap_or_else(|| PathBuf::from("-"));
    let input = read_input(&input_path)?;
    let json = Json::new(
        &args.json,
        Some(input_path.clone()).filter(|p| p != Path::new("-")),
    );
    // Problems with the data are said about the input (`<stdin>` for standard input).
    let data_error = |message: String| CliError::Data {
        path: input_name(&input_path),
        message,
    };
    let data = format(args.from, &json)
        .read(&target, &input)
        .map_err(data_error)?;
    let bytes = format(args.to, &json)
        .write(&target, &data)
        .map_err(data_error)?;
    write_all(&mut output, &bytes)?;
    output.finish()
}

/// Exits with status 2 and clap's usage message when the arguments do not say what the data is.
fn check_usage(args: &ConvertArgs) {
    let missing = match args.root {
        ConvertRootArg::Object if args.type_name.is_none() => Some("--root object needs --type QUALIFIED_NAME"),
        ConvertRootArg::Data | ConvertRootArg::Update if args.component.is_none() && args.type_name.is_none() => {
            Some("--root data and --root update need --component NAME_OR_ID (or --type naming the component)")
        }
        ConvertRootArg::Request | ConvertRootArg::Response
            if args.command.is_none() || (args.component.is_none() && args.type_name.is_none()) =>
        {
            Some("--root request and --root response need --component NAME_OR_ID and --command NAME_OR_INDEX")
        }
        _ => None,
    };
    let conflict = match args.root {
        ConvertRootArg::Object if args.component.is_some() || args.command.is_some() => {
            Some("--component and --command are for component roots (--root data, update, request, response)")
        }
        ConvertRootArg::Data | ConvertRootArg::Update if args.command.is_some() => {
            Some("--command is only for --root request and --root response")
        }
        _ if args.component.is_some() && args.type_name.is_some() && args.root != ConvertRootArg::Object => {
            Some("give the component with --component or with --type, not both")
        }
        _ => None,
    };
    let json_only = json_only_flag(args);
    let error = missing
        .map(|m| (ErrorKind::MissingRequiredArgument, m.to_owned()))
        .or(conflict.map(|m| (ErrorKind::ArgumentConflict, m.to_owned())))
        .or(json_only.map(|m| (ErrorKind::ArgumentConflict, m)));
    if let Some((kind, message)) = error {
        let mut cli = Cli::command();
        cli.build();
        let error = match cli.find_subcommand_mut("convert") {
            Some(convert) => convert.error(kind, message),
            None => cli.error(kind, message),
        };
        error.exit();
    }
}

/// A `json` option given without the `json` format it configures: writing options need
/// `--to json`, `--full-precision` `--from json`; `--strict`, `--report` and `--rules` need
/// `json` on either side.
fn json_only_flag(args: &ConvertArgs) -> Option<String> {
    let json = &args.json;
    let to_json = args.to == ConvertFormatArg::Json;
    let from_json = args.from == ConvertFormatArg::Json;
    let writing = [
        ("--keep-defaults", json.keep_defaults),
        ("--enum-form", json.enum_form.is_some()),
        ("--float-form", json.float_form.is_some()),
        ("--sort-maps", json.sort_maps),
        ("--compact", json.compact),
    ];
    if let Some((flag, _)) = writing
        .iter()
        .find(|(_, given)| *given)
        .filter(|_| !to_json)
    {
        return Some(format!(
            "{flag} is an option of the json format: it needs --to json"
        ));
    }
    if json.full_precision && !from_json {
        return Some(
            "--full-precision is an option of the json format: it needs --from json".into(),
        );
    }
    let either = [
        ("--strict", json.strict),
        ("--report", json.report),
        ("--rules", json.rules.is_some()),
    ];
    match either.iter().find(|(_, given)| *given) {
        Some((flag, _)) if !to_json && !from_json => Some(format!(
            "{flag} is an option of the json format: it needs --from json or --to json"
        )),
        _ => None,
    }
}

/// A name the schema does not have, said about the argument that gave it.
fn name_error(argument: &str, message: String) -> CliError {
    CliError::Usage {
        argument: argument.to_owned(),
        message,
    }
}

/// Finds the data's type in the schema.
fn resolve<'r>(registry: &'r TypeRegistry, args: &ConvertArgs) -> Result<Target<'r>, CliError> {
    let ty = match args.root {
        ConvertRootArg::Object => {
            let name = args.type_name.as_deref().unwrap_or_default();
            let ty = registry.lookup(name).ok_or_else(|| {
                let structs = registry
                    .iter()
                    .filter(|t| matches!(t.kind(), Kind::Struct(_)))
                    .filter_map(|t| t.qualified_name());
                let close = did_you_mean(&close_names(name, structs));
                name_error("--type", format!("the schema has no type `{name}`{close}"))
            })?;
            if !matches!(registry.get(ty).map(|t| t.kind()), Some(Kind::Struct(_))) {
                return Err(name_error(
                    "--type",
                    format!("`{name}` is not a type with fields"),
                ));
            }
            ty
        }
        ConvertRootArg::Data | ConvertRootArg::Update => component(registry, args)?,
        ConvertRootArg::Request | ConvertRootArg::Response => {
            let component = component(registry, args)?;
            let command = command(
                registry,
                component,
                args.command.as_deref().unwrap_or_default(),
            )?;
            if args.root == ConvertRootArg::Request {
                command.request()
            } else {
                command.response()
            }
        }
    };
    Ok(Target {
        registry,
        root: args.root,
        ty,
    })
}

/// The component named by `--component` (qualified name or id) or by `--type`.
fn component(registry: &TypeRegistry, args: &ConvertArgs) -> Result<TypeId, CliError> {
    let (argument, name) = match (&args.component, &args.type_name) {
        (Some(name), _) => ("--component", name.as_str()),
        (None, Some(name)) => ("--type", name.as_str()),
        (None, None) => ("--component", ""),
    };
    let found = match name.parse::<u32>() {
        Ok(id) => registry.component(id),
        Err(_) => registry
            .get_by_name(name)
            .filter(|t| t.component().is_some()),
    };
    match found {
        Some(ty) => Ok(ty.id()),
        None if registry.lookup(name).is_some() => Err(name_error(
            argument,
            format!("`{name}` is a type, not a component"),
        )),
        None => {
            let components = registry.components().filter_map(|t| t.qualified_name());
            let close = did_you_mean(&close_names(name, components));
            Err(name_error(
                argument,
                format!("the schema has no component `{name}`{close}"),
            ))
        }
    }
}

/// A command of a component, by name or index.
fn command<'r>(
    registry: &'r TypeRegistry,
    component: TypeId,
    name: &str,
) -> Result<&'r Command, CliError> {
    let info = registry
        .get(component)
        .and_then(|t| t.component())
        .ok_or_else(|| CliError::Internal("a component without component info".into()))?;
    let found = match name.parse::<u32>() {
        Ok(index) => info.command(index),
        Err(_) => info.command_by_name(name),
    };
    found.ok_or_else(|| {
        let known: Vec<String> = info
            .commands()
            .iter()
            .map(|c| format!("{} ({})", c.name(), c.index()))
            .collect();
        let known = if known.is_empty() {
            "it has none".to_owned()
        } else {
            format!("it has {}", known.join(", "))
        };
        let component = registry.display(component);
        name_error(
            "--command",
            format!("`{component}` has no command `{name}`: {known}"),
        )
    })
}
