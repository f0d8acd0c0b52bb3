//! [`JsonText`]: the text of a JSON snapshot entity as the writer builds it, which a codec
//! appends component data to ([`ComponentJson::write_json`]).
//!
//! [`ComponentJson::write_json`]: super::ComponentJson::write_json

use serde_json::Value;

use crate::error::{Error, Result};

/// The text of one entity being written, pretty-printed as serde_json's `to_writer_pretty`
/// prints (two spaces per level, `"key": value`, `[]` and `{}` when empty).
///
/// A codec appends one value to [`text_mut`](Self::text_mut): a member's value, after its
/// `"name": `, whose lines after the first are indented [`indent`](Self::indent) levels more
/// than a value printed on its own.
#[derive(Debug, Default)]
pub struct JsonText {
    text: String,
    indent: usize,
}

impl JsonText {
    /// Empty text; values written at `indent` levels.
    pub(crate) fn new(indent: usize) -> Self {
        JsonText {
            text: String::new(),
            indent,
        }
    }

    /// The text written so far, to append a value to.
    pub fn text_mut(&mut self) -> &mut String {
        &mut self.text
    }

    /// The text written so far.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// How many levels the value is indented.
    pub fn indent(&self) -> usize {
        self.indent
    }

    /// Appends `value` as serde_json pretty-prints it, indented.
    pub fn value(&mut self, value: &Value) -> Result<()> {
        let text = serde_json::to_string_pretty(value).map_err(|e| Error::custom(e.to_string()))?;
        // Pretty-printed text has a raw newline only between lines (a newline in a string is
        // `\n`), so indenting each line after the first is indenting the whole value.
        let mut lines = text.split('\n');
        if let Some(first) = lines.next() {
            self.text.push_str(first);
        }
        for line in lines {
            self.text.push('\n');
            for _ in 0..self.indent {
                self.text.push_str("  ");
            }
            self.text.push_str(line);
        }
        Ok(())
    }

    /// Appends `text` to `out` as a JSON string literal, escaped as serde_json escapes it (the
    /// form every writer of snapshot JSON shares).
    pub fn push_string(out: &mut String, text: &str) {
        push_string(out, text);
    }

    pub(crate) fn clear(&mut self) {
        self.text.clear();
    }
}

/// Appends a JSON string literal, escaped as serde_json escapes: `"` `\` and control
/// characters only (`\b \t \n \f \r`, others as `\u00XX`).
pub(crate) fn push_string(out: &mut String, text: &str) {
    out.push('"');
    // Most strings need no escape: one pass to see, one copy.
    if !text.bytes().any(|b| NEEDS_ESCAPE[usize::from(b)]) {
        out.push_str(text);
        out.push('"');
        return;
    }
    let mut start = 0;
    for (i, byte) in text.bytes().enumerate() {
        let escape: &str = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0x00..=0x1f => "",
            _ => continue,
        };
        out.push_str(&text[start..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&text[start..]);
    out.push('"');
}

/// The bytes a JSON string escapes: `"`, `\` and control characters.
const NEEDS_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_values_are_serde_jsons() {
        for text in ["plain", "q\"b\\n\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é"] {
            let mut out = String::new();
            push_string(&mut out, text);
            assert_eq!(out, serde_json::to_string(text).unwrap_or_default());
        }
        let value = serde_json::json!({"a": [1, {"b": "x\ny"}], "c": {}, "d": []});
        let mut text = JsonText::new(1);
        text.text_mut().push_str("{\n  \"k\": ");
        assert!(text.value(&value).is_ok());
        text.text_mut().push_str("\n}");
        let whole = serde_json::to_string_pretty(&serde_json::json!({ "k": value }));
        assert_eq!(text.as_str(), whole.unwrap_or_default());
    }
}
