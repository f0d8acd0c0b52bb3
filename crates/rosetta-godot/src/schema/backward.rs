//! Variants back to values of the shared model.

use super::*;

impl Mapping<'_> {
    /// A Variant as a value of `ty`. The composite kinds are read by functions of their own, so
    /// that the recursion (`bwd` -> a composite's function -> `bwd`) takes little stack per level.
    pub(super) fn bwd(
        &self,
        ty: TypeId,
        v: &Variant,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        depth.check(path)?;
        let kind = self.kind(ty, path)?;
        match kind {
            Kind::Struct(def) => self.struct_back(ty, def, v, path, depth),
            Kind::Array(e, n) => {
                let items = self
                    .list_back(*e, v, path, depth)
                    .ok_or_else(|| self.mismatch_back(ty, kind, v, path))??;
                if items.len() != *n as usize {
                    return Err(path.error(format!("expected {n} elements, found {}", items.len())));
                }
                Ok(Value::List(items.into()))
            }
            Kind::List(e) | Kind::Set(e) => Ok(Value::List(
                self.list_back(*e, v, path, depth)
                    .ok_or_else(|| self.mismatch_back(ty, kind, v, path))??
                    .into(),
            )),
            Kind::Map(kt, vt) => {
                let Variant::Dictionary(d) = v else {
                    return Err(self.mismatch_back(ty, kind, v, path));
                };
                self.map_back(*kt, *vt, d, path, depth)
            }
            Kind::Option(inner) => match v {
                Variant::Nil => Ok(Value::NONE),
                _ if self.nullable(*inner) => match v {
                    Variant::Array(a) if a.items.len() == 1 => Ok(Value::some(self.bwd(
                        *inner,
                        &a.items[0],
                        path,
                        depth.down(),
                    )?)),
                    _ => Err(path.error(format!(
                        "a present option of a nullable type is a one-element Array, found {}",
                        variant_name(v)
                    ))),
                },
                _ => Ok(Value::some(self.bwd(*inner, v, path, depth.down())?)),
            },
            Kind::Tuple(ts) => self.tuple_back(ty, kind, ts, v, path, depth),
            Kind::Entity => {
                let Variant::Dictionary(d) = v else {
                    return Err(self.mismatch_back(ty, kind, v, path));
                };
                self.entity_back(d, path, depth.object(path)?)
            }
            Kind::Polymorphic(_) | Kind::Any => self.dynamic_back(ty, kind, v, path, depth),
            _ => self.leaf_back(ty, kind, v, path),
        }
    }

    /// The error for a Variant of the wrong kind for `ty`.
    #[cold]
    #[inline(never)]
    fn mismatch_back(&self, ty: TypeId, kind: &Kind, v: &Variant, path: &Path<'_>) -> SchemaError {
        path.error(format!(
            "expected {} for {} `{}`, found {}",
            expected_variant(kind),
            kind.name(),
            self.registry.display(ty),
            variant_name(v)
        ))
    }

    /// A value that is no composite.
    #[inline(never)]
    fn leaf_back(&self, ty: TypeId, kind: &Kind, v: &Variant, path: &Path<'_>) -> Result<Value> {
        let mismatch = || self.mismatch_back(ty, kind, v, path);
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
            Kind::Math(m) => math_back(*m, v).map_err(|e| path.error(e))?,
            _ => return Err(mismatch()),
        })
    }

    /// A struct from a Dictionary keyed by field name; an object, one level deeper. A field the
    /// Dictionary leaves out takes its default, which counts as the objects it is.
    #[inline(never)]
    fn struct_back(
        &self,
        ty: TypeId,
        def: &'_ rosetta_types::StructType,
        v: &Variant,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        let Variant::Dictionary(d) = v else {
            return Err(self.mismatch_back(ty, self.kind(ty, path)?, v, path));
        };
        let inner = depth.object(path)?;
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
            fields[index] = Some(self.bwd(field.ty(), val, &p, inner.down())?);
        }
        let mut out = Vec::with_capacity(def.len());
        for (slot, field) in fields.into_iter().zip(def.fields()) {
            out.push(match slot {
                Some(v) => v,
                None => self.default_back(field, path, inner)?,
            });
        }
        Ok(Value::Struct(out.into()))
    }

    /// The default of a field a struct's Dictionary leaves out, within `depth`, its struct's.
    fn default_back(
        &self,
        field: &rosetta_types::Field,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        let p = path.child(Seg::Field(field.name()));
        let level = depth.objects + 1;
        if let Some(below) = rosetta_types::default_past_limit(self.registry, field.ty(), level) {
            let mut at = p.render();
            for name in below {
                at.push('.');
                at.push_str(name);
            }
            return Err(SchemaError {
                path: at,
                message: rosetta_types::too_deep_message(),
            });
        }
        default_value(self.registry, field.ty()).map_err(|e| p.error(e.to_string()))
    }

    /// A map from a Dictionary.
    #[inline(never)]
    fn map_back(
        &self,
        kt: TypeId,
        vt: TypeId,
        d: &Dictionary,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        let mut out = Vec::with_capacity(d.entries.len());
        for (i, (key, val)) in d.entries.iter().enumerate() {
            out.push((
                self.bwd(kt, key, &path.child(Seg::Key(i)), depth.down())?,
                self.bwd(vt, val, &path.child(Seg::Index(i)), depth.down())?,
            ));
        }
        Ok(Value::Map(out.into()))
    }

    /// A tuple from an Array (the empty tuple from `null`).
    #[inline(never)]
    fn tuple_back(
        &self,
        ty: TypeId,
        kind: &Kind,
        ts: &[TypeId],
        v: &Variant,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        let items: &[Variant] = match v {
            Variant::Nil if ts.is_empty() => &[],
            Variant::Array(a) => &a.items,
            _ => return Err(self.mismatch_back(ty, kind, v, path)),
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
            out.push(self.bwd(*t, item, &path.child(Seg::Index(i)), depth.down())?);
        }
        Ok(Value::Tuple(out.into()))
    }

    /// An entity, inside which `depth` is, from a Dictionary keyed by component id.
    #[inline(never)]
    fn entity_back(&self, d: &Dictionary, path: &Path<'_>, depth: Depth) -> Result<Value> {
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
            out.push((id, self.bwd(cty, data, &p, depth.down())?));
        }
        Ok(Value::entity(out))
    }

    /// A polymorphic or `any` value from `{"$type": name, "$value": value}`.
    #[inline(never)]
    fn dynamic_back(
        &self,
        ty: TypeId,
        kind: &Kind,
        v: &Variant,
        path: &Path<'_>,
        depth: Depth,
    ) -> Result<Value> {
        let mismatch = || self.mismatch_back(ty, kind, v, path);

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
        Ok(Value::dynamic(
            actual,
            self.bwd(actual, inner, &p, depth.down())?,
        ))
    }

    /// The events of an update's Dictionary: event name to an Array of payloads, each a root
    /// of its own.
    pub(super) fn events_from_variant(
        &self,
        component: TypeId,
        value: &Variant,
        update: &mut ComponentUpdate,
    ) -> Result<()> {
        let p = Path::ROOT.child(Seg::Field(EVENTS_KEY));
        let info = self
            .registry
            .get(component)
            .and_then(|t| t.component())
            .ok_or_else(|| p.error("only components have events"))?;
        let Variant::Dictionary(events) = value else {
            return Err(p.error("events are a Dictionary of event name to Array"));
        };
        for (key, list) in &events.entries {
            let (Variant::String(name) | Variant::StringName(name)) = key else {
                return Err(p.error("event keys are event names"));
            };
            let event = info
                .event_by_name(name)
                .ok_or_else(|| p.error(format!("no event `{name}`")))?;
            let ep = p.child(Seg::Field(event.name()));
            let Variant::Array(items) = list else {
                return Err(ep.error("expected an Array of events"));
            };
            for (i, item) in items.items.iter().enumerate() {
                let p = ep.child(Seg::Index(i));
                let value = self.bwd(event.ty(), item, &p, Depth::ROOT)?;
                let object = typed::write(self.registry, event.ty(), &value)
                    .map_err(|e| p.error(e.to_string()))?;
                *update.add_event(event.index()) = object;
            }
        }
        Ok(())
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
        depth: Depth,
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
        let one = |i: usize, item: &Variant| {
            self.bwd(elem, item, &path.child(Seg::Index(i)), depth.down())
        };
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
        if let Variant::Array(a) = v {
            // By reference: an element may be a whole tree.
            let mut out = Vec::with_capacity(a.items.len());
            for (i, x) in a.items.iter().enumerate() {
                match one(i, x) {
                    Ok(v) => out.push(v),
                    Err(e) => return Some(Err(e)),
                }
            }
            return Some(Ok(out));
        }
        match v {
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
