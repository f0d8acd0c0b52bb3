//! The results of a world JSON document applied to a world, one table (result) at a time.

use std::collections::HashSet;

use rosetta_world::entity::names::name_is_id;
use rosetta_world::{builtin, Id, World};
use serde_json::{Map, Value as Json};

use super::rebuild::Rebuild;
use super::report::{FromJsonDesc, Report, Skipped};
use super::resolve::Resolver;
use super::trail::Trail;
use super::types::{describes_type, implied_by_type, Types};
use super::value::{what, Decoder, ReadError};

type R<T> = Result<T, ReadError>;

/// Top-level members an iterator's JSON may have besides `results` (REST `/query` with
/// `table=true`); they describe the query, not the world, and are not read.
const QUERY_MEMBERS: &[&str] = &[
    "ids",
    "id_labels",
    "vars",
    "type_info",
    "field_info",
    "query_info",
    "query_plan",
    "query_profile",
    "eval_duration",
];

/// Result members written in table mode that say nothing the table's ids and values do not.
const IGNORED_RESULT_MEMBERS: &[&str] = &[
    "id_labels",
    "vars",
    "var_labels",
    "var_ids",
    "entity_ids",
    "entity_labels",
    "colors",
    "alerts",
];

const NAME_PAIR: Id = Id::pair(builtin::IDENTIFIER, builtin::NAME);

pub(crate) struct Loader<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) desc: &'a FromJsonDesc,
    pub(crate) resolver: Resolver,
    pub(crate) report: Report,
    /// Ids whose values were skipped already (reported once, as Flecs logs once).
    pub(crate) skipped: HashSet<Id>,
    /// Paths of the types the document describes that are not registered yet.
    pub(crate) pending_types: HashSet<String>,
    /// Columns of a pending type, read once it is registered: result, column, id, entities.
    pub(crate) deferred: Vec<(usize, usize, Id, Vec<Id>)>,
    /// The result being read.
    pub(crate) current: usize,
}

impl Loader<'_> {
    pub(crate) fn document(&mut self, doc: &Json) -> R<()> {
        let root = Trail::ROOT;
        let Json::Object(top) = doc else {
            return Err(ReadError::at(
                &root,
                format!("expected an object with \"results\", found {}", what(doc)),
            ));
        };
        for key in top.keys() {
            if key != "results" && !QUERY_MEMBERS.contains(&key.as_str()) {
                return Err(ReadError::at(
                    &root.key(key),
                    format!("unknown member '{key}' (world JSON has \"results\")"),
                ));
            }
        }
        let results_at = root.key("results");
        let results = match top.get("results") {
            Some(Json::Array(a)) => a,
            Some(other) => {
                return Err(ReadError::at(
                    &results_at,
                    format!("expected an array, found {}", what(other)),
                ))
            }
            None => return Err(ReadError::at(&root, "no \"results\" member")),
        };
        self.claim_anonymous(results);
        let mut types = Types::plan(self.world, results);
        self.pending_types = types.paths().cloned().collect();
        for (i, result) in results.iter().enumerate() {
            self.current = i;
            types.before(&mut self.rebuild(), result);
            // Members and constants are their type's metadata, not entities of the world.
            let placed = if types.role_of(i).is_metadata() {
                Vec::new()
            } else {
                self.result(result, &results_at.index(i))?
            };
            types.after(&mut self.rebuild(), i, result, &placed, &results_at)?;
            self.types_done(&mut types, results, &results_at, false)?;
            // Tables are listed in the order they become non-empty, as Flecs lists them.
            self.world.process_pending();
            self.report.results += 1;
        }
        types.register_ready(&mut self.rebuild(), &results_at, true)?;
        self.types_done(&mut types, results, &results_at, true)
    }

    /// The columns deferred for types registered since the last call read (with `last`,
    /// all of them: a type that was not built leaves its columns skipped).
    fn types_done(&mut self, types: &mut Types, results: &[Json], at: &Trail, last: bool) -> R<()> {
        for p in types.take_done() {
            self.pending_types.remove(&p);
        }
        if self.deferred.is_empty() {
            return Ok(());
        }
        let (ready, wait): (Vec<_>, Vec<_>) = std::mem::take(&mut self.deferred)
            .into_iter()
            .partition(|(_, _, id, _)| last || !self.is_pending(*id));
        self.deferred = wait;
        for (i, k, id, entities) in ready {
            let vals = results
                .get(i)
                .and_then(|r| r.get("values"))
                .and_then(|v| v.get(k))
                .and_then(Json::as_array);
            if let Some(vals) = vals {
                let (r_at, v_at) = (at.index(i), "values");
                let c_at = r_at.key(v_at);
                self.column(id, vals, &entities, &c_at.index(k))?;
            }
        }
        Ok(())
    }

    /// Whether `id`'s component is a type of the document not registered yet.
    fn is_pending(&self, id: Id) -> bool {
        if self.pending_types.is_empty() {
            return false;
        }
        let comp = self
            .world
            .type_id_of(id)
            .unwrap_or(if id.is_pair() { id.first() } else { id });
        self.world.component_info(comp).and_then(|c| c.ty).is_none()
            && self.pending_types.contains(&self.world.path_of(comp))
    }

    fn rebuild(&mut self) -> Rebuild<'_> {
        Rebuild {
            world: self.world,
            resolver: &mut self.resolver,
            desc: self.desc,
            report: &mut self.report,
        }
    }

    /// The anonymous entities of every result keep their serialized ids where those are free.
    fn claim_anonymous(&mut self, results: &[Json]) {
        let mut ids = Vec::new();
        for r in results {
            if let Some(Json::Array(es)) = r.get("entities") {
                for e in es {
                    let n = match e {
                        Json::Number(n) => n.as_u64(),
                        Json::String(s) if name_is_id(s) => s.parse().ok(),
                        _ => None,
                    };
                    if let Some(n) = n.and_then(|n| u32::try_from(n).ok()) {
                        ids.push(n);
                    }
                }
            }
        }
        self.resolver.claim(self.world, ids);
    }

    /// One result (a table) placed; returns its entities.
    fn result(&mut self, result: &Json, at: &Trail) -> R<Vec<Id>> {
        let Json::Object(members) = result else {
            return Err(ReadError::at(
                at,
                format!("expected a result object, found {}", what(result)),
            ));
        };
        for key in members.keys() {
            let known = ["ids", "parent", "entities", "values"].contains(&key.as_str());
            if known || IGNORED_RESULT_MEMBERS.contains(&key.as_str()) {
                continue;
            }
            let why = if key == "sources" || key == "is_set" {
                "a result of a query's fields, not a table: write it in table mode \
                 (ecs_world_to_json, or REST with table=true)"
                    .to_string()
            } else {
                "a world JSON result has ids, parent, entities and values".to_string()
            };
            return Err(ReadError::at(
                &at.key(key),
                format!("unknown member '{key}': {why}"),
            ));
        }
        let ids = self.ids(members, at)?;
        let parent = match members.get("parent") {
            None => None,
            Some(Json::String(p)) => Some(
                self.resolver
                    .path(self.world, Id::NULL, p)
                    .map_err(|m| ReadError::at(&at.key("parent"), m))?,
            ),
            Some(other) => {
                return Err(ReadError::at(
                    &at.key("parent"),
                    format!("expected the parent's path, found {}", what(other)),
                ))
            }
        };
        if let Some(p) = parent {
            let childof = ids
                .iter()
                .find(|i| i.is_pair() && i.first() == builtin::CHILD_OF);
            if let Some(c) = childof.filter(|c| c.second().index() != p.index()) {
                let in_ids = self
                    .world
                    .path_of(self.world.alive(c.second()).unwrap_or(c.second()));
                return Err(ReadError::at(
                    &at.key("parent"),
                    format!(
                        "the parent is {} but the ids have (ChildOf, {in_ids})",
                        self.world.path_of(p)
                    ),
                ));
            }
        }
        let entities_at = at.key("entities");
        let names = match members.get("entities") {
            Some(Json::Array(a)) => a.as_slice(),
            // Flecs leaves `entities` out of an empty result.
            None => &[],
            Some(other) => {
                return Err(ReadError::at(
                    &entities_at,
                    format!("expected an array, found {}", what(other)),
                ))
            }
        };
        let mut entities = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let e = self.entity(name, parent, &ids, &entities_at.index(i))?;
            entities.push(e);
        }
        self.report.entities += entities.len();
        if let Some(values) = members.get("values") {
            self.values(values, &ids, &entities, &at.key("values"))?;
        }
        Ok(entities)
    }

    /// The table's ids, in the document's order (values follow it).
    fn ids(&mut self, members: &Map<String, Json>, at: &Trail) -> R<Vec<Id>> {
        let ids_at = at.key("ids");
        let list = match members.get("ids") {
            Some(Json::Array(a)) => a,
            Some(other) => {
                return Err(ReadError::at(
                    &ids_at,
                    format!("expected an array of ids, found {}", what(other)),
                ))
            }
            None => return Err(ReadError::at(at, "no \"ids\" member (the table's ids)")),
        };
        let mut ids = Vec::with_capacity(list.len());
        for (i, id) in list.iter().enumerate() {
            let id_at = ids_at.index(i);
            let elems = match id {
                Json::Array(a) if a.len() == 1 || a.len() == 2 => a,
                _ => {
                    return Err(ReadError::at(
                        &id_at,
                        format!("expected [\"Id\"] or [\"Rel\",\"Tgt\"], found {}", what(id)),
                    ))
                }
            };
            let mut parts = [Id::NULL; 2];
            for (k, e) in elems.iter().enumerate() {
                let e_at = id_at.index(k);
                let Json::String(path) = e else {
                    return Err(ReadError::at(
                        &e_at,
                        format!("expected a path, found {}", what(e)),
                    ));
                };
                parts[k] = self
                    .resolver
                    .path(self.world, Id::NULL, path)
                    .map_err(|m| ReadError::at(&e_at, m))?;
            }
            let id = if elems.len() == 2 {
                Id::pair(parts[0], parts[1])
            } else {
                parts[0]
            };
            if id.is_wildcard() {
                return Err(ReadError::at(
                    &id_at,
                    format!(
                        "{} is a wildcard, not an id a table has",
                        self.world.id_str(id)
                    ),
                ));
            }
            ids.push(id);
        }
        Ok(ids)
    }

    /// One entity of `entities`: found in the parent's scope or created, then put in the
    /// table of `ids` (with its name, and its parent when the ids leave them out).
    fn entity(&mut self, name: &Json, parent: Option<Id>, ids: &[Id], at: &Trail) -> R<Id> {
        let scope = parent.unwrap_or(Id::NULL);
        let (e, leaf) = match name {
            Json::Number(n) => {
                let n = n
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| ReadError::at(at, "not a 32-bit entity id"))?;
                let e = self
                    .resolver
                    .anonymous(self.world, n)
                    .map_err(|m| ReadError::at(at, m))?;
                (e, None)
            }
            Json::String(s) => {
                let e = self
                    .resolver
                    .path(self.world, scope, s)
                    .map_err(|m| ReadError::at(at, m))?;
                let leaf = s.rsplit('.').next().filter(|l| !name_is_id(l));
                (e, leaf)
            }
            other => {
                return Err(ReadError::at(
                    at,
                    format!("expected a name or an entity id, found {}", what(other)),
                ))
            }
        };
        let implied = implied_by_type(ids);
        let mut ty: Vec<Id> = ids
            .iter()
            .filter(|i| !implied.contains(i))
            .copied()
            .collect();
        match leaf {
            // A world JSON without private ids (REST's table=true without private=true)
            // leaves the name and the parent out; Flecs refuses it, it is kept here.
            Some(_) if !ty.contains(&NAME_PAIR) => ty.push(NAME_PAIR),
            // An anonymous entity cannot have a name.
            None => ty.retain(|&i| i != NAME_PAIR),
            _ => {}
        }
        if let Some(p) = parent {
            if !ty
                .iter()
                .any(|i| i.is_pair() && i.first() == builtin::CHILD_OF)
            {
                ty.push(Id::pair(builtin::CHILD_OF, p));
            }
        }
        self.world.commit(e, &ty).map_err(|x| {
            let message = match x {
                rosetta_world::Error::InvalidId { id, reason } => {
                    format!("cannot add {}: {reason}", self.world.id_str(Id(id)))
                }
                other => other.to_string(),
            };
            ReadError::at(at, message)
        })?;
        if let Some(leaf) = leaf {
            if self.world.name_of(e) != Some(leaf) {
                self.world
                    .set_name(e, leaf)
                    .map_err(|x| ReadError::at(at, x.to_string()))?;
            }
        }
        Ok(e)
    }

    /// `values`: per id, `0` (no data) or an array with one value per entity.
    fn values(&mut self, values: &Json, ids: &[Id], entities: &[Id], at: &Trail) -> R<()> {
        let Json::Array(columns) = values else {
            return Err(ReadError::at(
                at,
                format!("expected an array, found {}", what(values)),
            ));
        };
        if columns.len() > ids.len() {
            return Err(ReadError::at(
                &at.index(ids.len()),
                format!(
                    "more elements in values ({}) than the table has ids ({})",
                    columns.len(),
                    ids.len()
                ),
            ));
        }
        for (i, (column, &id)) in columns.iter().zip(ids).enumerate() {
            let column_at = at.index(i);
            match column {
                Json::Number(n) if n.as_u64() == Some(0) => {}
                // Read by the type rebuild.
                _ if describes_type(id) => {}
                // Values of a type the document defines further on wait for it.
                Json::Array(_) if self.is_pending(id) => {
                    self.deferred.push((self.current, i, id, entities.to_vec()));
                }
                Json::Array(vals) => self.column(id, vals, entities, &column_at)?,
                other => {
                    return Err(ReadError::at(
                        &column_at,
                        format!("expected 0 or an array of values, found {}", what(other)),
                    ))
                }
            }
        }
        Ok(())
    }

    /// One column's values. Read whole before any is set: a column with a bad value (or of
    /// an id the world has no reflection for) is skipped whole and reported, or refused in
    /// strict mode.
    fn column(&mut self, id: Id, vals: &[Json], entities: &[Id], at: &Trail) -> R<()> {
        if vals.len() > entities.len() {
            return Err(ReadError::at(
                &at.index(entities.len()),
                format!(
                    "more values ({}) than the result has entities ({})",
                    vals.len(),
                    entities.len()
                ),
            ));
        }
        let comp = self.world.type_id_of(id);
        let ty = comp.and_then(|c| self.world.component_info(c)?.ty);
        let (Some(comp), Some(ty)) = (comp, ty.filter(|_| !unreflected_in_flecs(comp))) else {
            let why = match comp {
                None => "not a component in this world (give its type)",
                Some(_) => "the world has no reflection data for it",
            };
            return self.skip(id, at, why.to_string());
        };
        let mut read = Vec::with_capacity(vals.len());
        let mut decoder = Decoder {
            world: self.world,
            resolver: &mut self.resolver,
        };
        for (k, v) in vals.iter().enumerate() {
            match decoder.component(comp, ty, v, &at.index(k)) {
                Ok(value) => read.push(value),
                Err(e) if self.desc.strict => return Err(e),
                Err(e) => return self.skip(id, &at.index(k), e.message),
            }
        }
        for (value, &e) in read.into_iter().zip(entities) {
            self.world
                .set(e, id, value)
                .map_err(|x| ReadError::at(at, x.to_string()))?;
        }
        Ok(())
    }

    fn skip(&mut self, id: Id, at: &Trail, why: String) -> R<()> {
        let id_str = self.world.id_str(id);
        if self.desc.strict {
            return Err(ReadError::at(
                at,
                format!("cannot read values of {id_str}: {why}"),
            ));
        }
        if self.skipped.insert(id) {
            self.report.skipped.push(Skipped {
                id: id_str,
                pointer: super::trail::Pointer(&at.steps()).to_string(),
                reason: why,
            });
        }
        Ok(())
    }
}

/// Components Flecs v3.2.12 does not reflect although the world keeps their values as text
/// (names, symbols, aliases): Flecs writes `0` for them, and reads nothing.
fn unreflected_in_flecs(comp: Option<Id>) -> bool {
    comp == Some(builtin::IDENTIFIER)
}
