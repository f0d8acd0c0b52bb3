//! `GET /tables` (`flecs_rest_reply_tables`).

use std::fmt::Write as _;

use rosetta_world::store::Column;
use rosetta_world::{builtin, Id, World};

use crate::reply::escape_into;

/// Every table in creation order (the root table first), as Flecs lists its table store:
/// `[{"id":0,"type":[],"count":0,"memory":{"used":0,"allocated":0}},...]`, members and
/// elements separated by `,` alone. Type elements are `ecs_id_str` (`(ChildOf,Sun)`,
/// builtins without `flecs.core.`). Memory counts the entity column (8 bytes a row) and the
/// columns of fixed-size components; a column of boxed values has no C size and counts 0,
/// and `allocated` equals `used` (this world does not keep Flecs' vector capacities).
pub(crate) fn tables_json(world: &World) -> String {
    let mut out = String::from("[");
    for (i, table) in world.tables().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"id\":{},\"type\":[", table.id().0);
        for (j, &id) in table.ids().iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push('"');
            escape_into(&mut out, &id_str(world, id));
            out.push('"');
        }
        let count = table.len();
        let mut used = count * 8;
        for j in 0..table.ids().len() {
            if let Some(Column::Flat(col)) = table.column_at(j) {
                used += count * col.layout().size();
            }
        }
        let _ = write!(
            out,
            "],\"count\":{count},\"memory\":{{\"used\":{used},\"allocated\":{used}}}}}"
        );
    }
    out.push(']');
    out
}

/// `ecs_id_str`: an id as Flecs prints it in logs, with `ecs_get_fullpath` paths (no
/// `flecs.core.` prefix).
pub(crate) fn id_str(world: &World, id: Id) -> String {
    let short = |e: Id| {
        let e = world.alive(e).unwrap_or(e);
        match e {
            builtin::WILDCARD => "*".to_owned(),
            builtin::ANY => "_".to_owned(),
            _ => world.short_path_of(e),
        }
    };
    if id.is_pair() {
        format!("({},{})", short(id.first()), short(id.second()))
    } else if id.has_flag(Id::TOGGLE) {
        format!("TOGGLE|{}", short(id.without_flags()))
    } else if id.has_flag(Id::OVERRIDE) {
        format!("OVERRIDE|{}", short(id.without_flags()))
    } else {
        short(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_listed_with_types_and_counts() {
        let Ok(loaded) = rosetta_world::script::load_str(
            r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
                ["entity", "Sun.Earth"], ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}]]"#,
        ) else {
            panic!("script")
        };
        let json = tables_json(&loaded.world);
        let v: serde_json::Value = match serde_json::from_str(&json) {
            Ok(v) => v,
            Err(e) => panic!("{e}: {json}"),
        };
        assert!(
            json.starts_with(r#"[{"id":0,"type":[],"count":0,"#),
            "{json}"
        );
        let earth = v
            .as_array()
            .and_then(|a| {
                a.iter().find(|t| {
                    t["type"].as_array().is_some_and(|ty| {
                        ty.iter().any(|i| i == "(ChildOf,Sun)")
                            && ty.iter().any(|i| i == "Position")
                    })
                })
            })
            .cloned()
            .unwrap_or_default();
        assert_eq!(earth["count"], 1, "{json}");
        assert!(earth["memory"]["used"].as_u64().is_some_and(|u| u >= 16));
    }
}
