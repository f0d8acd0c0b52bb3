//! Variants back to values of the shared model.

use super::*;

impl Mapping<'_> {
    pub(super) fn bwd(
        &self,
        ty: TypeId,
        v: &Variant,
        path: &Path<'_>,
        depth: usize,
    ) -> Result<Value> {
        if depth > crate::MAX_DEPTH {
            return Err(path.error(format!("nesting deeper than {}", crate::MAX_DEPTH)));
        }
        let kind = self.kind(ty, path)?;
        let mismatch = || {
            path.error(format!(
                "expected {} for {} `{}`, found {}",
                expected_variant(kind),
                kind.name(),
                self.registry.display(ty),
                variant_name(v)
            ))
        };
        Ok(match kind {
            Kind::Bool => match v {
                Variant::Bool(b) => Value::Bool(*b),
                Variant::Int(0) => Value::Bool(false),
                Variant::Int(1) => Value::Bool(true),
                _ => return Err(mismatch()),
            },
            Kind::Char => {
                let c = match v {
                    Variant::String(s) | Variant::StringName(s) => {
                        let mut chars = s.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => Some(c),
                            _ => None,
                        }
                    }
                    Variant::Int(i) => u32::try_from(*i).ok().and_then(char::from_u32),
                    _ => None,
                };
                Value::Char(c.ok_or_else(mismatch)?)
            }
            Kind::Int(t) => {
                let i = int_variant(v).ok_or_else(mismatch)?;
                int_value(*t, i)
                    .ok_or_else(|| path.error(format!("{i} is out of range for {}", t.name())))?
            }
            Kind::Float(FloatType::F32) => {
                Value::F32(float_variant(v).ok_or_else(mismatch)? as f32)
            }
            Kind::Float(FloatType::F64) => Value::F64(float_variant(v).ok_or_else(mismatch)?),
            Kind::String => match v {
                Variant::String(s) | Variant::StringName(s) => Value::string(s.as_str()),
                _ => return Err(mismatch()),
            },
            Kind::Bytes => match v {
                Variant::PackedByteArray(b) => Value::bytes(b.as_slice()),
                _ => {
                    let ints = ints_of(v).ok_or_else(mismatch)?;
                    let mut out = Vec::with_capacity(ints.len());
                    for (i, n) in ints.into_iter().enumerate() {
                        out.push(u8::try_from(n).map_err(|_| {
                            path.child(Seg::Index(i))
                                .error(format!("{n} is not a byte"))
                        })?);
                    }
                    Value::Bytes(out.into())
                }
            },
            Kind::EntityId => Value::EntityId(int_variant(v).ok_or_else(mismatch)?),
            Kind::Uuid => match v {
                Variant::String(s) | Variant::StringName(s) => Value::Uuid(
                    parse_uuid(s).ok_or_else(|| path.error(format!("{s:?} is not a UUID")))?,
                ),
                Variant::PackedByteArray(b) if b.len() == 16 => {
                    let mut u = [0; 16];
                    u.copy_from_slice(b);
                    Value::Uuid(u)
                }
                _ => return Err(mismatch()),
            },
            Kind::Enum(e) | Kind::Bitmask(e) => {
                let n = match v {
                    Variant::String(s) | Variant::StringName(s)
                        if matches!(kind, Kind::Enum(_)) =>
                    {
                        e.constant(s)
                            .map(|c| c.value())
                            .ok_or_else(|| path.error(format!("no enum constant {s:?}")))?
                    }
                    _ => int_variant(v).ok_or_else(mismatch)?,
                };
                if !e.repr().contains(n) {
                    return Err(path.error(format!("{n} is out of range for {}", e.repr().name())));
                }
                Value::Enum(n)
            }
            Kind::Struct(def) => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut fields: Vec<Option<Value>> = vec![None; def.len()];
                for (key, val) in &d.entries {
                    let name = match key {
                        Variant::String(s) | Variant::StringName(s) => s.as_str(),
                        other => {
                            return Err(path.error(format!(
                                "struct keys are field names, found a key of {}",
                                variant_name(other)
                            )))
                        }
                    };
                    let index = def.index_of(name).ok_or_else(|| {
                        path.error(format!(
                            "`{}` has no field `{name}`",
                            self.registry.display(ty)
                        ))
                    })?;
                    let field = &def.fields()[index];
                    let p = path.child(Seg::Field(field.name()));
                    fields[index] = Some(self.bwd(field.ty(), val, &p, depth + 1)?);
                }
                let mut out = Vec::with_capacity(def.len());
                for (slot, field) in fields.into_iter().zip(def.fields()) {
                    out.push(match slot {
                        Some(v) => v,
                        None => default_value(self.registry, field.ty()).map_err(|e| {
                            path.child(Seg::Field(field.name())).error(e.to_string())
                        })?,
                    });
                }
                Value::Struct(out.into())
            }
            Kind::Array(e, n) => {
                let items = self.list_back(*e, v, path, depth).ok_or_else(mismatch)??;
                if items.len() != *n as usize {
                    return Err(path.error(format!("expected {n} elements, found {}", items.len())));
                }
                Value::List(items.into())
            }
            Kind::List(e) | Kind::Set(e) => Value::List(
                self.list_back(*e, v, path, depth)
                    .ok_or_else(mismatch)??
                    .into(),
            ),
            Kind::Map(kt, vt) => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut out = Vec::with_capacity(d.entries.len());
                for (i, (key, val)) in d.entries.iter().enumerate() {
                    out.push((
                        self.bwd(*kt, key, &path.child(Seg::Key(i)), depth + 1)?,
                        self.bwd(*vt, val, &path.child(Seg::Index(i)), depth + 1)?,
                    ));
                }
                Value::Map(out.into())
            }
            Kind::Option(inner) => match v {
                Variant::Nil => Value::NONE,
                _ if self.nullable(*inner) => match v {
                    Variant::Array(a) if a.items.len() == 1 => {
                        Value::some(self.bwd(*inner, &a.items[0], path, depth + 1)?)
                    }
                    _ => {
                        return Err(path.error(format!(
                            "a present option of a nullable type is a one-element Array, found {}",
                            variant_name(v)
                        )))
                    }
                },
                _ => Value::some(self.bwd(*inner, v, path, depth + 1)?),
            },
            Kind::Tuple(ts) => {
                let items: &[Variant] = match v {
                    Variant::Nil if ts.is_empty() => &[],
                    Variant::Array(a) => &a.items,
                    _ => return Err(mismatch()),
                };
                if items.len() != ts.len() {
                    return Err(path.error(format!(
                        "expected {} tuple elements, found {}",
                        ts.len(),
                        items.len()
                    )));
                }
                let mut out = Vec::with_capacity(items.len());
                for (i, (t, item)) in ts.iter().zip(items).enumerate() {
                    out.push(self.bwd(*t, item, &path.child(Seg::Index(i)), depth + 1)?);
                }
                Value::Tuple(out.into())
            }
            Kind::Math(m) => math_back(*m, v).map_err(|e| path.error(e))?,
            Kind::Entity => {
                let Variant::Dictionary(d) = v else {
                    return Err(mismatch());
                };
                let mut out = Vec::with_capacity(d.entries.len());
                for (key, data) in &d.entries {
                    let id = match key {
                        Variant::Int(i) => u32::try_from(*i).ok(),
                        Variant::String(s) | Variant::StringName(s) => s.parse().ok(),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        path.error(format!(
                            "entity keys are component ids, found {}",
                            variant_name(key)
                        ))
                    })?;
                    let p = path.child(Seg::Component(id));
                    let cty = self
                        .registry
                        .component(id)
                        .ok_or_else(|| p.error(format!("the schema has no component {id}")))?
                        .id();
                    out.push((id, self.bwd(cty, data, &p, depth + 1)?));
                }
                Value::entity(out)
            }
            Kind::Polymorphic(_) | Kind::Any => {
                let base = match kind {
                    Kind::Polymorphic(b) => Some(*b),
                    _ => None,
                };
                let (actual, inner) = match (self.dynamic_parts(v), base) {
                    (Some(parts), _) => parts,
                    (None, None) => (infer_type(v).ok_or_else(mismatch)?, v),
                    (None, Some(_)) => return Err(mismatch()),
                };
                let actual = self
                    .type_by_name(actual)
                    .ok_or_else(|| path.error(format!("the schema has no type `{actual}`")))?;
                if let Some(base) = base {
                    if !self.registry.is_subtype(actual, base) {
                        return Err(path.error(format!(
                            "`{}` is not `{}` or derived from it",
                            self.registry.display(actual),
                            self.registry.display(base)
                        )));
                    }
                }
                let p = path.child(Seg::Dynamic);
                Value::dynamic(actual, self.bwd(actual, inner, &p, depth + 1)?)
            }
        })
    }

    /// `{"$type": name, "$value": value}`.
    pub(super) fn dynamic_parts<'v>(&self, v: &'v Variant) -> Option<(&'v str, &'v Variant)> {
        let Variant::Dictionary(d) = v else {
            return None;
        };
        let mut name = None;
        let mut value = None;
        for (k, val) in &d.entries {
            match (k, val) {
                (Variant::String(k), Variant::String(n)) if k == TYPE_KEY => {
                    name = Some(n.as_str())
                }
                (Variant::String(k), val) if k == VALUE_KEY => value = Some(val),
                _ => return None,
            }
        }
        Some((name?, value?))
    }

    /// The elements of a list from a packed array or an Array; `None` if `v` is neither.
    pub(super) fn list_back(
        &self,
        elem: TypeId,
        v: &Variant,
        path: &Path<'_>,
        depth: usize,
    ) -> Option<Result<Vec<Value>>> {
        let kind = match self.kind(elem, path) {
            Ok(k) => k,
            Err(e) => return Some(Err(e)),
        };
        // Fast paths for the packed arrays the forward direction writes.
        match (kind, v) {
            (Kind::Float(FloatType::F32), Variant::PackedFloat32Array(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::F32(*x)).collect()))
            }
            (Kind::Float(FloatType::F64), Variant::PackedFloat64Array(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::F64(*x)).collect()))
            }
            (Kind::String, Variant::PackedStringArray(xs)) => {
                return Some(Ok(xs.iter().map(|x| Value::string(x.as_str())).collect()))
            }
            _ => {}
        }
        let one =
            |i: usize, item: &Variant| self.bwd(elem, item, &path.child(Seg::Index(i)), depth + 1);
        macro_rules! each {
            ($xs:expr, $to:expr) => {{
                let mut out = Vec::with_capacity($xs.len());
                for (i, x) in $xs.iter().enumerate() {
                    #[allow(clippy::redundant_closure_call)]
                    match one(i, &$to(x)) {
                        Ok(v) => out.push(v),
                        Err(e) => return Some(Err(e)),
                    }
                }
                Some(Ok(out))
            }};
        }
        match v {
            Variant::Array(a) => each!(a.items, |x: &Variant| x.clone()),
            Variant::PackedByteArray(xs) => each!(xs, |x: &u8| Variant::Int(i64::from(*x))),
            Variant::PackedInt32Array(xs) => each!(xs, |x: &i32| Variant::Int(i64::from(*x))),
            Variant::PackedInt64Array(xs) => each!(xs, |x: &i64| Variant::Int(*x)),
            Variant::PackedFloat32Array(xs) => each!(xs, |x: &f32| Variant::Float(f64::from(*x))),
            Variant::PackedFloat64Array(xs) => each!(xs, |x: &f64| Variant::Float(*x)),
            Variant::PackedStringArray(xs) => each!(xs, |x: &String| Variant::String(x.clone())),
            Variant::PackedVector2Array(xs) => each!(xs, |x: &Vector2| Variant::Vector2(*x)),
            Variant::PackedVector3Array(xs) => each!(xs, |x: &Vector3| Variant::Vector3(*x)),
            Variant::PackedColorArray(xs) => each!(xs, |x: &Color| Variant::Color(*x)),
            Variant::PackedVector4Array(xs) => {
                each!(xs, |x: &Vector4| Variant::Vector4(Box::new(*x)))
            }
            _ => None,
        }
    }
}
