//! Values and type info of the builtin components as v3.2.12 reflects them, where the world
//! types them otherwise: `EcsIdentifier` (names, symbols) has no reflection data, so it is
//! written as `0`; `EcsDocDescription` is the struct `{value: string}` (`meta/definitions.c`),
//! where the world keeps a plain string.

use rosetta_types::Value;
use rosetta_world::builtin::{DOC_DESCRIPTION, IDENTIFIER};
use rosetta_world::{Id, World};

use super::value::ValueWriter;
use crate::error::Result;
use crate::text::{self, Mode};

/// Writes the values of one component type.
#[derive(Debug)]
pub(crate) enum Writer {
    /// A reflected type, through the value serializer.
    Value(ValueWriter),
    /// `EcsDocDescription`: `{"value":"..."}`.
    DocDescription(Mode),
}

impl Writer {
    /// The writer of type entity `ty` (as `ecs_get_typeid` gives it), `None` where Flecs
    /// writes `0` (a type without reflection data).
    pub(crate) fn for_type(w: &World, ty: Id, mode: Mode) -> Result<Option<Writer>> {
        if ty == IDENTIFIER {
            return Ok(None);
        }
        if ty == DOC_DESCRIPTION {
            return Ok(Some(Writer::DocDescription(mode)));
        }
        Ok(ValueWriter::for_id(w, ty, mode)?.map(Writer::Value))
    }

    /// Appends `value`.
    pub(crate) fn write(&self, out: &mut String, w: &World, value: &Value) -> Result<()> {
        match self {
            Writer::Value(v) => v.write(out, w, value),
            Writer::DocDescription(mode) => {
                out.push_str("{\"value\":");
                match value {
                    Value::String(s) => text::push_escaped(out, s.as_str(), *mode),
                    _ => out.push_str("null"),
                }
                out.push('}');
                Ok(())
            }
        }
    }
}

/// `ecs_type_info_to_json` of type entity `ty`, the builtins as v3.2.12 reflects them.
pub(crate) fn type_info(out: &mut String, w: &World, ty: Id, mode: Mode) -> Result<()> {
    if ty == IDENTIFIER {
        out.push('0');
        Ok(())
    } else if ty == DOC_DESCRIPTION {
        out.push_str("{\"value\":[\"text\"]}");
        Ok(())
    } else {
        super::type_info::type_info_to_json_mode(out, w, ty, mode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::DocKind;

    #[test]
    fn doc_strings_are_structs_and_names_are_not_reflected() {
        let mut w = World::new();
        let e = w.entity("e").unwrap_or_default();
        let _ = w.doc_set(e, DocKind::Brief, Some("a \"b\""));
        let pair = Id::pair(DOC_DESCRIPTION, rosetta_world::builtin::DOC_BRIEF);
        let ty = w.type_id_of(pair).unwrap_or_default();
        let v = w
            .get(e, pair)
            .map(|v| v.into_owned())
            .unwrap_or(Value::Bool(false));
        let mut s = String::new();
        if let Ok(Some(wr)) = Writer::for_type(&w, ty, Mode::Valid) {
            let _ = wr.write(&mut s, &w, &v);
        }
        let _ = type_info(&mut s, &w, ty, Mode::Valid);
        let _ = type_info(&mut s, &w, IDENTIFIER, Mode::Valid);
        assert_eq!(s, r#"{"value":"a \"b\""}{"value":["text"]}0"#);
        assert!(matches!(
            Writer::for_type(&w, IDENTIFIER, Mode::Valid),
            Ok(None)
        ));
    }
}
