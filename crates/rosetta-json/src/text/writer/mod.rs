//! JSON text written straight from values: compact, or pretty as RapidJSON's `PrettyWriter`
//! writes it (4 spaces, `"name": value`). The writer can be rolled back to a mark, which is how
//! a member whose value turns out to be the default is left out without buffering it.

use crate::text::number::grisu;
use crate::text::scan::{find_special, string_end};
use crate::text::uuid::uuid_string;

/// How `float` (`f32`) and `double` values are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FloatForm {
    /// As O3DE writes them: a float widened to double, and every double as RapidJSON's
    /// `Writer` writes it (its Grisu2 digits, which are not always the nearest shortest ones,
    /// and its layout): `0.2f` is `0.20000000298023225`, `1e20` is `100000000000000000000.0`,
    /// `1e21` is `1e21`, `1e-6` is `0.000001`.
    #[default]
    Widened,
    /// The shortest text that reads back as the same value, as serde_json writes it: `0.2f` is
    /// `0.2`, `1e20` is `1e+20`, `1e-6` is `1e-6`.
    Shortest,
}

/// A float form fixed at compile time, for code made once per form (a const generic `FORM`):
/// [`form::ANY`] reads it at run time.
pub(crate) mod form {
    pub const ANY: u8 = 0;
    pub const WIDENED: u8 = 1;
    pub const SHORTEST: u8 = 2;
}

/// The float form `FORM` fixes, else `runtime`.
#[inline(always)]
pub(crate) fn fixed_form<const FORM: u8>(runtime: FloatForm) -> FloatForm {
    match FORM {
        form::WIDENED => FloatForm::Widened,
        form::SHORTEST => FloatForm::Shortest,
        _ => runtime,
    }
}

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
    if let Some(dst) = out.get_mut(len..) {
        copy_short(dst, s);
    }
    out.truncate(len + n);
}

/// Copies `s` (at most 32 bytes) to the start of `dst` (as long) with fixed-size copies. They go
/// through integers: as slice copies of different sizes, LLVM merges the branches' second copies
/// into one `memcpy` of variable size.
#[inline(always)]
fn copy_short(dst: &mut [u8], s: &[u8]) {
    let n = s.len();
    if n >= 16 {
        let (head, tail) = (load::<16>(s, 0), load::<16>(s, n - 16));
        store(dst, n - 16, u128::from_le_bytes(tail));
        store(dst, 0, u128::from_le_bytes(head));
    } else if n >= 8 {
        let (head, tail) = (load::<8>(s, 0), load::<8>(s, n - 8));
        store(dst, n - 8, u64::from_le_bytes(tail));
        store(dst, 0, u64::from_le_bytes(head));
    } else if n >= 4 {
        let (head, tail) = (load::<4>(s, 0), load::<4>(s, n - 4));
        store(dst, n - 4, u32::from_le_bytes(tail));
        store(dst, 0, u32::from_le_bytes(head));
    } else {
        for (d, b) in dst.iter_mut().zip(s) {
            *d = *b;
        }
    }
}

#[inline(always)]
fn load<const N: usize>(s: &[u8], at: usize) -> [u8; N] {
    s.get(at..at + N)
        .and_then(|b| b.try_into().ok())
        .unwrap_or([0; N])
}

/// Little-endian integers as bytes at `at` of `dst`.
trait Bytes: Copy {
    fn put(self, dst: &mut [u8]);
}

macro_rules! bytes {
    ($($t:ty),*) => {$(
        impl Bytes for $t {
            #[inline(always)]
            fn put(self, dst: &mut [u8]) {
                let b = self.to_le_bytes();
                if let Some(d) = dst.get_mut(..b.len()) {
                    d.copy_from_slice(&b);
                }
            }
        }
    )*};
}

bytes!(u32, u64, u128);

#[inline(always)]
fn store<T: Bytes>(dst: &mut [u8], at: usize, v: T) {
    if let Some(d) = dst.get_mut(at..) {
        v.put(d);
    }
}

/// The JSON text being written. `INDENTS` says whether it may be pretty: a compact-only writer
/// (`Writer<false>`) has the tests for line breaks compiled out of every element, which a
/// float-heavy write feels (with the float form also fixed, `o3de::serde` writes 100k
/// `[f32; 3]`s about 10% quicker).
pub(crate) struct Writer<const INDENTS: bool = true> {
    /// Only whole UTF-8 strings are ever appended, so this is UTF-8 at every mark.
    out: Vec<u8>,
    /// `None` unless `INDENTS`.
    indent: Option<usize>,
    level: usize,
    /// The most arrays and objects open at once so far.
    deepest: usize,
}

impl Writer {
    /// A writer that indents by `indent` spaces a level, or writes compact text.
    pub fn new(indent: Option<usize>) -> Self {
        Writer::with_indent(indent)
    }
}

impl<const INDENTS: bool> Writer<INDENTS> {
    /// A writer that indents by `indent` spaces a level if it may (`INDENTS`), else compact.
    pub fn with_indent(indent: Option<usize>) -> Self {
        Writer {
            out: Vec::with_capacity(256),
            indent: indent.filter(|_| INDENTS),
            level: 0,
            deepest: 0,
        }
    }

    /// The indentation, `None` for compact text; compiled out of a compact-only writer.
    #[inline(always)]
    fn indent(&self) -> Option<usize> {
        if INDENTS {
            self.indent
        } else {
            None
        }
    }

    /// A compact writer for a piece of this one's text at its current nesting level.
    pub fn fragment(&self) -> Self {
        Writer {
            level: self.level,
            deepest: self.deepest,
            ..Writer::with_indent(None)
        }
    }

    /// The most arrays and objects that were open at once.
    pub fn deepest(&self) -> usize {
        self.deepest
    }

    /// Counts an array written byte by byte (not with [`Writer::begin_array`]) inside the
    /// open ones.
    #[inline]
    pub fn inner_array(&mut self) {
        self.deepest = self.deepest.max(self.level + 1);
    }

    /// Takes in how deep `fragment` (made by [`Writer::fragment`]) went.
    pub fn merge_depth(&mut self, fragment: &Writer) {
        self.deepest = self.deepest.max(fragment.deepest);
    }

    /// The text written.
    #[allow(unsafe_code)]
    pub fn into_string(self) -> String {
        debug_assert!(std::str::from_utf8(&self.out).is_ok());
        // SAFETY: only whole `&str`s, ASCII bytes, and `&str`s cut at ASCII bytes are ever
        // appended, and `truncate` only goes back to lengths the text had (see `out`), so the
        // bytes are UTF-8. Checking them again costs 2–5% of a float-heavy write.
        unsafe { String::from_utf8_unchecked(self.out) }
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    #[inline(always)]
    fn push(&mut self, s: &[u8]) {
        extend_short(&mut self.out, s);
    }

    /// An ASCII byte (anything else would break the text's UTF-8, see `into_string`).
    #[inline(always)]
    pub fn byte(&mut self, b: u8) {
        debug_assert!(b.is_ascii());
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

    #[inline]
    fn newline(&mut self) {
        if let Some(width) = self.indent() {
            self.byte(b'\n');
            for _ in 0..width * self.level {
                self.byte(b' ');
            }
        }
    }

    /// Drops everything from `start` on, where only whole values were written.
    pub fn truncate(&mut self, start: usize) {
        self.out.truncate(start);
    }

    /// Drops everything from `start` on, where an object or array was begun and not ended.
    pub fn abandon(&mut self, start: usize) {
        self.out.truncate(start);
        self.level -= 1;
    }

    pub fn is_pretty(&self) -> bool {
        self.indent().is_some()
    }

    /// The text written from `start` on.
    pub fn tail(&self, start: usize) -> &[u8] {
        self.out.get(start..).unwrap_or_default()
    }

    /// JSON text that was written one level shallower than here (a fragment moved into a new
    /// enclosing object): pretty, every line break gains one indentation step. Line breaks in
    /// JSON text are only ever layout, as strings hold them escaped.
    pub fn raw_deeper(&mut self, json: &str) {
        let Some(width) = self.indent() else {
            return self.raw(json);
        };
        for (i, line) in json.split('\n').enumerate() {
            if i > 0 {
                self.byte(b'\n');
                self.out.resize(self.out.len() + width, b' ');
            }
            self.raw(line);
        }
    }

    /// Compact JSON text as this writer writes it (a buffered fragment) at the current
    /// indentation: pretty, its layout is re-made around the tokens, and numbers and strings
    /// are copied as they are.
    pub fn compact_json(&mut self, json: &str) {
        if self.indent().is_none() {
            return self.raw(json);
        }
        let b = json.as_bytes();
        let (mut i, mut start) = (0, 0);
        while let Some(&c) = b.get(i) {
            let layout: &[u8] = match c {
                b'"' => {
                    // Past the string: its brackets, commas and colons are text.
                    i = string_end(b, i);
                    continue;
                }
                b'{' | b'[' | b'}' | b']' | b',' | b':' => &b[i..i + 1],
                _ => {
                    i += 1;
                    continue;
                }
            };
            self.raw(&json[start..i]);
            match (layout[0], b.get(i + 1)) {
                (b'{', Some(b'}')) | (b'[', Some(b']')) => {
                    self.raw(&json[i..i + 2]);
                    i += 1;
                }
                (b'{' | b'[', _) => {
                    self.byte(layout[0]);
                    self.level += 1;
                    self.newline();
                }
                (b'}' | b']', _) => {
                    self.level = self.level.saturating_sub(1);
                    self.newline();
                    self.byte(layout[0]);
                }
                (b',', _) => {
                    self.byte(b',');
                    self.newline();
                }
                _ => self.colon(),
            }
            i += 1;
            start = i;
        }
        self.raw(json.get(start..).unwrap_or_default());
    }

    #[inline]
    pub fn begin_object(&mut self) -> Frame {
        self.byte(b'{');
        self.level += 1;
        self.deepest = self.deepest.max(self.level);
        Frame { empty: true }
    }

    #[inline]
    pub fn end_object(&mut self, frame: Frame) {
        self.level -= 1;
        if !frame.empty {
            self.newline();
        }
        self.byte(b'}');
    }

    #[inline]
    pub fn begin_array(&mut self) -> Frame {
        self.byte(b'[');
        self.level += 1;
        self.deepest = self.deepest.max(self.level);
        Frame { empty: true }
    }

    #[inline]
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
        self.element_in::<true>(frame);
    }

    /// Before an array element, where the caller knows whether the text may be pretty: with
    /// `PRETTY` false (compact text), no line break is looked for.
    #[inline(always)]
    pub fn element_in<const PRETTY: bool>(&mut self, frame: &mut Frame) {
        if !frame.empty {
            self.byte(b',');
        }
        frame.empty = false;
        if PRETTY {
            self.newline();
        }
    }

    /// A member name and its colon.
    #[inline]
    pub fn key(&mut self, frame: &mut Frame, name: &str) {
        let n = name.len();
        if self.indent().is_none() && n <= 28 && find_special(name.as_bytes()).is_none() {
            // `,"name":` in one piece of at most 32 bytes.
            let comma = usize::from(!frame.empty);
            frame.empty = false;
            let len = self.out.len();
            self.out.extend_from_slice(&[0; 32]);
            if let Some(dst) = self.out.get_mut(len..len + 32) {
                dst[0] = b',';
                dst[comma] = b'"';
                copy_short(&mut dst[comma + 1..], name.as_bytes());
                dst[comma + 1 + n] = b'"';
                dst[comma + 2 + n] = b':';
            }
            self.out.truncate(len + comma + 3 + n);
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

    /// The colon after a member name.
    #[inline]
    pub fn colon(&mut self) {
        self.byte(b':');
        if self.indent().is_some() {
            self.byte(b' ');
        }
    }

    #[inline]
    pub fn raw(&mut self, json: &str) {
        self.push(json.as_bytes());
    }

    #[inline]
    pub fn null(&mut self) {
        self.push(b"null");
    }

    #[inline]
    pub fn boolean(&mut self, b: bool) {
        self.push(if b { b"true" } else { b"false" });
    }

    #[inline]
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

    /// A double: as RapidJSON writes it ([`FloatForm::Widened`]: `4.0`, `0.20000000298023225`,
    /// `100000000000000000000.0`, `1e21`, `0.000001`, `1e-7`), or its shortest round-trip text
    /// as serde_json writes it ([`FloatForm::Shortest`]: `1e+16`, `1e-6`). Not-finite values,
    /// which JSON cannot hold, are the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, which the
    /// float loader reads back.
    #[inline(always)]
    pub fn f64(&mut self, v: f64, form: FloatForm) {
        if !v.is_finite() {
            return self.not_finite(v);
        }
        match form {
            FloatForm::Shortest => self
                .out
                .extend_from_slice(zmij::Buffer::new().format_finite(v).as_bytes()),
            FloatForm::Widened => self.rapidjson_double(v),
        }
    }

    /// An `f32`: widened to double and written as RapidJSON writes a double, or its own
    /// shortest text ([`FloatForm`]); not-finite values as [`Writer::f64`] writes them.
    #[inline(always)]
    pub fn f32(&mut self, x: f32, form: FloatForm) {
        if !x.is_finite() {
            return self.not_finite(f64::from(x));
        }
        match form {
            FloatForm::Shortest => self
                .out
                .extend_from_slice(zmij::Buffer::new().format_finite(x).as_bytes()),
            FloatForm::Widened => self.rapidjson_double(f64::from(x)),
        }
    }

    /// A finite double as RapidJSON writes it; the text is at most 25 bytes, so one fixed-size
    /// copy of 32 takes it. Not inlined: Grisu's code would make every caller too big to inline
    /// where it is used (a serializer's `f32`, called per element of a `[f32; 3]`).
    #[inline(never)]
    fn rapidjson_double(&mut self, v: f64) {
        let mut text = [0; grisu::TEXT];
        let n = grisu::format(v, &mut text);
        let len = self.out.len();
        self.out.extend_from_slice(&text[..32]);
        self.out.truncate(len + n);
    }

    #[cold]
    #[inline(never)]
    fn not_finite(&mut self, v: f64) {
        let text: &[u8] = if v.is_nan() {
            b"\"NaN\""
        } else if v > 0.0 {
            b"\"Infinity\""
        } else {
            b"\"-Infinity\""
        };
        self.push(text);
    }

    /// An integer of any width.
    #[inline(always)]
    pub fn int<I: itoa::Integer>(&mut self, v: I) {
        self.push(itoa::Buffer::new().format(v).as_bytes());
    }

    /// Bytes as a base64 string (standard alphabet, padded), encoded in place.
    pub fn base64(&mut self, bytes: &[u8]) {
        use base64::Engine;
        self.byte(b'"');
        let start = self.out.len();
        let n = base64::encoded_len(bytes.len(), true).unwrap_or(0);
        self.out.resize(start + n, 0);
        let written = base64::engine::general_purpose::STANDARD
            .encode_slice(bytes, &mut self.out[start..])
            .unwrap_or(0);
        self.out.truncate(start + written);
        self.byte(b'"');
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
mod tests;
