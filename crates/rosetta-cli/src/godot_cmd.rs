//! `rosetta godot decode|encode`: Godot's binary Variant bytes and their text form.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use rosetta_godot::text::{from_text, to_text};
use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Version};

use crate::error::CliError;
use crate::files::{read_input, write_output};

/// Examples shown by `rosetta godot --help`.
pub const GODOT_EXAMPLES: &str = "\
Examples:
  # print a value saved by Godot 4's var_to_bytes
  rosetta godot decode save.bin
  rosetta godot decode --godot 3 --hex 0200000001000000

  # write bytes from the text form (as var_to_str prints it)
  rosetta godot encode 'Vector2(1, 2)' -o value.bin
  rosetta godot encode --hex '{\"a\": [1, 2.5]}'
  echo 'Vector2( 1, 2 )' | rosetta godot encode --godot 3 --hex -";

/// `rosetta godot …`
#[derive(Debug, Subcommand)]
pub enum GodotCommand {
    /// Decode `var_to_bytes` bytes and print the value as `var_to_str` does.
    Decode(DecodeArgs),
    /// Encode a value written in the text form (`str_to_var`) as `var_to_bytes` bytes.
    Encode(EncodeArgs),
}

/// The engine version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GodotVersionArg {
    /// Godot 3.x.
    #[value(name = "3")]
    V3,
    /// Godot 4.x.
    #[value(name = "4")]
    V4,
}

impl GodotVersionArg {
    fn version(self) -> Version {
        match self {
            GodotVersionArg::V3 => Version::Godot3,
            GodotVersionArg::V4 => Version::Godot4,
        }
    }
}

/// Arguments of `rosetta godot decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The engine version that wrote the bytes.
    #[arg(long, value_enum, default_value = "4", value_name = "VERSION")]
    pub godot: GodotVersionArg,
    /// Decode full objects (class name and properties) instead of failing on them, like
    /// `bytes_to_var_with_objects`. Nothing is ever instantiated.
    #[arg(long)]
    pub allow_objects: bool,
    /// The bytes as hex text (spaces allowed) instead of a file.
    #[arg(long, value_name = "HEX", conflicts_with = "file")]
    pub hex: Option<String>,
    /// The file to read (`-` for standard input, the default).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Arguments of `rosetta godot encode`.
#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// The engine version to write for.
    #[arg(long, value_enum, default_value = "4", value_name = "VERSION")]
    pub godot: GodotVersionArg,
    /// Write objects in full (class name and properties), like `var_to_bytes_with_objects`;
    /// otherwise only instance ids are written.
    #[arg(long)]
    pub full_objects: bool,
    /// Write math types in double precision (a `real_t = double` build; Godot 4 only).
    #[arg(long)]
    pub double: bool,
    /// Write the bytes as hex text instead of raw bytes.
    #[arg(long)]
    pub hex: bool,
    /// Where to write (`-` for standard output, the default).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// The value in the text form, or `-` (the default) to read it from standard input.
    #[arg(value_name = "TEXT")]
    pub text: Option<String>,
}

/// Runs a `rosetta godot` subcommand.
pub fn run(command: GodotCommand) -> Result<(), CliError> {
    match command {
        GodotCommand::Decode(args) => run_decode(&args),
        GodotCommand::Encode(args) => run_encode(&args),
    }
}

fn data_error(path: &Path, message: impl Into<String>) -> CliError {
    CliError::Data {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        return Err("hex text has an odd number of digits".into());
    }
    digits
        .chunks(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .ok_or_else(|| format!("invalid hex digits '{}'", String::from_utf8_lossy(pair)))
        })
        .collect()
}

fn to_hex(bytes: &[u8]) -> String {
    let mut s: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    s.push('\n');
    s
}

fn run_decode(args: &DecodeArgs) -> Result<(), CliError> {
    let (path, bytes) = match &args.hex {
        Some(hex) => {
            let path = PathBuf::from("--hex");
            let bytes = parse_hex(hex).map_err(|m| data_error(&path, m))?;
            (path, bytes)
        }
        None => {
            let path = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
            let bytes = read_input(&path)?;
            (path, bytes)
        }
    };
    let mut options = DecodeOptions::new(args.godot.version());
    options.allow_objects = args.allow_objects;
    let (value, _used) = decode(&bytes, &options).map_err(|e| data_error(&path, e.to_string()))?;
    let mut text = to_text(&value, args.godot.version());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    write_output(Path::new("-"), text.as_bytes())
}

fn run_encode(args: &EncodeArgs) -> Result<(), CliError> {
    let text = match args.text.as_deref() {
        None | Some("-") => {
            let path = Path::new("-");
            let bytes = read_input(path)?;
            String::from_utf8(bytes).map_err(|_| data_error(path, "the text is not UTF-8"))?
        }
        Some(text) => text.to_owned(),
    };
    let source =
        PathBuf::from(
            args.text
                .as_deref()
                .map_or("-", |t| if t == "-" { "-" } else { "TEXT" }),
        );
    let value = from_text(&text).map_err(|e| data_error(&source, e.to_string()))?;
    let version = args.godot.version();
    let mut options = EncodeOptions::new(version);
    options.full_objects = args.full_objects;
    options.double_precision = args.double;
    let bytes = encode(&value, &options).map_err(|e| data_error(&source, e.to_string()))?;
    if args.hex {
        write_output(&args.output, to_hex(&bytes).as_bytes())
    } else {
        write_output(&args.output, &bytes)
    }
}
