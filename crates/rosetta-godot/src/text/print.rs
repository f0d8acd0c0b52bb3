//! Printing (`var_to_str` / `var2str`).

use std::cmp::Ordering;

use super::names::type_name;
use crate::header::id_of;
use crate::header::Version;
use crate::math::Basis;
use crate::variant::{ContainerType, Object, Variant, MAX_DEPTH};

/// Prints `value` the way the engine's `var_to_str` (Godot 4) or `var2str` (Godot 3) does.
///
/// Nesting deeper than [`MAX_DEPTH`] is printed as `null` at the limit, so
/// this never recurses without bound.
pub fn to_text(value: &Variant, version: Version) -> String {
    let mut p = Printer {
        out: String::new(),
        g3: version == Version::Godot3,
    };
    p.value(value, 0);
    p.out
}

struct Printer {
    out: String,
    g3: bool,
}

/// C's `%g` with six significant digits (Godot 3's `String::num_scientific`).
fn fmt_g6(v: f64) -> String {
    let e = format!("{v:.5e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let m = strip_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{m}e{sign}{:02}", exp.abs())
    } else {
        let prec = usize::try_from(5 - exp).unwrap_or(0);
        strip_zeros(&format!("{v:.prec$}")).to_owned()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// Godot 4's `String::num_scientific`: the shortest digits that read back exactly, fixed
/// notation for decimal exponents -4 ..= 14 and `1e+15` style otherwise (checked against 4.6:
/// `100000000000000.0`, `1e+15`, `0.0001`, `1e-05`). `sci` and `fixed` are Rust's `{:e}` and `{}`
/// forms of the same value.
fn godot4_digits(sci: String, fixed: String) -> String {
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..15).contains(&exp) {
        fixed
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    }
}

fn fmt_shortest(v: f64) -> String {
    godot4_digits(format!("{v:e}"), format!("{v}"))
}

fn fmt_shortest_f32(v: f32) -> String {
    godot4_digits(format!("{v:e}"), format!("{v}"))
}

impl Printer {
    fn s(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `rtos_fix`: a real component (no `.0` added).
    fn real(&mut self, v: f64) {
        let s = if v == 0.0 {
            "0".to_owned()
        } else if v.is_nan() {
            "nan".to_owned()
        } else if v.is_infinite() {
            if v > 0.0 { "inf" } else { "inf_neg" }.to_owned()
        } else if self.g3 {
            fmt_g6(v)
        } else if f64::from(v as f32) == v {
            // A single-precision component (what a standard build holds): its shortest `f32`
            // digits, as the engine prints it (`0.33333334`, `123456790`).
            fmt_shortest_f32(v as f32)
        } else {
            fmt_shortest(v)
        };
        self.s(&s);
    }

    /// A `float` Variant or a `PackedFloat64Array` element: always 64-bit digits.
    fn real64(&mut self, v: f64) {
        if self.g3 || !v.is_finite() || v == 0.0 {
            self.real(v);
        } else {
            self.s(&fmt_shortest(v));
        }
    }

    fn color_component(&mut self, v: f32) {
        self.real(f64::from(v));
    }

    fn open(&mut self, name: &str) {
        self.s(name);
        self.s(if self.g3 { "( " } else { "(" });
    }

    fn close(&mut self) {
        self.s(if self.g3 { " )" } else { ")" });
    }

    fn reals(&mut self, name: &str, vals: &[f64]) {
        self.open(name);
        for (i, v) in vals.iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            self.real(*v);
        }
        self.close();
    }

    fn ints<T: ToString>(&mut self, name: &str, vals: impl IntoIterator<Item = T>) {
        self.open(name);
        for (i, v) in vals.into_iter().enumerate() {
            if i > 0 {
                self.s(", ");
            }
            self.s(&v.to_string());
        }
        self.close();
    }

    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '\\' => self.s("\\\\"),
                '"' => self.s("\\\""),
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn name(&self, g3: &'static str, g4: &'static str) -> &'static str {
        if self.g3 {
            g3
        } else {
            g4
        }
    }

    fn container_type(&mut self, t: &ContainerType) {
        match t {
            ContainerType::None => self.s("Variant"),
            ContainerType::Builtin(ty) => self.s(type_name(*ty)),
            ContainerType::ClassName(c) => self.s(c),
            ContainerType::Script(path) => {
                self.s("Script(");
                self.string(path);
                self.s(")");
            }
        }
    }

    fn value(&mut self, v: &Variant, depth: usize) {
        if depth > MAX_DEPTH {
            self.s("null");
            return;
        }
        match v {
            Variant::Nil => self.s("null"),
            Variant::Bool(b) => self.s(if *b { "true" } else { "false" }),
            Variant::Int(i) => self.s(&i.to_string()),
            Variant::Float(f) => self.float(*f),
            Variant::String(s) => self.string(s),
            Variant::Vector2(v) => self.reals("Vector2", &[v.x, v.y]),
            Variant::Vector2i(v) => self.ints("Vector2i", [v.x, v.y]),
            Variant::Rect2(r) => {
                self.reals("Rect2", &[r.position.x, r.position.y, r.size.x, r.size.y])
            }
            Variant::Rect2i(r) => {
                self.ints("Rect2i", [r.position.x, r.position.y, r.size.x, r.size.y])
            }
            Variant::Vector3(v) => self.reals("Vector3", &[v.x, v.y, v.z]),
            Variant::Vector3i(v) => self.ints("Vector3i", [v.x, v.y, v.z]),
            Variant::Transform2D(t) => {
                let c = &t.columns;
                self.reals(
                    "Transform2D",
                    &[c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y],
                );
            }
            Variant::Vector4(v) => self.reals("Vector4", &[v.x, v.y, v.z, v.w]),
            Variant::Vector4i(v) => self.ints("Vector4i", [v.x, v.y, v.z, v.w]),
            Variant::Plane(p) => {
                self.reals("Plane", &[p.normal.x, p.normal.y, p.normal.z, p.d]);
            }
            Variant::Quaternion(q) => {
                let n = self.name("Quat", "Quaternion");
                self.reals(n, &[q.x, q.y, q.z, q.w]);
            }
            Variant::Aabb(a) => self.reals(
                "AABB",
                &[
                    a.position.x,
                    a.position.y,
                    a.position.z,
                    a.size.x,
                    a.size.y,
                    a.size.z,
                ],
            ),
            Variant::Basis(b) => {
                let vals = basis_vals(b);
                self.reals("Basis", &vals);
            }
            Variant::Transform3D(t) => {
                let mut vals = basis_vals(&t.basis).to_vec();
                vals.extend([t.origin.x, t.origin.y, t.origin.z]);
                let n = self.name("Transform", "Transform3D");
                self.reals(n, &vals);
            }
            Variant::Projection(p) => {
                let vals: Vec<f64> = p
                    .columns
                    .iter()
                    .flat_map(|c| [c.x, c.y, c.z, c.w])
                    .collect();
                self.reals("Projection", &vals);
            }
            Variant::Color(c) => {
                self.open("Color");
                for (i, v) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.color_component(v);
                }
                self.close();
            }
            Variant::StringName(s) => {
                if !self.g3 {
                    self.s("&");
                }
                self.string(s);
            }
            Variant::NodePath(p) => {
                self.s("NodePath(");
                self.string(&p.to_string());
                self.s(")");
            }
            Variant::Rid(id) => {
                if self.g3 {
                    // Godot 3 prints nothing for a RID.
                } else if *id == 0 {
                    self.s("RID()");
                } else {
                    self.s(&format!("RID({})", *id as i64));
                }
            }
            Variant::Object(o) => self.object(o, depth),
            Variant::Callable => self.s("Callable()"),
            Variant::Signal(s) => {
                if s.name.is_empty() && s.object_id == 0 {
                    self.s("Signal()");
                } else {
                    self.s("Signal(");
                    self.string(&s.name);
                    self.s(&format!(", {})", s.object_id as i64));
                }
            }
            Variant::Dictionary(d) => {
                let typed = !self.g3
                    && (d.key_type != ContainerType::None || d.value_type != ContainerType::None);
                if typed {
                    self.s("Dictionary[");
                    self.container_type(&d.key_type);
                    self.s(", ");
                    self.container_type(&d.value_type);
                    self.s("](");
                }
                // Both engines print the keys sorted (checked with 3.2.3 and 4.6).
                let mut entries: Vec<&(Variant, Variant)> = d.entries.iter().collect();
                let version = if self.g3 {
                    Version::Godot3
                } else {
                    Version::Godot4
                };
                entries.sort_by(|a, b| key_cmp(version, &a.0, &b.0));
                if self.g3 {
                    self.s("{\n");
                } else if entries.is_empty() {
                    self.s("{");
                } else {
                    self.s("{\n");
                }
                for (i, (k, v)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        self.s(",\n");
                    }
                    self.value(k, depth + 1);
                    self.s(": ");
                    self.value(v, depth + 1);
                }
                if self.g3 || !d.entries.is_empty() {
                    self.s("\n}");
                } else {
                    self.s("}");
                }
                if typed {
                    self.s(")");
                }
            }
            Variant::Array(a) => {
                let typed = !self.g3 && a.element_type != ContainerType::None;
                if typed {
                    self.s("Array[");
                    self.container_type(&a.element_type);
                    self.s("](");
                }
                self.s(if self.g3 { "[ " } else { "[" });
                for (i, v) in a.items.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.value(v, depth + 1);
                }
                self.s(if self.g3 { " ]" } else { "]" });
                if typed {
                    self.s(")");
                }
            }
            Variant::PackedByteArray(v) => {
                let n = self.name("PoolByteArray", "PackedByteArray");
                self.ints(n, v.iter());
            }
            Variant::PackedInt32Array(v) => {
                let n = self.name("PoolIntArray", "PackedInt32Array");
                self.ints(n, v.iter());
            }
            Variant::PackedInt64Array(v) => self.ints("PackedInt64Array", v.iter()),
            Variant::PackedFloat32Array(v) => {
                let n = self.name("PoolRealArray", "PackedFloat32Array");
                self.open(n);
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.color_component(*x);
                }
                self.close();
            }
            Variant::PackedFloat64Array(v) => {
                self.open("PackedFloat64Array");
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.real64(*x);
                }
                self.close();
            }
            Variant::PackedStringArray(v) => {
                let n = self.name("PoolStringArray", "PackedStringArray");
                self.open(n);
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.string(x);
                }
                self.close();
            }
            Variant::PackedVector2Array(v) => {
                let n = self.name("PoolVector2Array", "PackedVector2Array");
                let vals: Vec<f64> = v.iter().flat_map(|p| [p.x, p.y]).collect();
                self.reals(n, &vals);
            }
            Variant::PackedVector3Array(v) => {
                let n = self.name("PoolVector3Array", "PackedVector3Array");
                let vals: Vec<f64> = v.iter().flat_map(|p| [p.x, p.y, p.z]).collect();
                self.reals(n, &vals);
            }
            Variant::PackedVector4Array(v) => {
                let vals: Vec<f64> = v.iter().flat_map(|p| [p.x, p.y, p.z, p.w]).collect();
                self.reals("PackedVector4Array", &vals);
            }
            Variant::PackedColorArray(v) => {
                let n = self.name("PoolColorArray", "PackedColorArray");
                self.open(n);
                let all = v.iter().flat_map(|c| [c.r, c.g, c.b, c.a]);
                for (i, x) in all.enumerate() {
                    if i > 0 {
                        self.s(", ");
                    }
                    self.color_component(x);
                }
                self.close();
            }
        }
    }

    fn float(&mut self, f: f64) {
        // Godot 3 prints a float through `real_t` (single precision): 1e300 prints `inf`.
        let f = if self.g3 { f64::from(f as f32) } else { f };
        if self.g3 {
            // Godot 3.2.3: `-inf.0` for negative infinity (the engine's own spelling).
            if f == f64::NEG_INFINITY {
                self.s("-inf.0");
                return;
            }
            if f.is_infinite() || f.is_nan() {
                self.real(f);
                return;
            }
        } else if !f.is_finite() {
            self.real(f);
            return;
        }
        let start = self.out.len();
        self.real64(f);
        let s = &self.out[start..];
        if !s.contains(['.', 'e', 'E']) {
            self.s(".0");
        }
    }

    fn object(&mut self, o: &Object, depth: usize) {
        match o {
            Object::Null => self.s("null"),
            Object::InstanceId(id) => {
                // `object_id` is an `int` in Godot, so ids above `i64::MAX` print negative.
                let id = *id as i64;
                // As Godot 4.6 prints the `EncodedObjectAsID` that `bytes_to_var` makes.
                self.s(&format!(
                    "Object(EncodedObjectAsID,\"object_id\":{id},\"script\":null)\n"
                ));
            }
            Object::Full { class, properties } => {
                self.s("Object(");
                self.s(class);
                self.s(",");
                for (i, (name, value)) in properties.iter().enumerate() {
                    if i > 0 {
                        self.s(",");
                    }
                    self.string(name);
                    self.s(":");
                    self.value(value, depth + 1);
                }
                self.s(")\n");
            }
        }
    }
}

fn basis_vals(b: &Basis) -> [f64; 9] {
    let r = &b.rows;
    [
        r[0].x, r[0].y, r[0].z, r[1].x, r[1].y, r[1].z, r[2].x, r[2].y, r[2].z,
    ]
}

/// The engine's `Variant::operator<` as used to sort dictionary keys: by type id first, then by
/// value for numbers, bools and strings; other values keep their order (a total order, so
/// sorting never panics).
fn key_cmp(version: Version, a: &Variant, b: &Variant) -> Ordering {
    let ta = id_of(version, a.variant_type()).unwrap_or(u32::MAX);
    let tb = id_of(version, b.variant_type()).unwrap_or(u32::MAX);
    match (a, b) {
        _ if ta != tb => ta.cmp(&tb),
        (Variant::Bool(x), Variant::Bool(y)) => x.cmp(y),
        (Variant::Int(x), Variant::Int(y)) => x.cmp(y),
        (Variant::Float(x), Variant::Float(y)) => x.total_cmp(y),
        (Variant::String(x), Variant::String(y)) => x.cmp(y),
        (Variant::StringName(x), Variant::StringName(y)) => x.cmp(y),
        _ => Ordering::Equal,
    }
}
