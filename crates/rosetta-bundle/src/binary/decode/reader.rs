//! The protobuf reader under the bundle decoder: one message body at a time, every length
//! checked against the bytes that remain, nesting bounded by [`MAX_DEPTH`], errors at their
//! byte offset.

use crate::binary::wire;
use crate::error::{BinaryProblem, Error};
use crate::model::*;

pub(super) type Result<T> = std::result::Result<T, Error>;

/// Deepest message nesting accepted (the bundle itself is level 0).
pub(crate) const MAX_DEPTH: usize = 100;

/// One message body being read.
pub(super) struct Msg<'a> {
    pub(super) data: &'a [u8],
    /// Offset of `data[0]` in the whole input.
    pub(super) base: usize,
    pub(super) pos: usize,
    pub(super) depth: usize,
    pub(super) name: &'static str,
}

/// A length-delimited payload and its absolute offset.
#[derive(Clone, Copy)]
pub(super) struct Body<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

pub(super) enum Wire<'a> {
    Varint(u64),
    Fixed64(u64),
    Fixed32(u32),
    Len(Body<'a>),
    Group,
}

pub(super) struct Field<'a> {
    pub(super) number: u32,
    pub(super) wire: Wire<'a>,
    /// Offset of the tag.
    pub(super) at: usize,
}

impl<'a> Msg<'a> {
    pub(super) fn offset(&self) -> usize {
        self.base + self.pos
    }

    pub(super) fn error_at(&self, offset: usize, problem: BinaryProblem) -> Error {
        Error::binary(offset, self.name, problem)
    }

    pub(super) fn varint(&mut self) -> Result<u64> {
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

    pub(super) fn fixed<const N: usize>(&mut self) -> Result<[u8; N]> {
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
    pub(super) fn tag(&mut self) -> Result<(u32, u8)> {
        let start = self.offset();
        let key = self.varint()?;
        let number = key >> 3;
        if number == 0 || number > 0x1fff_ffff {
            return Err(self.error_at(start, BinaryProblem::InvalidFieldNumber(number)));
        }
        Ok((number as u32, (key & 7) as u8))
    }

    /// The next field, or `None` at the end of the message.
    pub(super) fn next(&mut self) -> Result<Option<Field<'a>>> {
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
    pub(super) fn skip_group(&mut self, number: u32, tag_at: usize) -> Result<()> {
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
    pub(super) fn sub<T>(
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

    pub(super) fn string(&self, body: Body<'a>) -> Result<String> {
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

    pub(super) fn source_ref(&self, body: Body<'a>, out: &mut SourceRef) -> Result<()> {
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

    pub(super) fn annotation(&self, body: Body<'a>) -> Result<Annotation> {
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
