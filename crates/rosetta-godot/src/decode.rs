//! The decoder: [`decode`] reads bytes as `bytes_to_var` (Godot 4) or `bytes2var` (Godot 3)
//! does, without trusting them.
//!
//! Every count and length is checked against the bytes that remain before anything is
//! allocated, nesting is bounded ([`DecodeOptions::max_depth`]), full objects are read only
//! when [`DecodeOptions::allow_objects`] is set, and no class is ever instantiated: objects are
//! data ([`Object`](crate::Object)). Trailing bytes after the value are ignored, as by the
//! engine.

use crate::error::{Error, Result};
use crate::header::{type_from_id, Version, FLAG_64, TYPE_MASK};
use crate::math::{
    Aabb, Basis, Color, Plane, Projection, Quaternion, Rect2, Rect2i, Transform2D, Transform3D,
    Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
use crate::variant::{NodePath, Signal, Variant, VariantType};

mod containers;

/// How to decode.
#[derive(Debug, Clone, Copy)]
pub struct DecodeOptions {
    /// The engine whose format to read.
    pub version: Version,
    /// Read full objects (class name and properties), like `bytes_to_var_with_objects`.
    /// Off: a full object is an error ([`Error::ObjectsNotAllowed`]); objects written as
    /// instance ids are always read.
    pub allow_objects: bool,
    /// The deepest nesting accepted: the engine's limit is 1024 (Godot 4 and late Godot 3;
    /// Godot 3.2.3 had none). Deep inputs recurse, so a very large limit needs a large stack.
    pub max_depth: usize,
    /// With objects allowed: which class names exist. The engine rejects classes it cannot
    /// instantiate; `None` accepts every non-empty class name.
    pub class_filter: Option<fn(&str) -> bool>,
}

impl DecodeOptions {
    /// Defaults for `version`: objects off, depth 1024, every class name accepted.
    pub fn new(version: Version) -> Self {
        DecodeOptions {
            version,
            allow_objects: false,
            max_depth: crate::variant::MAX_DEPTH,
            class_filter: None,
        }
    }
}

/// Decodes one value from the start of `bytes`; returns it and the number of bytes it used.
///
/// A PackedByteArray at the very end of the input may lack its padding (the engine accepts
/// that); the size returned never exceeds `bytes.len()`.
pub fn decode(bytes: &[u8], options: &DecodeOptions) -> Result<(Variant, usize)> {
    let mut reader = Reader {
        buf: bytes,
        pos: 0,
        options,
    };
    let value = reader.value(0)?;
    Ok((value, reader.pos))
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
    options: &'a DecodeOptions,
}

fn padded(n: usize) -> usize {
    n.div_ceil(4) * 4
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    fn invalid(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::Invalid {
            offset,
            message: message.into(),
        }
    }

    fn need(&self, n: usize, what: &'static str) -> Result<()> {
        if n > self.remaining() {
            Err(Error::UnexpectedEnd {
                offset: self.pos,
                needed: n,
                available: self.remaining(),
                what,
            })
        } else {
            Ok(())
        }
    }

    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8]> {
        self.need(n, what)?;
        let bytes = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(bytes)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N]> {
        let bytes = self.take(N, what)?;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32> {
        self.array(what).map(u32::from_le_bytes)
    }

    fn i32(&mut self, what: &'static str) -> Result<i32> {
        self.array(what).map(i32::from_le_bytes)
    }

    fn u64(&mut self, what: &'static str) -> Result<u64> {
        self.array(what).map(u64::from_le_bytes)
    }

    fn f32(&mut self, what: &'static str) -> Result<f32> {
        self.array(what).map(f32::from_le_bytes)
    }

    fn f64(&mut self, what: &'static str) -> Result<f64> {
        self.array(what).map(f64::from_le_bytes)
    }

    /// A count whose `elem`-byte elements must all be present. Godot reads it as an `i32` and
    /// refuses negative counts; they are said here as the large count they are on the wire.
    fn count(&mut self, elem: usize, what: &'static str) -> Result<usize> {
        let at = self.pos;
        let raw = self.u32(what)?;
        let n = raw as usize;
        let bytes = n.saturating_mul(elem);
        if bytes > self.remaining() || raw > i32::MAX as u32 {
            return Err(self.invalid(
                at,
                format!(
                    "{what} count {n} needs {bytes} bytes, more than the {} that remain",
                    self.remaining()
                ),
            ));
        }
        Ok(n)
    }

    /// A length-prefixed UTF-8 string with its padding; an embedded NUL ends it. Godot reads
    /// the length as an `i32` and refuses negative ones; they are said here as the large length
    /// they are on the wire.
    fn string(&mut self, what: &'static str) -> Result<String> {
        let at = self.pos;
        let raw = self.u32(what)?;
        let len = raw as usize;
        if len > self.remaining() || raw > i32::MAX as u32 {
            return Err(self.invalid(
                at,
                format!(
                    "{what}'s length {len} is larger than the {} bytes that remain",
                    self.remaining()
                ),
            ));
        }
        if padded(len) > self.remaining() {
            return Err(self.invalid(
                at,
                format!(
                    "{what}'s length {len} with its padding to {} bytes is larger than the {} \
                     bytes that remain",
                    padded(len),
                    self.remaining()
                ),
            ));
        }
        let bytes = self.take(len, what)?;
        self.pos += padded(len) - len;
        utf8(bytes).map_err(|e| self.invalid(at + 4, format!("{what} is not UTF-8: {e}")))
    }

    /// One real: `f64` when the 64-bit flag is set in Godot 4, else `f32`.
    fn real(&mut self, wide: bool) -> Result<f64> {
        if wide {
            self.f64("a double-precision component")
        } else {
            self.f32("a component").map(f64::from)
        }
    }

    fn vec2(&mut self, wide: bool) -> Result<Vector2> {
        Ok(Vector2 {
            x: self.real(wide)?,
            y: self.real(wide)?,
        })
    }

    fn vec3(&mut self, wide: bool) -> Result<Vector3> {
        Ok(Vector3 {
            x: self.real(wide)?,
            y: self.real(wide)?,
            z: self.real(wide)?,
        })
    }

    fn vec4(&mut self, wide: bool) -> Result<Vector4> {
        Ok(Vector4 {
            x: self.real(wide)?,
            y: self.real(wide)?,
            z: self.real(wide)?,
            w: self.real(wide)?,
        })
    }

    fn ivec(&mut self) -> Result<i32> {
        self.i32("an integer component")
    }

    fn color(&mut self) -> Result<Color> {
        Ok(Color {
            r: self.f32("a color")?,
            g: self.f32("a color")?,
            b: self.f32("a color")?,
            a: self.f32("a color")?,
        })
    }

    fn value(&mut self, depth: usize) -> Result<Variant> {
        let start = self.pos;
        if depth > self.options.max_depth {
            return Err(Error::TooDeep {
                offset: start,
                limit: self.options.max_depth,
            });
        }
        let header = self.u32("a header")?;
        let id = header & TYPE_MASK;
        let ty = type_from_id(self.options.version, id).ok_or_else(|| {
            self.invalid(
                start,
                format!("type id {id} does not exist in {:?}", self.options.version),
            )
        })?;
        let flag64 = header & FLAG_64 != 0;
        // Only containers and objects recurse; keeping them out of `leaf` keeps the frames of
        // the recursion small (deep inputs must fit ordinary thread stacks, even in debug).
        match ty {
            VariantType::Object => self.object(start, flag64, depth),
            VariantType::Dictionary => self.dictionary(header, depth),
            VariantType::Array => self.array_value(header, depth),
            _ => self.leaf(ty, header),
        }
    }

    /// A value that holds no other values.
    #[inline(never)]
    fn leaf(&mut self, ty: VariantType, header: u32) -> Result<Variant> {
        let flag64 = header & FLAG_64 != 0;
        // Godot 3 math types are always f32; Godot 4 reads f64 when the flag is set.
        let wide = flag64 && self.options.version == Version::Godot4;
        use VariantType as T;
        Ok(match ty {
            T::Nil => Variant::Nil,
            T::Bool => Variant::Bool(self.u32("a bool")? != 0),
            T::Int if flag64 => Variant::Int(self.u64("a 64-bit int")? as i64),
            T::Int => Variant::Int(i64::from(self.i32("an int")?)),
            T::Float if flag64 => Variant::Float(self.f64("a double")?),
            T::Float => Variant::Float(f64::from(self.f32("a float")?)),
            T::String => Variant::String(self.string("a String")?),
            T::Vector2 => Variant::Vector2(self.vec2(wide)?),
            T::Vector2i => Variant::Vector2i(Vector2i {
                x: self.ivec()?,
                y: self.ivec()?,
            }),
            T::Rect2 => Variant::Rect2(Box::new(Rect2 {
                position: self.vec2(wide)?,
                size: self.vec2(wide)?,
            })),
            T::Rect2i => Variant::Rect2i(Rect2i {
                position: Vector2i {
                    x: self.ivec()?,
                    y: self.ivec()?,
                },
                size: Vector2i {
                    x: self.ivec()?,
                    y: self.ivec()?,
                },
            }),
            T::Vector3 => Variant::Vector3(self.vec3(wide)?),
            T::Vector3i => Variant::Vector3i(Vector3i {
                x: self.ivec()?,
                y: self.ivec()?,
                z: self.ivec()?,
            }),
            T::Transform2D => Variant::Transform2D(Box::new(Transform2D {
                columns: [self.vec2(wide)?, self.vec2(wide)?, self.vec2(wide)?],
            })),
            T::Vector4 => Variant::Vector4(Box::new(self.vec4(wide)?)),
            T::Vector4i => Variant::Vector4i(Vector4i {
                x: self.ivec()?,
                y: self.ivec()?,
                z: self.ivec()?,
                w: self.ivec()?,
            }),
            T::Plane => Variant::Plane(Box::new(Plane {
                normal: self.vec3(wide)?,
                d: self.real(wide)?,
            })),
            T::Quaternion => {
                let v = self.vec4(wide)?;
                Variant::Quaternion(Box::new(Quaternion {
                    x: v.x,
                    y: v.y,
                    z: v.z,
                    w: v.w,
                }))
            }
            T::Aabb => Variant::Aabb(Box::new(Aabb {
                position: self.vec3(wide)?,
                size: self.vec3(wide)?,
            })),
            T::Basis => Variant::Basis(Box::new(self.basis(wide)?)),
            T::Transform3D => Variant::Transform3D(Box::new(Transform3D {
                basis: self.basis(wide)?,
                origin: self.vec3(wide)?,
            })),
            T::Projection => Variant::Projection(Box::new(Projection {
                columns: [
                    self.vec4(wide)?,
                    self.vec4(wide)?,
                    self.vec4(wide)?,
                    self.vec4(wide)?,
                ],
            })),
            T::Color => Variant::Color(self.color()?),
            T::StringName => Variant::StringName(self.string("a StringName")?),
            T::NodePath => Variant::NodePath(Box::new(self.node_path()?)),
            T::Rid if self.options.version == Version::Godot3 => Variant::Rid(0),
            T::Rid => Variant::Rid(self.u64("an RID")?),
            T::Callable => Variant::Callable,
            T::Signal => Variant::Signal(Box::new(Signal {
                name: self.string("a signal name")?,
                object_id: self.u64("a signal's object id")?,
            })),
            T::Object | T::Dictionary | T::Array => {
                return Err(self.invalid(self.pos, "internal: containers are not leaves"))
            }
            T::PackedByteArray => {
                let n = self.count(1, "PackedByteArray")?;
                let bytes = self.take(n, "PackedByteArray")?.to_vec();
                // The engine does not require the trailing padding to be present.
                self.pos = (self.pos + padded(n) - n).min(self.buf.len());
                Variant::PackedByteArray(bytes)
            }
            T::PackedInt32Array => {
                let n = self.count(4, "PackedInt32Array")?;
                Variant::PackedInt32Array(self.packed(n, "PackedInt32Array", i32::from_le_bytes)?)
            }
            T::PackedInt64Array => {
                let n = self.count(8, "PackedInt64Array")?;
                Variant::PackedInt64Array(self.packed(n, "PackedInt64Array", i64::from_le_bytes)?)
            }
            T::PackedFloat32Array => {
                let n = self.count(4, "PackedFloat32Array")?;
                Variant::PackedFloat32Array(self.packed(
                    n,
                    "PackedFloat32Array",
                    f32::from_le_bytes,
                )?)
            }
            T::PackedFloat64Array => {
                let n = self.count(8, "PackedFloat64Array")?;
                Variant::PackedFloat64Array(self.packed(
                    n,
                    "PackedFloat64Array",
                    f64::from_le_bytes,
                )?)
            }
            T::PackedStringArray => {
                // Each element takes at least 4 bytes.
                let n = self.count(4, "PackedStringArray")?;
                Variant::PackedStringArray(self.many(n, Reader::packed_string)?)
            }
            T::PackedVector2Array => {
                let n = self.count(if wide { 16 } else { 8 }, "PackedVector2Array")?;
                Variant::PackedVector2Array(self.many(n, |r| r.vec2(wide))?)
            }
            T::PackedVector3Array => {
                let n = self.count(if wide { 24 } else { 12 }, "PackedVector3Array")?;
                Variant::PackedVector3Array(self.many(n, |r| r.vec3(wide))?)
            }
            T::PackedColorArray => {
                let n = self.count(16, "PackedColorArray")?;
                Variant::PackedColorArray(self.many(n, Reader::color)?)
            }
            T::PackedVector4Array => {
                let n = self.count(if wide { 32 } else { 16 }, "PackedVector4Array")?;
                Variant::PackedVector4Array(self.many(n, |r| r.vec4(wide))?)
            }
        })
    }

    /// `n` fixed-size elements of `N` bytes in one pass (one bounds check for all of them, so
    /// the loop vectorises); `count` has checked that `n * N` does not overflow.
    fn packed<const N: usize, T>(
        &mut self,
        n: usize,
        what: &'static str,
        from_le: impl Fn([u8; N]) -> T,
    ) -> Result<Vec<T>> {
        let bytes = self.take(n * N, what)?;
        Ok(bytes
            .chunks_exact(N)
            .map(|c| {
                let mut a = [0u8; N];
                a.copy_from_slice(c);
                from_le(a)
            })
            .collect())
    }

    /// `n` elements; the caller has checked that their bytes are present.
    fn many<T>(&mut self, n: usize, mut one: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(one(self)?);
        }
        Ok(out)
    }

    fn basis(&mut self, wide: bool) -> Result<Basis> {
        Ok(Basis {
            rows: [self.vec3(wide)?, self.vec3(wide)?, self.vec3(wide)?],
        })
    }

    /// A PackedStringArray element: length (with the NUL), bytes, padding; NUL ends it.
    fn packed_string(&mut self) -> Result<String> {
        self.string("a PackedStringArray element")
    }

    fn node_path(&mut self) -> Result<NodePath> {
        let at = self.pos;
        let first = self.u32("a NodePath name count")?;
        if first & 0x8000_0000 == 0 {
            return Err(self.invalid(
                at,
                "NodePath in the old format (high bit clear) is rejected",
            ));
        }
        let names = (first & 0x7FFF_FFFF) as usize;
        let mut subnames = self.u32("a NodePath subname count")? as usize;
        let flags = self.u32("NodePath flags")?;
        if flags & 2 != 0 {
            // The obsolete "property" flag adds one subname.
            subnames += 1;
        }
        let total = names
            .checked_add(subnames)
            .and_then(|n| n.checked_mul(4))
            .ok_or_else(|| self.invalid(at, "NodePath name count overflows"))?;
        self.need(total, "NodePath names")?;
        Ok(NodePath {
            names: self.many(names, |r| r.string("a NodePath name"))?,
            subnames: self.many(subnames, |r| r.string("a NodePath subname"))?,
            absolute: flags & 1 != 0,
        })
    }
}

/// UTF-8 up to the first NUL, as Godot's `String::utf8` reads it.
fn utf8(bytes: &[u8]) -> std::result::Result<String, std::str::Utf8Error> {
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    std::str::from_utf8(&bytes[..end]).map(str::to_owned)
}
