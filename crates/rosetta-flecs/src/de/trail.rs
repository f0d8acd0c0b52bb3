//! Where in the world JSON a reader is: a [`Trail`] of member names and indexes, kept on the
//! stack while reading and turned into a JSON Pointer and a line and column only for an error.

use std::fmt;

/// One step into a JSON value.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a> {
    /// The document itself.
    Root,
    /// An object's member.
    Key(&'a str),
    /// An array's element.
    Index(usize),
}

/// The steps from the document to a value, each borrowed from the caller's frame.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    step: Step<'a>,
}

impl<'a> Trail<'a> {
    /// The document.
    pub(crate) const ROOT: Trail<'static> = Trail {
        parent: None,
        step: Step::Root,
    };

    /// The member `key` of the value here.
    pub(crate) fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            step: Step::Key(key),
        }
    }

    /// The element `index` of the value here.
    pub(crate) fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            step: Step::Index(index),
        }
    }

    /// The steps from the document, owned.
    pub(crate) fn steps(&self) -> Vec<OwnedStep> {
        let mut out = Vec::new();
        let mut cur = Some(self);
        while let Some(t) = cur {
            match t.step {
                Step::Root => {}
                Step::Key(k) => out.push(OwnedStep::Key(k.to_string())),
                Step::Index(i) => out.push(OwnedStep::Index(i)),
            }
            cur = t.parent;
        }
        out.reverse();
        out
    }
}

/// A step kept after the reader's frames are gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OwnedStep {
    Key(String),
    Index(usize),
}

/// A JSON Pointer (RFC 6901) of owned steps; the document itself is the empty pointer.
pub(crate) struct Pointer<'a>(pub(crate) &'a [OwnedStep]);

impl fmt::Display for Pointer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("the document");
        }
        for step in self.0 {
            f.write_str("/")?;
            match step {
                OwnedStep::Key(k) => {
                    for c in k.chars() {
                        match c {
                            '~' => f.write_str("~0")?,
                            '/' => f.write_str("~1")?,
                            c => write!(f, "{c}")?,
                        }
                    }
                }
                OwnedStep::Index(i) => write!(f, "{i}")?,
            }
        }
        Ok(())
    }
}

/// The line and column (1-based, columns in characters) where the value at `steps` starts in
/// `text`, which is valid JSON (it was parsed before). `None` if the steps lead nowhere.
pub(crate) fn locate(text: &str, steps: &[OwnedStep]) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // A byte order mark is skipped by the parser; skip it here too.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut s = Scanner { bytes, pos: bom };
    s.ws();
    for step in steps {
        match (step, bytes.get(s.pos)) {
            (OwnedStep::Key(want), Some(b'{')) => {
                s.pos += 1;
                loop {
                    s.ws();
                    if bytes.get(s.pos) != Some(&b'"') {
                        return None;
                    }
                    let key = s.string()?;
                    s.ws();
                    s.pos += 1; // ':'
                    s.ws();
                    if &key == want {
                        break;
                    }
                    s.skip_value()?;
                    s.ws();
                    if bytes.get(s.pos) != Some(&b',') {
                        return None;
                    }
                    s.pos += 1;
                }
            }
            (OwnedStep::Index(want), Some(b'[')) => {
                s.pos += 1;
                for _ in 0..*want {
                    s.ws();
                    s.skip_value()?;
                    s.ws();
                    if bytes.get(s.pos) != Some(&b',') {
                        return None;
                    }
                    s.pos += 1;
                }
                s.ws();
            }
            _ => return None,
        }
    }
    let before = text.get(bom..s.pos)?;
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..)?.chars().count() + 1;
    Some((line, column))
}

/// A scanner over valid JSON text. Nesting is walked with a counter, not recursion, so that
/// deep documents cannot overflow the stack.
struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while matches!(self.bytes.get(self.pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// A string at `pos`, decoded (escapes as JSON has them), `pos` after its closing quote.
    fn string(&mut self) -> Option<String> {
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        while let Some(&b) = self.bytes.get(i) {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                break;
            }
            i += 1;
        }
        let raw = std::str::from_utf8(self.bytes.get(self.pos..=i)?).ok()?;
        self.pos = i + 1;
        serde_json::from_str::<String>(raw).ok()
    }

    /// Skips the value at `pos`.
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            self.ws();
            match *self.bytes.get(self.pos)? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.pos += 1;
                }
                b',' | b':' => {
                    if depth == 0 {
                        return None;
                    }
                    self.pos += 1;
                    continue;
                }
                _ => {
                    while !self.at_end_of_scalar() {
                        self.pos += 1;
                    }
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }

    /// Whether `pos` is past a scalar (at a separator, a bracket or the end).
    fn at_end_of_scalar(&self) -> bool {
        matches!(
            self.bytes.get(self.pos),
            None | Some(b',' | b':' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, steps: &[OwnedStep]) -> Option<(usize, usize)> {
        locate(text, steps)
    }

    #[test]
    fn locates_members_and_elements() {
        use OwnedStep::{Index as I, Key as K};
        let text = "{\"a\": [1, {\"b\": \"x\"}],\n \"c\": {\"d\\\"e\": [true, null, 3]}}";
        assert_eq!(at(text, &[]), Some((1, 1)));
        assert_eq!(at(text, &[K("a".into())]), Some((1, 7)));
        assert_eq!(
            at(text, &[K("a".into()), I(1), K("b".into())]),
            Some((1, 17))
        );
        assert_eq!(at(text, &[K("c".into())]), Some((2, 7)));
        assert_eq!(
            at(text, &[K("c".into()), K("d\"e".into()), I(2)]),
            Some((2, 29))
        );
        assert_eq!(at(text, &[K("z".into())]), None);
        assert_eq!(at(text, &[K("a".into()), I(5)]), None);
        assert_eq!(at("\u{feff}[0, \"é\", 2]", &[I(2)]), Some((1, 10)));
    }

    #[test]
    fn pointers_escape_as_rfc_6901_says() {
        let root = Trail::ROOT;
        let a = root.key("a/b~c");
        let b = a.index(3);
        let steps = b.steps();
        assert_eq!(Pointer(&steps).to_string(), "/a~1b~0c/3");
        assert_eq!(Pointer(&[]).to_string(), "the document");
    }
}
