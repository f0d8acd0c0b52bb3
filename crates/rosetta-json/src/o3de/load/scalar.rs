//! Load for scalars: bools, integers, floats, strings, bytes, entity ids, uuids and enums, with
//! every coercion O3DE's serializers make. Each works on a [`Scalar`] so map keys (member names)
//! load through the same rules as values.

use std::borrow::Cow;

use rosetta_types::{EnumType, FloatType, IntType, Value};

use crate::o3de::options::Rules;
use crate::o3de::report::result::Outcome;
use crate::o3de::repr::enums::{by_name, from_i128, options_message};
use crate::text::number::c::{format_percent_f, parse_c_double, parse_c_int, parse_decimal_int};
use crate::text::reader::{Num, Scalar};
use crate::text::uuid::find_uuid;

/// What a scalar load made of the JSON: the value (`None` to leave the target as it is), the
/// outcome, whether it was coerced, and a message.
pub(crate) struct Loaded {
    pub value: Option<Value>,
    pub outcome: Outcome,
    pub coerced: bool,
    pub message: Cow<'static, str>,
}

impl Loaded {
    fn ok(value: Value) -> Self {
        Loaded {
            value: Some(value),
            outcome: Outcome::Success,
            coerced: false,
            message: Cow::Borrowed(""),
        }
    }

    fn coerced(value: Value, message: String) -> Self {
        Loaded {
            value: Some(value),
            outcome: Outcome::Success,
            coerced: true,
            message: Cow::Owned(message),
        }
    }

    pub fn unsupported(message: impl Into<Cow<'static, str>>) -> Self {
        Loaded {
            value: None,
            outcome: Outcome::Unsupported,
            coerced: false,
            message: message.into(),
        }
    }

    pub fn defaults(message: &'static str) -> Self {
        Loaded {
            value: None,
            outcome: Outcome::DefaultsUsed,
            coerced: false,
            message: Cow::Borrowed(message),
        }
    }
}

pub(crate) fn describe(s: &Scalar<'_>) -> String {
    match s {
        Scalar::Null => "null".into(),
        Scalar::Bool(b) => format!("the bool {b}"),
        Scalar::Num(Num::Uint(u)) => format!("the number {u}"),
        Scalar::Num(Num::Int(i)) => format!("the number {i}"),
        Scalar::Num(Num::Double(d)) => format!("the number {d:?}"),
        Scalar::Str(s) => format!("the string {s:?}"),
    }
}

pub(crate) fn boolean(s: &Scalar<'_>) -> Loaded {
    match s {
        Scalar::Bool(b) => Loaded::ok(Value::Bool(*b)),
        Scalar::Num(n) => {
            let b = n.as_f64() != 0.0;
            Loaded::coerced(Value::Bool(b), format!("read the bool {b} from a number"))
        }
        Scalar::Str(text) => {
            let b = if text.eq_ignore_ascii_case("true") {
                Some(true)
            } else if text.eq_ignore_ascii_case("false") {
                Some(false)
            } else {
                parse_c_int(text).map(|n| n.magnitude != 0 || n.overflow)
            };
            match b {
                Some(b) => Loaded::coerced(
                    Value::Bool(b),
                    format!("read the bool {b} from the string {text:?}"),
                ),
                None => Loaded::unsupported(format!("cannot read a bool from the string {text:?}")),
            }
        }
        Scalar::Null => Loaded::unsupported("cannot read a bool from null"),
    }
}

/// The integer `s` holds for an integer target, before the range check: the value and whether
/// it was coerced; `Err` with the reason.
fn integer(s: &Scalar<'_>, signed: bool, rules: Rules) -> Result<(i128, bool), String> {
    match s {
        Scalar::Bool(b) => Ok((i128::from(*b), true)),
        Scalar::Num(Num::Uint(u)) => Ok((i128::from(*u), false)),
        Scalar::Num(Num::Int(i)) => Ok((i128::from(*i), false)),
        Scalar::Num(Num::Double(d)) => {
            // The range check is on the double, then the value is truncated.
            if d.is_finite() && *d > -1.9e19 && *d < 1.9e19 {
                Ok((d.trunc() as i128, true))
            } else {
                Err(format!("the number {d:?} is out of range"))
            }
        }
        Scalar::Str(text) => {
            let parsed = match rules {
                Rules::Engine => parse_c_int(text),
                Rules::Documented => parse_decimal_int(text),
            }
            .ok_or_else(|| format!("cannot read an integer from the string {text:?}"))?;
            let value = if signed {
                parsed.as_i64().map(i128::from)
            } else {
                parsed.as_u64().map(i128::from)
            };
            value
                .map(|v| (v, true))
                .ok_or_else(|| format!("the string {text:?} is out of range"))
        }
        Scalar::Null => Err("cannot read an integer from null".into()),
    }
}

pub(crate) fn int(t: IntType, s: &Scalar<'_>, rules: Rules) -> Loaded {
    // The engine range-checks a double before it truncates it (`JsonNumericCast`), so 255.5
    // does not fit a u8 and -0.5 does not fit a u32.
    if let Scalar::Num(Num::Double(d)) = s {
        if *d < t.min() as f64 || *d > t.max() as f64 {
            return Loaded::unsupported(format!(
                "{} is out of range for {}",
                describe(s),
                t.name()
            ));
        }
    }
    match integer(s, t.is_signed(), rules) {
        Ok((v, coerced)) => match Value::int(t, v) {
            Some(value) if coerced => {
                Loaded::coerced(value, format!("read an integer from {}", describe(s)))
            }
            Some(value) => Loaded::ok(value),
            None => {
                Loaded::unsupported(format!("{} is out of range for {}", describe(s), t.name()))
            }
        },
        Err(why) => Loaded::unsupported(why),
    }
}

pub(crate) fn entity_id(s: &Scalar<'_>, rules: Rules) -> Loaded {
    let mut loaded = int(IntType::INT64, s, rules);
    if let Some(Value::I64(v)) = loaded.value {
        loaded.value = Some(Value::EntityId(v));
    }
    loaded
}

/// Whether a double is out of a float's range: beyond what rounds to `f32::MAX`, so that
/// the shortest text of `f32::MAX` (`3.4028235e38`, a little above it as a double) reads back.
/// (The engine's `JsonNumericCast` compares with `f32::MAX` itself, but never writes that text.)
pub(crate) fn beyond_f32(x: f64) -> bool {
    x.abs() > f64::from(f32::MAX) && (x as f32).is_infinite()
}

/// The strings Rosetta writes for doubles JSON cannot hold, read back without a coercion.
pub(crate) fn not_finite(text: &str) -> Option<f64> {
    match text {
        "NaN" => Some(f64::NAN),
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

pub(crate) fn float(t: FloatType, s: &Scalar<'_>) -> Loaded {
    // Rosetta's own text for a float that is not finite reads back as it was written.
    let mut written_not_finite = false;
    let (d, coerced) = match s {
        Scalar::Bool(b) => (if *b { 1.0 } else { 0.0 }, true),
        Scalar::Num(n) => (n.as_f64(), false),
        Scalar::Str(text) => match not_finite(text)
            .map(|d| {
                written_not_finite = true;
                (d, false)
            })
            .or_else(|| parse_c_double(text).map(|d| (d, true)))
        {
            Some(read) => read,
            None => {
                return Loaded::unsupported(format!(
                    "cannot read a number from the string {text:?}"
                ))
            }
        },
        Scalar::Null => return Loaded::unsupported("cannot read a number from null"),
    };
    let value = match t {
        FloatType::F64 => Value::F64(d),
        FloatType::F32 => {
            // A number too big for a double is infinite (RapidJSON's parse), and out of a
            // float's range as a finite one beyond it is (`JsonNumericCast`).
            if beyond_f32(d) && !written_not_finite {
                return Loaded::unsupported(format!("{d:?} is out of range for a float"));
            }
            Value::F32(d as f32)
        }
    };
    if coerced {
        Loaded::coerced(value, format!("read a number from {}", describe(s)))
    } else {
        Loaded::ok(value)
    }
}

pub(crate) fn string(s: &Scalar<'_>, rules: Rules) -> Loaded {
    let text = match s {
        Scalar::Str(text) => return Loaded::ok(Value::String(text.as_ref().into())),
        Scalar::Bool(true) => "True".to_owned(),
        Scalar::Bool(false) => "False".to_owned(),
        Scalar::Num(Num::Uint(u)) => u.to_string(),
        Scalar::Num(Num::Int(i)) => i.to_string(),
        Scalar::Num(Num::Double(d)) => match rules {
            Rules::Engine => format_percent_f(*d),
            // The shortest text, as the shortest float form writes it (`1e+300`, not 301 digits).
            Rules::Documented => zmij::Buffer::new().format_finite(*d).to_owned(),
        },
        Scalar::Null => return Loaded::unsupported("cannot read a string from null"),
    };
    let message = format!("read the string {text:?} from {}", describe(s));
    Loaded::coerced(Value::String(text.into()), message)
}

pub(crate) fn character(s: &Scalar<'_>) -> Loaded {
    match s {
        Scalar::Str(text) => {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Loaded::ok(Value::Char(c)),
                _ => Loaded::unsupported(format!("{text:?} is not one character")),
            }
        }
        Scalar::Num(Num::Uint(u)) => match u32::try_from(*u).ok().and_then(char::from_u32) {
            Some(c) => Loaded::coerced(Value::Char(c), format!("read {c:?} from its code {u}")),
            None => Loaded::unsupported(format!("{u} is not a character code")),
        },
        other => Loaded::unsupported(format!("cannot read a character from {}", describe(other))),
    }
}

pub(crate) fn bytes(s: &Scalar<'_>) -> Loaded {
    use base64::Engine;
    match s {
        Scalar::Str(text) => {
            match base64::engine::general_purpose::STANDARD.decode(text.as_bytes()) {
                Ok(b) => Loaded::ok(Value::Bytes(b.into())),
                Err(e) => Loaded::unsupported(format!("the string is not base64: {e}")),
            }
        }
        other => Loaded::unsupported(format!("cannot read bytes from {}", describe(other))),
    }
}

/// A uuid from a string: the first braced uuid in it, as the engine finds it; by the documented
/// rules, also a bare one (`Uuid::CreateString` takes either).
pub(crate) fn uuid(s: &Scalar<'_>, rules: Rules) -> Loaded {
    let Scalar::Str(text) = s else {
        return Loaded::unsupported(format!("cannot read a uuid from {}", describe(s)));
    };
    let mut found = find_uuid(text);
    if rules == Rules::Documented && found == Ok(None) {
        found = find_uuid(&format!("{{{}}}", text.trim()));
    }
    match found {
        Ok(Some(u)) if u == [0; 16] => {
            let mut loaded = Loaded::defaults("the null uuid");
            loaded.value = Some(Value::Uuid(u));
            loaded
        }
        Ok(Some(u)) => {
            let canonical = crate::text::uuid::uuid_string(&u);
            // The written form in any case is as lossless as the written form.
            if text.eq_ignore_ascii_case(&canonical) {
                Loaded::ok(Value::Uuid(u))
            } else {
                Loaded::coerced(
                    Value::Uuid(u),
                    format!("read the uuid {canonical} from {text:?}"),
                )
            }
        }
        Ok(None) => Loaded::unsupported(format!("no braced uuid in {text:?}")),
        Err(()) => Loaded::unsupported(format!("the uuid in {text:?} has inconsistent dashes")),
    }
}

/// One enum element: a number or a string (numeric text first, then a name), and whether it
/// was coerced (numeric text, or a name in another case).
/// The value of an enum element, and how it was read when that was a coercion.
fn enum_element(e: &EnumType, s: &Scalar<'_>) -> Result<(i64, Option<&'static str>), String> {
    let repr = e.repr();
    let out_of_range = || format!("{} is out of range for {}", describe(s), repr.name());
    match s {
        // `LoadEnumFromNumber` takes what RapidJSON holds as an integer only: `4.0` and `8e0`
        // are doubles there, and Unsupported.
        Scalar::Num(Num::Double(_)) => Err(format!(
            "cannot read an enum value from {}, which is not an integer. {}",
            describe(s),
            options_message(e)
        )),
        Scalar::Num(_) => {
            let (v, coerced) = integer(s, repr.is_signed(), Rules::Engine)?;
            from_i128(repr, v)
                .map(|v| (v, coerced.then_some("a number")))
                .ok_or_else(out_of_range)
        }
        Scalar::Str(text) => {
            if let Some(c) = e.constant(text) {
                return Ok((c.value(), None));
            }
            // Numeric text first, as the engine's `TextToValue` reads it (`strtoll` base 0: a
            // number at the start is enough, `"3 apples"` is 3); names never start with one.
            if let Some(n) = parse_c_int(text) {
                let v = if repr.is_signed() {
                    n.as_i64().map(i128::from)
                } else {
                    n.as_u64().map(i128::from)
                };
                return v
                    .and_then(|v| from_i128(repr, v))
                    .map(|v| (v, Some("numeric text")))
                    .ok_or_else(out_of_range);
            }
            by_name(e, text)
                .map(|v| (v, Some("a name in another case")))
                .ok_or_else(|| {
                    format!("{text:?} is not a name of the enum. {}", options_message(e))
                })
        }
        other => Err(format!(
            "cannot read an enum value from {}",
            describe(other)
        )),
    }
}

/// An enum from a number or string; `""` is the default. Any value of the representation is
/// taken, as the engine takes it; in a `closed` enum (a SpatialOS enum) one that is not a
/// constant is reported as a coercion (an error when strict), so that what the writer wrote
/// for it reads back.
pub(crate) fn enum_scalar(e: &EnumType, closed: bool, s: &Scalar<'_>) -> Loaded {
    if matches!(s, Scalar::Str(t) if t.is_empty()) {
        return Loaded::defaults("an empty enum string");
    }
    match enum_element(e, s) {
        Ok((v, how)) => {
            let coercion =
                how.map(|how| format!("read the enum value {v} from {}, {how}", describe(s)));
            check_closed(e, closed, v, coercion)
        }
        Err(why) => Loaded::unsupported(why),
    }
}

/// `v`, checked against a `closed` enum's constants; `coercion`: how it was read, when that
/// was a coercion.
pub(crate) fn check_closed(e: &EnumType, closed: bool, v: i64, coercion: Option<String>) -> Loaded {
    if closed && e.by_value(v).is_none() {
        return Loaded::coerced(
            Value::Enum(v),
            format!(
                "{v} is not a value of the enum, kept as it is. {}",
                options_message(e)
            ),
        );
    }
    match coercion {
        Some(message) => Loaded::coerced(Value::Enum(v), message),
        None => Loaded::ok(Value::Enum(v)),
    }
}
