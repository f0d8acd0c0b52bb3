//! Store for maps: entries stored as `[key, value]` pairs, then written as an object when every
//! key came out as a string (other than `"$import"`) or the explicit default `{}` (`"{}"` as the
//! member name), else as `[{"Key": k, "Value": v}, ...]`. The decision is made on the stored
//! keys, as the engine makes it, so uuid- and enum-keyed maps whose keys are all names become
//! objects.

use rosetta_types::{Kind, TypeId, Value};

use super::default::Dflt;
use super::value::Store;
use crate::o3de::compare::compare;
use crate::o3de::import::IMPORT_DIRECTIVE;
use crate::o3de::options::MapForm;
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::Outcome;
use crate::text::writer::Frame;

struct Entry {
    key: String,
    /// The value's text when entries are sorted (buffered); `None` when streamed.
    value: Option<String>,
    index: usize,
}

fn parse(raw: &str) -> serde_json::Value {
    serde_json::from_str(raw).unwrap_or(serde_json::Value::Null)
}

/// Whether a string key, as written (`json`, quoted), cannot be a member name of a map object,
/// because it would not read back as itself: `"{}"` reads as the default key, and `"$import"`
/// as an import directive (O3DE resolves it in any object). Such a map takes the array form.
pub(crate) fn reserved_member(json: &[u8]) -> bool {
    json == b"\"{}\"" || json == b"\"$import\""
}

/// The member name of a key written as `raw` (a JSON string, or `{}`).
fn member_name(raw: &str) -> String {
    if raw == "{}" {
        "{}".to_owned()
    } else {
        serde_json::from_str::<String>(raw).unwrap_or_default()
    }
}

impl<'r> Store<'r, '_> {
    pub(crate) fn map(&mut self, kt: TypeId, vt: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let Value::Map(entries) = v else {
            return Err(self.ctx.error(format!("a {} is not a map", v.kind_name())));
        };
        if entries.is_empty() {
            if !self.opts.keep_defaults && d.is_empty_container() {
                // Nothing written and no work done (`JsonMapSerializer::Store`): no
                // DefaultsUsed that would make the value holding it PartialDefaults.
                return Ok(self.ctx.fresh());
            }
            // `[]`, as `JsonMapSerializer::Store` writes a kept empty map (`{}` would read as
            // the explicit default).
            let frame = self.w.begin_array();
            self.w.end_array(frame);
            return self.ctx.report(Outcome::Success, false, String::new);
        }
        let string_keys = matches!(self.reg.get(kt).map(|t| t.kind()), Some(Kind::String));
        if string_keys
            && !self.opts.sort_maps
            && !entries
                .iter()
                .any(|(k, _)| matches!(k.as_str(), Some("{}" | IMPORT_DIRECTIVE)))
        {
            return self.string_keyed(vt, entries);
        }
        let key_default = self.fresh();
        let value_default = self.fresh();
        let sort = self.opts.sort_maps;
        let mut result = self.ctx.fresh();
        let mut stored = Vec::with_capacity(entries.len());
        for (i, (key, value)) in entries.iter().enumerate() {
            // A key or value of a `{"Key", "Value"}` pair is one level deeper, with the pair's
            // member in its path: counted against the nesting limit as the reader counts it.
            let (code, key_json) =
                self.fragment(i, |s| s.element_under("Key", kt, key, key_default))?;
            result.absorb(code);
            let value_json = if sort {
                let (code, json) =
                    self.fragment(i, |s| s.element_under("Value", vt, value, value_default))?;
                result.absorb(code);
                Some(json)
            } else {
                None
            };
            stored.push(Entry {
                key: key_json,
                value: value_json,
                index: i,
            });
        }
        let by_type = self.opts.map_form == MapForm::ByKeyType;
        let object_form = (!by_type || string_keys)
            && stored.iter().all(|e| {
                (e.key.starts_with('"') && !reserved_member(e.key.as_bytes())) || e.key == "{}"
            });
        if sort {
            let mut keyed: Vec<(serde_json::Value, Entry)> = stored
                .into_iter()
                .map(|e| {
                    let value = parse(e.value.as_deref().unwrap_or("null"));
                    let sort_key = if object_form {
                        serde_json::json!([member_name(&e.key), value])
                    } else {
                        serde_json::json!({"Key": parse(&e.key), "Value": value})
                    };
                    (sort_key, e)
                })
                .collect();
            keyed.sort_by(|a, b| compare(&a.0, &b.0));
            stored = keyed.into_iter().map(|(_, e)| e).collect();
        }
        if object_form {
            let mut frame = self.w.begin_object();
            for e in &stored {
                let name = member_name(&e.key);
                if e.key == "{}" {
                    self.w.raw_key(&mut frame, "\"{}\"");
                } else {
                    self.w.raw_key(&mut frame, &e.key);
                }
                let len = self.ctx.enter_owned_key(&name)?;
                let code = self.entry_value(vt, &entries[e.index].1, value_default, e);
                self.ctx.leave(len);
                result.absorb(code?);
            }
            self.w.end_object(frame);
        } else {
            let mut frame = self.w.begin_array();
            for (n, e) in stored.iter().enumerate() {
                self.w.element(&mut frame);
                let len = self.ctx.enter_index(n)?;
                let mut pair = self.w.begin_object();
                self.w.key(&mut pair, "Key");
                self.w.compact_json(&e.key);
                self.w.key(&mut pair, "Value");
                let pair_member = self.ctx.enter_key("Value")?;
                let code = self.entry_value(vt, &entries[e.index].1, value_default, e);
                self.ctx.leave(pair_member);
                self.w.end_object(pair);
                self.ctx.leave(len);
                result.absorb(code?);
            }
            self.w.end_array(frame);
        }
        Ok(self.ctx.container(result))
    }

    /// A map with string keys, in its order: an object written directly (the default key `""`
    /// as `"{}"` unless defaults are kept).
    fn string_keyed(&mut self, vt: TypeId, entries: &'r [(Value, Value)]) -> Step {
        if let Some(code) = self.plain_string_keyed(vt, entries)? {
            return Ok(code);
        }
        let mut result = self.ctx.fresh();
        let value_default = self.fresh();
        let mut frame = self.w.begin_object();
        for (key, value) in entries {
            let (name, default) = self.string_key(&mut frame, key)?;
            result.absorb(self.ctx.code(if default {
                Outcome::DefaultsUsed
            } else {
                Outcome::Success
            }));
            let len = self.ctx.enter_key(name)?;
            let code = self.element(vt, value, value_default);
            self.ctx.leave(len);
            result.absorb(code?);
        }
        self.w.end_object(frame);
        Ok(self.ctx.container(result))
    }

    /// Writes a string key as a member name, the default (empty) key as the explicit default
    /// `"{}"` unless defaults are kept; the name, and whether it was the default.
    pub(crate) fn string_key<'v>(
        &mut self,
        frame: &mut Frame,
        key: &'v Value,
    ) -> Result<(&'v str, bool), Halt> {
        let Value::String(name) = key else {
            return Err(self
                .ctx
                .error(format!("a {} is not a string key", key.kind_name())));
        };
        let default = name.is_empty() && !self.opts.keep_defaults;
        if default {
            self.w.raw_key(frame, "\"{}\"");
        } else {
            self.w.key(frame, name);
        }
        Ok((name, default))
    }

    fn entry_value(&mut self, vt: TypeId, value: &'r Value, d: Dflt<'_>, e: &Entry) -> Step {
        match &e.value {
            Some(raw) => {
                self.w.compact_json(raw);
                Ok(self.ctx.code(Outcome::Success))
            }
            None => self.element(vt, value, d),
        }
    }
}
