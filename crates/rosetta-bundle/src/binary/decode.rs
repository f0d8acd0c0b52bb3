//! Decoding binary bundles: never panics, checks every length against the bytes that remain
//! before using it, bounds nesting depth, skips unknown fields (groups included) and fields whose
//! wire type does not match (as protobuf does), and names the byte offset of every error.
//!
//! Proto3 merge semantics: a repeated singular scalar or string keeps the last value; a repeated
//! singular message field is merged into the earlier one; a `oneof` keeps its last member.

use super::wire;
use crate::error::{BinaryProblem, Error};
use crate::model::*;

type Result<T> = std::result::Result<T, Error>;

/// Deepest message nesting accepted (the bundle itself is level 0).
pub(crate) const MAX_DEPTH: usize = 100;

/// Decodes a binary schema bundle.
pub(crate) fn decode(bytes: &[u8]) -> Result<SchemaBundle> {
    let mut m = Msg {
        data: bytes,
        base: 0,
        pos: 0,
        depth: 0,
        name: "SchemaBundle",
    };
    let mut bundle = SchemaBundle::default();
    while let Some(f) = m.next()? {
        if let (1, Wire::Len(body)) = (f.number, f.wire) {
            let mut file = SchemaFile::default();
            m.sub(body, "SchemaFile", |m| schema_file(m, &mut file))?;
            bundle.schema_files.push(file);
        }
    }
    Ok(bundle)
}

/// One message body being read.
struct Msg<'a> {
    data: &'a [u8],
    /// Offset of `data[0]` in the whole input.
    base: usize,
    pos: usize,
    depth: usize,
    name: &'static str,
}

/// A length-delimited payload and its absolute offset.
#[derive(Clone, Copy)]
struct Body<'a> {
    bytes: &'a [u8],
    at: usize,
}

enum Wire<'a> {
    Varint(u64),
    Fixed64(u64),
    Fixed32(u32),
    Len(Body<'a>),
    Group,
}

struct Field<'a> {
    number: u32,
    wire: Wire<'a>,
    /// Offset of the tag.
    at: usize,
}

impl<'a> Msg<'a> {
    fn offset(&self) -> usize {
        self.base + self.pos
    }

    fn error_at(&self, offset: usize, problem: BinaryProblem) -> Error {
        Error::binary(offset, self.name, problem)
    }

    fn varint(&mut self) -> Result<u64> {
        let start = self.offset();
        let mut v: u64 = 0;
        for i in 0..10 {
            let Some(&b) = self.data.get(self.pos) else {
                return Err(self.error_at(start, BinaryProblem::TruncatedVarint));
            };
            self.pos += 1;
            if i == 9 && b > 1 {
                return Err(self.error_at(start, BinaryProblem::OverlongVarint));
            }
            v |= u64::from(b & 0x7f) << (7 * i);
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err(self.error_at(start, BinaryProblem::OverlongVarint))
    }

    fn fixed<const N: usize>(&mut self) -> Result<[u8; N]> {
        let start = self.offset();
        let bytes = self
            .data
            .get(self.pos..self.pos + N)
            .and_then(|s| <[u8; N]>::try_from(s).ok())
            .ok_or_else(|| self.error_at(start, BinaryProblem::TruncatedFixed(N)))?;
        self.pos += N;
        Ok(bytes)
    }

    /// Reads a tag: field number and wire type.
    fn tag(&mut self) -> Result<(u32, u8)> {
        let start = self.offset();
        let key = self.varint()?;
        let number = key >> 3;
        if number == 0 || number > 0x1fff_ffff {
            return Err(self.error_at(start, BinaryProblem::InvalidFieldNumber(number)));
        }
        Ok((number as u32, (key & 7) as u8))
    }

    /// The next field, or `None` at the end of the message.
    fn next(&mut self) -> Result<Option<Field<'a>>> {
        if self.pos >= self.data.len() {
            return Ok(None);
        }
        let tag_at = self.offset();
        let (number, wire_type) = self.tag()?;
        let wire = match wire_type {
            wire::VARINT => Wire::Varint(self.varint()?),
            wire::FIXED64 => Wire::Fixed64(u64::from_le_bytes(self.fixed::<8>()?)),
            wire::FIXED32 => Wire::Fixed32(u32::from_le_bytes(self.fixed::<4>()?)),
            wire::LEN => {
                let len_at = self.offset();
                let len = self.varint()?;
                let remaining = self.data.len() - self.pos;
                let fits = usize::try_from(len).ok().filter(|&l| l <= remaining);
                let Some(len) = fits else {
                    return Err(self.error_at(
                        len_at,
                        BinaryProblem::LengthOverrun {
                            length: len,
                            remaining,
                        },
                    ));
                };
                let at = self.offset();
                let bytes = &self.data[self.pos..self.pos + len];
                self.pos += len;
                Wire::Len(Body { bytes, at })
            }
            wire::START_GROUP => {
                self.skip_group(number, tag_at)?;
                Wire::Group
            }
            other => return Err(self.error_at(tag_at, BinaryProblem::InvalidWireType(other))),
        };
        Ok(Some(Field {
            number,
            wire,
            at: tag_at,
        }))
    }

    /// Skips an (unknown) group up to its matching end tag, bounding nested groups by depth.
    fn skip_group(&mut self, number: u32, tag_at: usize) -> Result<()> {
        let mut open = vec![number];
        while let Some(&innermost) = open.last() {
            if self.depth + open.len() > MAX_DEPTH {
                return Err(self.error_at(tag_at, BinaryProblem::TooDeep(MAX_DEPTH)));
            }
            if self.pos >= self.data.len() {
                return Err(self.error_at(tag_at, BinaryProblem::UnterminatedGroup(number)));
            }
            let at = self.offset();
            let (n, wire_type) = self.tag()?;
            match wire_type {
                wire::VARINT => {
                    self.varint()?;
                }
                wire::FIXED64 => {
                    self.fixed::<8>()?;
                }
                wire::FIXED32 => {
                    self.fixed::<4>()?;
                }
                wire::LEN => {
                    let len_at = self.offset();
                    let len = self.varint()?;
                    let remaining = self.data.len() - self.pos;
                    match usize::try_from(len).ok().filter(|&l| l <= remaining) {
                        Some(l) => self.pos += l,
                        None => {
                            return Err(self.error_at(
                                len_at,
                                BinaryProblem::LengthOverrun {
                                    length: len,
                                    remaining,
                                },
                            ))
                        }
                    }
                }
                wire::START_GROUP => open.push(n),
                wire::END_GROUP if n == innermost => {
                    open.pop();
                }
                wire::END_GROUP => {
                    return Err(self.error_at(at, BinaryProblem::UnterminatedGroup(innermost)))
                }
                other => return Err(self.error_at(at, BinaryProblem::InvalidWireType(other))),
            }
        }
        Ok(())
    }

    /// Decodes `body` as a nested message named `name`.
    fn sub<T>(
        &self,
        body: Body<'a>,
        name: &'static str,
        read: impl FnOnce(&mut Msg<'a>) -> Result<T>,
    ) -> Result<T> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            return Err(Error::binary(
                body.at,
                name,
                BinaryProblem::TooDeep(MAX_DEPTH),
            ));
        }
        let mut m = Msg {
            data: body.bytes,
            base: body.at,
            pos: 0,
            depth,
            name,
        };
        read(&mut m)
    }

    fn string(&self, body: Body<'a>) -> Result<String> {
        std::str::from_utf8(body.bytes)
            .map(str::to_owned)
            .map_err(|e| {
                Error::binary(
                    body.at + e.valid_up_to(),
                    self.name,
                    BinaryProblem::InvalidUtf8,
                )
            })
    }

    fn source_ref(&self, body: Body<'a>, out: &mut SourceRef) -> Result<()> {
        self.sub(body, "SourceReference", |m| {
            while let Some(f) = m.next()? {
                match (f.number, f.wire) {
                    (1, Wire::Varint(v)) => out.line = v as u32,
                    (2, Wire::Varint(v)) => out.column = v as u32,
                    _ => {}
                }
            }
            Ok(())
        })
    }

    fn annotation(&self, body: Body<'a>) -> Result<Annotation> {
        self.sub(body, "Annotation", |m| {
            let mut a = Annotation {
                source_reference: SourceRef::default(),
                type_value: TypeValue::default(),
            };
            while let Some(f) = m.next()? {
                match (f.number, f.wire) {
                    (1, Wire::Len(b)) => m.source_ref(b, &mut a.source_reference)?,
                    (2, Wire::Len(b)) => m.type_value(b, &mut a.type_value)?,
                    _ => {}
                }
            }
            Ok(a)
        })
    }
}

fn schema_file(m: &mut Msg<'_>, file: &mut SchemaFile) -> Result<()> {
    while let Some(f) = m.next()? {
        let Wire::Len(b) = f.wire else { continue };
        match f.number {
            1 => file.canonical_path = m.string(b)?,
            2 => {
                let p = &mut file.package;
                m.sub(b, "Package", |m| {
                    while let Some(f) = m.next()? {
                        match (f.number, f.wire) {
                            (1, Wire::Len(b)) => m.source_ref(b, &mut p.source_reference)?,
                            (2, Wire::Len(b)) => p.name = m.string(b)?,
                            _ => {}
                        }
                    }
                    Ok(())
                })?
            }
            3 => file.imports.push(m.sub(b, "Import", |m| {
                let mut i = Import::default();
                while let Some(f) = m.next()? {
                    match (f.number, f.wire) {
                        (1, Wire::Len(b)) => m.source_ref(b, &mut i.source_reference)?,
                        (2, Wire::Len(b)) => i.path = m.string(b)?,
                        _ => {}
                    }
                }
                Ok(i)
            })?),
            4 => file.enums.push(m.sub(b, "EnumDefinition", enum_def)?),
            5 => file.types.push(m.sub(b, "TypeDefinition", type_def)?),
            6 => file
                .components
                .push(m.sub(b, "ComponentDefinition", component)?),
            7 => file
                .component_sets
                .push(m.sub(b, "ComponentSetDefinition", component_set)?),
            _ => {}
        }
    }
    Ok(())
}

fn enum_def(m: &mut Msg<'_>) -> Result<EnumDef> {
    let mut d = EnumDef::default();
    while let Some(f) = m.next()? {
        let Wire::Len(b) = f.wire else { continue };
        match f.number {
            1 => m.source_ref(b, &mut d.source_reference)?,
            2 => d.annotations.push(m.annotation(b)?),
            3 => d.qualified_name = m.string(b)?,
            4 => d.name = m.string(b)?,
            5 => d.outer_type = m.string(b)?,
            6 => d.values.push(m.sub(b, "EnumValueDefinition", |m| {
                let mut v = EnumValueDef::default();
                while let Some(f) = m.next()? {
                    match (f.number, f.wire) {
                        (1, Wire::Len(b)) => m.source_ref(b, &mut v.source_reference)?,
                        (2, Wire::Len(b)) => v.annotations.push(m.annotation(b)?),
                        (3, Wire::Len(b)) => v.name = m.string(b)?,
                        (4, Wire::Varint(n)) => v.value = n as u32,
                        _ => {}
                    }
                }
                Ok(v)
            })?),
            _ => {}
        }
    }
    Ok(d)
}

fn type_def(m: &mut Msg<'_>) -> Result<TypeDef> {
    let mut t = TypeDef::default();
    while let Some(f) = m.next()? {
        let Wire::Len(b) = f.wire else { continue };
        match f.number {
            1 => m.source_ref(b, &mut t.source_reference)?,
            2 => t.annotations.push(m.annotation(b)?),
            3 => t.qualified_name = m.string(b)?,
            4 => t.name = m.string(b)?,
            5 => t.outer_type = m.string(b)?,
            6 => t.fields.push(m.sub(b, "FieldDefinition", field_def)?),
            _ => {}
        }
    }
    Ok(t)
}

fn component(m: &mut Msg<'_>) -> Result<ComponentDef> {
    let mut c = ComponentDef::default();
    while let Some(f) = m.next()? {
        match (f.number, f.wire) {
            (1, Wire::Len(b)) => m.source_ref(b, &mut c.source_reference)?,
            (2, Wire::Len(b)) => c.annotations.push(m.annotation(b)?),
            (3, Wire::Len(b)) => c.qualified_name = m.string(b)?,
            (4, Wire::Len(b)) => c.name = m.string(b)?,
            (5, Wire::Varint(n)) => c.component_id = n as u32,
            (6, Wire::Len(b)) => c.data_definition = m.string(b)?,
            (7, Wire::Len(b)) => c.fields.push(m.sub(b, "FieldDefinition", field_def)?),
            (8, Wire::Len(b)) => c.events.push(m.sub(b, "EventDefinition", |m| {
                let mut e = EventDef::default();
                while let Some(f) = m.next()? {
                    match (f.number, f.wire) {
                        (1, Wire::Len(b)) => m.source_ref(b, &mut e.source_reference)?,
                        (2, Wire::Len(b)) => e.annotations.push(m.annotation(b)?),
                        (3, Wire::Len(b)) => e.name = m.string(b)?,
                        (4, Wire::Len(b)) => e.type_name = m.string(b)?,
                        (5, Wire::Varint(n)) => e.event_index = n as u32,
                        _ => {}
                    }
                }
                Ok(e)
            })?),
            (9, Wire::Len(b)) => c.commands.push(m.sub(b, "CommandDefinition", |m| {
                let mut k = CommandDef::default();
                while let Some(f) = m.next()? {
                    match (f.number, f.wire) {
                        (1, Wire::Len(b)) => m.source_ref(b, &mut k.source_reference)?,
                        (2, Wire::Len(b)) => k.annotations.push(m.annotation(b)?),
                        (3, Wire::Len(b)) => k.name = m.string(b)?,
                        (4, Wire::Len(b)) => k.request_type = m.string(b)?,
                        (5, Wire::Len(b)) => k.response_type = m.string(b)?,
                        (6, Wire::Varint(n)) => k.command_index = n as u32,
                        _ => {}
                    }
                }
                Ok(k)
            })?),
            _ => {}
        }
    }
    Ok(c)
}

fn component_set(m: &mut Msg<'_>) -> Result<ComponentSetDef> {
    let mut s = ComponentSetDef::default();
    while let Some(f) = m.next()? {
        match (f.number, f.wire) {
            (1, Wire::Len(b)) => m.source_ref(b, &mut s.source_reference)?,
            (2, Wire::Len(b)) => s.annotations.push(m.annotation(b)?),
            (3, Wire::Len(b)) => s.qualified_name = m.string(b)?,
            (4, Wire::Len(b)) => s.name = m.string(b)?,
            (5, Wire::Varint(n)) => s.component_set_id = n as u32,
            (6, Wire::Len(b)) => {
                let list = &mut s.component_list;
                m.sub(b, "ComponentList", |m| {
                    while let Some(f) = m.next()? {
                        let Wire::Len(b) = f.wire else { continue };
                        match f.number {
                            1 => m.source_ref(b, &mut list.source_reference)?,
                            2 => list.annotations.push(m.annotation(b)?),
                            3 => list.components.push(m.sub(b, "ComponentRef", |m| {
                                let mut r = ComponentRef::default();
                                while let Some(f) = m.next()? {
                                    match (f.number, f.wire) {
                                        (1, Wire::Len(b)) => {
                                            m.source_ref(b, &mut r.source_reference)?
                                        }
                                        (2, Wire::Len(b)) => r.component = m.string(b)?,
                                        _ => {}
                                    }
                                }
                                Ok(r)
                            })?),
                            _ => {}
                        }
                    }
                    Ok(())
                })?
            }
            _ => {}
        }
    }
    Ok(s)
}

mod values;
use values::field_def;
