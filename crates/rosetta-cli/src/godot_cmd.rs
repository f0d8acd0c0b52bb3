//! `rosetta godot decode|encode`: Godot's binary Variant bytes and their text form.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use rosetta_godot::text::{from_text, to_text};
use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Version};

use crate::error::CliError;
use crate::files::{read_input, write_output};

/// Examples shown by `rosetta godot --help` (each runs as written from the repository root).
pub const GODOT_EXAMPLES: &str = "\
Examples (from the repository root):
  # a Vector2 as Godot 4's var_to_bytes writes it, then back to Godot's text form
  rosetta godot encode --hex 'Vector2(1, 2.5)'
  rosetta godot decode --hex 050000000000803f00002040

  # bytes to a file and back; Godot 3's format
  rosetta godot encode 'Array[int]([1, 2])' -o target/godot-example.var
  rosetta godot decode target/godot-example.var
  rosetta godot encode --godot 3 --hex '{\"a\": [1, 2.5]}'";

/// Examples shown by `rosetta godot decode --help`.
pub const DECODE_EXAMPLES: &str = "\
Examples (from the repository root):
  # bytes as hex (spaces allowed): an int, and a Vector2 in Godot 3's format
  rosetta godot decode --hex 0200000001000000
  rosetta godot decode --godot 3 --hex '05000000 0000803f 00002040'

  # a file, or standard input
  rosetta godot encode 'Vector2(1, 2)' -o target/godot-example.var
  rosetta godot decode target/godot-example.var
  rosetta godot encode '[1, \"two\"]' | rosetta godot decode

  # an object (class and properties) is read only when allowed; nothing is instantiated
  rosetta godot decode --allow-objects --hex '18000000 04000000 4e6f6465 01000000 01000000 61000000 02000000 01000000'

Exit status: 0 success, 1 bytes that cannot be read (the error gives the byte offset), 2 usage
errors.";

/// Examples shown by `rosetta godot encode --help`.
pub const ENCODE_EXAMPLES: &str = "\
Examples (from the repository root):
  # the text form as Godot's var_to_str writes it (str_to_var reads it); negative numbers too
  rosetta godot encode --hex 'Vector2(1, 2.5)'
  rosetta godot encode --hex -42
  rosetta godot encode --hex 'Dictionary[String, int]({\"hp\": 100})'

  # Godot 3's format; double-precision math (a Godot 4 build with real_t = double)
  rosetta godot encode --godot 3 --hex 'Vector2( 1, 2 )'
  rosetta godot encode --double --hex 'Vector2(1, 2)'

  # raw bytes to a file, or from standard input to standard output
  rosetta godot encode 'PackedInt32Array(1, 2, 3)' -o target/godot-example.var
  echo '[1, 2.5]' | rosetta godot encode --hex

  # objects in full (class and properties) instead of their instance ids
  rosetta godot encode --full-objects --hex 'Object(Node,\"a\":1)'

Exit status: 0 success, 1 text that cannot be read or a value that cannot be written (the
error says where), 2 usage errors.";

/// `rosetta godot …`
#[derive(Debug, Subcommand)]
pub enum GodotCommand {
    /// Decode `var_to_bytes` bytes and print the value as `var_to_str` does.
    #[command(after_help = DECODE_EXAMPLES)]
    Decode(DecodeArgs),
    /// Encode a value written in the text form (`str_to_var`) as `var_to_bytes` bytes.
    #[command(after_help = ENCODE_EXAMPLES)]
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
    /// Write math types in double precision, as a Godot 4 build with `real_t = double` does.
    /// Godot 4 only: Godot 3 always writes them in single precision (a `float` that needs 64
    /// bits gets them without this flag, in both engines).
    #[arg(long)]
    pub double: bool,
    /// Write the bytes as hex text instead of raw bytes.
    #[arg(long)]
    pub hex: bool,
    /// Where to write (`-` for standard output, the default).
    #[arg(short, long, value_name = "FILE", default_value = "-")]
    pub output: PathBuf,
    /// The value in the text form, or `-` (the default) to read it from standard input.
    /// Negative numbers are values (`-42`, `-1.5`).
    #[arg(value_name = "TEXT", allow_negative_numbers = true)]
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
    let (value, _used) =
        decode(&bytes, &options).map_err(|e| data_error(&path, decode_message(e)))?;
    let mut text = to_text(&value, args.godot.version());
    if !text.ends_with('\n') {
        text.push('\n');
    }
    write_output(Path::new("-"), text.as_bytes())
}

/// A decoding error as the CLI says it: with the flag to pass, where the library names its
/// option.
fn decode_message(error: rosetta_godot::Error) -> String {
    match error {
        rosetta_godot::Error::ObjectsNotAllowed { offset, class } => format!(
            "at byte {offset}: the data holds a full object (class {class:?}); decode it with \
             --allow-objects (nothing is instantiated)"
        ),
        other => other.to_string(),
    }
}

fn run_encode(args: &EncodeArgs) -> Result<(), CliError> {
    let version = args.godot.version();
    if args.double && version == Version::Godot3 {
        return Err(CliError::Usage {
            argument: "--double".into(),
            message: "applies to Godot 4 only: Godot 3 always writes math types (Vector2, \
                      Transform, ...) in single precision, and a float that needs 64 bits gets \
                      them without --double"
                .into(),
        });
    }
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
