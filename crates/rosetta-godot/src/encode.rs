//! The encoder: [`encode`] writes a [`Variant`] as `var_to_bytes` (Godot 4) or `var2bytes`
//! (Godot 3) does.
//!
//! Deviation from the engines: the padding after NodePath names is written as zeros (Godot
//! 3.2.3 and 4.6-stable leave it uninitialised; newer Godot writes zeros).

use crate::error::{Error, Result};
use crate::header::{
    id_of, Version, FLAG_64, KIND_BUILTIN, KIND_CLASS_NAME, KIND_NONE, KIND_SCRIPT,
};
use crate::math::{Color, Vector2, Vector3, Vector4};
use crate::typed::{self, Role};
use crate::variant::{Array, ContainerType, Dictionary, NodePath, Object, Variant, VariantType};

/// The class name Godot writes for typed containers of objects when objects are not written.
pub const ENCODED_OBJECT_AS_ID: &str = "EncodedObjectAsID";

/// How to encode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The engine whose format to write.
    pub version: Version,
    /// Write full objects (class and properties) like `var_to_bytes_with_objects`; otherwise
    /// objects are written as instance ids.
    pub full_objects: bool,
    /// Godot 4 only: write math types with `f64` components and the 64-bit flag, as a
    /// `real_t = double` build does. Godot 3 math types are always `f32`.
    pub double_precision: bool,
    /// The deepest nesting written (the engine's limit is 1024).
    pub max_depth: usize,
}

impl EncodeOptions {
    /// Defaults for `version`: no full objects, single precision, depth 1024.
    pub fn new(version: Version) -> Self {
        EncodeOptions {
            version,
            full_objects: false,
            double_precision: false,
            max_depth: crate::variant::MAX_DEPTH,
        }
    }
}

/// Encodes `value` as the engine chosen in `options` would.
///
/// Fails when the value has a type the engine lacks (e.g. `Vector2i` in Godot 3), nests too
/// deep, has a length beyond `u32`, or is a full object while `full_objects` is off.
pub fn encode(value: &Variant, options: &EncodeOptions) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    Encoder {
        options,
        out: &mut out,
    }
    .value(value, 0)?;
    Ok(out)
}

struct Encoder<'a> {
    options: &'a EncodeOptions,
    out: &'a mut Vec<u8>,
}

impl Encoder<'_> {
    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    fn len(&mut self, n: usize) -> Result<()> {
        let n = u32::try_from(n)
            .ok()
            .filter(|n| *n <= 0x7FFF_FFFF)
            .ok_or_else(|| Error::Unencodable(format!("length {n} does not fit")))?;
        self.u32(n);
        Ok(())
    }

    fn pad(&mut self) {
        while self.out.len() % 4 != 0 {
            self.out.push(0);
        }
    }

    fn string(&mut self, s: &str) -> Result<()> {
        self.len(s.len())?;
        self.out.extend_from_slice(s.as_bytes());
        self.pad();
        Ok(())
    }

    fn double(&self) -> bool {
        self.options.double_precision && self.options.version == Version::Godot4
    }

    fn real(&mut self, v: f64) {
        if self.double() {
            self.out.extend_from_slice(&v.to_le_bytes());
        } else {
            self.out.extend_from_slice(&(v as f32).to_le_bytes());
        }
    }

    fn reals(&mut self, vs: &[f64]) {
        for v in vs {
            self.real(*v);
        }
    }

    fn color(&mut self, c: &Color) {
        for v in [c.r, c.g, c.b, c.a] {
            self.out.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn type_id(&self, ty: VariantType) -> Result<u32> {
        id_of(self.options.version, ty).ok_or_else(|| {
            Error::Unencodable(format!(
                "{ty:?} does not exist in {:?}",
                self.options.version
            ))
        })
    }

    fn header(&mut self, ty: VariantType, flags: u32) -> Result<()> {
        let id = self.type_id(ty)?;
        self.u32(id | flags);
        Ok(())
    }

    fn math_flag(&self) -> u32 {
        if self.double() {
            FLAG_64
        } else {
            0
        }
    }

    fn value(&mut self, value: &Variant, depth: usize) -> Result<()> {
        if depth > self.options.max_depth {
            return Err(Error::TooDeep {
                offset: 0,
                limit: self.options.max_depth,
            });
        }
        match value {
            Variant::Object(o) => self.object(o, depth),
            Variant::Dictionary(d) => self.dictionary(d, depth),
            Variant::Array(a) => self.array(a, depth),
            _ => self.leaf(value),
        }
    }

    #[inline(never)]
    fn dictionary(&mut self, d: &Dictionary, depth: usize) -> Result<()> {
        self.dictionary_head(d)?;
        for (i, (k, v)) in d.entries.iter().enumerate() {
            // Keys must read back as written; values are not checked by the engine's decoder,
            // so any value reads back as written. (Errors out of line: deep values recurse
            // through here and must fit small stacks.)
            if !typed::holds(&d.key_type, k) {
                return Err(key_error(d, k));
            }
            if let Err(e) = self.value(k, depth + 1) {
                return Err(typed::in_key(e, i));
            }
            if let Err(e) = self.value(v, depth + 1) {
                return Err(typed::in_value(e, k));
            }
        }
        Ok(())
    }

    /// A Dictionary's header, types and count.
    #[inline(never)]
    fn dictionary_head(&mut self, d: &Dictionary) -> Result<()> {
        let (key_kind, key_extra) = self.container_kind(&d.key_type)?;
        let (value_kind, value_extra) = self.container_kind(&d.value_type)?;
        self.header(
            VariantType::Dictionary,
            (key_kind << 16) | (value_kind << 18),
        )?;
        self.container_extra(key_extra)?;
        self.container_extra(value_extra)?;
        self.len(d.entries.len())
    }

    #[inline(never)]
    fn array(&mut self, a: &Array, depth: usize) -> Result<()> {
        self.array_head(a)?;
        for (i, item) in a.items.iter().enumerate() {
            // An element of another type would be read back converted, or dropped.
            if !typed::holds(&a.element_type, item) {
                return Err(element_error(a, item, i));
            }
            if let Err(e) = self.value(item, depth + 1) {
                return Err(typed::in_element(e, i));
            }
        }
        Ok(())
    }

    /// An Array's header, element type and count.
    #[inline(never)]
    fn array_head(&mut self, a: &Array) -> Result<()> {
        let (kind, extra) = self.container_kind(&a.element_type)?;
        self.header(VariantType::Array, kind << 16)?;
        self.container_extra(extra)?;
        self.len(a.items.len())
    }

    /// A value that holds no other values (kept apart so that recursion frames stay small).
    #[inline(never)]
    fn leaf(&mut self, value: &Variant) -> Result<()> {
        let ty = value.variant_type();
        let m = self.math_flag();
        match value {
            Variant::Nil => self.header(ty, 0)?,
            Variant::Bool(b) => {
                self.header(ty, 0)?;
                self.u32(u32::from(*b));
            }
            Variant::Int(i) => match i32::try_from(*i) {
                Ok(small) => {
                    self.header(ty, 0)?;
                    self.out.extend_from_slice(&small.to_le_bytes());
                }
                Err(_) => {
                    self.header(ty, FLAG_64)?;
                    self.out.extend_from_slice(&i.to_le_bytes());
                }
            },
            Variant::Float(f) => {
                // The engine's rule: 64-bit iff (double)(float)d != d (so NaN is always 64-bit).
                #[allow(clippy::float_cmp)]
                if f64::from(*f as f32) == *f {
                    self.header(ty, 0)?;
                    self.out.extend_from_slice(&(*f as f32).to_le_bytes());
                } else {
                    self.header(ty, FLAG_64)?;
                    self.out.extend_from_slice(&f.to_le_bytes());
                }
            }
            Variant::String(s) | Variant::StringName(s) => {
                self.header(ty, 0)?;
                self.string(s)?;
            }
            Variant::Vector2(v) => {
                self.header(ty, m)?;
                self.reals(&[v.x, v.y]);
            }
            Variant::Vector2i(v) => {
                self.header(ty, 0)?;
                self.ints(&[v.x, v.y]);
            }
            Variant::Rect2(r) => {
                self.header(ty, m)?;
                self.reals(&[r.position.x, r.position.y, r.size.x, r.size.y]);
            }
            Variant::Rect2i(r) => {
                self.header(ty, 0)?;
                self.ints(&[r.position.x, r.position.y, r.size.x, r.size.y]);
            }
            Variant::Vector3(v) => {
                self.header(ty, m)?;
                self.vec3(v);
            }
            Variant::Vector3i(v) => {
                self.header(ty, 0)?;
                self.ints(&[v.x, v.y, v.z]);
            }
            Variant::Transform2D(t) => {
                self.header(ty, m)?;
                for c in &t.columns {
                    self.reals(&[c.x, c.y]);
                }
            }
            Variant::Vector4(v) => {
                self.header(ty, m)?;
                self.vec4(v);
            }
            Variant::Vector4i(v) => {
                self.header(ty, 0)?;
                self.ints(&[v.x, v.y, v.z, v.w]);
            }
            Variant::Plane(p) => {
                self.header(ty, m)?;
                self.vec3(&p.normal);
                self.real(p.d);
            }
            Variant::Quaternion(q) => {
                self.header(ty, m)?;
                self.reals(&[q.x, q.y, q.z, q.w]);
            }
            Variant::Aabb(b) => {
                self.header(ty, m)?;
                self.vec3(&b.position);
                self.vec3(&b.size);
            }
            Variant::Basis(b) => {
                self.header(ty, m)?;
                for r in &b.rows {
                    self.vec3(r);
                }
            }
            Variant::Transform3D(t) => {
                self.header(ty, m)?;
                for r in &t.basis.rows {
                    self.vec3(r);
                }
                self.vec3(&t.origin);
            }
            Variant::Projection(p) => {
                self.header(ty, m)?;
                for c in &p.columns {
                    self.vec4(c);
                }
            }
            Variant::Color(c) => {
                self.header(ty, 0)?;
                self.color(c);
            }
            Variant::NodePath(p) => {
                self.header(ty, 0)?;
                self.node_path(p)?;
            }
            Variant::Rid(id) => {
                self.header(ty, 0)?;
                if self.options.version == Version::Godot4 {
                    self.out.extend_from_slice(&id.to_le_bytes());
                }
            }
            Variant::Callable => self.header(ty, 0)?,
            Variant::Signal(s) => {
                self.header(ty, 0)?;
                self.string(&s.name)?;
                self.out.extend_from_slice(&s.object_id.to_le_bytes());
            }
            Variant::Object(_) | Variant::Dictionary(_) | Variant::Array(_) => {
                return Err(Error::Unencodable(
                    "internal: containers are not leaves".into(),
                ))
            }
            Variant::PackedByteArray(b) => {
                self.header(ty, 0)?;
                self.len(b.len())?;
                self.out.extend_from_slice(b);
                self.pad();
            }
            Variant::PackedInt32Array(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                self.packed(v, i32::to_le_bytes);
            }
            Variant::PackedInt64Array(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                self.packed(v, i64::to_le_bytes);
            }
            Variant::PackedFloat32Array(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                self.packed(v, f32::to_le_bytes);
            }
            Variant::PackedFloat64Array(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                self.packed(v, f64::to_le_bytes);
            }
            Variant::PackedStringArray(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                for s in v {
                    // Each element: byte length + 1, the bytes, a NUL, padding.
                    self.len(s.len() + 1)?;
                    self.out.extend_from_slice(s.as_bytes());
                    self.out.push(0);
                    self.pad();
                }
            }
            Variant::PackedVector2Array(v) => {
                self.header(ty, m)?;
                self.len(v.len())?;
                for x in v {
                    self.vec2(x);
                }
            }
            Variant::PackedVector3Array(v) => {
                self.header(ty, m)?;
                self.len(v.len())?;
                for x in v {
                    self.vec3(x);
                }
            }
            Variant::PackedColorArray(v) => {
                self.header(ty, 0)?;
                self.len(v.len())?;
                for c in v {
                    self.color(c);
                }
            }
            Variant::PackedVector4Array(v) => {
                self.header(ty, m)?;
                self.len(v.len())?;
                for x in v {
                    self.vec4(x);
                }
            }
        }
        Ok(())
    }

    /// Fixed-size elements in one pass: the output grows once and the loop vectorises.
    fn packed<const N: usize, T: Copy>(&mut self, vs: &[T], to_le: impl Fn(T) -> [u8; N]) {
        let start = self.out.len();
        self.out.resize(start + vs.len() * N, 0);
        for (dst, x) in self.out[start..].chunks_exact_mut(N).zip(vs) {
            dst.copy_from_slice(&to_le(*x));
        }
    }

    fn ints(&mut self, vs: &[i32]) {
        for v in vs {
            self.out.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn vec2(&mut self, v: &Vector2) {
        self.reals(&[v.x, v.y]);
    }

    fn vec3(&mut self, v: &Vector3) {
        self.reals(&[v.x, v.y, v.z]);
    }

    fn vec4(&mut self, v: &Vector4) {
        self.reals(&[v.x, v.y, v.z, v.w]);
    }

    fn node_path(&mut self, p: &NodePath) -> Result<()> {
        let names = u32::try_from(p.names.len())
            .ok()
            .filter(|n| *n < 0x8000_0000)
            .ok_or_else(|| Error::Unencodable("too many NodePath names".into()))?;
        self.u32(names | 0x8000_0000);
        self.len(p.subnames.len())?;
        self.u32(u32::from(p.absolute));
        for name in p.names.iter().chain(&p.subnames) {
            self.string(name)?;
        }
        Ok(())
    }

    fn object(&mut self, object: &Object, depth: usize) -> Result<()> {
        match object {
            // A null object is written as null by both engines.
            Object::Null => self.header(VariantType::Nil, 0),
            Object::InstanceId(0) => self.header(VariantType::Nil, 0),
            Object::InstanceId(id) => {
                self.header(VariantType::Object, FLAG_64)?;
                self.out.extend_from_slice(&id.to_le_bytes());
                Ok(())
            }
            Object::Full { class, properties } => {
                if !self.options.full_objects {
                    return Err(Error::Unencodable(format!(
                        "a full object of class {class:?} needs full_objects (it has no instance id)"
                    )));
                }
                self.header(VariantType::Object, 0)?;
                self.string(class)?;
                self.len(properties.len())?;
                for (name, value) in properties {
                    self.string(name)?;
                    self.value(value, depth + 1)?;
                }
                Ok(())
            }
        }
    }

    /// The kind bits of a container type and what follows the header for it.
    fn container_kind<'t>(&self, ty: &'t ContainerType) -> Result<(u32, Extra<'t>)> {
        if self.options.version == Version::Godot3 {
            return match ty {
                ContainerType::None => Ok((KIND_NONE, Extra::None)),
                _ => Err(Error::Unencodable("Godot 3 has no typed containers".into())),
            };
        }
        Ok(match ty {
            ContainerType::None => (KIND_NONE, Extra::None),
            ContainerType::Builtin(t) => (KIND_BUILTIN, Extra::Id(self.type_id(*t)?)),
            ContainerType::ClassName(name) if self.options.full_objects => {
                (KIND_CLASS_NAME, Extra::Name(name))
            }
            ContainerType::Script(path) if self.options.full_objects => {
                (KIND_SCRIPT, Extra::Name(path))
            }
            ContainerType::ClassName(_) | ContainerType::Script(_) => {
                (KIND_CLASS_NAME, Extra::Name(ENCODED_OBJECT_AS_ID))
            }
        })
    }

    fn container_extra(&mut self, extra: Extra<'_>) -> Result<()> {
        match extra {
            Extra::None => Ok(()),
            Extra::Id(id) => {
                self.u32(id);
                Ok(())
            }
            Extra::Name(name) => self.string(name),
        }
    }
}

enum Extra<'t> {
    None,
    Id(u32),
    Name(&'t str),
}

#[cold]
#[inline(never)]
fn element_error(a: &Array, item: &Variant, index: usize) -> Error {
    Error::typed_element(
        None,
        format!("[{index}]"),
        typed::unencodable(
            item,
            Role::Element,
            &typed::array_name(&a.element_type),
            &a.element_type,
        ),
    )
}

#[cold]
#[inline(never)]
fn key_error(d: &Dictionary, key: &Variant) -> Error {
    Error::typed_element(
        None,
        typed::key_segment(key),
        typed::unencodable(
            key,
            Role::Key,
            &typed::dictionary_name(&d.key_type, &d.value_type),
            &d.key_type,
        ),
    )
}
