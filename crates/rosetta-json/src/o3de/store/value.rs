//! Store: a value of the shared type model written straight to JSON text by O3DE's rules.
//!
//! Every function writes exactly one JSON value, or nothing and returns `DefaultsUsed` (the value
//! equals its default and defaults are not kept). The caller decides what nothing means: a
//! member is left out, an element becomes the explicit default `{}`, the document is `{}`.
//! Defaults are compared as they are walked ([`Dflt`]); no default value is built.

use rosetta_types::{Kind, TypeId, TypeRegistry, Value};

use super::default::Dflt;
use super::plan::Plans;
use crate::o3de::options::StoreOptions;
use crate::o3de::report::context::{Ctx, Halt, Step};
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::o3de::repr::enums::{representable, store_form, EnumJson, Leftover};
use crate::text::writer::Writer;

pub(crate) struct Store<'r, 'p> {
    pub reg: &'r TypeRegistry,
    pub plans: &'p Plans,
    pub opts: &'p StoreOptions,
    pub ctx: Ctx<'p, 'r>,
    pub w: Writer,
}

impl<'r, 'p> Store<'r, 'p> {
    pub fn new(
        reg: &'r TypeRegistry,
        plans: &'p Plans,
        opts: &'p StoreOptions,
        reporter: &'p mut dyn crate::o3de::report::reporter::Reporter,
    ) -> Self {
        let ctx = Ctx::new(
            reporter,
            crate::o3de::report::result::Task::WriteValue,
            opts.strict,
            opts.report_successes,
            opts.max_depth,
        );
        Store {
            reg,
            plans,
            opts,
            ctx,
            w: Writer::new(opts.indent),
        }
    }
}

impl<'r> Store<'r, '_> {
    pub(crate) fn mismatch(&self, ty: TypeId, v: &'r Value) -> Halt {
        self.ctx.error(format!(
            "a {} is not a value of `{}`",
            v.kind_name(),
            self.reg.display(ty)
        ))
    }

    /// The default a fresh element (of the type it is used with) is compared with.
    pub fn fresh(&self) -> Dflt<'static> {
        if self.opts.keep_defaults {
            Dflt::None
        } else {
            Dflt::New
        }
    }

    pub(crate) fn success(&mut self) -> Step {
        self.ctx.report(Outcome::Success, false, String::new)
    }

    pub(crate) fn defaults_used(&mut self) -> Step {
        self.ctx
            .report(Outcome::DefaultsUsed, false, || "the default value".into())
    }

    pub fn value(&mut self, ty: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let code = self.dispatch(ty, v, d)?;
        // What a load reads back: the fast paths open arrays that are no path step, so the
        // writer counts the levels.
        if self.w.deepest() > self.opts.max_depth {
            return Err(self.ctx.too_deep());
        }
        Ok(code)
    }

    /// [`Store::value`] by kind.
    #[inline(always)]
    fn dispatch(&mut self, ty: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let reg = self.reg;
        let t = reg
            .get(ty)
            .ok_or_else(|| self.ctx.error(format!("no type with id {}", ty.as_u32())))?;
        match t.kind() {
            Kind::Struct(_) => self.structure(ty, v, d),
            Kind::List(e) => self.list(*e, v, d, false),
            Kind::Set(e) => self.list(*e, v, d, true),
            Kind::Array(e, _) => self.fixed(v, d, |_| *e),
            Kind::Tuple(ts) => self.fixed(v, d, |i| ts.get(i).copied().unwrap_or(TypeId::NIL)),
            Kind::Map(k, val) => self.map(*k, *val, v, d),
            Kind::Option(inner) => self.option(*inner, v, d),
            Kind::Entity => self.entity(v, d),
            Kind::Polymorphic(base) => self.polymorphic(*base, v, d),
            Kind::Any => self.any(v, d),
            kind => {
                if d.leaf_is_default(kind, v) {
                    return self.defaults_used();
                }
                match kind {
                    Kind::Enum(e) | Kind::Bitmask(e) => {
                        let Value::Enum(x) = v else {
                            return Err(self.mismatch(ty, v));
                        };
                        if !representable(e.repr(), *x) {
                            return Err(self.ctx.error(format!(
                                "{x} is not a value of `{}`: out of range for its {}",
                                self.reg.display(ty),
                                e.repr().name()
                            )));
                        }
                        self.enumeration(e, *x);
                        // Any OR of a bitmask's flags is one of its values.
                        let closed = matches!(kind, Kind::Enum(_)) && e.is_closed();
                        if closed && e.by_value(*x).is_none() {
                            // Written as the engine writes any value; reported as loading
                            // reports it, so that strict mode refuses it both ways.
                            return self.ctx.report(Outcome::Success, true, || {
                                format!("{x} is not a value of the enum, written as it is")
                            });
                        }
                        self.success()
                    }
                    Kind::Math(m) => self.math(ty, m.shape, m.scalar, v, d),
                    // A value of another width or precision would be written as it is and read
                    // back as something else (a double in a float field).
                    kind if !kind.holds_scalar(v) => Err(self.mismatch(ty, v)),
                    _ => self.scalar(ty, v),
                }
            }
        }
    }

    fn enumeration(&mut self, e: &rosetta_types::EnumType, x: i64) {
        match store_form(e, x, self.opts.enum_form) {
            EnumJson::Name(n) => self.w.string(n),
            EnumJson::Int(i) => self.w.i64(i),
            EnumJson::Uint(u) => self.w.u64(u),
            EnumJson::Flags(names, rest) => {
                let mut f = self.w.begin_array();
                for n in names {
                    self.w.element(&mut f);
                    self.w.string(n);
                }
                if let Some(rest) = rest {
                    self.w.element(&mut f);
                    match rest {
                        Leftover::Int(i) => self.w.i64(i),
                        Leftover::Uint(u) => self.w.u64(u),
                    }
                }
                self.w.end_array(f);
            }
        }
    }

    fn scalar(&mut self, ty: TypeId, v: &'r Value) -> Step {
        match *v {
            Value::Bool(b) => self.w.boolean(b),
            Value::Char(c) => self.w.string(c.encode_utf8(&mut [0; 4])),
            Value::I8(x) => self.w.i64(x.into()),
            Value::I16(x) => self.w.i64(x.into()),
            Value::I32(x) => self.w.i64(x.into()),
            Value::I64(x) | Value::EntityId(x) => self.w.i64(x),
            Value::U8(x) => self.w.u64(x.into()),
            Value::U16(x) => self.w.u64(x.into()),
            Value::U32(x) => self.w.u64(x.into()),
            Value::U64(x) => self.w.u64(x),
            Value::F32(x) => self.f32(x),
            Value::F64(x) => self.f64(x),
            Value::String(ref s) => self.w.string(s),
            Value::Bytes(ref b) => self.w.base64(b),
            Value::Uuid(ref u) => self.w.uuid(u),
            _ => return Err(self.mismatch(ty, v)),
        }
        self.success()
    }

    #[inline(always)]
    pub(crate) fn f32(&mut self, x: f32) {
        self.w.f32(x, self.opts.float_form);
    }

    #[inline(always)]
    pub(crate) fn f64(&mut self, x: f64) {
        self.w.f64(x, self.opts.float_form);
    }

    /// An element of a container: the explicit default `{}` when it is the default (`null` for
    /// an empty option, which `{}` would load as a present default).
    pub fn element(&mut self, ty: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let start = self.w.len();
        let code = self.value(ty, v, d)?;
        // A value that left itself out; one that reports its default but was kept
        // (`keep_defaults`) is already there.
        if self.w.len() == start {
            if matches!(v, Value::Option(None)) {
                self.w.null();
            } else {
                self.w.empty_object();
            }
        }
        Ok(code)
    }

    /// [`Store::element`] with the path step `name` (a pair's `Key` or `Value`, an update's
    /// field or event).
    pub(crate) fn element_under(
        &mut self,
        name: &str,
        ty: TypeId,
        v: &'r Value,
        d: Dflt<'_>,
    ) -> Step {
        let len = self.ctx.enter_owned_key(name)?;
        let code = self.element(ty, v, d);
        self.ctx.leave(len);
        code
    }

    /// Writes one value at `index` into its own buffer (for sorting): its code and JSON text.
    pub fn fragment(
        &mut self,
        index: usize,
        f: impl FnOnce(&mut Self) -> Step,
    ) -> Result<(ResultCode, String), Halt> {
        let fragment = self.w.fragment();
        let saved = std::mem::replace(&mut self.w, fragment);
        let len = self.ctx.enter_index(index);
        let code = len.and_then(|len| {
            let code = f(self);
            self.ctx.leave(len);
            code
        });
        let part = std::mem::replace(&mut self.w, saved);
        self.w.merge_depth(&part);
        Ok((code?, part.into_string()))
    }

    /// Writes compact JSON fragments as an array sorted by `JsonSerialization::Compare`.
    pub(super) fn write_sorted(&mut self, parts: Vec<String>) {
        let mut parsed: Vec<(serde_json::Value, String)> = parts
            .into_iter()
            .map(|p| {
                (
                    serde_json::from_str(&p).unwrap_or(serde_json::Value::Null),
                    p,
                )
            })
            .collect();
        parsed.sort_by(|a, b| crate::o3de::compare::compare(&a.0, &b.0));
        let mut frame = self.w.begin_array();
        for (_, raw) in parsed {
            self.w.element(&mut frame);
            self.w.compact_json(&raw);
        }
        self.w.end_array(frame);
    }

    fn option(&mut self, inner: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let Value::Option(o) = v else {
            return Err(self.mismatch(inner, v));
        };
        let default = d.option();
        match o {
            None if matches!(default, Some(None)) => self.defaults_used(),
            None => {
                self.w.null();
                self.success()
            }
            Some(x) => {
                let present_default = matches!(default, Some(Some(_)));
                let inner_default = match default {
                    Some(Some(d)) => d,
                    _ => self.fresh(),
                };
                let start = self.w.len();
                let code = self.value(inner, x, inner_default)?;
                if self.w.len() == start && !present_default {
                    // Present but default, against an absent default: the explicit default.
                    self.w.empty_object();
                    return Ok(self.ctx.code(Outcome::PartialDefaults));
                }
                Ok(code)
            }
        }
    }
}
