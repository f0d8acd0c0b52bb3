//! Checking an object against a type, with the path of every problem.

use rosetta_types::{Arity, StructType, TypeId, TypeRegistry};

use crate::family::{Family, ScalarWire};
use crate::object::{item_object, Item, Object};
use crate::scalar::item_count;
use rosetta_types::MAX_NESTING;

use crate::typed::element::{element, Element};
use crate::typed_scalar::Scalar;

/// A problem [`validate`](crate::typed::validate) found, with the path of the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON Pointer-style path (`/position/coords`).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

fn wire_of(scalar: Scalar) -> ScalarWire {
    use crate::family as f;
    match scalar {
        Scalar::Float => f::Float::WIRE,
        Scalar::Double => f::Double::WIRE,
        Scalar::Fixed32 | Scalar::Sfixed32 => ScalarWire::Fixed32,
        Scalar::Fixed64 | Scalar::Sfixed64 => ScalarWire::Fixed64,
        _ => ScalarWire::Varint,
    }
}

fn problem(problems: &mut Vec<Problem>, path: &str, message: String) {
    problems.push(Problem {
        path: path.to_string(),
        message,
    });
}

/// How many elements of type `ty` the field holds, reporting occurrences of the wrong wire
/// type and checking nested objects, which are at `level` (as [`MAX_NESTING`] counts).
fn check_elements(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    id: u32,
    path: &str,
    level: usize,
    problems: &mut Vec<Problem>,
) -> usize {
    let element = match element(registry, ty) {
        Ok(element) => element,
        Err(e) => {
            problem(problems, path, e.to_string());
            return 0;
        }
    };
    let mut count = 0;
    for (i, item) in object.items(id).enumerate() {
        match &element {
            Element::Scalar(scalar, _) => {
                let wire = wire_of(*scalar);
                let n = item_count(item, wire);
                if n == 0 {
                    let found = match item {
                        Item::Scalar(w, _) => format!("a {w:?} value"),
                        _ => "a length-delimited value that is not a packed list".into(),
                    };
                    problem(
                        problems,
                        path,
                        format!("expected {scalar:?} ({wire:?} on the wire), found {found}"),
                    );
                }
                count += n;
            }
            Element::String | Element::Bytes => {
                if !item.is_len() {
                    problem(
                        problems,
                        path,
                        "expected a length-delimited value, found a scalar".into(),
                    );
                    continue;
                }
                if matches!(element, Element::String) {
                    if let Item::Bytes(bytes, _) = item {
                        if std::str::from_utf8(bytes).is_err() {
                            problem(
                                problems,
                                &format!("{path}/{i}"),
                                "string is not UTF-8".into(),
                            );
                        }
                    }
                }
                count += 1;
            }
            Element::Struct(_, def) => match item_object(item) {
                Ok(nested) => {
                    count += 1;
                    check_struct(registry, def, nested, path, level, problems);
                }
                Err(e) => problem(problems, path, format!("expected an object: {e}")),
            },
            Element::Entity => match item_object(item) {
                Ok(_) if level > MAX_NESTING => {
                    count += 1;
                    problem(problems, path, rosetta_types::too_deep_message());
                }
                Ok(entity) => {
                    count += 1;
                    for component_id in entity.unique_field_ids() {
                        let path = format!("{path}/{component_id}");
                        let Some(component) = registry.component(component_id) else {
                            problem(
                                problems,
                                &path,
                                format!("unknown component id {component_id}"),
                            );
                            continue;
                        };
                        let Some(rosetta_types::Kind::Struct(def)) =
                            registry.get(component.id()).map(|t| t.kind())
                        else {
                            continue;
                        };
                        match entity.objects(component_id) {
                            Ok(datas) => datas.into_iter().for_each(|d| {
                                check_struct(registry, def, d, &path, level + 1, problems)
                            }),
                            Err(e) => problem(
                                problems,
                                &path,
                                format!("component data is not an object: {e}"),
                            ),
                        }
                    }
                }
                Err(e) => problem(problems, path, format!("expected an entity object: {e}")),
            },
        }
    }
    count
}

pub(crate) fn check_struct(
    registry: &TypeRegistry,
    def: &StructType,
    object: &Object,
    path: &str,
    level: usize,
    problems: &mut Vec<Problem>,
) {
    if level > MAX_NESTING {
        problem(problems, path, rosetta_types::too_deep_message());
        return;
    }
    for id in object.unique_field_ids() {
        if def.index_of_number(id).is_none() {
            problem(
                problems,
                &format!("{path}/{id}"),
                format!("unknown field {id}"),
            );
        }
    }
    for field in def.fields() {
        let Some(id) = field.number() else { continue };
        let path = format!("{path}/{}", field.name());
        match field.arity() {
            Arity::Singular => {
                let n =
                    check_elements(registry, field.ty(), object, id, &path, level + 1, problems);
                if n == 0 && !object.has_field(id) {
                    problem(
                        problems,
                        &path,
                        format!("missing singular field `{}` ({id})", field.name()),
                    );
                } else if n > 1 {
                    problem(
                        problems,
                        &path,
                        format!("singular field `{}` occurs {n} times", field.name()),
                    );
                }
            }
            Arity::Option(inner) => {
                let n = check_elements(registry, inner, object, id, &path, level + 1, problems);
                if n > 1 {
                    problem(
                        problems,
                        &path,
                        format!("option field `{}` occurs {n} times", field.name()),
                    );
                }
            }
            Arity::List(inner) => {
                check_elements(registry, inner, object, id, &path, level + 1, problems);
            }
            Arity::Map(k, v) => {
                for (i, item) in object.items(id).enumerate() {
                    let entry_path = format!("{path}/{i}");
                    let Ok(entry) = item_object(item) else {
                        problem(problems, &entry_path, "map entry is not an object".into());
                        continue;
                    };
                    for (slot, ty, name) in [(1, k, "key"), (2, v, "value")] {
                        let slot_path = format!("{entry_path}/{name}");
                        let n = check_elements(
                            registry,
                            ty,
                            entry,
                            slot,
                            &slot_path,
                            level + 1,
                            problems,
                        );
                        if n != 1 && !(n == 0 && entry.has_field(slot)) {
                            problem(problems, &slot_path, format!("map entry has {n} {name}s"));
                        }
                    }
                }
            }
        }
    }
}
