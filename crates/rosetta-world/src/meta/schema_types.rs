//! Flecs v4 reflection for the types of a compiled schema: what a Flecs application that
//! registers the same data with `ecs_struct_init`, `ecs_enum_init` and `ecs_vector_init` holds,
//! so that a v4 world's JSON carries type entities a real Flecs world can read values with.
//!
//! | schema (rosetta-types kind) | Flecs type |
//! | --- | --- |
//! | struct (type, component) | struct, a member per field |
//! | enum | enum over `i32` (Flecs' default), a constant per value |
//! | bool, integers, floats | `flecs.meta.bool`, `u8` .. `i64`, `f32`, `f64` |
//! | string (and `option<string>`: a NULL `char*` is none) | `flecs.meta.string` |
//! | EntityId (a SpatialOS id, not a world entity) | `flecs.meta.i64` |
//! | `list<T>`, `option<T>` (0 or 1 element), set, bytes (of `byte`) | `rosetta.vector_T`, a vector |
//! | `map<K, V>` | `rosetta.vector_entry_K_V`, a vector of the struct `rosetta.entry_K_V` `{key, value}` |
//! | fixed array of N | `rosetta.array_T_N` |
//! | `Entity` and kinds Flecs has no C form for | none: the type keeps no reflection |
//!
//! `T` is the element type's path with `_` for `.` (a Flecs primitive by its name: `i64`),
//! another `_2`, `_3` ... appended where two would clash. The types made for members are named,
//! in the scope `rosetta`, where `ecs_vector_init` would make anonymous entities: a Flecs world
//! reads world JSON's type entities only into types it already has (it aborts on a type
//! component set before the type's kind), and an application finds a named type by its path
//! whatever ids it gave its own entities. One type per distinct element type, made as
//! `ecs_vector_init` makes one (a low id). A v3 world is left as it is (its JSON stays as
//! before).

use rosetta_types::{Field, FloatType, IntWidth, Kind, StructType, TypeId, MAX_NESTING};

use super::types::{FlecsKind, FlecsType, Member};
use crate::builtin;
use crate::error::Result;
use crate::hash::HashMap;
use crate::id::Id;
use crate::world::World;

/// The scope of the types made for members (vectors, map entries, arrays).
pub const TYPES_SCOPE: &str = "rosetta";

/// The Flecs entities of types met so far: named schema types and the anonymous ones made.
struct Lowering {
    /// Schema type → the entity it is registered at.
    named: HashMap<TypeId, Id>,
    /// Element type entity → the anonymous vector of it.
    vectors: HashMap<Id, Id>,
    /// (element entity, count) → the anonymous array.
    arrays: HashMap<(Id, u32), Id>,
    /// (key entity, value entity) → the anonymous `{key, value}` struct.
    entries: HashMap<(Id, Id), Id>,
    /// Named types found to have no Flecs form.
    refused: HashMap<TypeId, ()>,
}

/// The Flecs primitive of a scalar kind.
fn primitive(kind: &Kind) -> Option<Id> {
    Some(match kind {
        Kind::Bool => builtin::BOOL,
        Kind::Char => builtin::CHAR,
        Kind::Int(t) => match (t.width(), t.is_signed()) {
            (IntWidth::W8, false) => builtin::U8,
            (IntWidth::W16, false) => builtin::U16,
            (IntWidth::W32, false) => builtin::U32,
            (IntWidth::W64, false) => builtin::U64,
            (IntWidth::W8, true) => builtin::I8,
            (IntWidth::W16, true) => builtin::I16,
            (IntWidth::W32, true) => builtin::I32,
            (IntWidth::W64, true) => builtin::I64,
        },
        Kind::Float(FloatType::F32) => builtin::F32,
        Kind::Float(FloatType::F64) => builtin::F64,
        Kind::String => builtin::STRING,
        Kind::EntityId => builtin::I64,
        _ => return None,
    })
}

/// The Flecs primitive's name of a scalar kind (`i64` for an `EntityId`).
pub(crate) fn primitive_name(kind: &Kind) -> Option<&'static str> {
    let e = primitive(kind)?;
    let names = [
        (builtin::BOOL, "bool"),
        (builtin::CHAR, "char"),
        (builtin::U8, "u8"),
        (builtin::U16, "u16"),
        (builtin::U32, "u32"),
        (builtin::U64, "u64"),
        (builtin::I8, "i8"),
        (builtin::I16, "i16"),
        (builtin::I32, "i32"),
        (builtin::I64, "i64"),
        (builtin::F32, "f32"),
        (builtin::F64, "f64"),
        (builtin::STRING, "string"),
    ];
    names.iter().find(|(id, _)| *id == e).map(|(_, n)| *n)
}

impl World {
    /// Gives the schema types registered at these entities (`register_schema`) the Flecs v4
    /// reflection the [module docs](self) describe. Does nothing in a v3 world.
    pub(crate) fn describe_schema_types(&mut self, types: &[(Id, TypeId)]) -> Result<()> {
        if self.version() != crate::FlecsVersion::V4 {
            return Ok(());
        }
        let mut l = Lowering {
            named: types.iter().map(|&(e, t)| (t, e)).collect(),
            vectors: HashMap::default(),
            arrays: HashMap::default(),
            entries: HashMap::default(),
            refused: HashMap::default(),
        };
        for &(e, ty) in types {
            // A type that has no Flecs form keeps no reflection (its values are skipped by a
            // Flecs world that loads them); the others are described.
            let _ = self.describe_named(&mut l, e, ty, 0)?;
        }
        Ok(())
    }

    /// Describes named type `ty` at `e` (once); `false` when it has no Flecs form.
    fn describe_named(
        &mut self,
        l: &mut Lowering,
        e: Id,
        ty: TypeId,
        depth: usize,
    ) -> Result<bool> {
        if self.flecs_types.contains_key(&e.index()) {
            return Ok(true);
        }
        if l.refused.contains_key(&ty) || depth > MAX_NESTING {
            return Ok(false);
        }
        let Some(kind) = self.types.get(ty).map(|t| t.kind().clone()) else {
            return Ok(false);
        };
        let meta = match kind {
            Kind::Struct(st) => {
                let mut members = Vec::with_capacity(st.fields().len());
                for f in st.fields() {
                    // A member of an empty struct: Flecs holds that type as a tag (it refuses a
                    // struct without members), which no member can have as its type.
                    let found = self
                        .entity_for(l, f.ty(), depth + 1)?
                        .filter(|&m| !self.is_empty_struct(m));
                    match found {
                        Some(m) => members.push(Member::new(f.name(), m)),
                        None => {
                            l.refused.insert(ty, ());
                            return Ok(false);
                        }
                    }
                }
                let mut m = FlecsType::new(FlecsKind::Struct);
                m.members = members;
                m
            }
            Kind::Enum(et) => {
                let declared: Vec<(String, Option<i64>)> = et
                    .constants()
                    .iter()
                    .map(|c| (c.name().to_string(), Some(c.value())))
                    .collect();
                let mut m = FlecsType::new(FlecsKind::Enum);
                m.explicit = declared.iter().map(|(_, v)| *v != Some(0)).collect();
                m.child_order = World::child_order(&declared);
                m.constants = declared
                    .into_iter()
                    .map(|(n, v)| (n, v.unwrap_or(0)))
                    .collect();
                m
            }
            _ => {
                l.refused.insert(ty, ());
                return Ok(false);
            }
        };
        let mut meta = meta;
        meta.schema = true;
        self.flecs_types.insert(e.index(), meta);
        Ok(true)
    }

    /// The entity Flecs names as the type of a member of schema type `ty`.
    fn entity_for(&mut self, l: &mut Lowering, ty: TypeId, depth: usize) -> Result<Option<Id>> {
        if depth > MAX_NESTING {
            return Ok(None);
        }
        if let Some(&e) = l.named.get(&ty) {
            return Ok(self.describe_named(l, e, ty, depth)?.then_some(e));
        }
        let Some(kind) = self.types.get(ty).map(|t| t.kind().clone()) else {
            return Ok(None);
        };
        if let Some(p) = primitive(&kind) {
            return Ok(Some(p));
        }
        let string =
            |w: &World, t: TypeId| w.types.get(t).is_some_and(|t| t.kind() == &Kind::String);
        match kind {
            Kind::Option(inner) if string(self, inner) => Ok(Some(builtin::STRING)),
            Kind::List(inner) | Kind::Option(inner) | Kind::Set(inner) => {
                let el = self.entity_for(l, inner, depth + 1)?;
                match el.filter(|&e| !self.is_empty_struct(e)) {
                    Some(el) => self.vector_of(l, el).map(Some),
                    None => Ok(None),
                }
            }
            Kind::Bytes => self.vector_of(l, builtin::BYTE).map(Some),
            Kind::Array(inner, count) => {
                let Some(el) = self
                    .entity_for(l, inner, depth + 1)?
                    .filter(|&e| !self.is_empty_struct(e))
                else {
                    return Ok(None);
                };
                if let Some(&a) = l.arrays.get(&(el, count)) {
                    return Ok(Some(a));
                }
                let name = format!("array_{}_{count}", self.type_label(el));
                let a = self.named_type(el_kind(self, el, |t| Kind::Array(t, count))?, &name)?;
                self.reflect_anonymous(a, FlecsType::new(FlecsKind::Array { element: el, count }))?;
                l.arrays.insert((el, count), a);
                Ok(Some(a))
            }
            Kind::Map(k, v) => {
                let (Some(ke), Some(ve)) = (
                    self.entity_for(l, k, depth + 1)?,
                    self.entity_for(l, v, depth + 1)?
                        .filter(|&e| !self.is_empty_struct(e)),
                ) else {
                    return Ok(None);
                };
                let entry = match l.entries.get(&(ke, ve)) {
                    Some(&x) => x,
                    None => {
                        let (kt, vt) = (self.type_of_entity(ke)?, self.type_of_entity(ve)?);
                        let st = StructType::new([Field::new("key", kt), Field::new("value", vt)])
                            .map_err(|x| crate::Error::BadType {
                                name: "<map entry>".into(),
                                reason: x.to_string(),
                            })?;
                        let name = format!("entry_{}_{}", self.type_label(ke), self.type_label(ve));
                        let x = self.named_type(Kind::Struct(st), &name)?;
                        let mut meta = FlecsType::new(FlecsKind::Struct);
                        meta.members = vec![Member::new("key", ke), Member::new("value", ve)];
                        self.reflect_anonymous(x, meta)?;
                        l.entries.insert((ke, ve), x);
                        x
                    }
                };
                self.vector_of(l, entry).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn is_empty_struct(&self, e: Id) -> bool {
        self.flecs_types
            .get(&e.index())
            .is_some_and(|t| t.kind == FlecsKind::Struct && t.members.is_empty())
    }

    /// The vector of element type entity `el`.
    fn vector_of(&mut self, l: &mut Lowering, el: Id) -> Result<Id> {
        if let Some(&v) = l.vectors.get(&el) {
            return Ok(v);
        }
        let name = format!("vector_{}", self.type_label(el));
        let v = self.named_type(el_kind(self, el, Kind::List)?, &name)?;
        self.reflect_anonymous(v, FlecsType::new(FlecsKind::Vector { element: el }))?;
        l.vectors.insert(el, v);
        Ok(v)
    }

    /// How a type made for members names type `e`: a Flecs primitive or another type made for
    /// members by its name, a schema type by its path with `_` for `.`.
    fn type_label(&self, e: Id) -> String {
        let parent = self.target(e, builtin::CHILD_OF, 0);
        if parent.is_some()
            && (parent == self.lookup("flecs.meta") || parent == self.lookup(TYPES_SCOPE))
        {
            if let Some(n) = self.name_of(e) {
                return n.to_string();
            }
        }
        self.path_of(e).replace('.', "_")
    }

    /// A new component `rosetta.<name>` (`<name>_2` ... when that path is taken), with a low
    /// id as `ecs_vector_init` gives one, whose values are of rosetta kind `kind`.
    fn named_type(&mut self, kind: Kind, name: &str) -> Result<Id> {
        let mut path = format!("{TYPES_SCOPE}.{name}");
        let mut n = 1u32;
        while self.lookup(&path).is_some() {
            n += 1;
            path = format!("{TYPES_SCOPE}.{name}_{n}");
        }
        let ty = self.add_type(kind)?;
        let e = self.new_low_id()?;
        self.init_named(e, &path, &[])?;
        self.components
            .insert(e.index(), crate::world::ComponentInfo { ty: Some(ty) });
        Ok(e)
    }

    fn reflect_anonymous(&mut self, e: Id, mut meta: FlecsType) -> Result<()> {
        meta.schema = true;
        let ty = self.component_info(e).and_then(|c| c.ty);
        self.reflect(e, ty, Some(meta))
    }
}

/// `make(element's rosetta type)`.
fn el_kind(w: &World, el: Id, make: impl FnOnce(TypeId) -> Kind) -> Result<Kind> {
    Ok(make(w.type_of_entity(el)?))
}

#[cfg(test)]
mod tests {
    use crate::load::register_schema;
    use crate::meta::FlecsKind;
    use crate::{FlecsVersion, World};
    use rosetta_schema::{compile_sources, Schema, SourceFile};

    fn schema(text: &str) -> Schema {
        let c = compile_sources(vec![SourceFile {
            canonical_path: "game.schema".into(),
            text: text.into(),
        }])
        .unwrap();
        Schema::from_bundle(c.bundle()).unwrap()
    }

    const GAME: &str = "package game; enum Team { NONE = 0; RED = 1; BLUE = 2; }
        type Stock { Team kind = 1; uint32 amount = 2; }
        component Player { id = 1000; string name = 1; option<EntityId> target = 2;
            list<Stock> stocks = 3; map<string, int64> stats = 4; bytes blob = 5;
            option<string> nick = 6; option<int64> lives = 7; }";

    #[test]
    fn schema_types_get_flecs_reflection_in_a_v4_world() {
        let s = schema(GAME);
        let mut w = World::with_version(FlecsVersion::V4);
        register_schema(&mut w, s.registry()).unwrap();
        let player = w.lookup("game.Player").unwrap();
        let ft = w.flecs_type(player).unwrap().clone();
        assert_eq!(ft.kind, FlecsKind::Struct);
        let names: Vec<&str> = ft.members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(
            names,
            ["name", "target", "stocks", "stats", "blob", "nick", "lives"]
        );
        let kind = |e| w.flecs_type(e).map(|t| t.kind.clone());
        assert_eq!(ft.members[0].ty, crate::builtin::STRING);
        assert_eq!(ft.members[5].ty, crate::builtin::STRING);
        // option<EntityId> and option<int64> are one vector of i64.
        assert_eq!(ft.members[1].ty, ft.members[6].ty);
        assert_eq!(
            kind(ft.members[1].ty),
            Some(FlecsKind::Vector {
                element: crate::builtin::I64
            })
        );
        let stock = w.lookup("game.Stock").unwrap();
        assert_eq!(
            kind(ft.members[2].ty),
            Some(FlecsKind::Vector { element: stock })
        );
        let Some(FlecsKind::Vector { element: entry }) = kind(ft.members[3].ty) else {
            panic!("a map is a vector");
        };
        let e = w.flecs_type(entry).unwrap();
        assert_eq!(e.members[0].name, "key");
        assert_eq!(e.members[1].ty, crate::builtin::I64);
        assert_eq!(w.path_of(entry), "rosetta.entry_string_i64");
        assert_eq!(
            w.path_of(ft.members[3].ty),
            "rosetta.vector_entry_string_i64"
        );
        assert_eq!(w.path_of(ft.members[2].ty), "rosetta.vector_game_Stock");
        assert!(entry.0 < crate::builtin::HI_COMPONENT_ID);
        assert_eq!(
            kind(ft.members[4].ty),
            Some(FlecsKind::Vector {
                element: crate::builtin::BYTE
            })
        );
        let team = w.flecs_type(w.lookup("game.Team").unwrap()).unwrap();
        assert_eq!(team.kind, FlecsKind::Enum);
        assert_eq!(
            team.constants,
            [("NONE".into(), 0), ("RED".into(), 1), ("BLUE".into(), 2)]
        );
        assert_eq!(team.explicit, [false, true, true]);
        // Vectors are 16 bytes (`ecs_vec_t`), a string a pointer.
        let l = w.c_layout(player).unwrap();
        assert_eq!(l.offsets, [0, 8, 24, 40, 56, 72, 80]);
    }

    #[test]
    fn a_v3_world_is_left_as_it_was() {
        let s = schema(GAME);
        let mut w = World::with_version(FlecsVersion::V3);
        register_schema(&mut w, s.registry()).unwrap();
        assert!(w.flecs_type(w.lookup("game.Player").unwrap()).is_none());
        assert!(w.c_layout(w.lookup("game.Player").unwrap()).is_none());
    }
}
