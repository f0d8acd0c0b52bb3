//! Maps, streamed: an object while every key comes out as a JSON string (other than `"{}"` and
//! `"$import"`, which O3DE reads as the default key and an import) or as the empty object (the
//! explicit default key, written as the member `"{}"`, as `store` writes it), turned into `[{"Key": k, "Value": v}, ...]` at the first
//! key that does not. The turn rewrites the text written so far, and `sort_maps` rewrites the
//! whole map at its end; both are cold paths over text this writer wrote.

use ::serde::ser::{self, Serialize};

use super::state::Ser;
use crate::error::{Error, Result};
use crate::o3de::compare::compare;
use crate::o3de::store::map::reserved_member;
use crate::text::writer::Frame;

/// An open map.
pub struct MapSer<'a, const I: bool, const F: u8> {
    ser: &'a mut Ser<I, F>,
    frame: Frame,
    /// Where the map's `{` (or `[`) is.
    start: usize,
    /// Written as `[{"Key": k, "Value": v}, ...]` (else as an object).
    array: bool,
    /// The current entry's `{"Key": k` in the array form, open.
    pair: Frame,
    /// Where the current key's text starts in the object form (for error paths).
    key_start: usize,
    /// The current entry's index.
    index: usize,
}

impl<'a, const I: bool, const F: u8> MapSer<'a, I, F> {
    #[inline]
    pub(super) fn new(ser: &'a mut Ser<I, F>) -> Result<Self> {
        ser.open()?;
        let start = ser.w.len();
        let frame = ser.w.begin_object();
        Ok(MapSer {
            ser,
            frame,
            start,
            array: false,
            pair: Frame { empty: true },
            key_start: start,
            index: 0,
        })
    }

    /// Opens the current entry's `{"Key": ` in the array form.
    #[inline]
    fn open_pair(&mut self) {
        let w = &mut self.ser.w;
        w.element(&mut self.frame);
        self.pair = w.begin_object();
        w.key(&mut self.pair, "Key");
    }

    /// Rewrites the object written so far (entries, then the current key written after
    /// `before` from `key_start` on) into the array form, leaving the current pair open.
    #[cold]
    fn turn_to_pairs(&mut self, before: usize, key_start: usize) {
        let w = &mut self.ser.w;
        let text = String::from_utf8_lossy(w.tail(self.start)).into_owned();
        let entries = text.get(1..before.saturating_sub(self.start)).unwrap_or("");
        let key = text
            .get(key_start.saturating_sub(self.start)..)
            .unwrap_or("");
        w.abandon(self.start);
        self.frame = w.begin_array();
        // Names and values move one level deeper, into their pair objects.
        for (name, value) in items(entries).into_iter().map(member) {
            w.element(&mut self.frame);
            let mut pair = w.begin_object();
            w.key(&mut pair, "Key");
            // The member `"{}"` was an empty object key (the explicit default).
            w.raw(if name == "\"{}\"" { "{}" } else { name });
            w.key(&mut pair, "Value");
            w.raw_deeper(value);
            w.end_object(pair);
        }
        self.open_pair();
        self.ser.w.raw_deeper(key);
        self.array = true;
    }

    /// Sorts the entries written by [`compare`]: members as `[name, value]`, pairs as
    /// `{"Key": k, "Value": v}`, as O3DE sorts an `unordered_map`'s.
    #[cold]
    fn sort(&mut self) {
        let w = &mut self.ser.w;
        let text = String::from_utf8_lossy(w.tail(self.start + 1)).into_owned();
        let array = self.array;
        let mut entries: Vec<(serde_json::Value, &str)> = items(&text)
            .into_iter()
            .map(|item| {
                let order = if array {
                    parse(item)
                } else {
                    let (name, value) = member(item);
                    serde_json::Value::Array(vec![parse(name), parse(value)])
                };
                (order, item)
            })
            .collect();
        entries.sort_by(|a, b| compare(&a.0, &b.0));
        w.abandon(self.start);
        self.frame = if self.array {
            w.begin_array()
        } else {
            w.begin_object()
        };
        // An item is at this level already, and holds its own `"name": ` in the object form.
        for (_, item) in entries {
            w.element(&mut self.frame);
            w.raw(item);
        }
    }

    /// The error of the current entry's value, under its member name or index.
    #[cold]
    fn value_error(&self, e: Error) -> Error {
        if !self.array {
            let text = String::from_utf8_lossy(self.ser.w.tail(self.key_start));
            if let Ok(name) = serde_json::from_str::<String>(member(&text).0) {
                return e.under(&name);
            }
            return e.under_index(self.index);
        }
        e.under("Value").under_index(self.index)
    }
}

impl<const I: bool, const F: u8> ser::SerializeMap for MapSer<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        // A key is written within a `{"Key", "Value"}` object, one level deeper, unless it
        // comes out as a string (which nests nothing).
        let index = self.index;
        if self.array {
            self.open_pair();
            return self
                .ser
                .nested(|ser| key.serialize(ser))
                .map_err(|e| e.under("Key").under_index(index));
        }
        let before = self.ser.w.len();
        self.ser.w.element(&mut self.frame);
        let key_start = self.ser.w.len();
        if let Err(e) = self.ser.nested(|ser| key.serialize(ser)) {
            return Err(e.under_index(index));
        }
        let text = self.ser.w.tail(key_start);
        if text.first() == Some(&b'"') && !reserved_member(text) {
            self.ser.w.colon();
            self.key_start = key_start;
        } else if text == b"{}" {
            // An empty object key is the explicit default, which O3DE (and `store`) writes as
            // the member name `"{}"`.
            self.ser.w.truncate(key_start);
            self.ser.w.raw("\"{}\"");
            self.ser.w.colon();
            self.key_start = key_start;
        } else {
            self.turn_to_pairs(before, key_start);
        }
        Ok(())
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let result = if self.array {
            self.ser.w.key(&mut self.pair, "Value");
            let result = self.ser.nested(|ser| value.serialize(ser));
            self.ser.w.end_object(self.pair);
            result
        } else {
            value.serialize(&mut *self.ser)
        };
        if let Err(e) = result {
            return Err(self.value_error(e));
        }
        self.index += 1;
        Ok(())
    }

    #[inline]
    fn end(mut self) -> Result<()> {
        if self.ser.sort_maps && !self.frame.empty {
            self.sort();
        }
        if self.array {
            self.ser.w.end_array(self.frame);
        } else if self.frame.empty {
            // An empty map is `[]`, as the engine writes a kept one.
            self.ser.w.abandon(self.start);
            let frame = self.ser.w.begin_array();
            self.ser.w.end_array(frame);
        } else {
            self.ser.w.end_object(self.frame);
        }
        self.ser.depth -= 1;
        Ok(())
    }
}

fn parse(json: &str) -> serde_json::Value {
    serde_json::from_str(json).unwrap_or(serde_json::Value::Null)
}

/// The top-level items of a container's text without its brackets, trimmed.
fn items(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    let mut string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                items.push(text.get(start..i).unwrap_or("").trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text.get(start..).unwrap_or("").trim();
    if !last.is_empty() {
        items.push(last);
    }
    items
}

/// A member's text split into its name (a JSON string) and its value.
fn member(item: &str) -> (&str, &str) {
    let mut escaped = false;
    let end = item
        .bytes()
        .enumerate()
        .skip(1)
        .find(|&(_, b)| match b {
            _ if escaped => {
                escaped = false;
                false
            }
            b'\\' => {
                escaped = true;
                false
            }
            b => b == b'"',
        })
        .map_or(item.len(), |(i, _)| i + 1);
    let (name, rest) = (
        item.get(..end).unwrap_or(item),
        item.get(end..).unwrap_or(""),
    );
    let value = rest.trim_start();
    (name, value.strip_prefix(':').unwrap_or(value).trim())
}
