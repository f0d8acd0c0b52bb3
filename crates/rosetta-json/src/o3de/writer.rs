//! JSON text written straight from values: compact, or pretty as RapidJSON's `PrettyWriter`
//! writes it (4 spaces, `"name": value`). The writer can be rolled back to a mark, which is how
//! a member whose value turns out to be the default is left out without buffering it.

use super::scan::find_special;
use super::uuid::uuid_string;

/// An open array or object: whether anything has been written in it yet.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub empty: bool,
}

/// A point to roll back to: the output length and the frame's state then.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    len: usize,
    empty: bool,
}

pub(crate) struct Writer {
    pub out: String,
    indent: Option<usize>,
    level: usize,
}

impl Writer {
    pub fn new(indent: Option<usize>) -> Self {
        Writer {
            out: String::new(),
            indent,
            level: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.out.len()
    }

    pub fn mark(&self, frame: &Frame) -> Mark {
        Mark {
            len: self.out.len(),
            empty: frame.empty,
        }
    }

    pub fn rollback(&mut self, frame: &mut Frame, mark: Mark) {
        self.out.truncate(mark.len);
        frame.empty = mark.empty;
    }

    fn newline(&mut self) {
        if let Some(width) = self.indent {
            self.out.push('\n');
            for _ in 0..width * self.level {
                self.out.push(' ');
            }
        }
    }

    /// Drops everything from `start` on, where an object or array was begun and not ended.
    pub fn abandon(&mut self, start: usize) {
        self.out.truncate(start);
        self.level -= 1;
    }

    pub fn is_pretty(&self) -> bool {
        self.indent.is_some()
    }

    /// A parsed JSON value (a buffered fragment re-written at the current indentation).
    pub fn json(&mut self, value: &serde_json::Value) {
        use serde_json::Value as J;
        match value {
            J::Null => self.null(),
            J::Bool(b) => self.boolean(*b),
            J::Number(n) => self.raw(&n.to_string()),
            J::String(s) => self.string(s),
            J::Array(items) => {
                let mut f = self.begin_array();
                for item in items {
                    self.element(&mut f);
                    self.json(item);
                }
                self.end_array(f);
            }
            J::Object(members) => {
                let mut f = self.begin_object();
                for (k, v) in members {
                    self.key(&mut f, k);
                    self.json(v);
                }
                self.end_object(f);
            }
        }
    }

    pub fn begin_object(&mut self) -> Frame {
        self.out.push('{');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_object(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.out.push('}');
    }

    pub fn begin_array(&mut self) -> Frame {
        self.out.push('[');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_array(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.out.push(']');
    }

    /// Before an array element.
    #[inline]
    pub fn element(&mut self, frame: &mut Frame) {
        if !frame.empty {
            self.out.push(',');
        }
        frame.empty = false;
        self.newline();
    }

    /// A member name and its colon.
    #[inline]
    pub fn key(&mut self, frame: &mut Frame, name: &str) {
        self.element(frame);
        self.string(name);
        self.colon();
    }

    /// A member name already written as JSON text (a quoted string).
    pub fn raw_key(&mut self, frame: &mut Frame, json: &str) {
        self.element(frame);
        self.out.push_str(json);
        self.colon();
    }

    fn colon(&mut self) {
        self.out.push(':');
        if self.indent.is_some() {
            self.out.push(' ');
        }
    }

    pub fn raw(&mut self, json: &str) {
        self.out.push_str(json);
    }

    pub fn null(&mut self) {
        self.out.push_str("null");
    }

    pub fn boolean(&mut self, b: bool) {
        self.out.push_str(if b { "true" } else { "false" });
    }

    pub fn empty_object(&mut self) {
        self.out.push_str("{}");
    }

    #[inline]
    pub fn u64(&mut self, v: u64) {
        self.out.push_str(itoa::Buffer::new().format(v));
    }

    #[inline]
    pub fn i64(&mut self, v: i64) {
        self.out.push_str(itoa::Buffer::new().format(v));
    }

    /// A double in its shortest round-trip form (`4.0`, `0.20000000298023224`); not-finite
    /// values, which JSON cannot hold, as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`,
    /// which the float loader reads back.
    #[inline]
    pub fn f64(&mut self, v: f64) {
        if v.is_finite() {
            self.out.push_str(zmij::Buffer::new().format_finite(v));
        } else if v.is_nan() {
            self.out.push_str("\"NaN\"");
        } else if v > 0.0 {
            self.out.push_str("\"Infinity\"");
        } else {
            self.out.push_str("\"-Infinity\"");
        }
    }

    pub fn uuid(&mut self, bytes: &[u8; 16]) {
        self.out.push('"');
        self.out.push_str(&uuid_string(bytes));
        self.out.push('"');
    }

    /// A string, escaped as RapidJSON escapes it (`"`, `\`, and control characters).
    #[inline]
    pub fn string(&mut self, s: &str) {
        self.out.push('"');
        let bytes = s.as_bytes();
        let mut start = 0;
        while let Some(at) = find_special(&bytes[start..]) {
            let i = start + at;
            // `i` is at an ASCII byte, so both slices are on character boundaries.
            self.out.push_str(s.get(start..i).unwrap_or_default());
            self.escape(bytes[i]);
            start = i + 1;
        }
        self.out.push_str(s.get(start..).unwrap_or_default());
        self.out.push('"');
    }

    #[cold]
    fn escape(&mut self, b: u8) {
        const HEX: [char; 16] = [
            '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F',
        ];
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            8 => "\\b",
            12 => "\\f",
            _ => "",
        };
        if short.is_empty() {
            self.out.push_str("\\u00");
            self.out.push(HEX[usize::from(b >> 4)]);
            self.out.push(HEX[usize::from(b & 15)]);
        } else {
            self.out.push_str(short);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_pretty_and_rollback() {
        let mut w = Writer::new(None);
        let mut o = w.begin_object();
        w.key(&mut o, "a\"b");
        w.f64(f64::from(0.2f32));
        let mark = w.mark(&o);
        w.key(&mut o, "gone");
        w.u64(1);
        w.rollback(&mut o, mark);
        w.key(&mut o, "c");
        let mut a = w.begin_array();
        w.element(&mut a);
        w.i64(-3);
        w.element(&mut a);
        w.f64(4.0);
        w.end_array(a);
        w.end_object(o);
        assert_eq!(w.out, r#"{"a\"b":0.20000000298023224,"c":[-3,4.0]}"#);

        let mut w = Writer::new(Some(4));
        let mut o = w.begin_object();
        w.key(&mut o, "x");
        let a = w.begin_array();
        w.end_array(a);
        w.end_object(o);
        assert_eq!(w.out, "{\n    \"x\": []\n}");
    }
}
