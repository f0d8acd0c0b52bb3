//! Types rebuilt from the type entities of world JSON (see [`crate::ser::types`]), before any
//! value is read, as Flecs' meta addon rebuilds them when it loads those entities:
//!
//! - a result with `flecs.meta.MetaType` lists type entities; its kind is the result's
//!   `Struct`, `Enum`, `Bitmask`, `Array` (`{"type", "count"}`), `Vector` (`{"type"}`) or
//!   `Opaque` (`{"as_type"}`) id;
//! - a result with `flecs.meta.Member` lists a struct's members (`{"type", "count", "unit"}`,
//!   ranges from `MemberRanges`), in the order they are read;
//! - a result with `(flecs.meta.Constant, i32)` (`u32`) lists an enum's (a bitmask's)
//!   constants with their values; those without the `Constant` tag were declared with one.
//!
//! Member and constant entities are not made entities of the world: the world keeps them as
//! its types' metadata, and writes them back as entities. A type the world already has (from
//! a schema or a `--types` script) is kept as it is. A type whose members' types cannot be
//! built is reported in [`Report::skipped`](super::Report) (an error when strict), as are
//! then the values of it.

use rosetta_world::builtin::{
    ARRAY, BITMASK, CONSTANT, ENUM, EXCLUSIVE, I32, MEMBER, MEMBER_RANGES, META_TYPE,
    META_TYPE_SERIALIZED, ONE_OF, OPAQUE, PRIMITIVE, STRUCT, TAG, U32, UNIT, VECTOR,
};
use rosetta_world::meta::Member;
use rosetta_world::{builtin, Id, World};
use serde_json::{Map, Value as Json};

use super::report::{FromJsonDesc, Report, Skipped};
use super::resolve::Resolver;
use super::trail::Trail;
use super::value::{what, ReadError};

type R<T> = Result<T, ReadError>;

/// Ids whose values describe a type, read here: the value columns skip them.
pub(crate) fn describes_type(id: Id) -> bool {
    [
        builtin::COMPONENT,
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

/// The ids of a type entity's table the world keeps as the type's metadata, not as ids: left
/// out when the entity is placed.
pub(crate) fn implied_by_type(ids: &[Id]) -> Vec<Id> {
    if !ids.contains(&META_TYPE) {
        return Vec::new();
    }
    let mut out = vec![
        META_TYPE,
        META_TYPE_SERIALIZED,
        PRIMITIVE,
        STRUCT,
        ENUM,
        BITMASK,
        ARRAY,
        VECTOR,
        OPAQUE,
    ];
    if ids.contains(&ENUM) {
        out.extend([TAG, EXCLUSIVE, ONE_OF]);
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Struct,
    Enum,
    Bitmask,
    Array(Id, u32),
    Vector(Id),
    Opaque(Id),
}

/// A type being rebuilt.
struct Def {
    entity: Id,
    kind: Option<Kind>,
    members: Vec<Member>,
    /// Name, value, declared with a value.
    constants: Vec<(String, i64, bool)>,
    /// Whether the constants were `u32` (a bitmask's).
    unsigned: bool,
    /// The result that defined it, for errors.
    result: usize,
}

/// What a result holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Types,
    Members,
    Constants { implicit: bool, unsigned: bool },
    Other,
}

/// The paths of the meta ids, as a world JSON names them.
struct Paths {
    meta_type: String,
    member: String,
    ranges: String,
    constant: String,
    i32: String,
    u32: String,
    kinds: Vec<(String, Id)>,
}

impl Paths {
    fn new(w: &World) -> Paths {
        Paths {
            meta_type: w.path_of(META_TYPE),
            member: w.path_of(MEMBER),
            ranges: w.path_of(MEMBER_RANGES),
            constant: w.path_of(CONSTANT),
            i32: w.path_of(I32),
            u32: w.path_of(U32),
            kinds: [STRUCT, ENUM, BITMASK, ARRAY, VECTOR, OPAQUE]
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

fn role(ids: &[Option<Vec<&str>>], p: &Paths) -> Role {
    if find(ids, &[&p.meta_type]).is_some() {
        return Role::Types;
    }
    if find(ids, &[&p.member]).is_some() {
        return Role::Members;
    }
    let implicit = find(ids, &[&p.constant]).is_some();
    if find(ids, &[&p.constant, &p.i32]).is_some() {
        return Role::Constants {
            implicit,
            unsigned: false,
        };
    }
    if find(ids, &[&p.constant, &p.u32]).is_some() {
        return Role::Constants {
            implicit,
            unsigned: true,
        };
    }
    Role::Other
}

/// Column `k` of a result's `values`, as an array (`None` for `0` or when absent).
fn column<'j>(result: &'j Map<String, Json>, k: usize) -> Option<&'j [Json]> {
    match result.get("values")?.as_array()?.get(k)? {
        Json::Array(a) => Some(a),
        _ => None,
    }
}

/// The reader's state the rebuild works on.
pub(crate) struct Rebuild<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) resolver: &'a mut Resolver,
    pub(crate) desc: &'a FromJsonDesc,
    pub(crate) report: &'a mut Report,
}

impl Rebuild<'_> {
    /// Rebuilds the types the type entities of `results` describe; returns, per result,
    /// whether it lists members or constants (which are not placed as entities).
    pub(crate) fn rebuild_types(&mut self, results: &[Json], at: &Trail) -> R<Vec<bool>> {
        let paths = Paths::new(self.world);
        let mut defs = Defs::default();
        let mut skip = vec![false; results.len()];
        for (i, r) in results.iter().enumerate() {
            let Json::Object(r) = r else { continue };
            let ids = id_paths(r);
            let role = role(&ids, &paths);
            if role == Role::Other {
                continue;
            }
            let r_at = at.index(i);
            skip[i] = role != Role::Types;
            let parent = match r.get("parent") {
                Some(Json::String(p)) => Some(
                    self.resolver
                        .path(self.world, Id::NULL, p)
                        .map_err(|m| ReadError::at(&r_at.key("parent"), m))?,
                ),
                _ => None,
            };
            let names: &[Json] = match r.get("entities") {
                Some(Json::Array(a)) => a,
                _ => &[],
            };
            let e_at = r_at.key("entities");
            let vals_at = r_at.key("values");
            if role == Role::Types {
                let kind = paths
                    .kinds
                    .iter()
                    .find_map(|(p, k)| find(&ids, &[p]).map(|c| (*k, c)));
                for (k, name) in names.iter().enumerate() {
                    let Json::String(name) = name else { continue };
                    let e = self
                        .resolver
                        .path(self.world, parent.unwrap_or(Id::NULL), name)
                        .map_err(|m| ReadError::at(&e_at.index(k), m))?;
                    // A type of no kind written here (a primitive) is not rebuilt.
                    if let Some((id, c)) = kind {
                        let v = column(r, c).and_then(|v| v.get(k));
                        let c_at = vals_at.index(c);
                        let v_at = c_at.index(k);
                        let kind = self.kind_of(id, v, &v_at)?;
                        defs.get(e, i).kind = Some(kind);
                    }
                }
                continue;
            }
            let Some(parent) = parent else {
                return Err(ReadError::at(
                    &r_at,
                    "member or constant entities without a parent type",
                ));
            };
            match role {
                Role::Members => {
                    let m_col = find(&ids, &[&paths.member]).unwrap_or(0);
                    let r_col = find(&ids, &[&paths.ranges]);
                    for (k, name) in names.iter().enumerate() {
                        let Json::String(name) = name else {
                            return Err(ReadError::at(&e_at.index(k), "a member has a name"));
                        };
                        let c_at = vals_at.index(m_col);
                        let v_at = c_at.index(k);
                        let v = column(r, m_col).and_then(|v| v.get(k));
                        let mut m = self.member(name, v, &v_at)?;
                        if let Some(c) = r_col {
                            let rv = column(r, c).and_then(|v| v.get(k));
                            set_ranges(&mut m, rv);
                        }
                        defs.get(parent, i).members.push(m);
                    }
                }
                Role::Constants { implicit, unsigned } => {
                    let want = if unsigned { &paths.u32 } else { &paths.i32 };
                    let c = find(&ids, &[&paths.constant, want]).unwrap_or(0);
                    for (k, name) in names.iter().enumerate() {
                        let Json::String(name) = name else {
                            return Err(ReadError::at(&e_at.index(k), "a constant has a name"));
                        };
                        let v = column(r, c).and_then(|v| v.get(k)).and_then(Json::as_i64);
                        let Some(v) = v else {
                            let c_at = vals_at.index(c);
                            let v_at = c_at.index(k);
                            return Err(ReadError::at(&v_at, "expected the constant's value"));
                        };
                        let d = defs.get(parent, i);
                        d.constants.push((name.clone(), v, !implicit));
                        d.unsigned = unsigned;
                    }
                }
                Role::Types | Role::Other => {}
            }
        }
        self.register(defs.list, at)?;
        Ok(skip)
    }

    fn entity_at(&mut self, v: Option<&Json>, at: &Trail) -> R<Option<Id>> {
        match v {
            Some(Json::String(p)) => self
                .resolver
                .path(self.world, Id::NULL, p)
                .map(Some)
                .map_err(|m| ReadError::at(at, m)),
            Some(Json::Number(n)) if n.as_u64() == Some(0) => Ok(None),
            None => Ok(None),
            Some(other) => Err(ReadError::at(
                at,
                format!("expected a type's path, found {}", what(other)),
            )),
        }
    }

    fn count_at(v: Option<&Json>, at: &Trail) -> R<u32> {
        match v {
            None => Ok(1),
            Some(j) => j
                .as_u64()
                .and_then(|c| u32::try_from(c).ok())
                .filter(|&c| c <= 1 << 20)
                .ok_or_else(|| ReadError::at(at, "expected a count of 0..2^20")),
        }
    }

    /// An `Array`, `Vector` or `Opaque` value (or the kind of the others).
    fn kind_of(&mut self, id: Id, v: Option<&Json>, at: &Trail) -> R<Kind> {
        let obj = v.and_then(Json::as_object);
        let get = |k: &str| obj.and_then(|o| o.get(k));
        let need = |e: Option<Id>, key: &str| {
            e.ok_or_else(|| ReadError::at(&at.key(key), format!("expected \"{key}\"")))
        };
        Ok(match id {
            STRUCT => Kind::Struct,
            ENUM => Kind::Enum,
            BITMASK => Kind::Bitmask,
            ARRAY => {
                let t = self.entity_at(get("type"), &at.key("type"))?;
                let count = Self::count_at(get("count"), &at.key("count"))?;
                Kind::Array(need(t, "type")?, count.max(1))
            }
            VECTOR => {
                let t = self.entity_at(get("type"), &at.key("type"))?;
                Kind::Vector(need(t, "type")?)
            }
            _ => {
                let t = self.entity_at(get("as_type"), &at.key("as_type"))?;
                Kind::Opaque(need(t, "as_type")?)
            }
        })
    }

    /// A `Member` value: `{"type":…, "count":…, "unit":…}` (`offset` is computed).
    fn member(&mut self, name: &str, v: Option<&Json>, at: &Trail) -> R<Member> {
        let Some(Json::Object(o)) = v else {
            return Err(ReadError::at(at, "expected the member's {\"type\", ...}"));
        };
        let ty = self.entity_at(o.get("type"), &at.key("type"))?;
        let ty = ty.ok_or_else(|| ReadError::at(&at.key("type"), "a member has a type"))?;
        let mut m = Member::new(name, ty);
        m.count = Self::count_at(o.get("count"), &at.key("count"))?.max(1);
        m.unit = self.entity_at(o.get("unit"), &at.key("unit"))?;
        Ok(m)
    }

    /// Registers the types whose parts are known, in as many rounds as they depend on each
    /// other; a type the world already reflects is kept.
    fn register(&mut self, defs: Vec<Def>, at: &Trail) -> R<()> {
        let reflected = |w: &World, e: Id| w.component_info(e).and_then(|c| c.ty).is_some();
        let mut pending: Vec<Def> = defs
            .into_iter()
            .filter(|d| !reflected(self.world, d.entity))
            .collect();
        while !pending.is_empty() {
            let before = pending.len();
            let mut rest = Vec::with_capacity(before);
            for d in pending {
                let deps: Vec<Id> = match d.kind {
                    Some(Kind::Array(t, _) | Kind::Vector(t) | Kind::Opaque(t)) => vec![t],
                    _ => d.members.iter().map(|m| m.ty).collect(),
                };
                if deps.iter().all(|&t| reflected(self.world, t)) {
                    self.register_one(d, at)?;
                } else {
                    rest.push(d);
                }
            }
            if rest.len() == before {
                for d in rest {
                    let missing = d
                        .members
                        .iter()
                        .map(|m| m.ty)
                        .chain(match d.kind {
                            Some(Kind::Array(t, _) | Kind::Vector(t) | Kind::Opaque(t)) => Some(t),
                            _ => None,
                        })
                        .find(|&t| !reflected(self.world, t))
                        .map(|t| self.world.path_of(t))
                        .unwrap_or_default();
                    self.type_not_built(&d, at, format!("its type {missing} has no reflection"))?;
                }
                break;
            }
            pending = rest;
        }
        Ok(())
    }

    fn register_one(&mut self, d: Def, at: &Trail) -> R<()> {
        let w = &mut *self.world;
        let e = d.entity;
        let done = match d.kind {
            Some(Kind::Array(t, n)) => w.register_array(e, t, n),
            Some(Kind::Vector(t)) => w.register_vector(e, t),
            Some(Kind::Opaque(t)) => w.register_opaque(e, t),
            Some(Kind::Enum) => w.register_constants_exact(e, &d.constants, false),
            Some(Kind::Bitmask) => w.register_constants_exact(e, &d.constants, true),
            // Constants without a type entity: u32 values are a bitmask's.
            None if !d.constants.is_empty() => {
                w.register_constants_exact(e, &d.constants, d.unsigned)
            }
            Some(Kind::Struct) | None => w.register_struct(e, d.members.clone()),
        };
        match done {
            Ok(()) => Ok(()),
            Err(x) => self.type_not_built(&d, at, x.to_string()),
        }
    }

    fn type_not_built(&mut self, d: &Def, at: &Trail, why: String) -> R<()> {
        let r_at = at.index(d.result);
        let path = self.world.path_of(d.entity);
        if self.desc.strict {
            return Err(ReadError::at(
                &r_at,
                format!("cannot rebuild type {path}: {why}"),
            ));
        }
        self.report.skipped.push(Skipped {
            id: path,
            pointer: super::trail::Pointer(&r_at.steps()).to_string(),
            reason: format!("its type was not rebuilt: {why}"),
        });
        Ok(())
    }
}

/// The types being rebuilt, in the order they are first met.
#[derive(Default)]
struct Defs {
    list: Vec<Def>,
    index: foldhash::HashMap<Id, usize>,
}

impl Defs {
    /// The definition of type `e`, added (from result `i`) when new.
    fn get(&mut self, e: Id, i: usize) -> &mut Def {
        let k = *self.index.entry(e).or_insert_with(|| {
            self.list.push(Def {
                entity: e,
                kind: None,
                members: Vec::new(),
                constants: Vec::new(),
                unsigned: false,
                result: i,
            });
            self.list.len() - 1
        });
        &mut self.list[k]
    }
}

/// `MemberRanges`: a range is set where its min and max differ (`ecs_struct_init`).
fn set_ranges(m: &mut Member, v: Option<&Json>) {
    let range = |key: &str| {
        let r = v?.get(key)?;
        let (lo, hi) = (r.get("min")?.as_f64()?, r.get("max")?.as_f64()?);
        (lo != hi).then_some((lo, hi))
    };
    m.range = range("value");
    m.warning_range = range("warning");
    m.error_range = range("error");
}
