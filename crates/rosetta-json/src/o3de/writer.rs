//! JSON text written straight from values: compact, or pretty as RapidJSON's `PrettyWriter`
//! writes it (4 spaces, `"name": value`). The writer can be rolled back to a mark, which is how
//! a member whose value turns out to be the default is left out without buffering it.

use super::uuid::format_uuid;

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
    pub out: Vec<u8>,
    indent: Option<usize>,
    level: usize,
}

impl Writer {
    pub fn new(indent: Option<usize>) -> Self {
        Writer {
            out: Vec::new(),
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
            self.out.push(b'\n');
            self.out.resize(self.out.len() + width * self.level, b' ');
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
            J::Number(n) => self.raw(n.to_string().as_bytes()),
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
        self.out.push(b'{');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_object(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.out.push(b'}');
    }

    pub fn begin_array(&mut self) -> Frame {
        self.out.push(b'[');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_array(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.out.push(b']');
    }

    /// Before an array element.
    #[inline]
    pub fn element(&mut self, frame: &mut Frame) {
        if !frame.empty {
            self.out.push(b',');
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
    pub fn raw_key(&mut self, frame: &mut Frame, json: &[u8]) {
        self.element(frame);
        self.out.extend_from_slice(json);
        self.colon();
    }

    fn colon(&mut self) {
        self.out.push(b':');
        if self.indent.is_some() {
            self.out.push(b' ');
        }
    }

    pub fn raw(&mut self, json: &[u8]) {
        self.out.extend_from_slice(json);
    }

    pub fn null(&mut self) {
        self.out.extend_from_slice(b"null");
    }

    pub fn boolean(&mut self, b: bool) {
        self.out
            .extend_from_slice(if b { b"true" as &[u8] } else { b"false" });
    }

    pub fn empty_object(&mut self) {
        self.out.extend_from_slice(b"{}");
    }

    #[inline]
    pub fn u64(&mut self, v: u64) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    #[inline]
    pub fn i64(&mut self, v: i64) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// A double in its shortest round-trip form (`4.0`, `0.20000000298023224`); not-finite
    /// values, which JSON cannot hold, as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`,
    /// which the float loader reads back.
    #[inline]
    pub fn f64(&mut self, v: f64) {
        if v.is_finite() {
            self.out
                .extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes());
        } else if v.is_nan() {
            self.out.extend_from_slice(b"\"NaN\"");
        } else if v > 0.0 {
            self.out.extend_from_slice(b"\"Infinity\"");
        } else {
            self.out.extend_from_slice(b"\"-Infinity\"");
        }
    }

    pub fn uuid(&mut self, bytes: &[u8; 16]) {
        self.out.push(b'"');
        format_uuid(bytes, &mut self.out);
        self.out.push(b'"');
    }

    /// A string, escaped as RapidJSON escapes it (`"`, `\`, and control characters).
    #[inline]
    pub fn string(&mut self, s: &str) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.out.push(b'"');
        let bytes = s.as_bytes();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let escape: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                8 => b"\\b",
                12 => b"\\f",
                0..=0x1f => b"",
                _ => continue,
            };
            self.out.extend_from_slice(&bytes[start..i]);
            if escape.is_empty() {
                self.out.extend_from_slice(b"\\u00");
                self.out.push(HEX[usize::from(b >> 4)]);
                self.out.push(HEX[usize::from(b & 15)]);
            } else {
                self.out.extend_from_slice(escape);
            }
            start = i + 1;
        }
        self.out.extend_from_slice(&bytes[start..]);
        self.out.push(b'"');
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
        assert_eq!(
            String::from_utf8(w.out).unwrap(),
            r#"{"a\"b":0.20000000298023224,"c":[-3,4.0]}"#
        );

        let mut w = Writer::new(Some(4));
        let mut o = w.begin_object();
        w.key(&mut o, "x");
        let a = w.begin_array();
        w.end_array(a);
        w.end_object(o);
        assert_eq!(String::from_utf8(w.out).unwrap(), "{\n    \"x\": []\n}");
    }
}
