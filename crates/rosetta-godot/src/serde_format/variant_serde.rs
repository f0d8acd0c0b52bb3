//! `Serialize` and `Deserialize` for [`Variant`] (mapping: [the module docs](super)).

use crate::math::{Color, Vector2, Vector3, Vector4};
use crate::variant::{Array, Dictionary, NodePath, Object, Variant};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::cell::{Cell, RefCell};
use std::fmt;

fn floats(values: &[f64]) -> Variant {
    Variant::Array(Box::new(Array::untyped(
        values.iter().map(|v| Variant::Float(*v)).collect(),
    )))
}

fn ints(values: &[i32]) -> Variant {
    Variant::Array(Box::new(Array::untyped(
        values.iter().map(|v| Variant::Int((*v).into())).collect(),
    )))
}

fn array(items: Vec<Variant>) -> Variant {
    Variant::Array(Box::new(Array::untyped(items)))
}

fn v2(v: &Vector2) -> Variant {
    floats(&[v.x, v.y])
}

fn v3(v: &Vector3) -> Variant {
    floats(&[v.x, v.y, v.z])
}

fn v4(v: &Vector4) -> Variant {
    floats(&[v.x, v.y, v.z, v.w])
}

fn color(c: &Color) -> Variant {
    floats(&[c.r.into(), c.g.into(), c.b.into(), c.a.into()])
}

/// Godot's text for a NodePath (`/root/Main:position`).
pub(super) fn node_path_text(path: &NodePath) -> String {
    let mut out = String::new();
    if path.absolute {
        out.push('/');
    }
    out.push_str(&path.names.join("/"));
    for sub in &path.subnames {
        out.push(':');
        out.push_str(sub);
    }
    out
}

/// The serde form of a Variant outside the core set, as a Variant of the core set: nil, bool,
/// int, float, String, Array, Dictionary, PackedByteArray, and `Rid` standing for a `u64`.
/// `None` for values already in the core set.
pub(super) fn lower(value: &Variant) -> Option<Variant> {
    Some(match value {
        Variant::Nil
        | Variant::Bool(_)
        | Variant::Int(_)
        | Variant::Float(_)
        | Variant::String(_)
        | Variant::StringName(_)
        | Variant::Rid(_)
        | Variant::Array(_)
        | Variant::Dictionary(_)
        | Variant::PackedByteArray(_) => return None,
        Variant::Vector2(v) => v2(v),
        Variant::Vector2i(v) => ints(&[v.x, v.y]),
        Variant::Rect2(r) => floats(&[r.position.x, r.position.y, r.size.x, r.size.y]),
        Variant::Rect2i(r) => ints(&[r.position.x, r.position.y, r.size.x, r.size.y]),
        Variant::Vector3(v) => v3(v),
        Variant::Vector3i(v) => ints(&[v.x, v.y, v.z]),
        Variant::Transform2D(t) => {
            let [a, b, c] = t.columns;
            floats(&[a.x, a.y, b.x, b.y, c.x, c.y])
        }
        Variant::Vector4(v) => v4(v),
        Variant::Vector4i(v) => ints(&[v.x, v.y, v.z, v.w]),
        Variant::Plane(p) => floats(&[p.normal.x, p.normal.y, p.normal.z, p.d]),
        Variant::Quaternion(q) => floats(&[q.x, q.y, q.z, q.w]),
        Variant::Aabb(b) => floats(&[
            b.position.x,
            b.position.y,
            b.position.z,
            b.size.x,
            b.size.y,
            b.size.z,
        ]),
        Variant::Basis(b) => floats(&basis9(&b.rows)),
        Variant::Transform3D(t) => {
            let mut v = basis9(&t.basis.rows).to_vec();
            v.extend([t.origin.x, t.origin.y, t.origin.z]);
            floats(&v)
        }
        Variant::Projection(p) => {
            let v: Vec<f64> = p
                .columns
                .iter()
                .flat_map(|c| [c.x, c.y, c.z, c.w])
                .collect();
            floats(&v)
        }
        Variant::Color(c) => color(c),
        Variant::NodePath(p) => Variant::String(node_path_text(p)),
        Variant::Object(o) => match &**o {
            Object::Null => Variant::Nil,
            Object::InstanceId(id) => Variant::Rid(*id),
            Object::Full { class, properties } => {
                Variant::Dictionary(Box::new(Dictionary::untyped(vec![
                    (
                        Variant::String("class".into()),
                        Variant::String(class.clone()),
                    ),
                    (
                        Variant::String("properties".into()),
                        Variant::Dictionary(Box::new(Dictionary::untyped(
                            properties
                                .iter()
                                .map(|(k, v)| (Variant::String(k.clone()), v.clone()))
                                .collect(),
                        ))),
                    ),
                ])))
            }
        },
        Variant::Callable => Variant::Nil,
        Variant::Signal(s) => array(vec![
            Variant::String(s.name.clone()),
            Variant::Rid(s.object_id),
        ]),
        Variant::PackedInt32Array(v) => {
            array(v.iter().map(|x| Variant::Int((*x).into())).collect())
        }
        Variant::PackedInt64Array(v) => array(v.iter().map(|x| Variant::Int(*x)).collect()),
        Variant::PackedFloat32Array(v) => {
            array(v.iter().map(|x| Variant::Float((*x).into())).collect())
        }
        Variant::PackedFloat64Array(v) => floats(v),
        Variant::PackedStringArray(v) => {
            array(v.iter().map(|x| Variant::String(x.clone())).collect())
        }
        Variant::PackedVector2Array(v) => array(v.iter().map(v2).collect()),
        Variant::PackedVector3Array(v) => array(v.iter().map(v3).collect()),
        Variant::PackedColorArray(v) => array(v.iter().map(color).collect()),
        Variant::PackedVector4Array(v) => array(v.iter().map(v4).collect()),
    })
}

fn basis9(rows: &[Vector3; 3]) -> [f64; 9] {
    let [a, b, c] = rows;
    [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]
}

/// The newtype-struct name through which a [`Variant`] reaches this module's own serializers and
/// deserializer unchanged. Other formats treat the newtype as transparent and see the natural
/// serde form.
pub(super) const PASSTHROUGH: &str = "$rosetta_godot::Variant";

thread_local! {
    /// How many of this module's serializers are running on this thread (see [`Passthrough`]).
    static ACTIVE: Cell<u32> = const { Cell::new(0) };
    /// The Variant being handed to this module's serializer or from its deserializer.
    static STASH: RefCell<Option<Variant>> = const { RefCell::new(None) };
}

/// Marks one of this module's serializers as running: while it lives, `Variant::serialize`
/// hands the value itself over (a clone through [`STASH`]) instead of its serde form.
pub(super) struct Passthrough(());

impl Passthrough {
    pub(super) fn start() -> Self {
        ACTIVE.with(|a| a.set(a.get() + 1));
        Passthrough(())
    }
}

impl Drop for Passthrough {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.set(a.get().saturating_sub(1)));
        STASH.with(|s| s.borrow_mut().take());
    }
}

/// Takes the Variant stashed for a [`PASSTHROUGH`] newtype, if any.
pub(super) fn take_stashed() -> Option<Variant> {
    STASH.with(|s| s.borrow_mut().take())
}

/// Stashes `value` for the [`PASSTHROUGH`] visitor.
pub(super) fn stash(value: Variant) {
    STASH.with(|s| *s.borrow_mut() = Some(value));
}

/// The natural serde form of a Variant (without the passthrough wrapper).
struct Natural<'a>(&'a Variant);

impl Serialize for Natural<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_natural(serializer)
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if ACTIVE.with(Cell::get) == 0 {
            return self.serialize_natural(serializer);
        }
        stash(self.clone());
        let result = serializer.serialize_newtype_struct(PASSTHROUGH, &Natural(self));
        take_stashed();
        result
    }
}

impl Variant {
    fn serialize_natural<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Variant::Nil => serializer.serialize_unit(),
            Variant::Bool(b) => serializer.serialize_bool(*b),
            Variant::Int(i) => serializer.serialize_i64(*i),
            Variant::Float(f) => serializer.serialize_f64(*f),
            Variant::String(s) | Variant::StringName(s) => serializer.serialize_str(s),
            Variant::Rid(id) => serializer.serialize_u64(*id),
            Variant::Array(a) => serializer.collect_seq(&a.items),
            Variant::Dictionary(d) => {
                let mut map = serializer.serialize_map(Some(d.entries.len()))?;
                for (k, v) in &d.entries {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
            Variant::PackedByteArray(b) => serializer.serialize_bytes(b),
            Variant::PackedInt32Array(v) => serializer.collect_seq(v),
            Variant::PackedInt64Array(v) => serializer.collect_seq(v),
            Variant::PackedFloat32Array(v) => serializer.collect_seq(v),
            Variant::PackedFloat64Array(v) => serializer.collect_seq(v),
            Variant::PackedStringArray(v) => serializer.collect_seq(v),
            other => match lower(other) {
                Some(lowered) => lowered.serialize(serializer),
                None => serializer.serialize_unit(),
            },
        }
    }
}

struct VariantVisitor;

fn out_of_range<E: de::Error>(what: impl fmt::Display) -> E {
    E::custom(format_args!(
        "integer {what} does not fit Godot's 64-bit int"
    ))
}

impl<'de> Visitor<'de> for VariantVisitor {
    type Value = Variant;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a Godot value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Variant, E> {
        Ok(Variant::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Variant, E> {
        Ok(Variant::Int(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Variant, E> {
        i64::try_from(v)
            .map(Variant::Int)
            .map_err(|_| out_of_range(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Variant, E> {
        i64::try_from(v)
            .map(Variant::Int)
            .map_err(|_| out_of_range(v))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Variant, E> {
        i64::try_from(v)
            .map(Variant::Int)
            .map_err(|_| out_of_range(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Variant, E> {
        Ok(Variant::Float(v))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<Variant, E> {
        Ok(Variant::String(v.to_string()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Variant, E> {
        Ok(Variant::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Variant, E> {
        Ok(Variant::String(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v))
    }
    fn visit_none<E: de::Error>(self) -> Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        Variant::deserialize(d)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Variant, E> {
        // This module's deserializer hands a Variant over through the stash.
        Ok(take_stashed().unwrap_or(Variant::Nil))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Variant, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Variant, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Variant::Dictionary(Box::new(Dictionary::untyped(entries))))
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(PASSTHROUGH, VariantVisitor)
    }
}
