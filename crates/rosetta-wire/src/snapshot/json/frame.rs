//! The parts of a JSON snapshot's framing that the `Value` path ([`JsonEntities`]) and the
//! direct path (the reader's scanner) share: the entity id key, its parsing, the error of a
//! framing problem, and JSON Pointer tokens.
//!
//! [`JsonEntities`]: super::JsonEntities

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::snapshot::ids::VALID_IDS;

/// The key of the entity id in a JSON snapshot entity.
pub const ENTITY_ID_KEY: &str = "__entity_id";

/// Escapes a JSON Pointer token (`~` and `/`).
pub(crate) fn pointer_token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

pub(crate) fn snapshot_error(message: String) -> Error {
    Error::from_kind(ErrorKind::Snapshot(message))
}

/// The `__entity_id` of an entity: a string holding an integer (as the SDK wrote it) or a
/// number; an integer out of the range of entity ids says so.
pub(crate) fn entity_id(members: &Map<String, Value>) -> Result<i64> {
    let path = format!("/{ENTITY_ID_KEY}");
    let bad = || Error::at_path("__entity_id should be an integer (in a string)", &path);
    let out_of_range = |shown: &str| {
        Error::at_path(
            format!("__entity_id {shown} is out of range: {VALID_IDS}"),
            &path,
        )
    };
    match members.get(ENTITY_ID_KEY) {
        None => Err(Error::at_path(
            format!("the entity has no {ENTITY_ID_KEY}"),
            "",
        )),
        Some(Value::String(text)) => match id_text(text) {
            Some(id) => Ok(id),
            None if is_integer_text(text.trim()) => Err(out_of_range(&format!("{text:?}"))),
            None => Err(bad()),
        },
        Some(Value::Number(number)) => match number.as_i64() {
            Some(id) => Ok(id),
            None if number.is_u64() || number.as_f64().is_some_and(|f| f.fract() == 0.0) => {
                Err(out_of_range(&number.to_string()))
            }
            None => Err(bad()),
        },
        Some(_) => Err(bad()),
    }
}

/// The id a string `__entity_id` holds, if it holds one: both paths read it with this.
pub(crate) fn id_text(text: &str) -> Option<i64> {
    text.trim().parse().ok()
}

/// Whether `text` is a decimal integer (an optional sign, then digits), of any size.
fn is_integer_text(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
