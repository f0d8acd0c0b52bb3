//! Parsing (`str_to_var` / `str2var`).

use super::error::TextError;
use super::names::type_from_name;
use crate::math::*;
use crate::typed::{self, Context, Role};
use crate::variant::{
    Array, ContainerType, Dictionary, NodePath, Object, Signal, Variant, VariantType, MAX_DEPTH,
};

mod builtin;

/// Parses Godot's text form of a value, in either engine's spelling.
///
/// Never panics; nesting deeper than [`MAX_DEPTH`] is an error. Whitespace may
/// follow the value; anything else after it is an error.
pub fn from_text(text: &str) -> Result<Variant, TextError> {
    let mut p = Parser {
        s: text,
        pos: 0,
        depth: 0,
        path: Vec::new(),
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
    /// Where the parser is inside containers, for the errors of typed containers.
    path: Vec<Seg>,
}

/// A step into a container.
#[derive(Debug, Clone, Copy)]
enum Seg {
    /// An Array element.
    Index(usize),
    /// The key of the Dictionary entry with this number, while the key is read.
    KeyNumber(usize),
    /// The value of the Dictionary entry whose key is the text at these byte positions.
    Key(usize, usize),
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
        if self.depth > MAX_DEPTH {
            return Err(self.err(format!("nesting deeper than {} levels", MAX_DEPTH)));
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
                let d = self.dict_body(&ContainerType::None, &ContainerType::None)?;
                Ok(Variant::Dictionary(Box::new(Dictionary::untyped(d))))
            }
            Some('[') => {
                let items = self.array_body(&ContainerType::None)?;
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

    /// `[a, b, ...]`, each element converted to `elem` as Godot's `Array::assign` converts it.
    fn array_body(&mut self, elem: &ContainerType) -> R<Vec<Variant>> {
        self.expect('[')?;
        self.enter()?;
        let mut items = Vec::new();
        if !self.eat(']') {
            loop {
                self.path.push(Seg::Index(items.len()));
                self.ws();
                let at = self.pos;
                let item = self.value()?;
                let item = self.typed(elem, item, at, Role::Element, || typed::array_name(elem))?;
                self.path.pop();
                items.push(item);
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

    /// `{k: v, ...}`, keys and values converted to `key` and `value` as Godot's
    /// `Dictionary::assign` converts them.
    fn dict_body(
        &mut self,
        key: &ContainerType,
        value: &ContainerType,
    ) -> R<Vec<(Variant, Variant)>> {
        self.expect('{')?;
        self.enter()?;
        let mut entries = Vec::new();
        let name = || typed::dictionary_name(key, value);
        if !self.eat('}') {
            loop {
                self.path.push(Seg::KeyNumber(entries.len()));
                self.ws();
                let key_at = self.pos;
                let k = self.value()?;
                self.path.pop();
                self.path.push(Seg::Key(key_at, self.pos));
                let k = self.typed(key, k, key_at, Role::Key, name)?;
                self.expect(':')?;
                self.ws();
                let value_at = self.pos;
                let v = self.value()?;
                let v = self.typed(value, v, value_at, Role::Value, name)?;
                self.path.pop();
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

    /// `v` (read at `at`) as an element of a container typed `ty`, or the error Godot's
    /// `str_to_var` only prints (it leaves the whole container empty).
    fn typed(
        &self,
        ty: &ContainerType,
        v: Variant,
        at: usize,
        role: Role,
        container: impl FnOnce() -> String,
    ) -> R<Variant> {
        if typed::holds(ty, &v) {
            return Ok(v);
        }
        let found = v.variant_type();
        typed::element(ty, v).map_err(|refusal| {
            let message = typed::refused(Context::Text, found, role, &container(), ty, refusal);
            self.err_at(at, format!("{}: {message}", self.path_text()))
        })
    }

    /// The path to where the parser is: `[0]{"a"}[2]`.
    fn path_text(&self) -> String {
        let mut out = String::new();
        for seg in &self.path {
            match *seg {
                Seg::Index(i) => out.push_str(&format!("[{i}]")),
                Seg::KeyNumber(i) => out.push_str(&typed::key_number_segment(i)),
                Seg::Key(start, end) => {
                    let text = self.s.get(start..end).unwrap_or("").trim();
                    out.push_str(&typed::shorten_key(text));
                }
            }
        }
        out
    }

    fn container_type(&mut self) -> R<ContainerType> {
        self.ws();
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
            // Godot knows no type `Nil` here and makes the container untyped.
            Some(VariantType::Nil) => Ok(ContainerType::None),
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
            let items = self.array_body(&element_type)?;
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
            let entries = self.dict_body(&key_type, &value_type)?;
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

/// Splits `/a/b:c:d` into names and subnames.
fn node_path(s: &str) -> NodePath {
    s.parse().unwrap_or_default()
}
