//! Load for math values: vectors and quaternions from arrays and `x`/`y`/`z`/`w` objects
//! (quaternions also from Euler degrees), matrices from flat arrays and `roll`/`pitch`/`yaw`/
//! `scale`/`x`/`y`/`z` objects, transforms from `Translation`/`Rotation`/`Scale`, and colors from
//! arrays and `RGB`, `RGBA`, `RGB8`, `RGBA8`, `HEX`, `HEXA` objects.

use std::borrow::Cow;

use rosetta_types::{FloatType, IntType, MathScalar, MathShape, Value};

use super::scalar::{float, int, not_finite, Loaded};
use super::value::Load;
use crate::o3de::options::Rules;
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::Outcome;
use crate::o3de::repr::math::build;
use crate::text::reader::{Num, Peek, Scalar};

/// Where in a math value a component could not be read: its index or member name.
enum At<'a> {
    Index(usize),
    Key(Cow<'a, str>),
}

/// A component that could not be read, and why.
type Fault<'a> = (At<'a>, String);

/// Math components as `f64`, whatever the scalar.
fn components(v: &Value) -> Option<Vec<f64>> {
    match v {
        Value::MathF32(c) => Some(c.iter().map(|&x| f64::from(x)).collect()),
        Value::MathF64(c) => Some(c.to_vec()),
        Value::MathI32(c) => Some(c.iter().map(|&x| f64::from(x)).collect()),
        _ => None,
    }
}

/// `Quaternion::CreateFromEulerDegreesXYZ`: rotations about X, then Y, then Z.
fn quaternion_from_euler_degrees(e: [f64; 3]) -> [f64; 4] {
    let [hx, hy, hz] = e.map(|d| d.to_radians() * 0.5);
    let (sx, cx) = hx.sin_cos();
    let (sy, cy) = hy.sin_cos();
    let (sz, cz) = hz.sin_cos();
    [
        cz * cy * sx + sz * sy * cx,
        cz * sy * cx - sz * cy * sx,
        sz * cy * cx + cz * sy * sx,
        cz * cy * cx - sz * sy * sx,
    ]
}

/// Row-major 3x3 rotation of the quaternion.
fn rotation_matrix(q: [f64; 4]) -> [[f64; 3]; 3] {
    let [x, y, z, w] = q;
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - z * w),
            2.0 * (x * z + y * w),
        ],
        [
            2.0 * (x * y + z * w),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - x * w),
        ],
        [
            2.0 * (x * z - y * w),
            2.0 * (y * z + x * w),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}

impl<'a> Load<'_, 'a, '_> {
    /// One component from a JSON scalar, through the float (or integer) rules.
    fn component(&self, scalar: MathScalar, s: &Scalar<'_>) -> Loaded {
        match scalar {
            MathScalar::F32 => float(FloatType::F32, s),
            MathScalar::F64 => float(FloatType::F64, s),
            MathScalar::I32 => int(IntType::INT32, s, self.opts.rules),
        }
    }

    fn component_value(loaded: &Loaded) -> Option<f64> {
        match loaded.value.as_ref()? {
            Value::F32(x) => Some(f64::from(*x)),
            Value::F64(x) => Some(*x),
            Value::I32(x) => Some(f64::from(*x)),
            _ => None,
        }
    }

    pub(crate) fn math(
        &mut self,
        shape: MathShape,
        scalar: MathScalar,
        target: &mut Value,
    ) -> Step {
        let n = shape.len();
        if shape != MathShape::Color && self.r.peek()? == Peek::Array {
            return self.math_array(shape, scalar, target);
        }
        let mut current = components(target)
            .filter(|c| c.len() == n)
            .unwrap_or_else(|| (0..n).map(|i| shape.default_component(i)).collect());
        let peek = self.r.peek()?;
        let (outcome, coerced, message) = match (shape, peek) {
            (MathShape::Color, _) => return self.color(scalar, current, target),
            (MathShape::TransformTrs, Peek::Object) => {
                return self.transform(scalar, current, target)
            }
            (MathShape::Quaternion, Peek::Object) => {
                // Euler degrees, taken by position as the engine does.
                self.r.begin_object()?;
                let mut first = true;
                let mut euler = [0.0; 3];
                let mut i = 0;
                let mut bad: Option<Fault<'a>> = None;
                while let Some(key) = self.r.next_key(&mut first)? {
                    let s = match self.r.peek()? {
                        Peek::Array | Peek::Object => {
                            self.r.skip_value()?;
                            bad = Some((At::Key(key), "Euler angles are numbers".to_owned()));
                            continue;
                        }
                        _ => self.r.scalar()?,
                    };
                    let loaded = float(FloatType::F64, &s);
                    match Self::component_value(&loaded) {
                        Some(x) if i < 3 => euler[i] = x,
                        Some(_) => {
                            bad = Some((At::Key(key), "more than three Euler angles".to_owned()));
                        }
                        None => bad = Some((At::Key(key), loaded.message.into_owned())),
                    }
                    i += 1;
                }
                if let Some(fault) = bad {
                    return self.unsupported_at(fault);
                }
                current = quaternion_from_euler_degrees(euler).to_vec();
                (
                    Outcome::Success,
                    true,
                    "read a quaternion from Euler angles in degrees".to_owned(),
                )
            }
            (MathShape::Matrix { rows, cols }, Peek::Object) => {
                match self.matrix_object(rows as usize, cols as usize)? {
                    Ok((m, outcome)) => {
                        current = m;
                        (
                            outcome,
                            true,
                            "read a matrix from rotation, scale and translation".to_owned(),
                        )
                    }
                    Err(fault) => return self.unsupported_at(fault),
                }
            }
            (_, Peek::Object) => match shape.component_names() {
                Some(names) => {
                    let mut seen = 0;
                    self.r.begin_object()?;
                    let mut first = true;
                    let mut bad: Option<Fault<'a>> = None;
                    // Missing components keep their values in the engine and take their
                    // defaults by the documentation ("missing keys use default values").
                    let mut next = match self.opts.rules {
                        Rules::Engine => current.clone(),
                        Rules::Documented => (0..n).map(|i| shape.default_component(i)).collect(),
                    };
                    while let Some(key) = self.r.next_key(&mut first)? {
                        let slot = names.iter().position(|c| key.eq_ignore_ascii_case(c));
                        let s = match self.r.peek()? {
                            Peek::Array | Peek::Object => {
                                self.r.skip_value()?;
                                if slot.is_some() {
                                    let why = format!("`{key}` is not a number");
                                    bad = Some((At::Key(key), why));
                                }
                                continue;
                            }
                            _ => self.r.scalar()?,
                        };
                        if let Some(i) = slot {
                            let loaded = self.component(scalar, &s);
                            match Self::component_value(&loaded) {
                                Some(x) => {
                                    next[i] = x;
                                    seen += 1;
                                }
                                None => bad = Some((At::Key(key), loaded.message.into_owned())),
                            }
                        }
                    }
                    if let Some(fault) = bad {
                        return self.unsupported_at(fault);
                    }
                    current = next;
                    // The engine combines DefaultsUsed per missing component into nothing else.
                    let outcome = if seen == 0 {
                        Outcome::DefaultsUsed
                    } else if seen < n {
                        Outcome::PartialDefaults
                    } else {
                        Outcome::Success
                    };
                    (outcome, false, "read from an object".to_owned())
                }
                None => return self.wrong_kind("an array of numbers"),
            },
            _ => return self.wrong_kind("an array of numbers"),
        };
        *target = build(scalar, &current);
        self.ctx.report(outcome, coerced, || message)
    }

    /// A math value from an array of at least as many numbers as it has components (extra
    /// elements are ignored), each read by the float (or integer) rules; one that cannot be
    /// read leaves the target untouched.
    fn math_array(&mut self, shape: MathShape, scalar: MathScalar, target: &mut Value) -> Step {
        let n = shape.len();
        let mut comps = [0.0f64; 16];
        let mut count = 0;
        let mut coerced = false;
        let mut bad: Option<Fault<'a>> = None;
        self.r.begin_array()?;
        let mut first = true;
        while self.r.next_element(&mut first)? {
            let slot = (count < n).then_some(count);
            count += 1;
            let peek = self.r.peek()?;
            match (slot, peek) {
                (Some(i), Peek::Number) if scalar != MathScalar::I32 => {
                    let x = self.r.number()?.as_f64();
                    if scalar == MathScalar::F32 && super::scalar::beyond_f32(x) {
                        let why = format!("{x:?} is out of range for a float");
                        bad.get_or_insert((At::Index(i), why));
                    }
                    comps[i] = x;
                }
                (_, Peek::Array | Peek::Object) => {
                    self.r.skip_value()?;
                    if let Some(i) = slot {
                        let why = "a math value's elements are numbers".to_owned();
                        bad.get_or_insert((At::Index(i), why));
                    }
                }
                (Some(i), _) => {
                    let s = self.r.scalar()?;
                    let loaded = self.component(scalar, &s);
                    match Self::component_value(&loaded) {
                        Some(x) => {
                            comps[i] = x;
                            coerced |= loaded.coerced;
                        }
                        None => {
                            bad.get_or_insert((At::Index(i), loaded.message.into_owned()));
                        }
                    }
                }
                (None, _) => self.r.skip_value()?,
            }
        }
        if let Some(fault) = bad {
            return self.unsupported_at(fault);
        }
        let documented = self.opts.rules == Rules::Documented;
        if count < n && !documented {
            return self.unsupported(format!("expected {n} numbers, found {count}"));
        }
        *target = build(scalar, &comps[..n]);
        // The documentation's rule: missing components are 0.
        let outcome = if count < n {
            Outcome::PartialDefaults
        } else {
            Outcome::Success
        };
        self.ctx.report(outcome, coerced, || {
            "read a math value from an array".into()
        })
    }

    fn unsupported(&mut self, why: impl Into<String>) -> Step {
        let why = why.into();
        self.ctx.report(Outcome::Unsupported, false, || why)
    }

    /// The value is Unsupported, reported where its component is.
    fn unsupported_at(&mut self, (at, why): Fault<'a>) -> Step {
        let depth = match &at {
            At::Index(i) => self.ctx.enter_index(*i)?,
            At::Key(key) => self.ctx.enter_read_key(key)?,
        };
        let code = self.unsupported(why)?;
        self.ctx.leave(depth);
        Ok(code)
    }

    /// `{"roll", "pitch", "yaw", "scale", "x", "y", "z"}` (each also capitalized): a rotation
    /// from Euler degrees about X, Y and Z, a uniform scale and (for 3x4 and 4x4) a
    /// translation; other members are ignored. Consumes the object. As the engine's
    /// `MathMatrixSerializer`, the identity is `DefaultsUsed` and a missing scale makes the rest
    /// `PartialDefaults`.
    fn matrix_object(
        &mut self,
        rows: usize,
        cols: usize,
    ) -> Result<Result<(Vec<f64>, Outcome), Fault<'a>>, Halt> {
        const NAMES: [&str; 7] = ["roll", "pitch", "yaw", "scale", "x", "y", "z"];
        self.r.begin_object()?;
        let mut first = true;
        // Roll, pitch, yaw, scale, x, y, z.
        let mut parts = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0];
        let mut scale_key = None;
        let mut bad: Option<Fault<'a>> = None;
        while let Some(key) = self.r.next_key(&mut first)? {
            // The engine looks each name up as written or capitalized.
            let slot = NAMES.iter().position(|n| {
                key.len() == n.len()
                    && key.as_bytes()[1..] == n.as_bytes()[1..]
                    && key.as_bytes()[0].to_ascii_lowercase() == n.as_bytes()[0]
            });
            let Some(i) = slot else {
                self.r.skip_value()?;
                continue;
            };
            if i == 3 {
                scale_key = Some(key.clone());
            }
            let s = match self.r.peek()? {
                Peek::Array | Peek::Object => {
                    self.r.skip_value()?;
                    let why = format!("`{key}` is not a number");
                    bad = Some((At::Key(key), why));
                    continue;
                }
                _ => self.r.scalar()?,
            };
            let loaded = float(FloatType::F32, &s);
            match Self::component_value(&loaded) {
                Some(x) => parts[i] = x,
                None => bad = Some((At::Key(key), loaded.message.into_owned())),
            }
        }
        if let Some(fault) = bad {
            return Ok(Err(fault));
        }
        let [roll, pitch, yaw, scale, x, y, z] = parts;
        if (scale as f32).abs() <= f32::EPSILON {
            // Only a scale read can be zero.
            let at = At::Key(scale_key.unwrap_or(Cow::Borrowed("scale")));
            return Ok(Err((at, "the scale is zero".to_owned())));
        }
        let r = rotation_matrix(quaternion_from_euler_degrees([roll, pitch, yaw]));
        let identity: Vec<f64> = (0..rows * cols)
            .map(|i| f64::from(u8::from(i / cols == i % cols)))
            .collect();
        let mut m = identity.clone();
        let translation = [x, y, z];
        for (i, row) in r.iter().enumerate().take(rows.min(3)) {
            for (j, x) in row.iter().enumerate().take(cols.min(3)) {
                m[i * cols + j] = x * scale;
            }
            if cols > 3 {
                m[i * cols + 3] = translation[i];
            }
        }
        let outcome = if m == identity {
            Outcome::DefaultsUsed
        } else if scale_key.is_some() {
            Outcome::Success
        } else {
            Outcome::PartialDefaults
        };
        Ok(Ok((m, outcome)))
    }

    /// `{"Translation": [x,y,z], "Rotation": [x,y,z,w], "Scale": s}`; missing parts keep their
    /// values.
    fn transform(&mut self, scalar: MathScalar, mut current: Vec<f64>, target: &mut Value) -> Step {
        self.r.begin_object()?;
        let mut first = true;
        let mut result = self.ctx.fresh();
        let mut seen = 0;
        while let Some(key) = self.r.next_key(&mut first)? {
            let part = match key.to_ascii_lowercase().as_str() {
                "translation" => Some((MathShape::Vector3, 0..3)),
                "rotation" => Some((MathShape::Quaternion, 3..7)),
                "scale" => Some((MathShape::Vector2, 7..8)),
                _ => None,
            };
            let len = self.ctx.enter_read_key(&key)?;
            let code = match part {
                Some((_, range)) if range.len() == 1 => {
                    let mut v = Value::F64(current[7]);
                    let code = self.value(rosetta_types::TypeId::DOUBLE, &mut v);
                    if let (Ok(c), Value::F64(x)) = (&code, &v) {
                        if !super::value::failed(*c) {
                            current[7] = *x;
                            seen += 1;
                        }
                    }
                    code
                }
                Some((shape, range)) => {
                    let mut v = build(scalar, &current[range.clone()]);
                    let code = self.math(shape, scalar, &mut v);
                    if let (Ok(c), Some(comps)) = (&code, components(&v)) {
                        if !super::value::failed(*c) {
                            current[range].copy_from_slice(&comps);
                            seen += 1;
                        }
                    }
                    code
                }
                None => self.skip(|| format!("a transform has no `{key}`")),
            };
            self.ctx.leave(len);
            result.absorb(code?);
        }
        if seen < 3 {
            result.absorb(self.ctx.code(Outcome::DefaultsUsed));
        }
        *target = build(scalar, &current);
        Ok(result)
    }

    fn color(&mut self, scalar: MathScalar, current: Vec<f64>, target: &mut Value) -> Step {
        let loaded = match self.r.peek()? {
            Peek::Array => self
                .color_floats(&current, 3, 4, true)?
                .map(|(c, outcome)| (c, outcome, false)),
            Peek::Object => {
                const KEYS: [&str; 6] = ["RGBA8", "RGB8", "RGBA", "RGB", "HEXA", "HEX"];
                let Some(at) = self.find_member(&KEYS)? else {
                    self.r.skip_value()?;
                    return self.unsupported(
                        "a color object needs one of RGB, RGBA, RGB8, RGBA8, HEX or HEXA",
                    );
                };
                let key = self.last_color_key(&KEYS)?;
                if self.opts.rules == Rules::Documented && self.count_members()? != 1 {
                    self.r.skip_value()?;
                    return self.unsupported("a color object has exactly one key");
                }
                let end = self.r.save();
                self.r.restore(at);
                let loaded = match key.as_str() {
                    "rgb" | "rgba" if self.r.peek()? == Peek::Array => {
                        let n = if key == "rgb" { 3 } else { 4 };
                        self.color_floats(&current, n, n, false)?
                    }
                    "rgb8" | "rgba8" if self.r.peek()? == Peek::Array => {
                        self.color_bytes(&current, if key == "rgb8" { 3 } else { 4 })?
                    }
                    "hex" | "hexa" if self.r.peek()? == Peek::String => {
                        let text = self.r.string()?;
                        color_hex(&current, &text, if key == "hex" { 6 } else { 8 })
                    }
                    _ => Err(format!("`{key}` has a value of the wrong kind")),
                };
                self.r.restore(end);
                self.r.skip_value()?;
                // A form of its own, as lossless as the array: not a coercion.
                loaded.map(|(c, outcome)| (c, outcome, false))
            }
            _ => return self.wrong_kind("an array or an object"),
        };
        match loaded {
            Ok((c, outcome, coerced)) => {
                *target = build(scalar, &c);
                self.ctx.report(outcome, coerced, || "read a color".into())
            }
            Err(why) => self.unsupported(why),
        }
    }

    /// The lower-cased name of the last recognised color key of the object ahead.
    fn last_color_key(&mut self, keys: &[&str]) -> Result<String, Halt> {
        let saved = self.r.save();
        self.r.begin_object()?;
        let mut first = true;
        let mut found = String::new();
        while let Some(key) = self.r.next_key(&mut first)? {
            if keys.iter().any(|k| key.eq_ignore_ascii_case(k)) {
                found = key.to_ascii_lowercase();
            }
            self.r.skip_value()?;
        }
        self.r.restore(saved);
        Ok(found)
    }

    /// At least `min` channels, the first `take` used, each a JSON decimal (`1.0`, not `1`).
    /// A plain array of three keeps the alpha and is `PartialDefaults`.
    fn color_floats(
        &mut self,
        current: &[f64],
        min: usize,
        take: usize,
        partial_if_three: bool,
    ) -> Result<Result<(Vec<f64>, Outcome), String>, Halt> {
        let Some(items) = self.scalar_array()? else {
            return Ok(Err("color channels are numbers".into()));
        };
        if items.len() < min {
            return Ok(Err(format!(
                "expected {min} channels, found {}",
                items.len()
            )));
        }
        let mut c = current.to_vec();
        for (i, s) in items.iter().take(take).enumerate() {
            let channel = match s {
                Scalar::Num(Num::Double(d)) => Some(*d),
                // The documentation's "floats" are any numbers.
                Scalar::Num(n) if self.opts.rules == Rules::Documented => Some(n.as_f64()),
                // What Rosetta writes for a channel that is not finite.
                Scalar::Str(text) => not_finite(text),
                _ => None,
            };
            let Some(channel) = channel else {
                return Ok(Err("color channels are decimal numbers such as 1.0".into()));
            };
            c[i] = channel;
        }
        let outcome = if partial_if_three && items.len() == 3 {
            Outcome::PartialDefaults
        } else {
            Outcome::Success
        };
        Ok(Ok((c, outcome)))
    }

    /// Integer channels 0..=255 (clamped).
    fn color_bytes(
        &mut self,
        current: &[f64],
        n: usize,
    ) -> Result<Result<(Vec<f64>, Outcome), String>, Halt> {
        let Some(items) = self.scalar_array()? else {
            return Ok(Err("color channels are numbers".into()));
        };
        if items.len() < n {
            return Ok(Err(format!("expected {n} channels, found {}", items.len())));
        }
        let mut c = current.to_vec();
        for (i, s) in items.iter().take(n).enumerate() {
            let v = match s {
                // The engine takes `IsInt64` numbers only.
                Scalar::Num(Num::Uint(u)) if i64::try_from(*u).is_ok() => (*u).min(255) as f64,
                Scalar::Num(Num::Int(_)) => 0.0,
                _ => return Ok(Err("8-bit color channels are integers".into())),
            };
            c[i] = v / 255.0;
        }
        Ok(Ok((c, Outcome::Success)))
    }
}

fn color_hex(current: &[f64], text: &str, digits: usize) -> Result<(Vec<f64>, Outcome), String> {
    let hex = text
        .get(..digits)
        .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
    let Some(hex) = hex else {
        return Err(format!("{text:?} does not start with {digits} hex digits"));
    };
    let mut c = current.to_vec();
    for i in 0..digits / 2 {
        let byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())?;
        c[i] = f64::from(byte) / 255.0;
    }
    Ok((c, Outcome::Success))
}
