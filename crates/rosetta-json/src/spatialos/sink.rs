//! Where a dump goes: straight to text ([`TextSink`], formatted exactly as `serde_json` formats
//! the same document, compact or pretty) or into a [`serde_json::Value`] ([`ValueSink`]).

use rosetta_wire::snapshot::JsonText;
use serde_json::{Map, Number, Value};

use super::elem::Stack;

/// Receives a JSON document as events. Members are announced with [`Sink::key`] before their
/// value; containers are opened and closed in pairs.
pub(crate) trait Sink {
    fn begin_object(&mut self);
    fn key(&mut self, key: &str);
    fn end_object(&mut self);
    fn begin_array(&mut self);
    fn end_array(&mut self);
    fn bool(&mut self, value: bool);
    fn i64(&mut self, value: i64);
    fn u64(&mut self, value: u64);
    /// A finite `float`, written as its shortest decimal form.
    fn f32(&mut self, value: f32);
    /// A finite `double`.
    fn f64(&mut self, value: f64);
    fn string(&mut self, value: &str);
}

/// The shortest decimal that reads back as the same `float` (`0.1`, `50.0`, `1e30`); Rust's
/// `Debug` formatting gives exactly that, always with a `.` or an exponent.
#[cfg(test)]
pub(crate) fn f32_text(value: f32) -> String {
    format!("{value:?}")
}

/// The double nearest a float's shortest decimal: it prints as that decimal, and reads back
/// (rounded to a float) as the same float. Floats travel through JSON as these doubles.
///
/// The decimal is `Debug`'s, as it always was (zmij's, which serde_json prints doubles with,
/// breaks ties the other way: `3065919.2` where `Debug` says `3065919.3`), formatted on the
/// stack rather than in a `String`.
pub(crate) fn f32_as_f64(value: f32) -> f64 {
    use std::fmt::Write as _;
    let mut text = StackText::default();
    match write!(text, "{value:?}") {
        Ok(()) => text.as_str().parse::<f64>().unwrap_or(f64::from(value)),
        Err(_) => f64::from(value),
    }
}

/// A short text on the stack (a float's `Debug` form: at most about 16 bytes).
#[derive(Default)]
struct StackText {
    bytes: [u8; 32],
    len: usize,
}

impl StackText {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// A finite double as `serde_json` writes it (`0.1`, `50.0`, `1e+300`): serde_json prints
/// finite doubles with `zmij::Buffer::format_finite`, as this does.
fn f64_text(out: &mut String, value: f64) {
    if value.is_finite() {
        out.push_str(zmij::Buffer::new().format_finite(value));
    } else {
        out.push_str("null");
    }
}

/// JSON text, compact or pretty (two-space indent, `"key": value`, `[]` and `{}` when empty),
/// byte for byte as `serde_json::to_string` / `to_string_pretty` would write the same document.
#[derive(Debug, Default)]
pub(crate) struct TextSink {
    out: String,
    pretty: bool,
    /// For each open container: whether it has an element yet.
    open: Stack<bool>,
    /// Levels of indentation the text starts at (a value inside another's text).
    base: usize,
    /// Set after a key, so the value that follows is not separated again.
    after_key: bool,
}

impl TextSink {
    pub(crate) fn new(pretty: bool) -> Self {
        TextSink {
            pretty,
            ..TextSink::default()
        }
    }

    /// Pretty text appended to `out`, indented `base` levels (a member's value in a document
    /// being written: the key is in `out`).
    pub(crate) fn continuing(out: String, base: usize) -> Self {
        TextSink {
            out,
            pretty: true,
            base,
            ..TextSink::default()
        }
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }

    fn newline_indent(&mut self) {
        self.out.push('\n');
        for _ in 0..self.base + self.open.len() {
            self.out.push_str("  ");
        }
    }

    /// Separates a new element (array value or object key) from the previous one.
    fn element(&mut self) {
        if self.after_key {
            self.after_key = false;
            return;
        }
        if let Some(has) = self.open.last_mut() {
            let first = !*has;
            *has = true;
            if !first {
                self.out.push(',');
            }
            if self.pretty {
                self.newline_indent();
            }
        }
    }

    fn close(&mut self, bracket: char) {
        let had = self.open.pop().unwrap_or(false);
        if had && self.pretty {
            self.newline_indent();
        }
        self.out.push(bracket);
    }

    fn raw(&mut self, text: &str) {
        self.element();
        self.out.push_str(text);
    }
}

impl Sink for TextSink {
    fn begin_object(&mut self) {
        self.element();
        self.out.push('{');
        self.open.push(false);
    }

    fn key(&mut self, key: &str) {
        self.element();
        JsonText::push_string(&mut self.out, key);
        self.out.push_str(if self.pretty { ": " } else { ":" });
        self.after_key = true;
    }

    fn end_object(&mut self) {
        self.close('}');
    }

    fn begin_array(&mut self) {
        self.element();
        self.out.push('[');
        self.open.push(false);
    }

    fn end_array(&mut self) {
        self.close(']');
    }

    fn bool(&mut self, value: bool) {
        self.raw(if value { "true" } else { "false" });
    }

    fn i64(&mut self, value: i64) {
        self.raw(itoa::Buffer::new().format(value));
    }

    fn u64(&mut self, value: u64) {
        self.raw(itoa::Buffer::new().format(value));
    }

    fn f32(&mut self, value: f32) {
        self.f64(f32_as_f64(value));
    }

    fn f64(&mut self, value: f64) {
        self.element();
        f64_text(&mut self.out, value);
    }

    fn string(&mut self, value: &str) {
        self.element();
        JsonText::push_string(&mut self.out, value);
    }
}

/// Builds a [`serde_json::Value`].
#[derive(Debug, Default)]
pub(crate) struct ValueSink {
    stack: Vec<Frame>,
    root: Option<Value>,
}

#[derive(Debug)]
enum Frame {
    Array(Vec<Value>),
    Object(Map<String, Value>, Option<String>),
}

impl ValueSink {
    pub(crate) fn finish(self) -> Value {
        self.root.unwrap_or(Value::Null)
    }

    fn value(&mut self, value: Value) {
        match self.stack.last_mut() {
            Some(Frame::Array(items)) => items.push(value),
            Some(Frame::Object(map, key)) => {
                if let Some(key) = key.take() {
                    map.insert(key, value);
                }
            }
            None => self.root = Some(value),
        }
    }
}

impl Sink for ValueSink {
    fn begin_object(&mut self) {
        self.stack.push(Frame::Object(Map::new(), None));
    }

    fn key(&mut self, key: &str) {
        if let Some(Frame::Object(_, pending)) = self.stack.last_mut() {
            *pending = Some(key.to_owned());
        }
    }

    fn end_object(&mut self) {
        if let Some(Frame::Object(map, _)) = self.stack.pop() {
            self.value(Value::Object(map));
        }
    }

    fn begin_array(&mut self) {
        self.stack.push(Frame::Array(Vec::new()));
    }

    fn end_array(&mut self) {
        if let Some(Frame::Array(items)) = self.stack.pop() {
            self.value(Value::Array(items));
        }
    }

    fn bool(&mut self, value: bool) {
        self.value(Value::Bool(value));
    }

    fn i64(&mut self, value: i64) {
        self.value(Value::from(value));
    }

    fn u64(&mut self, value: u64) {
        self.value(Value::from(value));
    }

    fn f32(&mut self, value: f32) {
        self.f64(f32_as_f64(value));
    }

    fn f64(&mut self, value: f64) {
        self.value(Number::from_f64(value).map_or(Value::Null, Value::Number));
    }

    fn string(&mut self, value: &str) {
        self.value(Value::String(value.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emit(sink: &mut impl Sink) {
        sink.begin_object();
        sink.key("a");
        sink.begin_array();
        sink.end_array();
        sink.key("b\"\n\u{1}é");
        sink.begin_array();
        sink.i64(-1);
        sink.u64(u64::MAX);
        sink.f32(0.1);
        sink.f32(50.0);
        sink.f64(1e300);
        sink.bool(true);
        sink.begin_object();
        sink.end_object();
        sink.begin_object();
        sink.key("x");
        sink.string("tab\there");
        sink.end_object();
        sink.end_array();
        sink.end_object();
    }

    #[test]
    fn text_is_what_serde_json_writes() {
        let mut values = ValueSink::default();
        emit(&mut values);
        let value = values.finish();
        for pretty in [false, true] {
            let mut text = TextSink::new(pretty);
            emit(&mut text);
            let expected = if pretty {
                serde_json::to_string_pretty(&value)
            } else {
                serde_json::to_string(&value)
            };
            assert_eq!(text.finish(), expected.unwrap());
        }
        assert_eq!(value["b\"\n\u{1}é"][2], serde_json::json!(0.1));
    }

    #[test]
    fn floats_are_shortest() {
        assert_eq!(f32_text(0.1), "0.1");
        assert_eq!(f32_text(50.0), "50.0");
        assert_eq!(f32_text(-0.0), "-0.0");
        assert_eq!(f32_text(1e30).parse::<f32>().ok(), Some(1e30));
        assert_eq!(f32_as_f64(0.1), 0.1);
    }

    #[test]
    fn floats_go_through_debugs_text() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let value = f32::from_bits(state as u32);
            if value.is_finite() {
                let debug = f32_text(value).parse::<f64>().ok();
                assert_eq!(Some(f32_as_f64(value)), debug, "{value:?}");
            }
        }
        // 3065919.25 is a float, halfway between two shortest decimals.
        assert_eq!(f32_as_f64(f32::from_bits(0x4a3b_20fd)), 3065919.3);
    }

    #[test]
    fn floats_survive_the_double_they_travel_as() {
        // The text of `f32_as_f64`, read by serde_json as a double and narrowed, is the float.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let value = f32::from_bits(state as u32);
            if !value.is_finite() {
                continue;
            }
            let mut text = TextSink::new(false);
            text.f32(value);
            let read: f64 = serde_json::from_str(&text.finish()).unwrap();
            assert_eq!((read as f32).to_bits(), value.to_bits(), "{value:?}");
        }
    }
}
