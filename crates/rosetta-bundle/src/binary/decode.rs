//! Decoding binary bundles: never panics, checks every length against the bytes that remain
//! before using it, bounds nesting depth, skips unknown fields (groups included) and fields whose
//! wire type does not match (as protobuf does), and names the byte offset of every error.
//!
//! Proto3 merge semantics: a repeated singular scalar or string keeps the last value; a repeated
//! singular message field is merged into the earlier one; a `oneof` keeps its last member.

use crate::model::*;
use reader::{Msg, Result, Wire};

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

mod reader;
mod values;
use values::field_def;
