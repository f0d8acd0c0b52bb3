//! The common structs and lists, written in tight loops when nothing is to be reported per
//! value: members and elements of plain kinds (a bool, a number, a string, or for lists a
//! vector-like math value). The general path finds each value's kind, compares it with its
//! default, writes it and works out its result one value at a time; here the kinds come from
//! the struct's [plan](super::plan) or are found once per list, and the results (Success or
//! DefaultsUsed, nothing else can happen to a plain value) are combined once at the end.

use rosetta_types::{StructType, TypeId, Value};

use super::default::{close32, close64, Dflt};
use super::plan::{Op, Plain};
use super::value::Store;
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::text::writer::{fixed_form, form, FloatForm, Frame};

/// A tight loop's result: `None` (nothing written) when it does not apply.
type Fast = Result<Option<ResultCode>, Halt>;

/// What the plain values of a struct or list came to.
#[derive(Default)]
struct Tally {
    written: bool,
    defaults: bool,
}

impl Tally {
    /// The result of the whole: the plain values' and `other`, the result of those that went
    /// the general way.
    #[inline]
    fn result(&self, store: &Store<'_, '_>, other: ResultCode) -> ResultCode {
        let mut result = store.ctx.fresh();
        if other.has_done_work() {
            result.absorb(other);
        }
        if self.written {
            result.absorb(store.ctx.code(Outcome::Success));
        }
        if self.defaults {
            result.absorb(store.ctx.code(Outcome::DefaultsUsed));
        }
        result
    }
}

/// Whether plain value `item` is its kind's default; `None` if it is not of kind `kind` (which
/// the general path then handles, a mismatch included).
#[inline(always)]
fn plain_is_default(kind: Plain, item: &Value) -> Option<bool> {
    Some(match (kind, item) {
        (Plain::Bool, Value::Bool(b)) => !b,
        (Plain::Int, Value::U64(x)) => *x == 0,
        (
            Plain::Int,
            v @ (Value::I8(_)
            | Value::I16(_)
            | Value::I32(_)
            | Value::I64(_)
            | Value::U8(_)
            | Value::U16(_)
            | Value::U32(_)),
        ) => v.as_i64() == Some(0),
        (Plain::F32, Value::F32(x)) => close32(*x, 0.0),
        (Plain::F64, Value::F64(x)) => close64(*x, 0.0),
        (Plain::Str, Value::String(s)) => s.is_empty(),
        (Plain::MathF32 { n, ones }, Value::MathF32(c)) if c.len() == n => c
            .iter()
            .enumerate()
            .all(|(i, x)| *x == if ones & (1 << i) != 0 { 1.0 } else { 0.0 }),
        _ => return None,
    })
}

impl<'r, 'p> Store<'r, 'p> {
    /// Writes the members of struct `ty` (`s`, with values `values`) into an open object, when
    /// the output is compact, nothing is to be reported per member and the default compared
    /// with is the type's; `None` (nothing written) otherwise.
    pub(crate) fn planned_members(
        &mut self,
        frame: &mut Frame,
        ty: TypeId,
        s: &'r StructType,
        values: &'r [Value],
        d: Dflt<'_>,
    ) -> Fast {
        if self.opts.report_successes || self.w.is_pretty() {
            return Ok(None);
        }
        match self.opts.float_form {
            FloatForm::Widened => self.members_in::<{ form::WIDENED }>(frame, ty, s, values, d),
            FloatForm::Shortest => self.members_in::<{ form::SHORTEST }>(frame, ty, s, values, d),
        }
    }

    /// [`Store::planned_members`] with the float form `FORM` (compact text).
    fn members_in<const FORM: u8>(
        &mut self,
        frame: &mut Frame,
        ty: TypeId,
        s: &'r StructType,
        values: &'r [Value],
        d: Dflt<'_>,
    ) -> Fast {
        let skip = match d {
            Dflt::Type | Dflt::New => true,
            Dflt::None => false,
            Dflt::Value(_) => return Ok(None),
        };
        let Some(plan) = self.plans.structure(self.reg, ty) else {
            return Ok(None);
        };
        let mut tally = Tally::default();
        let mut other = self.ctx.fresh();
        let members = plan.members.iter().zip(s.fields()).zip(values);
        for (i, ((m, field), value)) in members.enumerate() {
            let default = match (m.op, value) {
                (Op::Plain(op), _) => plain_is_default(op, value),
                (Op::List(_, _), Value::List(items)) if items.is_empty() => {
                    // Else left out, no work done (`JsonBasicContainerSerializer::Store`).
                    if self.opts.keep_defaults {
                        self.w.compact_key(frame, &m.key);
                        self.w.raw("[]");
                        tally.written = true;
                    }
                    continue;
                }
                (Op::List(op, element), Value::List(items)) => {
                    self.w.compact_key(frame, &m.key);
                    let len = self.ctx.enter_key(field.name())?;
                    other.absorb(
                        self.inside(len, |s| s.plain_items_in::<false, FORM>(op, element, items))?,
                    );
                    continue;
                }
                _ => None,
            };
            let Some(default) = default else {
                other.absorb(self.member(frame, field, value, d.field(s, i), Some(&m.key))?);
                continue;
            };
            if skip && default {
                tally.defaults = true;
                continue;
            }
            tally.written = true;
            self.w.compact_key(frame, &m.key);
            self.write_plain::<false, FORM>(value);
        }
        Ok(Some(tally.result(self, other)))
    }

    /// Writes plain value `item` of kind `kind` unless it is the default and defaults are left
    /// out: whether it was the default; `None` (nothing written) if `item` is not of `kind`.
    /// `PRETTY` false says the text is compact; `FORM` may fix the float form (see
    /// [`Store::plain_items`]).
    #[inline]
    fn plain_value<const PRETTY: bool, const FORM: u8>(
        &mut self,
        kind: Plain,
        item: &'r Value,
    ) -> Option<bool> {
        let default = plain_is_default(kind, item)? && !self.opts.keep_defaults;
        if !default {
            self.write_plain::<PRETTY, FORM>(item);
        }
        Some(default)
    }

    /// Writes `item`, a value [`plain_is_default`] took (so any other variant is an integer).
    #[inline]
    fn write_plain<const PRETTY: bool, const FORM: u8>(&mut self, item: &'r Value) {
        let float_form = fixed_form::<FORM>(self.opts.float_form);
        match item {
            Value::Bool(b) => self.w.boolean(*b),
            Value::U64(x) => self.w.u64(*x),
            Value::F32(x) => self.w.f32(*x, float_form),
            Value::F64(x) => self.w.f64(*x, float_form),
            Value::String(s) => self.w.string(s),
            Value::MathF32(c) if PRETTY && self.w.is_pretty() => {
                let mut a = self.w.begin_array();
                for &x in c.iter() {
                    self.w.element(&mut a);
                    self.w.f32(x, float_form);
                }
                self.w.end_array(a);
            }
            Value::MathF32(c) => {
                self.w.inner_array();
                let mut sep = b'[';
                for &x in c.iter() {
                    self.w.byte(sep);
                    sep = b',';
                    self.w.f32(x, float_form);
                }
                self.w.byte(b']');
            }
            v => self.w.i64(v.as_i64().unwrap_or_default()),
        }
    }

    /// The entries of a map with string keys, in its order, when the values are plain and no
    /// report of each value is asked for: written into an open object, the default key `""`
    /// as `"{}"` unless defaults are kept; `None` (nothing written) otherwise.
    pub(crate) fn plain_string_keyed(&mut self, vt: TypeId, entries: &'r [(Value, Value)]) -> Fast {
        let Some(kind) = self.plain_kind(vt) else {
            return Ok(None);
        };
        let mut tally = Tally::default();
        let mut other = self.ctx.fresh();
        let mut frame = self.w.begin_object();
        for (key, value) in entries {
            let (name, default) = self.string_key(&mut frame, key)?;
            if default {
                tally.defaults = true;
            } else {
                tally.written = true;
            }
            match self.plain_value::<true, { form::ANY }>(kind, value) {
                Some(true) => {
                    self.w.empty_object();
                    tally.defaults = true;
                }
                Some(false) => tally.written = true,
                None => {
                    let len = self.ctx.enter_key(name)?;
                    other.absorb(self.inside(len, |s| s.element(vt, value, s.fresh()))?);
                }
            }
        }
        self.w.end_object(frame);
        Ok(Some(self.ctx.container(tally.result(self, other))))
    }

    /// Writes the non-empty elements `items` of a list of `element`s into an open array, when
    /// the element kind is plain and no report of each element is asked for; `None` (nothing
    /// written) otherwise.
    pub(crate) fn plain_list(&mut self, element: TypeId, items: &'r [Value]) -> Fast {
        match self.plain_kind(element) {
            Some(kind) => self.plain_items(kind, element, items).map(Some),
            None => Ok(None),
        }
    }

    /// The plain kind of `ty` when the tight loops apply (no report of each value asked for).
    fn plain_kind(&self, ty: TypeId) -> Option<Plain> {
        if self.opts.report_successes {
            return None;
        }
        Plain::of(self.reg.get(ty)?.kind())
    }

    /// Runs `f` inside the path step entered at `len` (what `Ctx::enter_*` returned).
    #[inline(always)]
    fn inside(&mut self, len: usize, f: impl FnOnce(&mut Self) -> Step) -> Step {
        let code = f(self);
        self.ctx.leave(len);
        code
    }

    /// The elements `items` (of type `element`, of plain kind `kind`) of a list as an array.
    /// Compact text is written by a loop made for it and the float form, so that no element
    /// tests them (a list of 100k vectors is written 2–4% quicker).
    fn plain_items(&mut self, kind: Plain, element: TypeId, items: &'r [Value]) -> Step {
        match (self.w.is_pretty(), self.opts.float_form) {
            (true, _) => self.plain_items_in::<true, { form::ANY }>(kind, element, items),
            (false, FloatForm::Widened) => {
                self.plain_items_in::<false, { form::WIDENED }>(kind, element, items)
            }
            (false, FloatForm::Shortest) => {
                self.plain_items_in::<false, { form::SHORTEST }>(kind, element, items)
            }
        }
    }

    /// [`Store::plain_items`]: `PRETTY` false says the text is compact; `FORM` may fix the
    /// float form.
    fn plain_items_in<const PRETTY: bool, const FORM: u8>(
        &mut self,
        kind: Plain,
        element: TypeId,
        items: &'r [Value],
    ) -> Step {
        let mut tally = Tally::default();
        let mut other = self.ctx.fresh();
        let mut frame = self.w.begin_array();
        for (i, item) in items.iter().enumerate() {
            self.w.element_in::<PRETTY>(&mut frame);
            let is_default = match self.plain_value::<PRETTY, FORM>(kind, item) {
                Some(d) => d,
                None => {
                    // Anything else (a mismatch included) goes the general way.
                    let len = self.ctx.enter_index(i)?;
                    other.absorb(self.inside(len, |s| s.element(element, item, s.fresh()))?);
                    continue;
                }
            };
            if is_default {
                self.w.empty_object();
                tally.defaults = true;
            } else {
                tally.written = true;
            }
        }
        self.w.end_array(frame);
        Ok(self.ctx.container(tally.result(self, other)))
    }
}

#[cfg(test)]
mod tests {
    use rosetta_types::{Field, MathType, StructType, TypeRegistry};

    use super::*;
    use crate::o3de::{store, Collect, StoreOptions};

    /// The tight loops (no reports asked) and the general path (every report asked) write the
    /// same text with the same result, with and without defaults kept.
    fn assert_fast_is_general(registry: &TypeRegistry, ty: TypeId, value: &Value) {
        for keep_defaults in [false, true] {
            let fast = StoreOptions {
                keep_defaults,
                ..StoreOptions::default()
            };
            let general = StoreOptions {
                report_successes: true,
                ..fast.clone()
            };
            let a = store(registry, ty, value, &fast, &mut Collect::default());
            let b = store(registry, ty, value, &general, &mut Collect::default());
            match (a, b) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.json, b.json, "{value:?}");
                    assert_eq!(a.result, b.result, "{value:?}");
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("{value:?}: {a:?} against {b:?}"),
            }
        }
    }

    #[test]
    fn plain_lists_and_maps_match_the_general_path() {
        let mut b = TypeRegistry::builder();
        let vec3 = b.math(MathType::VECTOR3);
        let quat = b.math(MathType::QUATERNION);
        let color = b.math(MathType::COLOR);
        let lists: Vec<(TypeId, Vec<Value>)> = vec![
            (TypeId::BOOL, vec![true.into(), false.into()]),
            (TypeId::INT8, vec![Value::I8(-3), Value::I8(0)]),
            (TypeId::UINT64, vec![Value::U64(u64::MAX), Value::U64(0)]),
            (TypeId::FLOAT, vec![Value::F32(0.2), Value::F32(1e-9)]),
            (TypeId::DOUBLE, vec![Value::F64(-0.5), Value::F64(0.0)]),
            (TypeId::STRING, vec!["a\"b".into(), "".into()]),
            (
                vec3,
                vec![Value::math_f32([1.0, 2.0, 0.5]), Value::math_f32([0.0; 3])],
            ),
            (quat, vec![Value::math_f32([0.0, 0.0, 0.0, 1.0])]),
            (color, vec![Value::math_f32([1.0, 0.5, 0.0, 1.0])]),
            (TypeId::INT32, vec![Value::I32(5)]),
            (TypeId::INT32, vec![Value::I32(0)]),
            (TypeId::INT32, vec![]),
            (TypeId::INT32, vec![Value::I32(1), Value::F32(1.0)]),
            (
                TypeId::INT32,
                vec![Value::I32(1), Value::Bool(true), Value::Enum(2)],
            ),
            (
                vec3,
                vec![
                    Value::math_f32([1.0, 2.0]),
                    Value::math_f64([1.0, 2.0, 3.0]),
                ],
            ),
        ];
        let mut cases = Vec::new();
        for (element, items) in lists {
            let list = b.list(element);
            let map = b.map(TypeId::STRING, element);
            let name = format!("S{}", cases.len());
            let fields = vec![Field::new("l", list), Field::new("m", map)];
            let s = b
                .add(name.as_str(), StructType::new(fields).unwrap())
                .unwrap();
            let keys = ["", "k", "a\"b", "z"].map(Value::from);
            let entries = keys.into_iter().zip(items.iter().cloned());
            let value = Value::structure([Value::list(items.clone()), Value::map(entries)]);
            cases.push((s, value));
        }
        let registry: TypeRegistry = b.build().unwrap();
        for (ty, value) in &cases {
            assert_fast_is_general(&registry, *ty, value);
        }
    }

    #[test]
    fn planned_members_match_the_general_path() {
        let mut b = TypeRegistry::builder();
        let inner = b
            .add(
                "Inner",
                StructType::new(vec![Field::new("x", TypeId::INT32)]).unwrap(),
            )
            .unwrap();
        let fields = vec![
            Field::new("b", TypeId::BOOL),
            Field::new("i", TypeId::INT16),
            Field::new("u", TypeId::UINT64),
            Field::new("f", TypeId::FLOAT),
            Field::new("d", TypeId::DOUBLE),
            Field::new("s\"q", TypeId::STRING),
            Field::new("own", TypeId::INT32).with_default(Value::I32(7)),
            Field::new("inner", inner),
        ];
        let outer = b.add("Outer", StructType::new(fields).unwrap()).unwrap();
        let registry = b.build().unwrap();
        let values = [
            [
                Value::Bool(true),
                Value::I16(-2),
                Value::U64(u64::MAX),
                Value::F32(0.2),
                Value::F64(1e300),
                Value::from("x\n"),
                Value::I32(7),
                Value::structure([Value::I32(3)]),
            ],
            [
                Value::Bool(false),
                Value::I16(0),
                Value::U64(0),
                Value::F32(1e-9),
                Value::F64(0.0),
                Value::from(""),
                Value::I32(0),
                Value::structure([Value::I32(0)]),
            ],
            [
                Value::I32(1),
                Value::U8(0),
                Value::I64(-1),
                Value::F64(0.5),
                Value::F32(0.5),
                Value::Bool(true),
                Value::I32(8),
                Value::structure([Value::I32(0)]),
            ],
        ];
        for fields in &values {
            assert_fast_is_general(&registry, outer, &Value::structure(fields.iter().cloned()));
        }
    }
}
