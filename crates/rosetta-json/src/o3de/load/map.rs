//! Load for maps: from an object (member names loaded through the key type's rules; `"{}"` is
//! the default key) or from `[{"Key": k, "Value": v}, ...]`. A key already in the map has the new
//! value loaded on top of its entry, as a new instance: `{}` there resets numbers, bools and math
//! values (see `initialize_new_instance`).

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::sync::OnceLock;

use rosetta_types::{Kind, Str, TypeId, Value};

use super::fast::general_only;
use super::value::{failed, placeholder, Load};
use crate::o3de::options::Rules;
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::Outcome;
use crate::text::reader::{Peek, Scalar};

impl Load<'_, '_, '_> {
    pub(crate) fn map(&mut self, kt: TypeId, vt: TypeId, target: &mut Value) -> Step {
        let peek = self.r.peek()?;
        if peek != Peek::Object && peek != Peek::Array {
            return self.wrong_kind("an object or an array of {\"Key\", \"Value\"} objects");
        }
        let mut entries: Vec<(Value, Value)> = match std::mem::replace(target, placeholder()) {
            Value::Map(e) if !self.opts.clear_containers => e.into_vec(),
            _ => Vec::new(),
        };
        let result = self.map_entries(kt, vt, peek, &mut entries);
        *target = Value::Map(entries.into_boxed_slice());
        result
    }

    fn map_entries(
        &mut self,
        kt: TypeId,
        vt: TypeId,
        peek: Peek,
        entries: &mut Vec<(Value, Value)>,
    ) -> Step {
        let key_default = self.new_instance(kt)?;
        let had = entries.len();
        let mut index = KeyIndex::new(entries);
        let mut result = self.ctx.fresh();
        let reg = self.reg;
        let key_kind = reg.get(kt).map(|t| t.kind());
        let mut first = true;
        let mut n = 0;
        if peek == Peek::Object {
            self.r.begin_object()?;
        } else {
            self.r.begin_array()?;
        }
        loop {
            // Each entry: the key (a member name, or the element's "Key") and where its value is.
            let mut key = key_default.clone();
            let len;
            let key_code;
            if peek == Peek::Object {
                let Some(name) = self.r.next_key(&mut first)? else {
                    break;
                };
                len = self.ctx.enter_read_key(&name)?;
                key_code = if name == "{}" {
                    Ok(self.ctx.code(Outcome::DefaultsUsed))
                } else {
                    match &key_kind {
                        // The common case, read without the lenient machinery (as `apply`).
                        Some(Kind::String) if !general_only() => {
                            let code = self.ctx.report(Outcome::Success, false, String::new);
                            if code.as_ref().is_ok_and(|c| !failed(*c)) {
                                key = Value::String(Str::from(&*name));
                            }
                            code
                        }
                        Some(kind) if kind.is_leaf() && !matches!(kind, Kind::Math(_)) => {
                            let loaded = self.leaf(kind, &Scalar::Str(name));
                            self.apply(loaded, &mut key)
                        }
                        _ => self.ctx.report(Outcome::Unsupported, false, || {
                            format!("a key of `{}` cannot be a member name", reg.display(kt))
                        }),
                    }
                };
            } else {
                if !self.r.next_element(&mut first)? {
                    break;
                }
                len = self.ctx.enter_index(n)?;
                n += 1;
                if self.r.peek()? != Peek::Object {
                    let code = self.wrong_kind("a {\"Key\", \"Value\"} object");
                    self.ctx.leave(len);
                    result.absorb(code?);
                    continue;
                }
                key_code = self.pair_key(kt, &mut key);
            }
            let code = key_code.and_then(|kc| {
                // `JsonMapSerializer::LoadElement` reads the value even when the key failed:
                // onto the entry of the key as the failed load left it, if there is one, else
                // into an entry it then drops; either way the entry is Unavailable.
                let key_failed = failed(kc);
                let hash = key_hash(&key);
                let slot = index.find(entries, hash, &key);
                if peek == Peek::Object && slot.is_some_and(|i| i >= had) {
                    // A member for a key that one before it in this object has (an entry
                    // this load made, not one the target had).
                    self.ctx.second_member()?;
                }
                let mut value = match slot {
                    Some(i) => std::mem::replace(&mut entries[i].1, placeholder()),
                    // Made as it is read (the default if nothing is).
                    None => placeholder(),
                };
                let vc = if peek == Peek::Object {
                    if slot.is_some() && self.r.at_empty_object()? {
                        self.initialize_new_instance(vt, &mut value)?;
                    }
                    self.value(vt, &mut value)
                } else {
                    self.pair_value(vt, &mut value, slot.is_some())
                };
                match slot {
                    Some(i) => entries[i].1 = value,
                    None => {
                        if !key_failed && vc.as_ref().is_ok_and(|c| !failed(*c)) {
                            index.insert(hash, entries.len());
                            entries.push((key, value));
                        }
                    }
                }
                let vc = vc?;
                if key_failed || failed(vc) {
                    return self.ctx.report(Outcome::Unavailable, false, || {
                        "the entry's key or value could not be read".into()
                    });
                }
                Ok(kc.combine(vc))
            });
            self.ctx.leave(len);
            result.absorb(code?);
        }
        // `LoadContainer`: an entry added makes the map no longer its default, so at best
        // PartialDefaults; entries that only loaded onto existing ones keep their outcome.
        if !result.has_done_work() {
            return Ok(self.ctx.code(Outcome::Success));
        }
        if entries.len() > had {
            result.absorb(self.ctx.code(Outcome::Success));
        }
        Ok(result)
    }

    /// Loads the `Key` member of the `{"Key", "Value"}` object ahead (the reader stays at the
    /// object); a missing key is the default.
    fn pair_key(&mut self, kt: TypeId, key: &mut Value) -> Step {
        match self.entry_member("Key")? {
            Some(saved) => {
                let back = self.r.save();
                self.r.restore(saved);
                let len = self.ctx.enter_key("Key")?;
                let code = self.value(kt, key);
                self.ctx.leave(len);
                self.r.restore(back);
                code
            }
            None => Ok(self.ctx.code(Outcome::DefaultsUsed)),
        }
    }

    /// Loads the `Value` member of the object ahead and consumes the object; `existing`: onto
    /// the value of an entry already in the map.
    fn pair_value(&mut self, vt: TypeId, value: &mut Value, existing: bool) -> Step {
        match self.entry_member("Value")? {
            Some(saved) => {
                let back = self.r.save();
                self.r.restore(saved);
                let len = self.ctx.enter_key("Value")?;
                if existing && self.r.at_empty_object()? {
                    self.initialize_new_instance(vt, value)?;
                }
                let code = self.value(vt, value);
                self.ctx.leave(len);
                self.r.restore(back);
                self.r.skip_value()?;
                code
            }
            None => {
                // A missing value is `{}`: a new entry's value is the default; an existing
                // entry's is initialized as a new instance.
                if *value == placeholder() {
                    self.ctx.check_default(self.reg, vt, &["Value"])?;
                    *value = self.new_instance(vt)?;
                } else {
                    self.initialize_new_instance(vt, value)?;
                }
                self.r.skip_value()?;
                Ok(self.ctx.code(Outcome::DefaultsUsed))
            }
        }
    }

    /// What `{}` does to a value loaded "as a new instance", as `JsonMapSerializer::LoadElement`
    /// loads an existing entry's value: the serializers flagged `InitializeNewInstance` reset
    /// it (numbers and bools to zero, math values and uuids to their defaults; fixed arrays
    /// and tuples element by element); the others (strings, enums, classes, containers,
    /// pointers) leave it as it is.
    fn initialize_new_instance(&self, ty: TypeId, value: &mut Value) -> Result<(), Halt> {
        let Some(kind) = self.reg.get(ty).map(|t| t.kind()) else {
            return Ok(());
        };
        match kind {
            Kind::Bool
            | Kind::Char
            | Kind::Int(_)
            | Kind::Float(_)
            | Kind::EntityId
            | Kind::Uuid
            | Kind::Math(_) => *value = self.new_instance(ty)?,
            Kind::Array(e, _) => {
                if let Value::List(items) = value {
                    for item in items.iter_mut() {
                        self.initialize_new_instance(*e, item)?;
                    }
                }
            }
            Kind::Tuple(ts) => {
                if let Value::Tuple(items) = value {
                    for (t, item) in ts.iter().zip(items.iter_mut()) {
                        self.initialize_new_instance(*t, item)?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// How many members the object ahead has (the reader is left where it was).
    pub(crate) fn count_members(&mut self) -> Result<usize, Halt> {
        let saved = self.r.save();
        self.r.begin_object()?;
        let mut first = true;
        let mut n = 0;
        while self.r.next_key(&mut first)?.is_some() {
            self.r.skip_value()?;
            n += 1;
        }
        self.r.restore(saved);
        Ok(n)
    }

    /// Where the value of the last member of the object ahead named one of `names` (compared
    /// case-insensitively) starts; the reader is left where it was.
    pub(crate) fn find_member(&mut self, names: &[&str]) -> Result<Option<(usize, usize)>, Halt> {
        self.find_member_by(
            |key| names.iter().any(|n| key.eq_ignore_ascii_case(n)),
            false,
        )
    }

    /// Where the value of the member `name` (`Key` or `Value`) of the `{"Key", "Value"}` object
    /// ahead starts: as `JsonMapSerializer` finds it with RapidJSON's `FindMember`, the first
    /// member spelled exactly so; with the documented rules, in any case.
    fn entry_member(&mut self, name: &str) -> Result<Option<(usize, usize)>, Halt> {
        let any_case = self.opts.rules != Rules::Engine;
        self.find_member_by(
            |key| key == name || any_case && key.eq_ignore_ascii_case(name),
            true,
        )
    }

    /// Where the value of the `first` (else the last) member whose name `matches` starts, in
    /// the object ahead; the reader is left where it was.
    fn find_member_by(
        &mut self,
        matches: impl Fn(&str) -> bool,
        first_wins: bool,
    ) -> Result<Option<(usize, usize)>, Halt> {
        let saved = self.r.save();
        self.r.begin_object()?;
        let mut first = true;
        let mut found = None;
        while let Some(key) = self.r.next_key(&mut first)? {
            if matches(&key) && !(first_wins && found.is_some()) {
                found = Some(self.r.save());
            }
            self.r.skip_value()?;
        }
        self.r.restore(saved);
        Ok(found)
    }
}

/// A multiplicative hasher for map keys: the keys come from the document being read, and a
/// collision costs a search of the entries.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        // A folded multiply: the high half of the product is mixed back in, so a difference in
        // the high bytes of a word reaches every bit (FxHash's plain multiply only carries
        // upwards, and keys like "item_0001" collided).
        let m = u128::from(self.0 ^ n) * 0x51_7c_c1_b7_27_22_0a_95;
        self.0 = (m as u64) ^ (m >> 64) as u64;
    }
}

/// Where each key of a map being loaded is, by the key's hash: the map's entries are the
/// source of truth, so no key is copied.
struct KeyIndex(HashMap<u64, usize, BuildHasherDefault<KeyHasher>>);

/// The hash of a map key, from a seed drawn once per process: the keys come from the document,
/// and a document made to collide under a known seed would make loading its map quadratic.
fn key_hash(key: &Value) -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    let seed = *SEED.get_or_init(|| RandomState::new().build_hasher().finish());
    let mut h = KeyHasher(seed);
    match key {
        // Equal keys hash alike: `0.0` stands for both zeros (see `same_key`).
        Value::F32(x) if *x == 0.0 => Value::F32(0.0).hash(&mut h),
        Value::F64(x) if *x == 0.0 => Value::F64(0.0).hash(&mut h),
        key => key.hash(&mut h),
    }
    h.finish()
}

/// Whether two keys are one map key: as `Value`s are equal, and as C++'s `std::less` and
/// `std::hash` find `-0.0` and `0.0` (so a `{"-0.0": .., "0.0": ..}` map has one entry).
fn same_key(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) if *x == 0.0 => *y == 0.0,
        (Value::F64(x), Value::F64(y)) if *x == 0.0 => *y == 0.0,
        _ => a == b,
    }
}

impl KeyIndex {
    fn new(entries: &[(Value, Value)]) -> Self {
        let mut index = KeyIndex(HashMap::default());
        for (i, (k, _)) in entries.iter().enumerate() {
            index.insert(key_hash(k), i);
        }
        index
    }

    /// Indexes entry `i`, whose key has `hash` (unless a key with the hash is indexed).
    fn insert(&mut self, hash: u64, i: usize) {
        self.0.entry(hash).or_insert(i);
    }

    /// The entry with `key`, whose hash is `hash`; on a hash collision, a search.
    fn find(&self, entries: &[(Value, Value)], hash: u64, key: &Value) -> Option<usize> {
        let i = *self.0.get(&hash)?;
        if entries.get(i).is_some_and(|(k, _)| same_key(k, key)) {
            return Some(i);
        }
        entries.iter().position(|(k, _)| same_key(k, key))
    }
}
#[cfg(test)]
mod tests {
    use rosetta_types::Value;

    #[test]
    fn similar_keys_hash_apart() {
        let mut hashes = std::collections::HashSet::new();
        let keys = (0..10_000)
            .flat_map(|i| {
                [
                    format!("item_{i:04}"),
                    format!("stat_{i:03}"),
                    format!("{i}"),
                ]
            })
            .map(|k| Value::String(k.into()))
            .chain((0..10_000).flat_map(|i| [Value::I32(i), Value::U64(i as u64 * 256)]));
        let mut n = 0;
        for key in keys {
            hashes.insert(super::key_hash(&key));
            n += 1;
        }
        assert_eq!(hashes.len(), n);
    }
}
