//! Store: math values (vectors, quaternions, colors, matrices, transforms) as O3DE writes them:
//! arrays of components, a TRS transform as an object of its parts.

use rosetta_types::{MathScalar, MathShape, TypeId, Value};

use super::default::{close32, close64, Dflt};
use super::value::Store;
use crate::o3de::report::context::Step;
use crate::o3de::report::result::Outcome;
use crate::o3de::repr::math::new_component;

/// The most components a math value has (a 4x4 matrix).
const MAX_COMPONENTS: usize = 16;

impl<'r> Store<'r, '_> {
    pub(crate) fn math(
        &mut self,
        ty: TypeId,
        shape: MathShape,
        scalar: MathScalar,
        v: &'r Value,
        d: Dflt<'_>,
    ) -> Step {
        let mut comps = [0.0f64; MAX_COMPONENTS];
        let n = fill(&mut comps, v);
        if n != Some(shape.len()) || !scalar_matches(scalar, v) {
            return Err(self.mismatch(ty, v));
        }
        let comps = &comps[..shape.len()];
        let mut dcomps = [0.0f64; MAX_COMPONENTS];
        let has_default = match d {
            Dflt::None => false,
            Dflt::Value(dv) => fill(&mut dcomps, dv) == Some(shape.len()),
            Dflt::Type => {
                for (i, c) in dcomps.iter_mut().enumerate().take(shape.len()) {
                    *c = shape.default_component(i);
                }
                true
            }
            Dflt::New => {
                for (i, c) in dcomps.iter_mut().enumerate().take(shape.len()) {
                    *c = new_component(shape, i);
                }
                true
            }
        };
        // Math values compare exactly (`Vector3::operator==` and the like); only a
        // transform's scale, stored as a float, compares with `IsClose`.
        let same = |a: f64, b: f64| a == b;
        let close = |a: f64, b: f64| match scalar {
            MathScalar::F64 => close64(a, b),
            _ => close32(a as f32, b as f32),
        };
        if shape == MathShape::TransformTrs {
            let parts: [(&str, std::ops::Range<usize>); 3] =
                [("Translation", 0..3), ("Rotation", 3..7), ("Scale", 7..8)];
            let mut frame = self.w.begin_object();
            let mut result = self.ctx.fresh();
            for (name, range) in parts {
                let scale = name == "Scale";
                let equal = |a, b| if scale { close(a, b) } else { same(a, b) };
                if has_default && range.clone().all(|i| equal(comps[i], dcomps[i])) {
                    result.absorb(self.ctx.code(Outcome::DefaultsUsed));
                    continue;
                }
                self.w.key(&mut frame, name);
                if name == "Scale" {
                    self.component(scalar, comps[7]);
                } else {
                    self.components(scalar, &comps[range]);
                }
                result.absorb(self.ctx.code(Outcome::Success));
            }
            self.w.end_object(frame);
            return Ok(result);
        }
        // A color leaves out an alpha equal to the default's when the rest differs.
        if shape == MathShape::Color && has_default && same(comps[3], dcomps[3]) {
            self.components(scalar, &comps[..3]);
            return Ok(self.ctx.code(Outcome::PartialDefaults));
        }
        self.components(scalar, comps);
        self.success()
    }

    #[inline]
    fn component(&mut self, scalar: MathScalar, x: f64) {
        match scalar {
            MathScalar::F32 => self.f32(x as f32),
            MathScalar::F64 => self.f64(x),
            MathScalar::I32 => self.w.i64(x as i64),
        }
    }

    fn components(&mut self, scalar: MathScalar, comps: &[f64]) {
        let mut a = self.w.begin_array();
        for &x in comps {
            self.w.element(&mut a);
            self.component(scalar, x);
        }
        self.w.end_array(a);
    }
}

/// Copies a math value's components into `out` as `f64`; their number, or `None`.
fn fill(out: &mut [f64; MAX_COMPONENTS], v: &Value) -> Option<usize> {
    fn copy<T: Copy + Into<f64>>(out: &mut [f64; MAX_COMPONENTS], c: &[T]) -> Option<usize> {
        let dst = out.get_mut(..c.len())?;
        for (d, s) in dst.iter_mut().zip(c) {
            *d = (*s).into();
        }
        Some(c.len())
    }
    match v {
        Value::MathF32(c) => copy(out, c),
        Value::MathF64(c) => copy(out, c),
        Value::MathI32(c) => copy(out, c),
        _ => None,
    }
}

fn scalar_matches(scalar: MathScalar, v: &Value) -> bool {
    matches!(
        (scalar, v),
        (MathScalar::F32, Value::MathF32(_))
            | (MathScalar::F64, Value::MathF64(_))
            | (MathScalar::I32, Value::MathI32(_))
    )
}
