//! What the world JSON reader rebuilds types with: the reader's state, a type's parts as
//! read ([`Def`]), and their registration in the world (see [`super::types`]).

use rosetta_world::builtin::{ARRAY, BITMASK, ENUM, PRIMITIVE, STRUCT, VECTOR};
use rosetta_world::meta::Member;
use rosetta_world::{Id, World};
use serde_json::Value as Json;

use super::report::{FromJsonDesc, Report, Skipped};
use super::resolve::Resolver;
use super::trail::Trail;
use super::value::{what, ReadError};

type R<T> = Result<T, ReadError>;

/// The reader's state the rebuild works on.
pub(crate) struct Rebuild<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) resolver: &'a mut Resolver,
    pub(crate) desc: &'a FromJsonDesc,
    pub(crate) report: &'a mut Report,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Struct,
    Enum,
    Bitmask,
    Array(Id, u32),
    Vector(Id),
    Opaque(Id),
    /// A component of a primitive type (`flecs.meta.primitive` `{"kind":"I64"}`).
    Primitive(&'static str),
}

/// A type being rebuilt.
pub(super) struct Def {
    /// Its path, as written.
    pub(super) path: String,
    pub(super) entity: Option<Id>,
    pub(super) kind: Option<Kind>,
    pub(super) members: Vec<Member>,
    /// Name, value, declared with a value.
    pub(super) constants: Vec<(String, i64, bool)>,
    /// Whether the constants were `u32` (a bitmask's).
    pub(super) unsigned: bool,
    /// Results describing it not read yet.
    pub(super) waiting: usize,
    /// The first result describing it, for errors.
    pub(super) result: usize,
    pub(super) done: bool,
}

pub(super) fn reflected(w: &World, e: Id) -> bool {
    w.component_info(e).and_then(|c| c.ty).is_some()
}

impl Def {
    /// The types it is made of.
    pub(super) fn deps(&self) -> impl Iterator<Item = Id> + '_ {
        let elem = match self.kind {
            Some(Kind::Array(t, _) | Kind::Vector(t) | Kind::Opaque(t)) => Some(t),
            _ => None,
        };
        self.members.iter().map(|m| m.ty).chain(elem)
    }
}

impl Rebuild<'_> {
    pub(super) fn entity_at(&mut self, v: Option<&Json>, at: &Trail) -> R<Option<Id>> {
        match v {
            Some(Json::String(p)) => self
                .resolver
                .path(self.world, Id::NULL, p)
                .map(Some)
                .map_err(|m| ReadError::at(at, m)),
            Some(Json::Number(n)) if n.as_u64() == Some(0) => Ok(None),
            None | Some(Json::Null) => Ok(None),
            Some(other) => Err(ReadError::at(
                at,
                format!("expected an entity's path or 0, found {}", what(other)),
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

    /// The kind a type's kind id gives, with its `Array`, `Vector` or `Opaque` value.
    pub(super) fn kind_of(&mut self, id: Id, v: Option<&Json>, at: &Trail) -> R<Kind> {
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
            VECTOR => Kind::Vector(need(self.entity_at(get("type"), &at.key("type"))?, "type")?),
            PRIMITIVE => {
                let k = get("kind").and_then(Json::as_str).unwrap_or("");
                Kind::Primitive(primitive_of(k).ok_or_else(|| {
                    ReadError::at(&at.key("kind"), format!("unknown primitive kind '{k}'"))
                })?)
            }
            _ => Kind::Opaque(need(
                self.entity_at(get("as_type"), &at.key("as_type"))?,
                "as_type",
            )?),
        })
    }

    /// A `Member` value: `{"type":…, "count":…, "unit":…}` (`offset` is computed).
    pub(super) fn member(&mut self, name: &str, v: Option<&Json>, at: &Trail) -> R<Member> {
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

    pub(super) fn register(&mut self, d: &Def, at: &Trail) -> R<()> {
        let Some(e) = d.entity else { return Ok(()) };
        let w = &mut *self.world;
        let done = match d.kind {
            Some(Kind::Array(t, n)) => w.register_array(e, t, n),
            Some(Kind::Vector(t)) => w.register_vector(e, t),
            Some(Kind::Opaque(t)) => w.register_opaque(e, t),
            Some(Kind::Primitive(p)) => w.register_primitive(e, p),
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
            Err(x) => self.not_built(e, d.result, at, x.to_string()),
        }
    }

    pub(super) fn not_built(&mut self, e: Id, result: usize, at: &Trail, why: String) -> R<()> {
        let r_at = at.index(result);
        let path = self.world.path_of(e);
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

/// The primitive a `PrimitiveKind` constant names (v4.1 writes `U64` and `UPtr` with a
/// trailing space).
fn primitive_of(kind: &str) -> Option<&'static str> {
    Some(match kind.trim_end() {
        "Bool" => "bool",
        "Char" => "char",
        "Byte" => "byte",
        "U8" => "u8",
        "U16" => "u16",
        "U32" => "u32",
        "U64" => "u64",
        "UPtr" => "uptr",
        "I8" => "i8",
        "I16" => "i16",
        "I32" => "i32",
        "I64" => "i64",
        "IPtr" => "iptr",
        "F32" => "f32",
        "F64" => "f64",
        "String" => "string",
        "Entity" => "entity",
        "Id" => "id",
        _ => return None,
    })
}

/// `MemberRanges`: a range is set where its min and max differ (`ecs_struct_init`).
pub(super) fn set_ranges(m: &mut Member, v: Option<&Json>) {
    let range = |key: &str| {
        let r = v?.get(key)?;
        let (lo, hi) = (r.get("min")?.as_f64()?, r.get("max")?.as_f64()?);
        (lo != hi).then_some((lo, hi))
    };
    m.range = range("value");
    m.warning_range = range("warning");
    m.error_range = range("error");
}
