//! Values of the shared model to Variants.

use rosetta_types::StructType;

use super::*;

impl Mapping<'_> {
    /// A value as a Variant. The composite kinds are written by functions of their own, so that
    /// the recursion (`fwd` -> a composite's function -> `fwd`) takes little stack per level.
    pub(super) fn fwd(
        &self,
        ty: TypeId,
        value: &Value,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        depth.check(path)?;
        let kind = self.kind(ty, path)?;
        match (kind, value) {
            (Kind::Struct(def), Value::Struct(fields)) => {
                self.struct_fwd(ty, def, fields, path, depth)
            }
            (Kind::Array(e, n), Value::List(items)) => {
                if items.len() != *n as usize {
                    return Err(path.error(format!("expected {n} elements, found {}", items.len())));
                }
                self.list(*e, items, path, depth)
            }
            (Kind::List(e) | Kind::Set(e), Value::List(items)) => self.list(*e, items, path, depth),
            (Kind::Map(k, v), Value::Map(entries)) => self.map_fwd(*k, *v, entries, path, depth),
            (Kind::Option(_), Value::Option(None)) => Ok(Variant::Nil),
            (Kind::Option(inner), Value::Option(Some(v))) => {
                let v = self.fwd(*inner, v, path, depth.down())?;
                Ok(if self.nullable(*inner) {
                    Variant::from(Array::untyped(vec![v]))
                } else {
                    v
                })
            }
            (Kind::Tuple(ts), Value::Tuple(items)) => self.tuple_fwd(ty, ts, items, path, depth),
            (Kind::Entity, Value::Entity(components)) => {
                self.entity_fwd(components, path, depth.object(path)?)
            }
            (Kind::Polymorphic(_) | Kind::Any, Value::Dynamic(d)) => {
                let p = path.child(Seg::Dynamic);
                let inner = self.fwd(d.ty, &d.value, &p, depth.down())?;
                Ok(Variant::from(Dictionary::untyped(vec![
                    (
                        Variant::String(TYPE_KEY.into()),
                        Variant::String(self.type_name(d.ty)),
                    ),
                    (Variant::String(VALUE_KEY.into()), inner),
                ])))
            }
            _ => self.leaf_fwd(ty, kind, value, path),
        }
    }

    /// A value that is no composite, or a value of the wrong kind.
    #[inline(never)]
    fn leaf_fwd(&self, ty: TypeId, kind: &Kind, value: &Value, path: &Path<'_>) -> Result<Variant> {
        let mismatch = || {
            path.error(format!(
                "expected a value of {} `{}`, found {}",
                kind.name(),
                self.registry.display(ty),
                value.kind_name()
            ))
        };
        Ok(match (kind, value) {
            (Kind::Bool, Value::Bool(b)) => Variant::Bool(*b),
            (Kind::Char, Value::Char(c)) => Variant::String(c.to_string()),
            (Kind::Int(_), v) => Variant::Int(int_of(v).ok_or_else(mismatch)?),
            (Kind::Float(_), Value::F32(f)) => Variant::Float(f64::from(*f)),
            (Kind::Float(_), Value::F64(f)) => Variant::Float(*f),
            (Kind::String, Value::String(s)) => Variant::String(s.to_string()),
            (Kind::Bytes, Value::Bytes(b)) => Variant::PackedByteArray(b.to_vec()),
            (Kind::EntityId, Value::EntityId(id)) => Variant::Int(*id),
            (Kind::Uuid, Value::Uuid(u)) => Variant::String(format_uuid(u)),
            (Kind::Enum(_) | Kind::Bitmask(_), Value::Enum(e)) => Variant::Int(*e),
            (Kind::Math(m), v) => self.math_fwd(*m, v).map_err(|e| path.error(e))?,
            _ => return Err(mismatch()),
        })
    }

    /// A struct: a Dictionary keyed by field name; an object, one level deeper.
    #[inline(never)]
    fn struct_fwd(
        &self,
        ty: TypeId,
        def: &StructType,
        fields: &[Value],
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        let depth = depth.object(path)?.down();
        if fields.len() != def.len() {
            return Err(path.error(format!(
                "`{}` has {} fields, the value {}",
                self.registry.display(ty),
                def.len(),
                fields.len()
            )));
        }
        let mut entries = Vec::with_capacity(fields.len());
        for (field, v) in def.fields().iter().zip(fields.iter()) {
            let p = path.child(Seg::Field(field.name()));
            entries.push((
                Variant::String(field.name().to_owned()),
                self.fwd(field.ty(), v, &p, depth)?,
            ));
        }
        Ok(Variant::from(Dictionary::untyped(entries)))
    }

    /// A map: a Dictionary.
    #[inline(never)]
    fn map_fwd(
        &self,
        k: TypeId,
        v: TypeId,
        entries: &[(Value, Value)],
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        let mut out = Vec::with_capacity(entries.len());
        for (i, (key, val)) in entries.iter().enumerate() {
            let kp = path.child(Seg::Key(i));
            let vp = path.child(Seg::Index(i));
            out.push((
                self.fwd(k, key, &kp, depth.down())?,
                self.fwd(v, val, &vp, depth.down())?,
            ));
        }
        Ok(Variant::from(Dictionary::untyped(out)))
    }

    /// A tuple: an Array; the empty tuple `null`.
    #[inline(never)]
    fn tuple_fwd(
        &self,
        ty: TypeId,
        ts: &[TypeId],
        items: &[Value],
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        if items.len() != ts.len() {
            return Err(path.error(format!(
                "expected a value of tuple `{}`, found tuple",
                self.registry.display(ty)
            )));
        }
        if ts.is_empty() {
            return Ok(Variant::Nil);
        }
        let mut out = Vec::with_capacity(items.len());
        for (i, (t, v)) in ts.iter().zip(items.iter()).enumerate() {
            out.push(self.fwd(*t, v, &path.child(Seg::Index(i)), depth.down())?);
        }
        Ok(Variant::from(Array::untyped(out)))
    }

    /// An entity, inside which `depth` is: a Dictionary keyed by component id.
    #[inline(never)]
    fn entity_fwd(
        &self,
        components: &std::collections::BTreeMap<u32, Value>,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        let mut out = Vec::with_capacity(components.len());
        for (id, data) in components.iter() {
            let p = path.child(Seg::Component(*id));
            let cty = self
                .registry
                .component(*id)
                .ok_or_else(|| p.error(format!("the schema has no component {id}")))?
                .id();
            out.push((
                Variant::Int(i64::from(*id)),
                self.fwd(cty, data, &p, depth.down())?,
            ));
        }
        Ok(Variant::from(Dictionary::untyped(out)))
    }

    pub(super) fn list(
        &self,
        elem: TypeId,
        items: &[Value],
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Variant> {
        let kind = self.kind(elem, path)?;
        let at = |i: usize, what: &str, v: &Value| {
            path.child(Seg::Index(i))
                .error(format!("expected {what}, found {}", v.kind_name()))
        };
        let ints = |wide: bool| -> Result<Variant> {
            if wide {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    out.push(
                        int_of(v)
                            .or_else(|| v.as_enum())
                            .or_else(|| v.as_entity_id())
                            .ok_or_else(|| at(i, "an integer", v))?,
                    );
                }
                Ok(if self.godot4() {
                    Variant::PackedInt64Array(out)
                } else {
                    Variant::from(Array::untyped(out.into_iter().map(Variant::Int).collect()))
                })
            } else {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    let n = int_of(v)
                        .or_else(|| v.as_enum())
                        .and_then(|n| i32::try_from(n).ok())
                        .ok_or_else(|| at(i, "a 32-bit integer", v))?;
                    out.push(n);
                }
                Ok(Variant::PackedInt32Array(out))
            }
        };
        match kind {
            Kind::Int(t) => ints(!fits_i32(*t)),
            Kind::Enum(e) | Kind::Bitmask(e) => ints(!fits_i32(e.repr())),
            Kind::EntityId => ints(true),
            Kind::Float(FloatType::F32) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::F32(f) => out.push(*f),
                        _ => return Err(at(i, "a float", v)),
                    }
                }
                Ok(Variant::PackedFloat32Array(out))
            }
            Kind::Float(FloatType::F64) if self.godot4() => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::F64(f) => out.push(*f),
                        _ => return Err(at(i, "a double", v)),
                    }
                }
                Ok(Variant::PackedFloat64Array(out))
            }
            Kind::String => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v {
                        Value::String(s) => out.push(s.to_string()),
                        _ => return Err(at(i, "a string", v)),
                    }
                }
                Ok(Variant::PackedStringArray(out))
            }
            Kind::Math(m)
                if m.scalar == MathScalar::F32
                    && matches!(
                        m.shape,
                        MathShape::Vector2 | MathShape::Vector3 | MathShape::Color
                    )
                    || (*m == MathType::VECTOR4 && self.godot4()) =>
            {
                let mut comps = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    match v.as_math_f32() {
                        Some(c) if c.len() == m.len() => comps.push(c),
                        _ => return Err(at(i, m.shape.name(), v)),
                    }
                }
                let f = |c: &[f32], i: usize| f64::from(c[i]);
                Ok(match m.shape {
                    MathShape::Vector2 => Variant::PackedVector2Array(
                        comps
                            .iter()
                            .map(|c| Vector2 {
                                x: f(c, 0),
                                y: f(c, 1),
                            })
                            .collect(),
                    ),
                    MathShape::Vector3 => Variant::PackedVector3Array(
                        comps
                            .iter()
                            .map(|c| Vector3 {
                                x: f(c, 0),
                                y: f(c, 1),
                                z: f(c, 2),
                            })
                            .collect(),
                    ),
                    MathShape::Color => Variant::PackedColorArray(
                        comps
                            .iter()
                            .map(|c| Color {
                                r: c[0],
                                g: c[1],
                                b: c[2],
                                a: c[3],
                            })
                            .collect(),
                    ),
                    _ => Variant::PackedVector4Array(
                        comps
                            .iter()
                            .map(|c| Vector4 {
                                x: f(c, 0),
                                y: f(c, 1),
                                z: f(c, 2),
                                w: f(c, 3),
                            })
                            .collect(),
                    ),
                })
            }
            _ => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    out.push(self.fwd(elem, v, &path.child(Seg::Index(i)), depth.down())?);
                }
                Ok(Variant::from(Array::untyped(out)))
            }
        }
    }

    pub(super) fn math_fwd(&self, m: MathType, value: &Value) -> Result<Variant, String> {
        let wrong = || {
            format!(
                "expected {} components of {} ({}), found {}",
                m.len(),
                m.scalar.name(),
                m.shape.name(),
                value.kind_name()
            )
        };
        let comps: Vec<f64> = match (m.scalar, value) {
            (MathScalar::F32, Value::MathF32(c)) => c.iter().map(|x| f64::from(*x)).collect(),
            (MathScalar::F64, Value::MathF64(c)) => c.to_vec(),
            (MathScalar::I32, Value::MathI32(c)) => c.iter().map(|x| f64::from(*x)).collect(),
            _ => return Err(wrong()),
        };
        if comps.len() != m.len() {
            return Err(wrong());
        }
        let g4 = self.godot4();
        let c = &comps;
        let v2 = |i: usize| Vector2 {
            x: c[i],
            y: c[i + 1],
        };
        let v3 = |i: usize| Vector3 {
            x: c[i],
            y: c[i + 1],
            z: c[i + 2],
        };
        let v4 = |i: usize| Vector4 {
            x: c[i],
            y: c[i + 1],
            z: c[i + 2],
            w: c[i + 3],
        };
        let iv = |i: usize| c[i] as i32;
        let float = m.scalar != MathScalar::I32;
        Ok(match m.shape {
            MathShape::Vector2 if float => Variant::Vector2(v2(0)),
            MathShape::Vector3 if float => Variant::Vector3(v3(0)),
            MathShape::Vector4 if float && g4 => Variant::Vector4(Box::new(v4(0))),
            MathShape::Quaternion if float => Variant::Quaternion(Box::new(Quaternion {
                x: c[0],
                y: c[1],
                z: c[2],
                w: c[3],
            })),
            MathShape::Color if m.scalar == MathScalar::F32 => Variant::Color(Color {
                r: c[0] as f32,
                g: c[1] as f32,
                b: c[2] as f32,
                a: c[3] as f32,
            }),
            MathShape::Rect2 if float => Variant::Rect2(Box::new(Rect2 {
                position: v2(0),
                size: v2(2),
            })),
            MathShape::Aabb if float => Variant::Aabb(Box::new(Aabb {
                position: v3(0),
                size: v3(3),
            })),
            MathShape::Plane if float => Variant::Plane(Box::new(Plane {
                normal: v3(0),
                d: c[3],
            })),
            MathShape::Transform2D if float => Variant::Transform2D(Box::new(Transform2D {
                columns: [v2(0), v2(2), v2(4)],
            })),
            MathShape::Basis if float => Variant::Basis(Box::new(Basis {
                rows: [v3(0), v3(3), v3(6)],
            })),
            MathShape::Transform3D if float => Variant::Transform3D(Box::new(Transform3D {
                basis: Basis {
                    rows: [v3(0), v3(3), v3(6)],
                },
                origin: v3(9),
            })),
            MathShape::Projection if float && g4 => Variant::Projection(Box::new(Projection {
                columns: [v4(0), v4(4), v4(8), v4(12)],
            })),
            MathShape::Vector2 if g4 => Variant::Vector2i(Vector2i { x: iv(0), y: iv(1) }),
            MathShape::Vector3 if g4 => Variant::Vector3i(Vector3i {
                x: iv(0),
                y: iv(1),
                z: iv(2),
            }),
            MathShape::Vector4 if g4 => Variant::Vector4i(Vector4i {
                x: iv(0),
                y: iv(1),
                z: iv(2),
                w: iv(3),
            }),
            MathShape::Rect2 if g4 => Variant::Rect2i(Rect2i {
                position: Vector2i { x: iv(0), y: iv(1) },
                size: Vector2i { x: iv(2), y: iv(3) },
            }),
            _ => match (value, g4) {
                (Value::MathF32(c), _) => Variant::PackedFloat32Array(c.to_vec()),
                (Value::MathF64(c), true) => Variant::PackedFloat64Array(c.to_vec()),
                (Value::MathI32(c), _) => Variant::PackedInt32Array(c.to_vec()),
                _ => Variant::from(Array::untyped(
                    comps.iter().map(|x| Variant::Float(*x)).collect(),
                )),
            },
        })
    }
}
