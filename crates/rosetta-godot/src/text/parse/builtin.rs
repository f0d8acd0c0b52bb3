//! The constructors of built-in types (`Vector3(1, 2, 3)`, `Transform3D(...)`, packed arrays),
//! after `Name(`.

use super::*;

impl Parser<'_> {
    /// A built-in constructor's arguments, after `Name(`; kept out of the recursive path so that
    /// deep nesting uses little stack.
    #[inline(never)]
    pub(super) fn builtin(&mut self, ty: VariantType, name: &str, start: usize) -> R<Variant> {
        use VariantType as T;
        let v2 = |v: &[f64]| Vector2 { x: v[0], y: v[1] };
        let v3 = |v: &[f64]| Vector3 {
            x: v[0],
            y: v[1],
            z: v[2],
        };
        let v4 = |v: &[f64]| Vector4 {
            x: v[0],
            y: v[1],
            z: v[2],
            w: v[3],
        };
        let col = |v: &[f64]| Color {
            r: v[0] as f32,
            g: v[1] as f32,
            b: v[2] as f32,
            a: v[3] as f32,
        };
        let chunks = |p: &mut Self, n: usize| -> R<Vec<f64>> {
            let v = p.list(Self::real)?;
            if v.len() % n != 0 {
                let msg = format!("{name} needs a multiple of {n} numbers, found {}", v.len());
                return Err(p.err_at(start, msg));
            }
            Ok(v)
        };
        Ok(match ty {
            T::Vector2 => Variant::Vector2(v2(&self.reals(2, start, name)?)),
            T::Vector2i => {
                let v = self.i32s(2, start, name)?;
                Variant::Vector2i(Vector2i { x: v[0], y: v[1] })
            }
            T::Rect2 => {
                let v = self.reals(4, start, name)?;
                Variant::Rect2(Box::new(Rect2 {
                    position: v2(&v[0..2]),
                    size: v2(&v[2..4]),
                }))
            }
            T::Rect2i => {
                let v = self.i32s(4, start, name)?;
                Variant::Rect2i(Rect2i {
                    position: Vector2i { x: v[0], y: v[1] },
                    size: Vector2i { x: v[2], y: v[3] },
                })
            }
            T::Vector3 => Variant::Vector3(v3(&self.reals(3, start, name)?)),
            T::Vector3i => {
                let v = self.i32s(3, start, name)?;
                Variant::Vector3i(Vector3i {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                })
            }
            T::Transform2D => {
                let v = self.reals(6, start, name)?;
                Variant::Transform2D(Box::new(Transform2D {
                    columns: [v2(&v[0..2]), v2(&v[2..4]), v2(&v[4..6])],
                }))
            }
            T::Vector4 => Variant::Vector4(Box::new(v4(&self.reals(4, start, name)?))),
            T::Vector4i => {
                let v = self.i32s(4, start, name)?;
                Variant::Vector4i(Vector4i {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                    w: v[3],
                })
            }
            T::Plane => {
                let v = self.reals(4, start, name)?;
                Variant::Plane(Box::new(Plane {
                    normal: v3(&v[0..3]),
                    d: v[3],
                }))
            }
            T::Quaternion => {
                let v = self.reals(4, start, name)?;
                Variant::Quaternion(Box::new(Quaternion {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                    w: v[3],
                }))
            }
            T::Aabb => {
                let v = self.reals(6, start, name)?;
                Variant::Aabb(Box::new(Aabb {
                    position: v3(&v[0..3]),
                    size: v3(&v[3..6]),
                }))
            }
            T::Basis => {
                let v = self.reals(9, start, name)?;
                Variant::Basis(Box::new(basis(&v)))
            }
            T::Transform3D => {
                let v = self.reals(12, start, name)?;
                Variant::Transform3D(Box::new(Transform3D {
                    basis: basis(&v),
                    origin: v3(&v[9..12]),
                }))
            }
            T::Projection => {
                let v = self.reals(16, start, name)?;
                Variant::Projection(Box::new(Projection {
                    columns: [v4(&v[0..4]), v4(&v[4..8]), v4(&v[8..12]), v4(&v[12..16])],
                }))
            }
            T::Color => {
                let v = self.list(Self::real)?;
                match v.len() {
                    3 => Variant::Color(col(&[v[0], v[1], v[2], 1.0])),
                    4 => Variant::Color(col(&v)),
                    n => {
                        let msg = format!("Color takes 3 or 4 numbers, found {n}");
                        return Err(self.err_at(start, msg));
                    }
                }
            }
            T::StringName => {
                let s = self.string()?;
                self.expect(')')?;
                Variant::StringName(s)
            }
            T::NodePath => {
                let s = self.string()?;
                self.expect(')')?;
                Variant::NodePath(Box::new(node_path(&s)))
            }
            T::Rid => {
                if self.eat(')') {
                    Variant::Rid(0)
                } else {
                    // Godot prints the 64-bit id through a signed int.
                    let i = self.int()?;
                    self.expect(')')?;
                    Variant::Rid(i as u64)
                }
            }
            T::Callable => {
                self.expect(')')?;
                Variant::Callable
            }
            T::Signal => {
                if self.eat(')') {
                    Variant::Signal(Box::default())
                } else {
                    let name = self.string()?;
                    self.expect(',')?;
                    let object_id = self.int()? as u64;
                    self.expect(')')?;
                    Variant::Signal(Box::new(Signal { name, object_id }))
                }
            }
            T::PackedByteArray => {
                let v = self.list(|p| {
                    let at = p.pos;
                    let i = p.int()?;
                    u8::try_from(i).map_err(|_| p.err_at(at, "byte out of range"))
                })?;
                Variant::PackedByteArray(v)
            }
            T::PackedInt32Array => {
                let v = self.list(|p| {
                    let at = p.pos;
                    let i = p.int()?;
                    i32::try_from(i).map_err(|_| p.err_at(at, "value out of the 32-bit range"))
                })?;
                Variant::PackedInt32Array(v)
            }
            T::PackedInt64Array => Variant::PackedInt64Array(self.list(Self::int)?),
            T::PackedFloat32Array => {
                let v = self.list(Self::real)?;
                Variant::PackedFloat32Array(v.into_iter().map(|f| f as f32).collect())
            }
            T::PackedFloat64Array => Variant::PackedFloat64Array(self.list(Self::real)?),
            T::PackedStringArray => Variant::PackedStringArray(self.list(Self::string)?),
            T::PackedVector2Array => {
                Variant::PackedVector2Array(chunks(self, 2)?.chunks(2).map(v2).collect())
            }
            T::PackedVector3Array => {
                Variant::PackedVector3Array(chunks(self, 3)?.chunks(3).map(v3).collect())
            }
            T::PackedVector4Array => {
                Variant::PackedVector4Array(chunks(self, 4)?.chunks(4).map(v4).collect())
            }
            T::PackedColorArray => {
                Variant::PackedColorArray(chunks(self, 4)?.chunks(4).map(col).collect())
            }
            T::Array => {
                let items = self.array_body(&ContainerType::None)?;
                self.expect(')')?;
                Variant::Array(Box::new(Array::untyped(items)))
            }
            T::Dictionary => {
                let entries = self.dict_body(&ContainerType::None, &ContainerType::None)?;
                self.expect(')')?;
                Variant::Dictionary(Box::new(Dictionary::untyped(entries)))
            }
            T::Nil | T::Bool | T::Int | T::Float | T::String | T::Object => {
                return Err(self.err_at(start, format!("'{name}' is not a constructor here")));
            }
        })
    }
}

fn basis(v: &[f64]) -> Basis {
    let r = |i: usize| Vector3 {
        x: v[i],
        y: v[i + 1],
        z: v[i + 2],
    };
    Basis {
        rows: [r(0), r(3), r(6)],
    }
}
