//! Parsing (`str_to_var` / `str2var`).

use super::{type_from_name, TextError};
use crate::math::*;
use crate::{Array, ContainerType, Dictionary, NodePath, Object, Signal, Variant, VariantType};

/// Parses Godot's text form of a value, in either engine's spelling.
///
/// Never panics; nesting deeper than [`MAX_DEPTH`](crate::MAX_DEPTH) is an error. Whitespace may
/// follow the value; anything else after it is an error.
pub fn from_text(text: &str) -> Result<Variant, TextError> {
    let mut p = Parser {
        s: text,
        pos: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.ws();
    if p.pos < p.s.len() {
        return Err(p.err("unexpected text after the value"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a str,
    pos: usize,
    depth: usize,
}

type R<T> = Result<T, TextError>;

impl Parser<'_> {
    fn err_at(&self, pos: usize, msg: impl Into<String>) -> TextError {
        let before = &self.s[..pos.min(self.s.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        TextError {
            line,
            column,
            message: msg.into(),
        }
    }

    fn err(&self, msg: impl Into<String>) -> TextError {
        self.err_at(self.pos, msg)
    }

    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> R<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{c}'")))
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > crate::MAX_DEPTH {
            return Err(self.err(format!("nesting deeper than {} levels", crate::MAX_DEPTH)));
        }
        Ok(())
    }

    fn ident(&mut self) -> &str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
        &self.s[start..self.pos]
    }

    fn value(&mut self) -> R<Variant> {
        self.ws();
        let start = self.pos;
        match self.peek() {
            None => Err(self.err("expected a value, found the end of the text")),
            Some('{') => {
                let d = self.dict_body()?;
                Ok(Variant::Dictionary(Box::new(Dictionary::untyped(d))))
            }
            Some('[') => {
                let items = self.array_body()?;
                Ok(Variant::Array(Box::new(Array::untyped(items))))
            }
            Some('"') => Ok(Variant::String(self.string()?)),
            Some('&') => {
                self.bump();
                Ok(Variant::StringName(self.string()?))
            }
            Some('^') => {
                self.bump();
                Ok(Variant::NodePath(Box::new(node_path(&self.string()?))))
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => self.number(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.ident().to_owned();
                match name.as_str() {
                    "true" => Ok(Variant::Bool(true)),
                    "false" => Ok(Variant::Bool(false)),
                    "null" | "nil" => Ok(Variant::Nil),
                    "inf" => Ok(Variant::Float(f64::INFINITY)),
                    "inf_neg" => Ok(Variant::Float(f64::NEG_INFINITY)),
                    "nan" => Ok(Variant::Float(f64::NAN)),
                    _ => self.constructor(&name, start),
                }
            }
            Some(c) => Err(self.err(format!("unexpected character '{c}'"))),
        }
    }

    #[inline(never)]
    fn number(&mut self) -> R<Variant> {
        let start = self.pos;
        let neg = match self.peek() {
            Some('-') => {
                self.bump();
                true
            }
            Some('+') => {
                self.bump();
                false
            }
            _ => false,
        };
        if self.peek().is_some_and(char::is_alphabetic) {
            let id = self.ident();
            let v = match id {
                "inf" => f64::INFINITY,
                "nan" => f64::NAN,
                _ => return Err(self.err_at(start, "invalid number")),
            };
            // Godot 3.2.3 prints negative infinity as `-inf.0`.
            if self.s[self.pos..].starts_with(".0") {
                self.pos += 2;
            }
            return Ok(Variant::Float(if neg { -v } else { v }));
        }
        let mut is_float = false;
        while let Some(c) = self.peek() {
            match c {
                '0'..='9' => {}
                '.' => is_float = true,
                'e' | 'E' => {
                    is_float = true;
                    self.bump();
                    if matches!(self.peek(), Some('+' | '-')) {
                        self.bump();
                    }
                    continue;
                }
                _ => break,
            }
            self.bump();
        }
        let text = &self.s[start..self.pos];
        if !is_float {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(Variant::Int(i));
            }
        }
        match text.parse::<f64>() {
            Ok(f)
                if is_float
                    || text
                        .trim_start_matches(['-', '+'])
                        .bytes()
                        .all(|b| b.is_ascii_digit()) =>
            {
                if is_float {
                    Ok(Variant::Float(f))
                } else {
                    Err(self.err_at(start, format!("integer out of range: {text}")))
                }
            }
            _ => Err(self.err_at(start, format!("invalid number '{text}'"))),
        }
    }

    fn real(&mut self) -> R<f64> {
        self.ws();
        let start = self.pos;
        let v = if self.peek().is_some_and(|c| c.is_alphabetic()) {
            match self.ident() {
                "inf" => f64::INFINITY,
                "inf_neg" => f64::NEG_INFINITY,
                "nan" => f64::NAN,
                other => {
                    let msg = format!("expected a number, found '{other}'");
                    return Err(self.err_at(start, msg));
                }
            }
        } else {
            match self.number()? {
                Variant::Int(i) => i as f64,
                Variant::Float(f) => f,
                _ => return Err(self.err_at(start, "expected a number")),
            }
        };
        Ok(v)
    }

    fn int(&mut self) -> R<i64> {
        self.ws();
        let start = self.pos;
        match self.number()? {
            Variant::Int(i) => Ok(i),
            _ => Err(self.err_at(start, "expected an integer")),
        }
    }

    /// `(` items separated by `,` `)`, the opening `(` already read.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> R<T>) -> R<Vec<T>> {
        let mut out = Vec::new();
        if self.eat(')') {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            if self.eat(')') {
                return Ok(out);
            }
            self.expect(',')?;
        }
    }

    fn reals(&mut self, n: usize, start: usize, name: &str) -> R<Vec<f64>> {
        let v = self.list(Self::real)?;
        if v.len() != n {
            let msg = format!("{name} takes {n} numbers, found {}", v.len());
            return Err(self.err_at(start, msg));
        }
        Ok(v)
    }

    fn i32s(&mut self, n: usize, start: usize, name: &str) -> R<Vec<i32>> {
        let v = self.list(|p| {
            let at = p.pos;
            let i = p.int()?;
            i32::try_from(i).map_err(|_| p.err_at(at, "value out of the 32-bit range"))
        })?;
        if v.len() != n {
            let msg = format!("{name} takes {n} integers, found {}", v.len());
            return Err(self.err_at(start, msg));
        }
        Ok(v)
    }

    #[inline(never)]
    fn string(&mut self) -> R<String> {
        self.ws();
        if self.peek() != Some('"') {
            return Err(self.err("expected a string"));
        }
        self.bump();
        let mut out = String::new();
        loop {
            let at = self.pos;
            match self.bump() {
                None => return Err(self.err("unterminated string")),
                Some('"') => return Ok(out),
                Some('\\') => {
                    let c = match self.bump() {
                        Some('b') => '\u{8}',
                        Some('t') => '\t',
                        Some('n') => '\n',
                        Some('f') => '\u{c}',
                        Some('r') => '\r',
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('\'') => '\'',
                        Some(u @ ('u' | 'U')) => {
                            let n = if u == 'u' { 4 } else { 6 };
                            let hex = self.s.get(self.pos..self.pos + n).unwrap_or("");
                            let code = u32::from_str_radix(hex, 16)
                                .ok()
                                .filter(|_| {
                                    hex.len() == n && hex.bytes().all(|b| b.is_ascii_hexdigit())
                                })
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.err_at(at, "invalid unicode escape"))?;
                            self.pos += n;
                            code
                        }
                        _ => return Err(self.err_at(at, "invalid escape sequence")),
                    };
                    out.push(c);
                }
                Some(c) => out.push(c),
            }
        }
    }

    fn array_body(&mut self) -> R<Vec<Variant>> {
        self.expect('[')?;
        self.enter()?;
        let mut items = Vec::new();
        if !self.eat(']') {
            loop {
                items.push(self.value()?);
                if self.eat(']') {
                    break;
                }
                self.expect(',')?;
                if self.eat(']') {
                    break;
                }
            }
        }
        self.depth -= 1;
        Ok(items)
    }

    fn dict_body(&mut self) -> R<Vec<(Variant, Variant)>> {
        self.expect('{')?;
        self.enter()?;
        let mut entries = Vec::new();
        if !self.eat('}') {
            loop {
                let k = self.value()?;
                self.expect(':')?;
                let v = self.value()?;
                entries.push((k, v));
                if self.eat('}') {
                    break;
                }
                self.expect(',')?;
                if self.eat('}') {
                    break;
                }
            }
        }
        self.depth -= 1;
        Ok(entries)
    }

    fn container_type(&mut self) -> R<ContainerType> {
        self.ws();
        let start = self.pos;
        let name = self.ident().to_owned();
        if name.is_empty() {
            return Err(self.err("expected a type name"));
        }
        if name == "Variant" {
            return Ok(ContainerType::None);
        }
        if name == "Script" && self.eat('(') {
            let path = self.string()?;
            self.expect(')')?;
            return Ok(ContainerType::Script(path));
        }
        match type_from_name(&name) {
            Some(VariantType::Nil) => Err(self.err_at(start, "a container cannot hold Nil")),
            Some(VariantType::Object) => Ok(ContainerType::ClassName(name)),
            Some(t) => Ok(ContainerType::Builtin(t)),
            None => Ok(ContainerType::ClassName(name)),
        }
    }

    #[inline(never)]
    fn constructor(&mut self, name: &str, start: usize) -> R<Variant> {
        if name == "Array" && self.eat('[') {
            let element_type = self.container_type()?;
            self.expect(']')?;
            self.expect('(')?;
            let items = self.array_body()?;
            self.expect(')')?;
            return Ok(Variant::Array(Box::new(Array {
                element_type,
                items,
            })));
        }
        if name == "Dictionary" && self.eat('[') {
            let key_type = self.container_type()?;
            self.expect(',')?;
            let value_type = self.container_type()?;
            self.expect(']')?;
            self.expect('(')?;
            let entries = self.dict_body()?;
            self.expect(')')?;
            return Ok(Variant::Dictionary(Box::new(Dictionary {
                key_type,
                value_type,
                entries,
            })));
        }
        if name == "Object" {
            self.expect('(')?;
            return self.object();
        }
        let Some(ty) = type_from_name(name) else {
            return Err(self.err_at(start, format!("unknown constructor '{name}'")));
        };
        self.expect('(')?;
        self.builtin(ty, name, start)
    }

    /// A built-in constructor's arguments, after `Name(`; kept out of the recursive path so that
    /// deep nesting uses little stack.
    #[inline(never)]
    fn builtin(&mut self, ty: VariantType, name: &str, start: usize) -> R<Variant> {
        use VariantType as T;
        let v2 = |v: &[f64]| Vector2 { x: v[0], y: v[1] };
        let v3 = |v: &[f64]| Vector3 {
            x: v[0],
            y: v[1],
            z: v[2],
        };
        let v4 = |v: &[f64]| Vector4 {
            x: v[0],
            y: v[1],
            z: v[2],
            w: v[3],
        };
        let col = |v: &[f64]| Color {
            r: v[0] as f32,
            g: v[1] as f32,
            b: v[2] as f32,
            a: v[3] as f32,
        };
        let chunks = |p: &mut Self, n: usize| -> R<Vec<f64>> {
            let v = p.list(Self::real)?;
            if v.len() % n != 0 {
                let msg = format!("{name} needs a multiple of {n} numbers, found {}", v.len());
                return Err(p.err_at(start, msg));
            }
            Ok(v)
        };
        Ok(match ty {
            T::Vector2 => Variant::Vector2(v2(&self.reals(2, start, name)?)),
            T::Vector2i => {
                let v = self.i32s(2, start, name)?;
                Variant::Vector2i(Vector2i { x: v[0], y: v[1] })
            }
            T::Rect2 => {
                let v = self.reals(4, start, name)?;
                Variant::Rect2(Box::new(Rect2 {
                    position: v2(&v[0..2]),
                    size: v2(&v[2..4]),
                }))
            }
            T::Rect2i => {
                let v = self.i32s(4, start, name)?;
                Variant::Rect2i(Rect2i {
                    position: Vector2i { x: v[0], y: v[1] },
                    size: Vector2i { x: v[2], y: v[3] },
                })
            }
            T::Vector3 => Variant::Vector3(v3(&self.reals(3, start, name)?)),
            T::Vector3i => {
                let v = self.i32s(3, start, name)?;
                Variant::Vector3i(Vector3i {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                })
            }
            T::Transform2D => {
                let v = self.reals(6, start, name)?;
                Variant::Transform2D(Box::new(Transform2D {
                    columns: [v2(&v[0..2]), v2(&v[2..4]), v2(&v[4..6])],
                }))
            }
            T::Vector4 => Variant::Vector4(Box::new(v4(&self.reals(4, start, name)?))),
            T::Vector4i => {
                let v = self.i32s(4, start, name)?;
                Variant::Vector4i(Vector4i {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                    w: v[3],
                })
            }
            T::Plane => {
                let v = self.reals(4, start, name)?;
                Variant::Plane(Box::new(Plane {
                    normal: v3(&v[0..3]),
                    d: v[3],
                }))
            }
            T::Quaternion => {
                let v = self.reals(4, start, name)?;
                Variant::Quaternion(Box::new(Quaternion {
                    x: v[0],
                    y: v[1],
                    z: v[2],
                    w: v[3],
                }))
            }
            T::Aabb => {
                let v = self.reals(6, start, name)?;
                Variant::Aabb(Box::new(Aabb {
                    position: v3(&v[0..3]),
                    size: v3(&v[3..6]),
                }))
            }
            T::Basis => {
                let v = self.reals(9, start, name)?;
                Variant::Basis(Box::new(basis(&v)))
            }
            T::Transform3D => {
                let v = self.reals(12, start, name)?;
                Variant::Transform3D(Box::new(Transform3D {
                    basis: basis(&v),
                    origin: v3(&v[9..12]),
                }))
            }
            T::Projection => {
                let v = self.reals(16, start, name)?;
                Variant::Projection(Box::new(Projection {
                    columns: [v4(&v[0..4]), v4(&v[4..8]), v4(&v[8..12]), v4(&v[12..16])],
                }))
            }
            T::Color => {
                let v = self.list(Self::real)?;
                match v.len() {
                    3 => Variant::Color(col(&[v[0], v[1], v[2], 1.0])),
                    4 => Variant::Color(col(&v)),
                    n => {
                        let msg = format!("Color takes 3 or 4 numbers, found {n}");
                        return Err(self.err_at(start, msg));
                    }
                }
            }
            T::StringName => {
                let s = self.string()?;
                self.expect(')')?;
                Variant::StringName(s)
            }
            T::NodePath => {
                let s = self.string()?;
                self.expect(')')?;
                Variant::NodePath(Box::new(node_path(&s)))
            }
            T::Rid => {
                if self.eat(')') {
                    Variant::Rid(0)
                } else {
                    // Godot prints the 64-bit id through a signed int.
                    let i = self.int()?;
                    self.expect(')')?;
                    Variant::Rid(i as u64)
                }
            }
            T::Callable => {
                self.expect(')')?;
                Variant::Callable
            }
            T::Signal => {
                if self.eat(')') {
                    Variant::Signal(Box::default())
                } else {
                    let name = self.string()?;
                    self.expect(',')?;
                    let object_id = self.int()? as u64;
                    self.expect(')')?;
                    Variant::Signal(Box::new(Signal { name, object_id }))
                }
            }
            T::PackedByteArray => {
                let v = self.list(|p| {
                    let at = p.pos;
                    let i = p.int()?;
                    u8::try_from(i).map_err(|_| p.err_at(at, "byte out of range"))
                })?;
                Variant::PackedByteArray(v)
            }
            T::PackedInt32Array => {
                let v = self.list(|p| {
                    let at = p.pos;
                    let i = p.int()?;
                    i32::try_from(i).map_err(|_| p.err_at(at, "value out of the 32-bit range"))
                })?;
                Variant::PackedInt32Array(v)
            }
            T::PackedInt64Array => Variant::PackedInt64Array(self.list(Self::int)?),
            T::PackedFloat32Array => {
                let v = self.list(Self::real)?;
                Variant::PackedFloat32Array(v.into_iter().map(|f| f as f32).collect())
            }
            T::PackedFloat64Array => Variant::PackedFloat64Array(self.list(Self::real)?),
            T::PackedStringArray => Variant::PackedStringArray(self.list(Self::string)?),
            T::PackedVector2Array => {
                Variant::PackedVector2Array(chunks(self, 2)?.chunks(2).map(v2).collect())
            }
            T::PackedVector3Array => {
                Variant::PackedVector3Array(chunks(self, 3)?.chunks(3).map(v3).collect())
            }
            T::PackedVector4Array => {
                Variant::PackedVector4Array(chunks(self, 4)?.chunks(4).map(v4).collect())
            }
            T::PackedColorArray => {
                Variant::PackedColorArray(chunks(self, 4)?.chunks(4).map(col).collect())
            }
            T::Array => {
                let items = self.array_body()?;
                self.expect(')')?;
                Variant::Array(Box::new(Array::untyped(items)))
            }
            T::Dictionary => {
                let entries = self.dict_body()?;
                self.expect(')')?;
                Variant::Dictionary(Box::new(Dictionary::untyped(entries)))
            }
            T::Nil | T::Bool | T::Int | T::Float | T::String | T::Object => {
                return Err(self.err_at(start, format!("'{name}' is not a constructor here")));
            }
        })
    }

    /// `Object(Class,"prop":value,...)`, after `Object(`.
    fn object(&mut self) -> R<Variant> {
        self.enter()?;
        self.ws();
        let class = self.ident().to_owned();
        if class.is_empty() {
            return Err(self.err("expected a class name"));
        }
        let mut properties = Vec::new();
        loop {
            if self.eat(')') {
                break;
            }
            self.expect(',')?;
            if self.eat(')') {
                break;
            }
            let name = self.string()?;
            self.expect(':')?;
            let value = self.value()?;
            properties.push((name, value));
        }
        self.depth -= 1;
        if class == "EncodedObjectAsID" {
            let props = match properties.as_slice() {
                [rest @ .., (script, Variant::Nil)] if script == "script" => rest,
                all => all,
            };
            if let [(name, Variant::Int(id))] = props {
                if name == "object_id" {
                    let id = *id as u64;
                    return Ok(Variant::Object(Box::new(Object::InstanceId(id))));
                }
            }
        }
        Ok(Variant::Object(Box::new(Object::Full {
            class,
            properties,
        })))
    }
}

fn basis(v: &[f64]) -> Basis {
    let r = |i: usize| Vector3 {
        x: v[i],
        y: v[i + 1],
        z: v[i + 2],
    };
    Basis {
        rows: [r(0), r(3), r(6)],
    }
}

/// Splits `/a/b:c:d` into names and subnames.
fn node_path(s: &str) -> NodePath {
    let absolute = s.starts_with('/');
    let mut parts = s.split(':');
    let path = parts.next().unwrap_or("");
    NodePath {
        names: path
            .split('/')
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect(),
        subnames: parts.filter(|n| !n.is_empty()).map(str::to_owned).collect(),
        absolute,
    }
}
