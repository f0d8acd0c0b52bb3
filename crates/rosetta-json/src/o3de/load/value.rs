//! The load in progress ([`Load`]) and what every kind shares: the walk from a value to its
//! kind's loader, placeholders for values not made yet, leaves, options and `{}`. Loading is
//! onto a target: members the JSON leaves out keep the target's values, the explicit default
//! `{}` leaves the target as it is, and a value that cannot be read leaves its part of the target
//! untouched and is reported.

use rosetta_types::{default_value, FloatType, Kind, MathShape, TypeId, TypeRegistry, Value};

use super::scalar::{self as scalar, describe, Loaded};
use crate::o3de::options::LoadOptions;
use crate::o3de::report::context::{Ctx, Halt, Step};
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, Processing, ResultCode, Task};
use crate::o3de::repr::math::build;
use crate::o3de::repr::math::new_component;
use crate::text::reader::{Peek, Reader, Scalar};

/// A load in progress. The registry lives at least as long as `'a`, the text's borrow
/// (shortened if need be), so path steps borrow member names from either.
pub(crate) struct Load<'r: 'a, 'a, 'p> {
    pub reg: &'r TypeRegistry,
    pub opts: &'p LoadOptions,
    pub ctx: Ctx<'p, 'a>,
    pub r: Reader<'a>,
    /// Where a list's elements are gathered before they move to a box of the exact size (no
    /// growth, no shrinking reallocation per list); kept for the next list to reuse.
    pub scratch: Vec<Value>,
}

/// A load of `text` by `options`, at its start.
pub(crate) fn loader<'r, 'a, 'p>(
    registry: &'r TypeRegistry,
    text: &'a str,
    options: &'p LoadOptions,
    reporter: &'p mut dyn Reporter,
) -> Load<'r, 'a, 'p> {
    Load {
        reg: registry,
        opts: options,
        ctx: Ctx::new(
            reporter,
            Task::ReadField,
            options.strict,
            options.report_successes,
            options.max_depth,
        ),
        r: Reader::new(text, options.max_depth).with_full_precision(options.full_precision),
        scratch: Vec::new(),
    }
}

/// The end of a load: a halting code is the result; otherwise only whitespace may follow.
pub(crate) fn finish(
    l: &mut Load<'_, '_, '_>,
    code: std::result::Result<ResultCode, Halt>,
) -> crate::error::Result<ResultCode> {
    match code {
        Ok(code) => {
            l.r.finish()?;
            Ok(code)
        }
        Err(Halt::Code(code)) => Ok(code),
        Err(Halt::Error(e)) => Err(e),
    }
}

/// A value not made yet: the empty tuple, which is also `nil`'s value (whose default it is, so
/// treating a real `nil` as a placeholder changes nothing).
pub(crate) fn is_placeholder(v: &Value) -> bool {
    matches!(v, Value::Tuple(t) if t.is_empty())
}

/// A new placeholder, `Value::nil()` inlined: one is made for every member and element read.
#[inline]
pub(crate) fn placeholder() -> Value {
    Value::Tuple(Box::default())
}

/// `*target = value`, without a call to drop the placeholder that is usually there (it owns
/// no memory).
#[inline(always)]
pub(crate) fn set(target: &mut Value, value: Value) {
    if is_placeholder(target) {
        std::mem::forget(std::mem::replace(target, value));
    } else {
        *target = value;
    }
}

/// Replaces the placeholders left in `v` when loading halted part-way with their defaults.
pub(crate) fn fill_placeholders(registry: &TypeRegistry, ty: TypeId, v: &mut Value) {
    if is_placeholder(v) {
        if let Ok(d) = default_value(registry, ty) {
            *v = d;
        }
        return;
    }
    let Some(kind) = registry.get(ty).map(|t| t.kind()) else {
        return;
    };
    match (kind, v) {
        (Kind::Struct(s), Value::Struct(values)) => {
            for (field, value) in s.fields().iter().zip(values.iter_mut()) {
                if is_placeholder(value) {
                    if let Some(d) = field.default() {
                        *value = d.clone();
                        continue;
                    }
                }
                fill_placeholders(registry, field.ty(), value);
            }
        }
        (Kind::List(e) | Kind::Set(e) | Kind::Array(e, _), Value::List(items)) => {
            items
                .iter_mut()
                .for_each(|x| fill_placeholders(registry, *e, x));
        }
        (Kind::Tuple(ts), Value::Tuple(items)) => {
            for (t, x) in ts.iter().zip(items.iter_mut()) {
                fill_placeholders(registry, *t, x);
            }
        }
        (Kind::Map(k, val), Value::Map(entries)) => {
            for (key, value) in entries.iter_mut() {
                fill_placeholders(registry, *k, key);
                fill_placeholders(registry, *val, value);
            }
        }
        (Kind::Option(inner), Value::Option(Some(x))) => fill_placeholders(registry, *inner, x),
        (Kind::Polymorphic(_) | Kind::Any, Value::Dynamic(d)) => {
            let ty = d.ty;
            fill_placeholders(registry, ty, &mut d.value);
        }
        _ => {}
    }
}

/// Whether a result means the value was not applied.
pub(crate) fn failed(code: ResultCode) -> bool {
    matches!(code.processing(), Processing::Altered | Processing::Halted)
}

impl<'a> Load<'_, 'a, '_> {
    pub fn default_of(&self, ty: TypeId) -> Result<Value, Halt> {
        default_value(self.reg, ty).map_err(|e| self.ctx.error(e.to_string()))
    }

    /// A new instance of `ty`, as a container makes one for an element (or a map an entry, or
    /// a pointer its pointee) and its serializer initializes it from `{}`: the type's default,
    /// except a `Color`, which O3DE makes zero (`Color::CreateZero`; the shared model's default
    /// is opaque black), also inside fixed arrays and tuples.
    pub fn new_instance(&self, ty: TypeId) -> Result<Value, Halt> {
        match self.reg.get(ty).map(|t| t.kind()) {
            Some(Kind::Math(m)) if m.shape == MathShape::Color => {
                let c: Vec<f64> = (0..m.shape.len())
                    .map(|i| new_component(m.shape, i))
                    .collect();
                Ok(build(m.scalar, &c))
            }
            Some(Kind::Array(e, n)) => Ok(Value::list(vec![self.new_instance(*e)?; *n as usize])),
            Some(Kind::Tuple(ts)) => {
                let items = ts.iter().map(|&t| self.new_instance(t));
                Ok(Value::tuple(items.collect::<Result<Vec<_>, _>>()?))
            }
            _ => self.default_of(ty),
        }
    }

    /// Reports a scalar load and applies it.
    pub fn apply(&mut self, loaded: Loaded, target: &mut Value) -> Step {
        let Loaded {
            value,
            outcome,
            coerced,
            message,
        } = loaded;
        let code = self.ctx.report(outcome, coerced, || message.into_owned())?;
        if let Some(v) = value {
            if !failed(code) {
                *target = v;
            }
        }
        Ok(code)
    }

    /// Skips the value ahead and reports it as `Skipped`.
    pub fn skip(&mut self, message: impl FnOnce() -> String) -> Step {
        self.r.skip_value()?;
        self.ctx.report(Outcome::Skipped, false, message)
    }

    /// Skips a value of the wrong JSON kind and reports it as `Unsupported`.
    pub fn wrong_kind(&mut self, expected: &str) -> Step {
        let found = self.r.peek()?;
        self.r.skip_value()?;
        self.ctx.report(Outcome::Unsupported, false, || {
            format!("expected {expected}, found {}", found.name())
        })
    }

    fn scalar_or_skip(&mut self, expected: &str) -> Result<Option<Scalar<'a>>, Halt> {
        match self.r.peek()? {
            Peek::Array | Peek::Object => {
                self.wrong_kind(expected)?;
                Ok(None)
            }
            _ => Ok(Some(self.r.scalar()?)),
        }
    }

    /// Loads the value ahead onto `target`. A [placeholder](is_placeholder) target (a value not
    /// made yet) that nothing was read into becomes a [new instance](Load::new_instance).
    pub fn value(&mut self, ty: TypeId, target: &mut Value) -> Step {
        self.value_or(ty, target, Made::New)
    }

    /// [`Load::value`] for the root of a document or a component's field: a placeholder
    /// nothing was read into becomes the type's default (the caller's object, not a new
    /// instance).
    pub fn root(&mut self, ty: TypeId, target: &mut Value) -> Step {
        self.value_or(ty, target, Made::Default(None))
    }

    /// [`Load::value`], with what a placeholder nothing was read into becomes.
    pub(super) fn value_or(&mut self, ty: TypeId, target: &mut Value, made: Made<'_>) -> Step {
        let reg = self.reg;
        if let Some(t) = reg.get(ty) {
            match self.value_fast(t.kind(), target) {
                Ok(Some(code)) => return Ok(code),
                Ok(None) => {}
                Err(e) => return self.stopped(ty, target, e),
            }
            // Made before it is read, as what it is made as (a member's own default, a new
            // instance), what is read onto what it was: the components a vector object or a
            // color's `RGB` leaves out, a short array's last elements, the members an object
            // leaves out of a member whose own default is not its type's. Containers are not:
            // appended to a member's own default (as the engine's class instance would be),
            // they would not read back as they were stored.
            let before = match (t.kind(), made) {
                (Kind::Array(..) | Kind::Tuple(_) | Kind::Math(_), _) => true,
                (Kind::List(_) | Kind::Set(_) | Kind::Map(..) | Kind::Entity, _) => false,
                (kind, Made::Default(Some(_))) => !kind.is_leaf(),
                _ => false,
            };
            if before && is_placeholder(target) {
                *target = self.made(ty, made)?;
            }
        }
        if is_placeholder(target) {
            let code = self.value_onto(ty, target);
            if is_placeholder(target) {
                *target = self.made(ty, made)?;
            }
            return code;
        }
        self.value_onto(ty, target)
    }

    /// A value of `ty` that nothing was read into, made as `made` says.
    fn made(&self, ty: TypeId, made: Made<'_>) -> Result<Value, Halt> {
        self.ctx.check_default(self.reg, ty, &[])?;
        match made {
            Made::Default(Some(d)) => Ok(d.clone()),
            Made::Default(None) => self.default_of(ty),
            Made::New => self.new_instance(ty),
        }
    }

    /// As below: a placeholder gets its default even when loading stops.
    #[cold]
    pub(super) fn stopped(&mut self, ty: TypeId, target: &mut Value, halt: Halt) -> Step {
        if is_placeholder(target) {
            *target = self.default_of(ty)?;
        }
        Err(halt)
    }

    fn value_onto(&mut self, ty: TypeId, target: &mut Value) -> Step {
        let reg = self.reg;
        let t = reg
            .get(ty)
            .ok_or_else(|| self.ctx.error(format!("no type with id {}", ty.as_u32())))?;
        if self.r.at_empty_object()? {
            if matches!(t.kind(), Kind::Struct(_) | Kind::Entity) {
                // `{}` is an object too, and its default's members nest below it.
                self.ctx.check_default(reg, ty, &[])?;
            }
            self.r.empty_object()?;
            return self.explicit_default(ty, target);
        }
        match t.kind() {
            Kind::Struct(_) => self.structure(ty, target),
            Kind::List(e) => self.list(*e, target, false),
            Kind::Set(e) => self.list(*e, target, true),
            Kind::Array(e, n) => self.array(*e, *n as usize, target),
            Kind::Tuple(ts) => self.tuple(ts, target),
            Kind::Map(k, v) => self.map(*k, *v, target),
            Kind::Option(inner) => self.option(*inner, target),
            Kind::Math(m) => self.math(m.shape, m.scalar, target),
            Kind::Entity => self.entity(target),
            Kind::Polymorphic(base) => self.polymorphic(*base, target),
            Kind::Any => self.any(target),
            Kind::Enum(e) | Kind::Bitmask(e) => {
                let closed = matches!(t.kind(), Kind::Enum(_)) && e.is_closed();
                self.enumeration(e, closed, target)
            }
            kind => {
                // `value` has tried `leaf_as_written` already.
                let Some(s) = self.scalar_or_skip(kind.name())? else {
                    return Ok(self.ctx.code(Outcome::Unsupported));
                };
                let loaded = self.leaf(kind, &s);
                self.apply(loaded, target)
            }
        }
    }

    /// The common case, a leaf in the form a store writes it (a number for a number, a string
    /// for a string, a bool for a bool), read without the lenient machinery into `target`;
    /// `None` (nothing consumed) for everything else.
    #[inline]
    pub(crate) fn leaf_as_written(
        &mut self,
        kind: &Kind,
        target: &mut Value,
    ) -> Result<Option<ResultCode>, Halt> {
        let Some(value) = self.leaf_value(kind)? else {
            return Ok(None);
        };
        set(target, value);
        self.ctx
            .report(Outcome::Success, false, String::new)
            .map(Some)
    }

    /// The value of [`Load::leaf_as_written`], reported by the caller. Inlined, so that the
    /// value is made where it goes.
    #[inline(always)]
    pub(crate) fn leaf_value(&mut self, kind: &Kind) -> Result<Option<Value>, Halt> {
        Ok(match (kind, self.r.peek()?) {
            (Kind::Int(t), Peek::Number) => {
                let saved = self.r.save();
                let v = match self.r.plain_integer()? {
                    Some((false, m)) => Value::int(*t, i128::from(m)),
                    Some((true, m)) => Value::int(*t, -i128::from(m)),
                    None => None,
                };
                if v.is_none() {
                    self.r.restore(saved);
                }
                v
            }
            (Kind::Float(FloatType::F64), Peek::Number) => {
                Some(Value::F64(self.r.number()?.as_f64()))
            }
            (Kind::Float(FloatType::F32), Peek::Number) => {
                if let Some(f) = self.r.float32()? {
                    return Ok(Some(Value::F32(f)));
                }
                let saved = self.r.save();
                let x = self.r.number()?.as_f64();
                if !super::scalar::beyond_f32(x) {
                    Some(Value::F32(x as f32))
                } else {
                    self.r.restore(saved);
                    None
                }
            }
            (Kind::String, Peek::String) => Some(Value::String(self.r.string()?.into())),
            (Kind::Bool, Peek::Bool) => Some(Value::Bool(self.r.boolean()?)),
            _ => None,
        })
    }

    /// A leaf kind from a scalar (also used for map keys written as member names).
    pub fn leaf(&self, kind: &Kind, s: &Scalar<'_>) -> Loaded {
        match kind {
            Kind::Bool => scalar::boolean(s),
            Kind::Char => scalar::character(s),
            Kind::Int(t) => scalar::int(*t, s, self.opts.rules),
            Kind::Float(t) => scalar::float(*t, s),
            Kind::String => scalar::string(s, self.opts.rules),
            Kind::Bytes => scalar::bytes(s),
            Kind::EntityId => scalar::entity_id(s, self.opts.rules),
            Kind::Uuid => scalar::uuid(s, self.opts.rules),
            Kind::Enum(e) => scalar::enum_scalar(e, e.is_closed(), s),
            Kind::Bitmask(e) => scalar::enum_scalar(e, false, s),
            other => Loaded::unsupported(format!(
                "a {} cannot be read from {}",
                other.name(),
                describe(s)
            )),
        }
    }

    /// The elements of the array ahead, which must all be scalars; `None` if one is an array
    /// or an object (the array is consumed either way).
    pub(crate) fn scalar_array(&mut self) -> Result<Option<Vec<Scalar<'a>>>, Halt> {
        self.r.begin_array()?;
        let mut first = true;
        let mut out = Vec::with_capacity(4);
        let mut ok = true;
        while self.r.next_element(&mut first)? {
            match self.r.peek()? {
                Peek::Array | Peek::Object => {
                    ok = false;
                    self.r.skip_value()?;
                }
                _ => out.push(self.r.scalar()?),
            }
        }
        Ok(ok.then_some(out))
    }

    /// `{}`: the target stays as it is, except that an absent option gets a default value (a
    /// null pointer gets a new default instance).
    fn explicit_default(&mut self, ty: TypeId, target: &mut Value) -> Step {
        if let Some(Kind::Option(inner)) = self.reg.get(ty).map(|t| t.kind()) {
            if matches!(target, Value::Option(None)) || is_placeholder(target) {
                self.ctx.check_default(self.reg, *inner, &[])?;
                *target = Value::some(self.new_instance(*inner)?);
            }
        }
        self.ctx.report(Outcome::DefaultsUsed, false, || {
            "the explicit default {}".into()
        })
    }

    fn option(&mut self, inner: TypeId, target: &mut Value) -> Step {
        if self.r.peek()? == Peek::Null {
            self.r.scalar()?;
            *target = Value::NONE;
            return self.ctx.report(Outcome::Success, false, String::new);
        }
        let mut value = match target {
            Value::Option(Some(v)) => std::mem::replace(&mut **v, placeholder()),
            _ => placeholder(),
        };
        let was_present = matches!(target, Value::Option(Some(_)));
        let code = self.value(inner, &mut value);
        match code {
            Ok(c) if failed(c) && !was_present => Ok(c),
            other => {
                *target = Value::some(value);
                other
            }
        }
    }
}

/// What a value that nothing was read into becomes.
#[derive(Clone, Copy)]
pub(super) enum Made<'v> {
    /// A new instance of its type (an element, a pointee).
    New,
    /// This default, or the type's: a class member (as its class's constructor makes it), or
    /// the root of a document (the caller's object).
    Default(Option<&'v Value>),
}
