//! Elements of Godot 4's typed containers (`Array[int]`, `Dictionary[String, int]`): which
//! values a container keeps as they are, which it converts, which it refuses, and how a refusal
//! is said.
//!
//! What Godot 4.6 does, asked of the engine (`tests/data/godot4_typed_elements.json`):
//!
//! - `str_to_var` converts an element of another type where `Variant::can_convert_strict`
//!   allows it (`Array[int]([1.5])` is `Array[int]([1])`); any other element, key or value
//!   makes it print "Unable to convert ..." and leave the **whole** container empty
//!   (`Array[int]([1, "a"])` is `Array[int]([])`).
//! - `bytes_to_var` converts elements and keys the same way, and drops (printing an error) an
//!   element or a dictionary entry whose key it cannot convert, keeping the rest. Dictionary
//!   **values** are not checked at all: `Dictionary[int, String]` bytes holding `{1: 2}` decode
//!   as that.
//!
//! Rosetta converts where the engine converts and refuses, with an error naming the element's
//! path, where the engine would drop data; it keeps unchecked dictionary values as the engine
//! does. The encoder writes only elements and keys that read back unchanged.

use crate::convert::{convert, Refusal};
use crate::error::Error;
use crate::header::Version;
use crate::text::names::type_name;
use crate::text::print::to_text;
use crate::variant::{ContainerType, Variant, VariantType};

/// `value` as an element (or dictionary key) of a container typed `ty`: unchanged, converted as
/// Godot converts it, or refused.
pub(crate) fn element(ty: &ContainerType, value: Variant) -> Result<Variant, Refusal> {
    match ty {
        ContainerType::None => Ok(value),
        ContainerType::Builtin(VariantType::Object)
        | ContainerType::ClassName(_)
        | ContainerType::Script(_) => match value {
            v @ (Variant::Nil | Variant::Object(_)) => Ok(v),
            _ => Err(Refusal::Engine),
        },
        ContainerType::Builtin(t) => convert(value, *t),
    }
}

/// Whether `value` reads back unchanged as an element (or key) of a container typed `ty`.
pub(crate) fn holds(ty: &ContainerType, value: &Variant) -> bool {
    match ty {
        ContainerType::None => true,
        ContainerType::Builtin(VariantType::Object)
        | ContainerType::ClassName(_)
        | ContainerType::Script(_) => matches!(value, Variant::Nil | Variant::Object(_)),
        ContainerType::Builtin(t) => value.variant_type() == *t,
    }
}

/// A container type as the text form writes it: `int`, `Node`, `Variant`.
pub(crate) fn type_text(ty: &ContainerType) -> String {
    match ty {
        ContainerType::None => "Variant".to_owned(),
        ContainerType::Builtin(t) => type_name(*t).to_owned(),
        ContainerType::ClassName(c) => c.clone(),
        ContainerType::Script(path) => format!("Script({path:?})"),
    }
}

/// The path segment of a dictionary entry: its key in the text form, `{"a"}`, shortened in the
/// middle when long.
pub(crate) fn key_segment(key: &Variant) -> String {
    shorten_key(&to_text(key, Version::Godot4))
}

/// `{text}`, the text shortened in the middle when long.
pub(crate) fn shorten_key(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 40 {
        return format!("{{{text}}}");
    }
    let head: String = chars[..18].iter().collect();
    let tail: String = chars[chars.len() - 18..].iter().collect();
    format!("{{{head}…{tail}}}")
}

/// The segment of a dictionary key's own content (an error inside the key), by entry number.
pub(crate) fn key_number_segment(index: usize) -> String {
    format!("{{key {index}}}")
}

/// `error`, said to be inside an Array's element `index` (cold: errors only).
#[cold]
#[inline(never)]
pub(crate) fn in_element(error: Error, index: usize) -> Error {
    error.within(|| format!("[{index}]"))
}

/// `error`, said to be inside the key of a Dictionary's entry number `index`.
#[cold]
#[inline(never)]
pub(crate) fn in_key(error: Error, index: usize) -> Error {
    error.within(|| key_number_segment(index))
}

/// `error`, said to be inside the value of a Dictionary's entry `key`.
#[cold]
#[inline(never)]
pub(crate) fn in_value(error: Error, key: &Variant) -> Error {
    error.within(|| key_segment(key))
}

/// Where an element sits in its container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// An Array element.
    Element,
    /// A Dictionary key.
    Key,
    /// A Dictionary value.
    Value,
}

/// What is being done with the element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Context {
    /// Reading bytes (`bytes_to_var`).
    Decode,
    /// Reading the text form (`str_to_var`).
    Text,
}

/// The name of a container with its types: `Array[int]`, `Dictionary[int, String]`.
pub(crate) fn array_name(element: &ContainerType) -> String {
    format!("Array[{}]", type_text(element))
}

/// The name of a typed Dictionary: `Dictionary[int, String]`.
pub(crate) fn dictionary_name(key: &ContainerType, value: &ContainerType) -> String {
    format!("Dictionary[{}, {}]", type_text(key), type_text(value))
}

/// `a String in an Array[int]`, `a float key in a Dictionary[int, String]`.
fn what(found: VariantType, role: Role, container: &str) -> String {
    let found = type_name(found);
    let role = match role {
        Role::Element => "",
        Role::Key => " key",
        Role::Value => " value",
    };
    format!(
        "{} {found}{role} in {} {container}",
        article(found),
        article(container)
    )
}

fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U' | 'a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// Why an element of type `found` was refused, reading bytes or text.
pub(crate) fn refused(
    context: Context,
    found: VariantType,
    role: Role,
    container: &str,
    target_type: &ContainerType,
    refusal: Refusal,
) -> String {
    let what = what(found, role, container);
    let target = type_text(target_type);
    match (refusal, context) {
        (Refusal::NotReproduced(how), _) => format!(
            "{what}: Godot converts it to {target}, {how}; Rosetta does not: write {} {target}",
            article(&target)
        ),
        (Refusal::Lost(lost), _) => format!(
            "{what}: Godot converts it to {target}, but {lost}; Rosetta refuses it rather than \
             lose data"
        ),
        (Refusal::Engine, Context::Decode) => {
            let dropped = if role == Role::Key { "the entry" } else { "it" };
            format!(
                "{what}: Godot's bytes_to_var cannot convert it to {target} and drops {dropped} \
                 (printing an error); Rosetta refuses the data rather than lose part of it"
            )
        }
        (Refusal::Engine, Context::Text) => {
            let class = match target_type {
                ContainerType::ClassName(_) | ContainerType::Script(_) => {
                    format!(", if {target} is a class (a name that is no class makes it untyped)")
                }
                _ => String::new(),
            };
            format!(
                "{what}: Godot's str_to_var cannot convert it to {target} and leaves the whole \
                 {container} empty (printing an error){class}"
            )
        }
    }
}

/// Why the encoder does not write `value` as an element (or key) typed `target`.
pub(crate) fn unencodable(
    value: &Variant,
    role: Role,
    container: &str,
    target: &ContainerType,
) -> String {
    let what = what(value.variant_type(), role, container);
    let back = match element(target, value.clone()) {
        Ok(v) => format!("would be read back as {}", to_text(&v, Version::Godot4)),
        Err(Refusal::Engine) if role == Role::Key => {
            "would be dropped with its entry by Godot".to_owned()
        }
        Err(Refusal::Engine) => "would be dropped by Godot".to_owned(),
        Err(Refusal::NotReproduced(how) | Refusal::Lost(how)) => {
            format!("would be read back converted by Godot ({how})")
        }
    };
    let target = type_text(target);
    format!("{what} {back}; write {} {target}", article(&target))
}

#[cfg(test)]
mod tests;
