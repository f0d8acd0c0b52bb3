//! Serde for map fields that serde's own impls would write otherwise than the schema-driven
//! formats: maps with `bytes` keys or values (a byte string each, not an array of numbers), and
//! maps whose keys have no order, generated as `Vec<(K, V)>` (a map, not an array of pairs).
//!
//! Generated code names the form of the key and of the value:
//! `#[serde(serialize_with = "serde_map::serialize::<_, Raw, Plain, _>", ...)]`.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use super::serde_bytes::ByteBuf;

/// How one key or value is written.
pub trait Form<T> {
    /// Serializes `value`.
    fn serialize<S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error>;
    /// Deserializes a value.
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error>;
}

/// As serde writes the type.
pub struct Plain;

impl<T: Serialize + for<'de> Deserialize<'de>> Form<T> for Plain {
    fn serialize<S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
        value.serialize(serializer)
    }
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        T::deserialize(deserializer)
    }
}

/// `bytes` as a byte string.
pub struct Raw;

impl Form<Vec<u8>> for Raw {
    fn serialize<S: Serializer>(value: &Vec<u8>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(value)
    }
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        ByteBuf::deserialize(deserializer).map(|b| b.0)
    }
}

impl Form<bytes::Bytes> for Raw {
    fn serialize<S: Serializer>(value: &bytes::Bytes, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(value)
    }
    fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bytes::Bytes, D::Error> {
        ByteBuf::deserialize(deserializer).map(|b| bytes::Bytes::from(b.0))
    }
}

/// The map types generated code holds.
pub trait Entries: Sized {
    /// The key type.
    type K;
    /// The value type.
    type V;
    /// The number of entries.
    fn count(&self) -> usize;
    /// Calls `f` on each entry, in order, until it fails.
    fn try_each<E>(&self, f: impl FnMut(&Self::K, &Self::V) -> Result<(), E>) -> Result<(), E>;
    /// Adds an entry read back.
    fn push(&mut self, key: Self::K, value: Self::V);
    /// An empty map.
    fn empty() -> Self;
}

impl<K: Ord, V> Entries for BTreeMap<K, V> {
    type K = K;
    type V = V;
    fn count(&self) -> usize {
        self.len()
    }
    fn try_each<E>(&self, mut f: impl FnMut(&K, &V) -> Result<(), E>) -> Result<(), E> {
        self.iter().try_for_each(|(k, v)| f(k, v))
    }
    fn push(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn empty() -> Self {
        BTreeMap::new()
    }
}

impl<K: Hash + Eq, V, H: BuildHasher + Default> Entries for HashMap<K, V, H> {
    type K = K;
    type V = V;
    fn count(&self) -> usize {
        self.len()
    }
    fn try_each<E>(&self, mut f: impl FnMut(&K, &V) -> Result<(), E>) -> Result<(), E> {
        self.iter().try_for_each(|(k, v)| f(k, v))
    }
    fn push(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn empty() -> Self {
        HashMap::default()
    }
}

impl<K, V> Entries for Vec<(K, V)> {
    type K = K;
    type V = V;
    fn count(&self) -> usize {
        self.len()
    }
    fn try_each<E>(&self, mut f: impl FnMut(&K, &V) -> Result<(), E>) -> Result<(), E> {
        self.iter().try_for_each(|(k, v)| f(k, v))
    }
    fn push(&mut self, key: K, value: V) {
        Vec::push(self, (key, value));
    }
    fn empty() -> Self {
        Vec::new()
    }
}

/// One key or value, written by its form.
struct By<'a, F, T>(&'a T, PhantomData<F>);

impl<F: Form<T>, T> Serialize for By<'_, F, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        F::serialize(self.0, serializer)
    }
}

struct Seed<F, T>(PhantomData<(F, T)>);

impl<'de, F: Form<T>, T> DeserializeSeed<'de> for Seed<F, T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        F::deserialize(deserializer)
    }
}

/// Serializes a map field as a map, its keys and values by their forms.
pub fn serialize<M, KF, VF, S>(map: &M, serializer: S) -> Result<S::Ok, S::Error>
where
    M: Entries,
    KF: Form<M::K>,
    VF: Form<M::V>,
    S: Serializer,
{
    let mut out = serializer.serialize_map(Some(map.count()))?;
    map.try_each(|k, v| {
        out.serialize_entry(&By::<KF, _>(k, PhantomData), &By::<VF, _>(v, PhantomData))
    })?;
    out.end()
}

/// Deserializes a map field written by [`serialize`].
pub fn deserialize<'de, M, KF, VF, D>(deserializer: D) -> Result<M, D::Error>
where
    M: Entries,
    KF: Form<M::K>,
    VF: Form<M::V>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_map(MapVisitor::<M, KF, VF>(PhantomData))
}

struct MapVisitor<M, KF, VF>(PhantomData<(M, KF, VF)>);

impl<'de, M, KF, VF> Visitor<'de> for MapVisitor<M, KF, VF>
where
    M: Entries,
    KF: Form<M::K>,
    VF: Form<M::V>,
{
    type Value = M;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<M, A::Error> {
        let mut map = M::empty();
        while let Some(key) = access.next_key_seed(Seed::<KF, M::K>(PhantomData))? {
            let value = access.next_value_seed(Seed::<VF, M::V>(PhantomData))?;
            map.push(key, value);
        }
        Ok(map)
    }
}

/// [`serialize`] for an update's `Option` of a map.
pub fn serialize_option<M, KF, VF, S>(map: &Option<M>, serializer: S) -> Result<S::Ok, S::Error>
where
    M: Entries,
    KF: Form<M::K>,
    VF: Form<M::V>,
    S: Serializer,
{
    struct Some<'a, M, KF, VF>(&'a M, PhantomData<(KF, VF)>);
    impl<M: Entries, KF: Form<M::K>, VF: Form<M::V>> Serialize for Some<'_, M, KF, VF> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serialize::<M, KF, VF, S>(self.0, serializer)
        }
    }
    match map {
        Option::Some(map) => serializer.serialize_some(&Some::<M, KF, VF>(map, PhantomData)),
        None => serializer.serialize_none(),
    }
}

/// [`deserialize`] for an update's `Option` of a map.
pub fn deserialize_option<'de, M, KF, VF, D>(deserializer: D) -> Result<Option<M>, D::Error>
where
    M: Entries,
    KF: Form<M::K>,
    VF: Form<M::V>,
    D: Deserializer<'de>,
{
    struct Wrapped<M, KF, VF>(M, PhantomData<(KF, VF)>);
    impl<'de, M: Entries, KF: Form<M::K>, VF: Form<M::V>> Deserialize<'de> for Wrapped<M, KF, VF> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserialize::<M, KF, VF, D>(deserializer).map(|m| Wrapped(m, PhantomData))
        }
    }
    Option::<Wrapped<M, KF, VF>>::deserialize(deserializer).map(|w| w.map(|w| w.0))
}
