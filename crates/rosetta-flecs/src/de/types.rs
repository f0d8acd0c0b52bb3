//! Types rebuilt from the type entities of world JSON (see [`crate::ser::types`]), as Flecs'
//! meta addon rebuilds them while it loads those entities, in document order:
//!
//! - a result with `flecs.meta.MetaType` places type entities; its kind is the result's
//!   `Struct`, `Enum`, `Bitmask`, `Array` (`{"type", "count"}`), `Vector` (`{"type"}`) or
//!   `Opaque` (`{"as_type"}`) id;
//! - a result with `flecs.meta.Member` lists a struct's members (`{"type", "count", "unit"}`,
//!   ranges from `MemberRanges`);
//! - a result with `(flecs.meta.Constant, i32)` (`u32`) lists an enum's (a bitmask's)
//!   constants with their values; those without the `Constant` tag were declared with one;
//! - a result with `flecs.meta.Unit` places units (`{"symbol", "base", "over"}`, the
//!   quantity from its `(Quantity, Q)` id).
//!
//! A type is registered once every result that describes it has been read, before the values
//! of later results are. Member and constant entities are not made entities of the world: it
//! keeps them as its types' metadata and writes them back as entities. A type the world
//! already has (from a schema or a `--types` script) is kept as it is. A type that cannot be
//! built (a member of a type without reflection) is reported in
//! [`Report::skipped`](super::Report), or refused when strict.
//!
//! A root component with a symbol (what `ECS_COMPONENT` registers) gets a low id, as it had
//! in the world that wrote it: ids are sorted in a table's type, so this keeps their order.

use rosetta_world::builtin::{
    ARRAY, BITMASK, COMPONENT, CONSTANT, ENUM, EXCLUSIVE, I32, IDENTIFIER, MEMBER, MEMBER_RANGES,
    META_TYPE, META_TYPE_SERIALIZED, ONE_OF, OPAQUE, PRIMITIVE, QUANTITY, STRUCT, SYMBOL, TAG, U32,
    UNIT, VECTOR,
};
use rosetta_world::entity::names::name_is_id;
use rosetta_world::meta::Unit;
use rosetta_world::{Id, World};
use serde_json::{Map, Value as Json};

use super::rebuild::{reflected, set_ranges, Def, Rebuild};
use super::trail::Trail;
use super::value::ReadError;

type R<T> = Result<T, ReadError>;

/// Ids whose values describe a type or a unit, read here: the value columns skip them.
pub(crate) fn describes_type(id: Id) -> bool {
    [
        COMPONENT,
        META_TYPE,
        META_TYPE_SERIALIZED,
        PRIMITIVE,
        ENUM,
        BITMASK,
        MEMBER,
        MEMBER_RANGES,
        STRUCT,
        ARRAY,
        VECTOR,
        OPAQUE,
        UNIT,
    ]
    .contains(&id)
}

/// The ids of a table the world keeps as metadata of its type or unit entities, not as ids:
/// left out when the entities are placed.
pub(crate) fn implied_by_type(ids: &[Id]) -> Vec<Id> {
    let mut out = Vec::new();
    if ids.contains(&UNIT) {
        out.push(UNIT);
    }
    if ids.contains(&META_TYPE) {
        out.extend([
            META_TYPE,
            META_TYPE_SERIALIZED,
            PRIMITIVE,
            STRUCT,
            ENUM,
            BITMASK,
            ARRAY,
            VECTOR,
            OPAQUE,
        ]);
        if ids.contains(&ENUM) {
            out.extend([TAG, EXCLUSIVE, ONE_OF]);
        }
    }
    out
}

/// What a result holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Type entities.
    Types,
    /// A struct's member entities.
    Members,
    /// An enum's or bitmask's constant entities.
    Constants { implicit: bool, unsigned: bool },
    /// Unit entities.
    Units,
    /// Anything else.
    Other,
}

impl Role {
    /// Whether the result's entities are type metadata, not placed in the world.
    pub(crate) fn is_metadata(self) -> bool {
        matches!(self, Role::Members | Role::Constants { .. })
    }
}

/// The paths of the meta ids, as a world JSON names them.
struct Paths {
    component: String,
    identifier: String,
    symbol: String,
    meta_type: String,
    member: String,
    ranges: String,
    constant: String,
    unit: String,
    quantity: String,
    i32: String,
    u32: String,
    kinds: Vec<(String, Id)>,
}

impl Paths {
    fn new(w: &World) -> Paths {
        Paths {
            component: w.path_of(COMPONENT),
            identifier: w.path_of(IDENTIFIER),
            symbol: w.path_of(SYMBOL),
            meta_type: w.path_of(META_TYPE),
            member: w.path_of(MEMBER),
            ranges: w.path_of(MEMBER_RANGES),
            constant: w.path_of(CONSTANT),
            unit: w.path_of(UNIT),
            quantity: w.path_of(QUANTITY),
            i32: w.path_of(I32),
            u32: w.path_of(U32),
            kinds: [STRUCT, ENUM, BITMASK, ARRAY, VECTOR, OPAQUE, PRIMITIVE]
                .iter()
                .map(|&k| (w.path_of(k), k))
                .collect(),
        }
    }
}

/// A result's ids as their paths (`None` where an id is not an array of strings: the main
/// pass reports it).
fn id_paths(result: &Map<String, Json>) -> Vec<Option<Vec<&str>>> {
    let Some(Json::Array(ids)) = result.get("ids") else {
        return Vec::new();
    };
    ids.iter()
        .map(|id| match id {
            Json::Array(a) => a.iter().map(Json::as_str).collect(),
            _ => None,
        })
        .collect()
}

fn find(ids: &[Option<Vec<&str>>], want: &[&str]) -> Option<usize> {
    ids.iter()
        .position(|i| i.as_ref().is_some_and(|p| p.as_slice() == want))
}

/// Column `k` of a result's `values`, as an array (`None` for `0` or when absent).
fn column(result: &Map<String, Json>, k: usize) -> Option<&[Json]> {
    match result.get("values")?.as_array()?.get(k)? {
        Json::Array(a) => Some(a),
        _ => None,
    }
}

/// The `entities` of a result.
fn names(result: &Map<String, Json>) -> &[Json] {
    match result.get("entities") {
        Some(Json::Array(a)) => a,
        _ => &[],
    }
}

/// The path of entity `name` under `parent` (both as written).
fn joined(parent: Option<&str>, name: &str) -> String {
    match parent {
        Some(p) => format!("{p}.{name}"),
        None => name.to_string(),
    }
}

/// The types a world JSON document describes, rebuilt as its results are read.
pub(crate) struct Types {
    paths: Paths,
    roles: Vec<Role>,
    defs: Vec<Def>,
    /// A type's path, as written → its definition.
    by_path: foldhash::HashMap<String, usize>,
    /// Paths of the types registered (or given up) since [`Types::take_done`].
    done: Vec<String>,
}

impl Types {
    /// Finds which results describe types (nothing is read into the world yet).
    pub(crate) fn plan(w: &World, results: &[Json]) -> Types {
        let mut t = Types {
            paths: Paths::new(w),
            roles: Vec::with_capacity(results.len()),
            defs: Vec::new(),
            by_path: Default::default(),
            done: Vec::new(),
        };
        for (i, r) in results.iter().enumerate() {
            let Json::Object(r) = r else {
                t.roles.push(Role::Other);
                continue;
            };
            let ids = id_paths(r);
            let role = t.role(&ids);
            t.roles.push(role);
            let parent = r.get("parent").and_then(Json::as_str);
            match role {
                Role::Types => {
                    for name in names(r).iter().filter_map(Json::as_str) {
                        t.def(joined(parent, name), i).waiting += 1;
                    }
                }
                Role::Members | Role::Constants { .. } => {
                    if let Some(p) = parent {
                        t.def(p.to_string(), i).waiting += 1;
                    }
                }
                Role::Units | Role::Other => {}
            }
        }
        t
    }

    fn role(&self, ids: &[Option<Vec<&str>>]) -> Role {
        let p = &self.paths;
        if find(ids, &[&p.meta_type]).is_some() {
            return Role::Types;
        }
        if find(ids, &[&p.member]).is_some() {
            return Role::Members;
        }
        let implicit = find(ids, &[&p.constant]).is_some();
        for (unsigned, ty) in [(false, &p.i32), (true, &p.u32)] {
            if find(ids, &[&p.constant, ty]).is_some() {
                return Role::Constants { implicit, unsigned };
            }
        }
        if find(ids, &[&p.unit]).is_some() {
            return Role::Units;
        }
        Role::Other
    }

    fn def(&mut self, path: String, i: usize) -> &mut Def {
        let defs = &mut self.defs;
        let k = *self.by_path.entry(path.clone()).or_insert_with(|| {
            defs.push(Def {
                path,
                entity: None,
                kind: None,
                members: Vec::new(),
                constants: Vec::new(),
                unsigned: false,
                waiting: 0,
                result: i,
                done: false,
            });
            defs.len() - 1
        });
        &mut self.defs[k]
    }

    /// The paths of the types the document describes.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &String> {
        self.defs.iter().map(|d| &d.path)
    }

    /// The paths of the types registered (or given up) since the last call.
    pub(crate) fn take_done(&mut self) -> Vec<String> {
        std::mem::take(&mut self.done)
    }

    /// What result `i` holds.
    pub(crate) fn role_of(&self, i: usize) -> Role {
        self.roles.get(i).copied().unwrap_or(Role::Other)
    }

    /// Before a result is placed: a root component with a symbol that the world does not
    /// have yet is made as `ECS_COMPONENT` makes it, with a low id; a type the document
    /// defines further on that the result uses becomes a component (without reflection yet)
    /// first, so that its table has a column for the values, read once the type is built.
    pub(crate) fn before(&self, rb: &mut Rebuild<'_>, result: &Json) {
        let Json::Object(r) = result else { return };
        let ids = id_paths(r);
        let p = &self.paths;
        let component = find(&ids, &[&p.component]).is_some();
        let symbol = find(&ids, &[&p.identifier, &p.symbol]).is_some();
        if component && symbol && !r.contains_key("parent") {
            for name in names(r).iter().filter_map(Json::as_str) {
                let plain = !name.is_empty() && !name.contains('.') && !name_is_id(name);
                if plain && rb.world.lookup(name).is_none() {
                    // A name the world refuses is placed (and reported) by the main pass.
                    let _ = rb.world.component(name);
                }
            }
        }
        for id in ids.iter().flatten() {
            let Some(&path) = id.first() else { continue };
            let pending = self.by_path.get(path).is_some_and(|&k| !self.defs[k].done);
            if !pending {
                continue;
            }
            // A path the world refuses is reported by the main pass.
            if let Ok(e) = rb.resolver.path(rb.world, Id::NULL, path) {
                if !rb.world.is_component(e) {
                    let _ = rb.world.component(path);
                }
            }
        }
    }

    /// After result `i` is read (`placed`: its entities, empty for member and constant
    /// results): what it says of types is taken in, and the types it completes registered.
    pub(crate) fn after(
        &mut self,
        rb: &mut Rebuild<'_>,
        i: usize,
        result: &Json,
        placed: &[Id],
        at: &Trail,
    ) -> R<()> {
        let Json::Object(r) = result else {
            return Ok(());
        };
        let role = self.role_of(i);
        if role == Role::Other {
            return Ok(());
        }
        let r_at = at.index(i);
        let ids = id_paths(r);
        let parent = r.get("parent").and_then(Json::as_str);
        let vals_at = r_at.key("values");
        match role {
            Role::Types => {
                let kind = self
                    .paths
                    .kinds
                    .iter()
                    .find_map(|(p, k)| find(&ids, &[p]).map(|c| (*k, c)));
                let list = names(r);
                for (k, (name, &e)) in list.iter().zip(placed).enumerate() {
                    let Some(name) = name.as_str() else { continue };
                    let kind = match kind {
                        Some((id, c)) => {
                            let c_at = vals_at.index(c);
                            let v = column(r, c).and_then(|v| v.get(k));
                            // A primitive is rebuilt from its `{"kind":…}` (v4); v3 writes no
                            // value for `Primitive`: such a type is not rebuilt.
                            let primitive_without_kind =
                                id == PRIMITIVE && v.and_then(|v| v.get("kind")).is_none();
                            match primitive_without_kind {
                                true => None,
                                false => Some(rb.kind_of(id, v, &c_at.index(k))?),
                            }
                        }
                        None => None,
                    };
                    let d = self.def(joined(parent, name), i);
                    d.entity = Some(e);
                    // A type of no kind written here (a primitive) is not rebuilt.
                    d.kind = kind;
                    let newly_done = kind.is_none() && !d.done;
                    d.done |= newly_done;
                    d.waiting = d.waiting.saturating_sub(1);
                    if newly_done {
                        self.done.push(joined(parent, name));
                    }
                }
            }
            Role::Members | Role::Constants { .. } => {
                let Some(p) = parent else {
                    return Err(ReadError::at(
                        &r_at,
                        "member or constant entities without a parent type",
                    ));
                };
                let e = rb
                    .resolver
                    .path(rb.world, Id::NULL, p)
                    .map_err(|m| ReadError::at(&r_at.key("parent"), m))?;
                let e_at = r_at.key("entities");
                let mut members = Vec::new();
                let mut constants = Vec::new();
                if role == Role::Members {
                    let m_col = find(&ids, &[&self.paths.member]).unwrap_or(0);
                    let r_col = find(&ids, &[&self.paths.ranges]);
                    let c_at = vals_at.index(m_col);
                    for (k, name) in names(r).iter().enumerate() {
                        let Json::String(name) = name else {
                            return Err(ReadError::at(&e_at.index(k), "a member has a name"));
                        };
                        let v = column(r, m_col).and_then(|v| v.get(k));
                        let mut m = rb.member(name, v, &c_at.index(k))?;
                        if let Some(c) = r_col {
                            set_ranges(&mut m, column(r, c).and_then(|v| v.get(k)));
                        }
                        members.push(m);
                    }
                }
                if let Role::Constants { implicit, unsigned } = role {
                    let ty = if unsigned {
                        &self.paths.u32
                    } else {
                        &self.paths.i32
                    };
                    let c = find(&ids, &[&self.paths.constant, ty]).unwrap_or(0);
                    let c_at = vals_at.index(c);
                    for (k, name) in names(r).iter().enumerate() {
                        let Json::String(name) = name else {
                            return Err(ReadError::at(&e_at.index(k), "a constant has a name"));
                        };
                        let v = column(r, c).and_then(|v| v.get(k)).and_then(Json::as_i64);
                        let v = v.ok_or_else(|| {
                            ReadError::at(&c_at.index(k), "expected the constant's value")
                        })?;
                        constants.push((name.clone(), v, !implicit));
                    }
                }
                let d = self.def(p.to_string(), i);
                d.entity = Some(e);
                d.members.extend(members);
                d.constants.extend(constants);
                if let Role::Constants { unsigned, .. } = role {
                    d.unsigned = unsigned;
                }
                d.waiting = d.waiting.saturating_sub(1);
            }
            Role::Units => self.units(rb, r, &ids, placed, &r_at)?,
            Role::Other => {}
        }
        self.register_ready(rb, at, false)
    }

    /// `EcsUnit` values of placed unit entities.
    fn units(
        &self,
        rb: &mut Rebuild<'_>,
        r: &Map<String, Json>,
        ids: &[Option<Vec<&str>>],
        placed: &[Id],
        r_at: &Trail,
    ) -> R<()> {
        let Some(c) = find(ids, &[&self.paths.unit]) else {
            return Ok(());
        };
        let quantity = ids.iter().flatten().find_map(|p| match p.as_slice() {
            [q, target] if *q == self.paths.quantity => Some(*target),
            _ => None,
        });
        let quantity = match quantity {
            Some(q) => Some(
                rb.resolver
                    .path(rb.world, Id::NULL, q)
                    .map_err(|m| ReadError::at(&r_at.key("ids"), m))?,
            ),
            None => None,
        };
        let vals_at = r_at.key("values");
        let c_at = vals_at.index(c);
        for (k, &e) in placed.iter().enumerate() {
            let v_at = c_at.index(k);
            let v = column(r, c).and_then(|v| v.get(k));
            let get = |key: &str| v.and_then(|v| v.get(key));
            let unit = Unit {
                symbol: get("symbol").and_then(Json::as_str).map(str::to_string),
                quantity,
                base: rb.entity_at(get("base"), &v_at.key("base"))?,
                over: rb.entity_at(get("over"), &v_at.key("over"))?,
            };
            rb.world
                .register_unit(e, unit)
                .map_err(|x| ReadError::at(&v_at, x.to_string()))?;
        }
        Ok(())
    }

    /// Registers the types all of whose results were read and whose parts have reflection,
    /// in as many rounds as they depend on each other. With `last`, the ones left are
    /// reported.
    pub(crate) fn register_ready(&mut self, rb: &mut Rebuild<'_>, at: &Trail, last: bool) -> R<()> {
        loop {
            let mut progress = false;
            for k in 0..self.defs.len() {
                let d = &self.defs[k];
                if d.done || (d.waiting > 0 && !last) {
                    continue;
                }
                let Some(e) = d.entity else { continue };
                if reflected(rb.world, e) {
                    // The world's own type is kept.
                    self.defs[k].done = true;
                    self.done.push(self.defs[k].path.clone());
                    continue;
                }
                if d.deps().all(|t| reflected(rb.world, t)) {
                    self.defs[k].done = true;
                    self.done.push(self.defs[k].path.clone());
                    rb.register(&self.defs[k], at)?;
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        if last {
            for d in self.defs.iter().filter(|d| !d.done) {
                let Some(e) = d.entity else { continue };
                let missing = d
                    .deps()
                    .find(|&t| !reflected(rb.world, t))
                    .map(|t| rb.world.path_of(t))
                    .unwrap_or_default();
                rb.not_built(e, d.result, at, format!("{missing} has no reflection"))?;
            }
        }
        Ok(())
    }
}
