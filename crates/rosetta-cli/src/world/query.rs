//! `rosetta world query WORLD 'QUERY'`: runs a query in Flecs v3.2.12's language (as its
//! rules engine, what REST `/query` uses, runs it) and prints a plain table of the matches:
//! the entity path, then one column per field with the id the field matched and its value
//! (or the entity it came from).

use std::fmt::Write as _;
use std::path::PathBuf;

use rosetta_types::{Kind, TypeId, TypeRegistry, Value};
use rosetta_world::eval::Query;
use rosetta_world::{builtin, Id, World};

use super::load::load_world;
use crate::cli::WorldQueryArgs;
use crate::error::CliError;
use crate::files::write_output;

/// Runs `rosetta world query`.
pub fn run(args: &WorldQueryArgs) -> Result<(), CliError> {
    let mut loaded = load_world(
        &args.world,
        &args.schema_paths,
        args.types.as_deref(),
        args.flecs,
    )?;
    loaded.world.process_pending();
    let w = &loaded.world;
    let query = Query::new(w, &args.query).map_err(|e| CliError::Data {
        path: PathBuf::from("QUERY"),
        message: e.to_string(),
    })?;
    let text = match args.json {
        true if args.flecs == rosetta_world::FlecsVersion::V4 => {
            let mode = if args.json_options.engine_bytes {
                rosetta_flecs::text::Mode::Engine
            } else {
                rosetta_flecs::text::Mode::Lossless
            };
            let page = rosetta_flecs::Page {
                offset: args.offset,
                limit: args.limit,
            };
            let mut text = super::v4::iter_json(
                w,
                &query,
                &args.json_options.v4_options()?,
                page,
                args.step_limit,
                mode,
            )?;
            text.push('\n');
            text
        }
        true => super::json::query_json(
            w,
            &query,
            &args.json_options,
            (args.offset, args.limit),
            args.step_limit,
        )?,
        false => render(w, &query, args.offset, args.limit, args.step_limit)?,
    };
    write_output(&PathBuf::from("-"), text.as_bytes())
}

/// The table: a header, then one row per entity (or per result without `$this`), the
/// search stopped after `max_steps`.
pub fn render(
    w: &World,
    query: &Query,
    offset: usize,
    limit: Option<usize>,
    max_steps: u64,
) -> Result<String, CliError> {
    let results = query.page(w, offset, limit, max_steps).map_err(|e| {
        let budget = matches!(e, rosetta_world::Error::QueryBudget(_));
        super::json::query_error(e.to_string(), budget)
    })?;
    let fields = query.field_count();
    let mut header = vec!["entity".to_string()];
    header.extend(query.field_ids().iter().map(|&id| id_text(w, id)));
    let vars: Vec<usize> = (1..query.variables().len())
        .filter(|&i| !query.variables()[i].anonymous)
        .collect();
    header.extend(
        vars.iter()
            .map(|&i| format!("${}", query.variables()[i].name)),
    );
    let mut rows: Vec<Vec<String>> = Vec::new();
    for r in &results {
        let ents = r.entities(w);
        let n = ents.len().max(1);
        for row in 0..n {
            let mut cells = vec![ents.get(row).map_or("-".to_string(), |&e| w.path_of(e))];
            for f in 0..fields {
                if !r.is_set.get(f).copied().unwrap_or(false) {
                    cells.push("-".into());
                    continue;
                }
                let id = r.ids.get(f).copied().unwrap_or_default();
                let mut cell = id_text(w, id);
                let ty = w
                    .type_id_of(id)
                    .and_then(|c| w.component_info(c))
                    .and_then(|c| c.ty);
                if let Some(v) = r.value(w, f).get(row) {
                    cell.push_str(" = ");
                    value_text(&mut cell, w.types(), ty, &v, 0);
                }
                let src = r.sources.get(f).copied().unwrap_or_default();
                if src.0 != 0 {
                    let _ = write!(cell, " from {}", w.path_of(src));
                }
                cells.push(cell);
            }
            for &v in &vars {
                let val = r.vars.get(v).copied().unwrap_or_default();
                cells.push(if val.0 == 0 {
                    "-".into()
                } else {
                    w.path_of(val)
                });
            }
            rows.push(cells);
        }
    }
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (i, c) in row.iter().enumerate() {
            if let Some(wd) = widths.get_mut(i) {
                *wd = (*wd).max(c.chars().count());
            }
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(rows.iter()) {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let wd = widths.get(i).copied().unwrap_or(0);
                format!("{c:<wd$}")
            })
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "({} entities, {} results)",
        count(&results),
        results.len()
    );
    Ok(out)
}

fn count(results: &[rosetta_world::QueryResult]) -> usize {
    results.iter().map(|r| r.count as usize).sum()
}

/// An id as the query language writes it: `Position`, `(Likes, Apples)`, `*`.
fn id_text(w: &World, id: Id) -> String {
    let el = |e: Id| {
        if e == builtin::WILDCARD {
            "*".to_string()
        } else if e == builtin::ANY {
            "_".to_string()
        } else {
            w.short_path_of(w.alive(e).unwrap_or(e))
        }
    };
    if id.is_pair() {
        format!("({}, {})", el(id.first()), el(id.second()))
    } else {
        el(id.without_flags())
    }
}

/// A value written readably: structs with member names, enums by constant name.
fn value_text(out: &mut String, types: &TypeRegistry, ty: Option<TypeId>, v: &Value, depth: usize) {
    if depth > 16 {
        out.push_str("...");
        return;
    }
    let kind = ty.and_then(|t| types.get(t)).map(|t| t.kind());
    match (v, kind) {
        (Value::Struct(vals), Some(Kind::Struct(st))) => {
            out.push('{');
            for (i, (val, field)) in vals.iter().zip(st.fields()).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{}: ", field.name());
                value_text(out, types, Some(field.ty()), val, depth + 1);
            }
            out.push('}');
        }
        (Value::Enum(n), Some(Kind::Enum(e))) => match e.by_value(*n) {
            Some(c) => out.push_str(c.name()),
            None => {
                let _ = write!(out, "{n}");
            }
        },
        (Value::Struct(vals) | Value::List(vals) | Value::Tuple(vals), _) => {
            let elem = match kind {
                Some(Kind::List(t) | Kind::Array(t, _) | Kind::Set(t)) => Some(*t),
                _ => None,
            };
            out.push('[');
            for (i, val) in vals.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                value_text(out, types, elem, val, depth + 1);
            }
            out.push(']');
        }
        (Value::Map(entries), _) => {
            let (kt, vt) = match kind {
                Some(Kind::Map(k, v)) => (Some(*k), Some(*v)),
                _ => (None, None),
            };
            out.push('{');
            for (i, (key, val)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                value_text(out, types, kt, key, depth + 1);
                out.push_str(": ");
                value_text(out, types, vt, val, depth + 1);
            }
            out.push('}');
        }
        (Value::Option(None), _) => out.push_str("null"),
        (Value::Option(Some(inner)), _) => {
            let inner_ty = match kind {
                Some(Kind::Option(t)) => Some(*t),
                _ => None,
            };
            value_text(out, types, inner_ty, inner, depth + 1)
        }
        (Value::String(s), _) => {
            let _ = write!(out, "{:?}", s.as_str());
        }
        (Value::Bool(b), _) => {
            let _ = write!(out, "{b}");
        }
        (Value::I8(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::I16(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::I32(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::I64(x) | Value::EntityId(x) | Value::Enum(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::U8(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::U16(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::U32(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::U64(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::F32(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::F64(x), _) => {
            let _ = write!(out, "{x}");
        }
        (Value::Char(c), _) => {
            let _ = write!(out, "{c:?}");
        }
        (other, _) => {
            let _ = write!(out, "{other:?}");
        }
    }
}
