//! The binary bundle (`--bundle_out`, `.sb`): the `SchemaBundle` message of
//! [`SCHEMA_BUNDLE_PROTO`](crate::SCHEMA_BUNDLE_PROTO) in protobuf wire format.
//!
//! Written with proto3 semantics exactly as the compiler's C++ protobuf serializer did: fields in
//! field-number order, default scalars (`0`, `false`, `""`) and empty repeated fields left out,
//! every message-typed field written (the compiler always set them: `sourceReference` `{0, 0}`
//! is the two bytes `0a 00`), and members of a `oneof` written even when default.

mod decode;

pub(crate) use decode::decode;

use crate::model::*;

/// Protobuf wire types.
pub(crate) mod wire;

/// Encodes `bundle` as a binary schema bundle. `FieldDef::transient` is written when true (only
/// 14.x bundles have it set); component sets are written when present (only v15 has them).
pub fn encode(bundle: &SchemaBundle) -> Vec<u8> {
    let mut e = Encoder {
        buf: Vec::with_capacity(1 << 12),
    };
    for file in &bundle.schema_files {
        e.message(1, |e| e.file(file));
    }
    e.buf
}

struct Encoder {
    buf: Vec<u8>,
}

impl Encoder {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.buf.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.buf.push(v as u8);
    }

    fn tag(&mut self, field: u32, wire_type: u8) {
        self.varint((u64::from(field) << 3) | u64::from(wire_type));
    }

    /// A `uint32`/`uint64`/`bool`/enum field, left out when zero.
    fn uint(&mut self, field: u32, v: u64) {
        if v != 0 {
            self.tag(field, wire::VARINT);
            self.varint(v);
        }
    }

    /// A `string`/`bytes` field, left out when empty.
    fn bytes(&mut self, field: u32, v: &[u8]) {
        if !v.is_empty() {
            self.bytes_always(field, v);
        }
    }

    /// A `string`/`bytes` member of a `oneof`: written even when empty.
    fn bytes_always(&mut self, field: u32, v: &[u8]) {
        self.tag(field, wire::LEN);
        self.varint(v.len() as u64);
        self.buf.extend_from_slice(v);
    }

    /// A length-delimited sub-message: the length is patched in after the body is written.
    fn message(&mut self, field: u32, body: impl FnOnce(&mut Self)) {
        self.tag(field, wire::LEN);
        let at = self.buf.len();
        self.buf.push(0);
        body(self);
        let len = self.buf.len() - at - 1;
        if len < 0x80 {
            self.buf[at] = len as u8;
        } else {
            let mut prefix = [0u8; 10];
            let mut n = 0;
            let mut v = len as u64;
            while v >= 0x80 {
                prefix[n] = (v as u8) | 0x80;
                v >>= 7;
                n += 1;
            }
            prefix[n] = v as u8;
            self.buf.splice(at..at + 1, prefix[..=n].iter().copied());
        }
    }

    fn source_ref(&mut self, s: SourceRef) {
        self.message(1, |e| {
            e.uint(1, u64::from(s.line));
            e.uint(2, u64::from(s.column));
        });
    }

    fn annotations(&mut self, field: u32, annotations: &[Annotation]) {
        for a in annotations {
            self.message(field, |e| {
                e.source_ref(a.source_reference);
                e.message(2, |e| e.type_value(&a.type_value));
            });
        }
    }

    fn file(&mut self, f: &SchemaFile) {
        self.bytes(1, f.canonical_path.as_bytes());
        self.message(2, |e| {
            e.source_ref(f.package.source_reference);
            e.bytes(2, f.package.name.as_bytes());
        });
        for i in &f.imports {
            self.message(3, |e| {
                e.source_ref(i.source_reference);
                e.bytes(2, i.path.as_bytes());
            });
        }
        for d in &f.enums {
            self.message(4, |e| e.enum_def(d));
        }
        for t in &f.types {
            self.message(5, |e| {
                e.source_ref(t.source_reference);
                e.annotations(2, &t.annotations);
                e.bytes(3, t.qualified_name.as_bytes());
                e.bytes(4, t.name.as_bytes());
                e.bytes(5, t.outer_type.as_bytes());
                for fd in &t.fields {
                    e.message(6, |e| e.field_def(fd));
                }
            });
        }
        for c in &f.components {
            self.message(6, |e| e.component(c));
        }
        for s in &f.component_sets {
            self.message(7, |e| e.component_set(s));
        }
    }

    fn enum_def(&mut self, d: &EnumDef) {
        self.source_ref(d.source_reference);
        self.annotations(2, &d.annotations);
        self.bytes(3, d.qualified_name.as_bytes());
        self.bytes(4, d.name.as_bytes());
        self.bytes(5, d.outer_type.as_bytes());
        for v in &d.values {
            self.message(6, |e| {
                e.source_ref(v.source_reference);
                e.annotations(2, &v.annotations);
                e.bytes(3, v.name.as_bytes());
                e.uint(4, u64::from(v.value));
            });
        }
    }

    fn component(&mut self, c: &ComponentDef) {
        self.source_ref(c.source_reference);
        self.annotations(2, &c.annotations);
        self.bytes(3, c.qualified_name.as_bytes());
        self.bytes(4, c.name.as_bytes());
        self.uint(5, u64::from(c.component_id));
        self.bytes(6, c.data_definition.as_bytes());
        for fd in &c.fields {
            self.message(7, |e| e.field_def(fd));
        }
        for ev in &c.events {
            self.message(8, |e| {
                e.source_ref(ev.source_reference);
                e.annotations(2, &ev.annotations);
                e.bytes(3, ev.name.as_bytes());
                e.bytes(4, ev.type_name.as_bytes());
                e.uint(5, u64::from(ev.event_index));
            });
        }
        for k in &c.commands {
            self.message(9, |e| {
                e.source_ref(k.source_reference);
                e.annotations(2, &k.annotations);
                e.bytes(3, k.name.as_bytes());
                e.bytes(4, k.request_type.as_bytes());
                e.bytes(5, k.response_type.as_bytes());
                e.uint(6, u64::from(k.command_index));
            });
        }
    }

    fn component_set(&mut self, s: &ComponentSetDef) {
        self.source_ref(s.source_reference);
        self.annotations(2, &s.annotations);
        self.bytes(3, s.qualified_name.as_bytes());
        self.bytes(4, s.name.as_bytes());
        self.uint(5, u64::from(s.component_set_id));
        let list = &s.component_list;
        self.message(6, |e| {
            e.source_ref(list.source_reference);
            e.annotations(2, &list.annotations);
            for r in &list.components {
                e.message(3, |e| {
                    e.source_ref(r.source_reference);
                    e.bytes(2, r.component.as_bytes());
                });
            }
        });
    }

    fn field_def(&mut self, f: &FieldDef) {
        self.source_ref(f.source_reference);
        self.annotations(2, &f.annotations);
        self.bytes(3, f.name.as_bytes());
        self.uint(4, u64::from(f.field_id));
        self.uint(5, u64::from(f.transient));
        match &f.ty {
            FieldType::Singular(t) => self.message(6, |e| e.type_ref(1, t)),
            FieldType::Option(t) => self.message(7, |e| e.type_ref(1, t)),
            FieldType::List(t) => self.message(8, |e| e.type_ref(1, t)),
            FieldType::Map(k, v) => self.message(9, |e| {
                e.type_ref(1, k);
                e.type_ref(2, v);
            }),
        }
    }

    fn type_ref(&mut self, field: u32, t: &TypeRef) {
        self.message(field, |e| match t {
            TypeRef::Primitive(p) => {
                e.tag(1, wire::VARINT);
                e.varint(*p as u64);
            }
            TypeRef::Enum(name) => e.bytes_always(2, name.as_bytes()),
            TypeRef::Type(name) => e.bytes_always(3, name.as_bytes()),
        });
    }

    fn type_value(&mut self, t: &TypeValue) {
        self.bytes(1, t.type_name.as_bytes());
        for f in &t.fields {
            self.message(2, |e| {
                e.source_ref(f.source_reference);
                e.bytes(2, f.name.as_bytes());
                e.message(3, |e| e.value(&f.value));
            });
        }
    }

    fn value(&mut self, v: &Value) {
        self.source_ref(v.source_reference);
        match &v.kind {
            ValueKind::Bool(b) => self.varint_always(2, u64::from(*b)),
            ValueKind::Uint32(n) => self.varint_always(3, u64::from(*n)),
            ValueKind::Uint64(n) => self.varint_always(4, *n),
            // Negative int32 values are sign-extended to ten bytes, as protobuf does.
            ValueKind::Int32(n) => self.varint_always(5, i64::from(*n) as u64),
            ValueKind::Int64(n) => self.varint_always(6, *n as u64),
            ValueKind::Float(x) => {
                self.tag(7, wire::FIXED32);
                self.buf.extend_from_slice(&x.to_le_bytes());
            }
            ValueKind::Double(x) => {
                self.tag(8, wire::FIXED64);
                self.buf.extend_from_slice(&x.to_le_bytes());
            }
            ValueKind::String(s) => self.bytes_always(9, s.as_bytes()),
            ValueKind::Bytes(b) => self.bytes_always(10, b),
            ValueKind::EntityId(n) => self.varint_always(11, *n as u64),
            ValueKind::Enum { enum_name, value } => self.message(12, |e| {
                e.bytes(1, enum_name.as_bytes());
                e.bytes(2, value.as_bytes());
            }),
            ValueKind::Type(t) => self.message(13, |e| e.type_value(t)),
            ValueKind::Option(inner) => self.message(14, |e| {
                if let Some(inner) = inner {
                    e.message(1, |e| e.value(inner));
                }
            }),
            ValueKind::List(values) => self.message(15, |e| {
                for v in values {
                    e.message(1, |e| e.value(v));
                }
            }),
            ValueKind::Map(entries) => self.message(16, |e| {
                for (k, v) in entries {
                    e.message(1, |e| {
                        e.message(1, |e| e.value(k));
                        e.message(2, |e| e.value(v));
                    });
                }
            }),
        }
    }

    /// A varint member of a `oneof`: written even when zero.
    fn varint_always(&mut self, field: u32, v: u64) {
        self.tag(field, wire::VARINT);
        self.varint(v);
    }
}

#[cfg(test)]
mod tests;
