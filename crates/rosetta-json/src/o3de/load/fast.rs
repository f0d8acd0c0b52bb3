//! Fast paths for values in the form a store writes them: a leaf as its own JSON kind, a math
//! value as a flat array of exactly its numbers. They skip the lenient machinery (and the
//! `{}` check, which cannot match what they accept); anything else falls back to the general
//! path with nothing consumed, so results, reports and errors are the general path's.

use rosetta_types::{Kind, MathScalar, MathShape, Value};

use super::value::{set, Load};
use crate::o3de::report::context::Halt;
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::o3de::repr::math::build;

impl Load<'_, '_, '_> {
    /// Loads the value ahead onto `target` if it is in the form a store writes for `kind`;
    /// `None`, with nothing consumed, otherwise.
    #[inline]
    pub(crate) fn value_fast(
        &mut self,
        kind: &Kind,
        target: &mut Value,
    ) -> Result<Option<ResultCode>, Halt> {
        #[cfg(test)]
        if general_only() {
            return Ok(None);
        }
        match kind {
            Kind::Int(_) | Kind::Float(_) | Kind::String | Kind::Bool => {
                self.leaf_as_written(kind, target)
            }
            Kind::Math(m) if m.shape != MathShape::Color && m.scalar != MathScalar::I32 => {
                if !self.math_exact(m.shape.len(), m.scalar, target)? {
                    return Ok(None);
                }
                self.ctx
                    .report(Outcome::Success, false, || {
                        "read a math value from an array".into()
                    })
                    .map(Some)
            }
            _ => Ok(None),
        }
    }

    /// A float math value from an array of exactly `n` numbers, each in range, into `target`;
    /// `false` (the reader where it was) for anything else. Errors are those the general path
    /// meets at the same place.
    fn math_exact(
        &mut self,
        n: usize,
        scalar: MathScalar,
        target: &mut Value,
    ) -> Result<bool, Halt> {
        if n > 16 || self.r.next_byte()? != Some(b'[') {
            return Ok(false);
        }
        if scalar == MathScalar::F32 {
            // The common case in one pass over the bytes.
            let mut floats = [0.0f32; 16];
            if self.r.floats(&mut floats[..n])? {
                set(target, Value::MathF32(floats[..n].into()));
                return Ok(true);
            }
        }
        let saved = self.r.save();
        self.r.begin_array()?;
        let mut comps = [0.0f64; 16];
        for (i, c) in comps[..n].iter_mut().enumerate() {
            if i > 0 {
                if self.r.next_byte()? != Some(b',') {
                    self.r.restore(saved);
                    return Ok(false);
                }
                self.r.bump();
            }
            if !matches!(self.r.next_byte()?, Some(b'-' | b'0'..=b'9')) {
                self.r.restore(saved);
                return Ok(false);
            }
            let float = match scalar {
                MathScalar::F32 => self.r.float32()?,
                _ => None,
            };
            let x = match float {
                Some(f) => f64::from(f),
                None => self.r.number()?.as_f64(),
            };
            if scalar == MathScalar::F32 && super::scalar::beyond_f32(x) {
                self.r.restore(saved);
                return Ok(false);
            }
            *c = x;
        }
        if self.r.next_byte()? != Some(b']') {
            self.r.restore(saved);
            return Ok(false);
        }
        self.r.close_array();
        // Made in place: a `Value` returned through a `Result` is stored and reloaded.
        set(target, build(scalar, &comps[..n]));
        Ok(true)
    }
}

// In tests, turns the fast paths off, to compare them with the general path.
#[cfg(test)]
thread_local! {
    pub(crate) static GENERAL_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
pub(crate) fn general_only() -> bool {
    GENERAL_ONLY.with(std::cell::Cell::get)
}

#[cfg(not(test))]
#[inline(always)]
pub(crate) fn general_only() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use rosetta_types::{Field, MathType, StructType, TypeId, TypeRegistry, Value};

    use super::GENERAL_ONLY;
    use crate::o3de::{load, load_into, Collect, LoadOptions, Rules};

    /// Everything a load says: the value and result or the error, and every report.
    fn outcome(
        reg: &TypeRegistry,
        ty: TypeId,
        text: &str,
        opts: &LoadOptions,
        general: bool,
    ) -> String {
        GENERAL_ONLY.with(|g| g.set(general));
        let mut reports = Collect::default();
        let loaded = load(reg, ty, text, opts, &mut reports);
        // And onto a value that is there already (no placeholders; lists appended to).
        let mut onto = Collect::default();
        let mut target = load(reg, ty, FULL, opts, &mut Collect::default())
            .map(|l| l.value)
            .unwrap_or_else(|_| Value::nil());
        let code = load_into(reg, ty, text, &mut target, opts, &mut onto);
        GENERAL_ONLY.with(|g| g.set(false));
        let loaded = loaded.map(|l| (l.value, l.result));
        format!(
            "{loaded:?} {:?} {code:?} {target:?} {:?}",
            reports.reports, onto.reports
        )
    }

    const FULL: &str = "{\"i\": 1, \"u\": 2, \"f\": 0.5, \"d\": 0.1, \"s\": \"x\", \"b\": true, \
        \"v\": [1.5, 2.5, 3.5], \"vd\": [0.1, 0.2, 0.3], \"c\": [0.1, 0.2, 0.3, 1.0], \
        \"l\": [[1, 2, 3]], \"n\": [1, 2], \"m\": {\"a\": 1}}";

    #[test]
    fn fast_paths_load_what_the_general_path_loads() {
        let mut b = TypeRegistry::builder();
        let v3 = b.math(MathType::VECTOR3);
        let v3d = b.math(MathType {
            scalar: rosetta_types::MathScalar::F64,
            ..MathType::VECTOR3
        });
        let color = b.math(MathType::COLOR);
        let vectors = b.list(v3);
        let ints = b.list(TypeId::INT32);
        let map = b.map(TypeId::STRING, TypeId::INT32);
        let fields = [
            ("i", TypeId::INT32),
            ("u", TypeId::UINT8),
            ("f", TypeId::FLOAT),
            ("d", TypeId::DOUBLE),
            ("s", TypeId::STRING),
            ("b", TypeId::BOOL),
            ("v", v3),
            ("vd", v3d),
            ("c", color),
            ("l", vectors),
            ("n", ints),
            ("m", map),
        ];
        let s = StructType::new(fields.iter().map(|&(n, t)| Field::new(n, t))).unwrap();
        let ty = b.add("S", s).unwrap();
        let reg = b.build().unwrap();

        let numbers = [
            "1",
            "-5",
            "1.5",
            "0.20000000298023224",
            "0.3",
            "-0.0",
            "1e40",
            "1.5e3",
            "300000000000",
            "16777217.5",
            "3.4028235677973366e38",
            "-9.8100004196167",
            "0.1000000000000000055511151231257827021181583404541015625",
            "01",
            "1.",
        ];
        let others = [
            "\"7\"",
            "\"2.5\"",
            "true",
            "null",
            "{}",
            "{ }",
            "[1]",
            "\"x\"",
            "\"a\\nb\"",
            "[1,2,3]",
            "[ 1 , 2 , 3 ]",
            "[1, 2]",
            "[1,2,3,4]",
            "[1,\"2\",3]",
            "[1e40,0,0]",
            "[[1],2,3]",
            "{\"x\": 1, \"Y\": 2}",
            "[1,/* c */2,3]",
            "[1,2,01]",
            "[1,2",
            "[0.30000001192092896, -9.8100004196167, 1]",
            "[1,2,3,]",
            "[,1,2,3]",
            "[[1,2,3],[4,5,6]]",
            "[[1,2,3], {}, [1,2], 5]",
            "[]",
            "[1, 2.5, \"3\"]",
            "{\"a\": 1, \"b\": 2, \"a\": 3}",
            "{\"{}\": 5, \"c\": \"6\"}",
            "{\"a\": [1]}",
        ];
        let mut texts = Vec::new();
        for &(name, _) in &fields {
            for value in numbers.iter().chain(&others) {
                texts.push(format!("{{\"{name}\": {value}}}"));
            }
        }
        texts.push(FULL.into());
        let options = [
            LoadOptions::default(),
            LoadOptions {
                report_successes: true,
                ..LoadOptions::default()
            },
            LoadOptions {
                strict: true,
                ..LoadOptions::default()
            },
            LoadOptions {
                rules: Rules::Documented,
                ..LoadOptions::default()
            },
            LoadOptions {
                max_depth: 2,
                ..LoadOptions::default()
            },
            LoadOptions {
                strict: true,
                report_successes: true,
                clear_containers: true,
                ..LoadOptions::default()
            },
        ];
        for opts in &options {
            for text in &texts {
                assert_eq!(
                    outcome(&reg, ty, text, opts, false),
                    outcome(&reg, ty, text, opts, true),
                    "{text}"
                );
            }
        }
    }
}
