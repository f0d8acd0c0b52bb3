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

/// Appends `s` to `out`; short pieces (names, numbers) with fixed-size copies, which compile to
/// a few moves instead of a call to `memcpy`.
#[inline(always)]
pub(crate) fn extend_short(out: &mut Vec<u8>, s: &[u8]) {
    let n = s.len();
    if n > 32 {
        out.extend_from_slice(s);
        return;
    }
    let len = out.len();
    out.extend_from_slice(&[0; 32]);
    let dst = &mut out[len..len + 32];
    if n >= 16 {
        dst[..16].copy_from_slice(&s[..16]);
        dst[n - 16..n].copy_from_slice(&s[n - 16..]);
    } else if n >= 8 {
        dst[..8].copy_from_slice(&s[..8]);
        dst[n - 8..n].copy_from_slice(&s[n - 8..]);
    } else if n >= 4 {
        dst[..4].copy_from_slice(&s[..4]);
        dst[n - 4..n].copy_from_slice(&s[n - 4..]);
    } else {
        for (d, b) in dst.iter_mut().zip(s) {
            *d = *b;
        }
    }
    out.truncate(len + n);
}

pub(crate) struct Writer {
    /// Only whole UTF-8 strings are ever appended, so this is UTF-8 at every mark.
    out: Vec<u8>,
    indent: Option<usize>,
    level: usize,
}

impl Writer {
    pub fn new(indent: Option<usize>) -> Self {
        Writer {
            out: Vec::with_capacity(256),
            indent,
            level: 0,
        }
    }

    /// The text written.
    pub fn into_string(self) -> String {
        // Never fails (see `out`); the lossy form is only there to need no panic.
        String::from_utf8(self.out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    #[inline(always)]
    fn push(&mut self, s: &[u8]) {
        extend_short(&mut self.out, s);
    }

    #[inline(always)]
    pub fn byte(&mut self, b: u8) {
        self.out.push(b);
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
            self.byte(b'\n');
            for _ in 0..width * self.level {
                self.byte(b' ');
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
        self.byte(b'{');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_object(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.byte(b'}');
    }

    pub fn begin_array(&mut self) -> Frame {
        self.byte(b'[');
        self.level += 1;
        Frame { empty: true }
    }

    pub fn end_array(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.byte(b']');
    }

    /// Before an array element.
    #[inline]
    pub fn element(&mut self, frame: &mut Frame) {
        if !frame.empty {
            self.byte(b',');
        }
        frame.empty = false;
        self.newline();
    }

    /// A member name and its colon.
    #[inline]
    pub fn key(&mut self, frame: &mut Frame, name: &str) {
        if self.indent.is_none() && find_special(name.as_bytes()).is_none() {
            if !frame.empty {
                self.byte(b',');
            }
            frame.empty = false;
            self.byte(b'"');
            self.push(name.as_bytes());
            self.push(b"\":");
            return;
        }
        self.element(frame);
        self.string(name);
        self.colon();
    }

    /// A member name and its colon already written as JSON text (`"name":`), compact only.
    #[inline(always)]
    pub fn compact_key(&mut self, frame: &mut Frame, key: &str) {
        if !frame.empty {
            self.byte(b',');
        }
        frame.empty = false;
        self.push(key.as_bytes());
    }

    /// A member name already written as JSON text (a quoted string).
    pub fn raw_key(&mut self, frame: &mut Frame, json: &str) {
        self.element(frame);
        self.push(json.as_bytes());
        self.colon();
    }

    fn colon(&mut self) {
        self.byte(b':');
        if self.indent.is_some() {
            self.byte(b' ');
        }
    }

    #[inline]
    pub fn raw(&mut self, json: &str) {
        self.push(json.as_bytes());
    }

    pub fn null(&mut self) {
        self.push(b"null");
    }

    pub fn boolean(&mut self, b: bool) {
        self.push(if b { b"true" } else { b"false" });
    }

    pub fn empty_object(&mut self) {
        self.push(b"{}");
    }

    #[inline(always)]
    pub fn u64(&mut self, v: u64) {
        self.push(itoa::Buffer::new().format(v).as_bytes());
    }

    #[inline(always)]
    pub fn i64(&mut self, v: i64) {
        self.push(itoa::Buffer::new().format(v).as_bytes());
    }

    /// A double in its shortest round-trip form (`4.0`, `0.20000000298023224`); not-finite
    /// values, which JSON cannot hold, as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`,
    /// which the float loader reads back.
    #[inline]
    pub fn f64(&mut self, v: f64) {
        if v.is_finite() {
            self.push(zmij::Buffer::new().format_finite(v).as_bytes());
        } else if v.is_nan() {
            self.push(b"\"NaN\"");
        } else if v > 0.0 {
            self.push(b"\"Infinity\"");
        } else {
            self.push(b"\"-Infinity\"");
        }
    }

    pub fn uuid(&mut self, bytes: &[u8; 16]) {
        self.byte(b'"');
        self.push(uuid_string(bytes).as_bytes());
        self.byte(b'"');
    }

    /// A string, escaped as RapidJSON escapes it (`"`, `\`, and control characters).
    #[inline]
    pub fn string(&mut self, s: &str) {
        self.byte(b'"');
        let bytes = s.as_bytes();
        let mut start = 0;
        while let Some(at) = find_special(&bytes[start..]) {
            let i = start + at;
            // `i` is at an ASCII byte, so both slices are on character boundaries.
            self.push(&bytes[start..i]);
            self.escape(bytes[i]);
            start = i + 1;
        }
        self.push(&bytes[start..]);
        self.byte(b'"');
    }

    #[cold]
    fn escape(&mut self, b: u8) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
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
            self.push(b"\\u00");
            self.byte(HEX[usize::from(b >> 4)]);
            self.byte(HEX[usize::from(b & 15)]);
        } else {
            self.push(short.as_bytes());
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
        assert_eq!(
            w.into_string(),
            r#"{"a\"b":0.20000000298023224,"c":[-3,4.0]}"#
        );

        let mut w = Writer::new(Some(4));
        let mut o = w.begin_object();
        w.key(&mut o, "x");
        let a = w.begin_array();
        w.end_array(a);
        w.end_object(o);
        assert_eq!(w.into_string(), "{\n    \"x\": []\n}");
    }
}
