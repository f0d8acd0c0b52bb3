//! Creating the builtin entities of v4.1.6 in a new world ([`crate::builtin::v4`]).

use rosetta_types::{TypeId, Value};

use crate::builtin::v4::{self, BUILD_ADDONS, BUILD_DEBUG, BUILD_FLAGS};
use crate::builtin::v4_components::{Init, COMPONENTS};
use crate::builtin::v4_table::ROWS;
use crate::builtin::v4_tables::TABLES;
use crate::builtin::{self, CHILD_OF};
use crate::hash::HashMap;
use crate::id::Id;
use crate::world::{ComponentInfo, World};

impl World {
    pub(crate) fn bootstrap_v4(&mut self) {
        let shared: Vec<Option<Id>> = ROWS
            .iter()
            .map(|r| v4::shared_id(r.parent, r.name))
            .collect();
        for id in shared.iter().flatten() {
            self.index.make_alive(*id);
        }
        self.index.max_id = self.index.max_id.max(builtin::FIRST_USER_ENTITY_ID as u32);
        let none = ComponentInfo { ty: None };
        self.components
            .insert(builtin::COMPONENT.index(), none.clone());
        self.components.insert(builtin::POLY.index(), none);
        for c in [builtin::IDENTIFIER, builtin::DOC_DESCRIPTION] {
            let string = ComponentInfo {
                ty: Some(TypeId::STRING),
            };
            self.components.insert(c.index(), string);
        }
        // Builtin setup cannot fail: every id is alive and every name unique in its scope (the
        // table comes from a real world); errors are ignored to keep `World::new` infallible.
        let _ = self.add(builtin::IS_A, builtin::TAG);
        let _ = self.add(CHILD_OF, builtin::TAG);
        let _ = self.add(CHILD_OF, builtin::EXCLUSIVE);
        // Ids first: the table lists some entities before their parents.
        let mut paths: HashMap<String, Id> = HashMap::default();
        let mut ids = Vec::with_capacity(ROWS.len());
        for (r, id) in ROWS.iter().zip(&shared) {
            let e = id.unwrap_or_else(|| self.index.new_id());
            if r.name.starts_with('#') {
                paths.insert(r.name.to_string(), e);
            } else {
                let path = if r.parent.is_empty() {
                    r.name.to_string()
                } else {
                    format!("{}.{}", r.parent, r.name)
                };
                paths.insert(path, e);
            }
            ids.push(e);
        }
        self.builtin_tables_v4(&paths);
        let resolve = |first: &str, second: &str| {
            let f = *paths.get(first)?;
            match second {
                "" => Some(f),
                s => Some(Id::pair(f, *paths.get(s)?)),
            }
        };
        let extra: HashMap<&str, &[(&str, &str, Init)]> = COMPONENTS.iter().copied().collect();
        // Each entity goes to its final table in one move, in ROWS order: ROWS lists the
        // entities as a v4 world's JSON does, table by table in creation order, so the tables
        // holding them are created in that order too (v4 queries visit tables in creation
        // order); the name and symbol values are set in place after.
        for (r, &e) in ROWS.iter().zip(&ids) {
            let mut want: Vec<Id> = self.type_of(e).to_vec();
            if let Some(&p) = paths.get(r.parent) {
                want.push(Id::pair(CHILD_OF, p));
            }
            if r.component {
                self.components
                    .entry(e.index())
                    .or_insert(ComponentInfo { ty: None });
                want.push(builtin::COMPONENT);
            }
            want.extend(r.tags.iter().filter_map(|t| paths.get(*t).copied()));
            for (rel, tgt) in r.pairs {
                if let (Some(&rel), Some(&tgt)) = (paths.get(*rel), paths.get(*tgt)) {
                    want.push(Id::pair(rel, tgt));
                }
            }
            for p in r.poly {
                if let Some(&p) = paths.get(*p) {
                    want.push(Id::pair(builtin::POLY, p));
                }
            }
            if !r.name.starts_with('#') {
                want.push(Id::pair(builtin::IDENTIFIER, builtin::NAME));
            }
            if !r.symbol.is_empty() {
                want.push(Id::pair(builtin::IDENTIFIER, builtin::SYMBOL));
            }
            // Its meta components and the like (their values are set once the types that
            // describe them are reflected, below).
            let path = self.path_of_row(r);
            for (first, second, _) in extra.get(path.as_str()).copied().unwrap_or_default() {
                want.extend(resolve(first, second));
            }
            want.sort_unstable();
            want.dedup();
            let _ = self.commit(e, &want);
            if !r.name.starts_with('#') {
                let _ = self.set_name(e, r.name);
            }
            if !r.symbol.is_empty() {
                let _ = self.set_symbol(e, r.symbol);
            }
        }
        for b in builtin::BUILTINS {
            if (builtin::BOOL.0..=builtin::ID.0).contains(&b.id) {
                let _ = self.register_primitive(Id(b.id), b.name);
            }
        }
        self.on_instantiate = match (
            paths.get("flecs.core.OnInstantiate"),
            paths.get("flecs.core.Inherit"),
            paths.get("flecs.core.DontInherit"),
        ) {
            (Some(&a), Some(&b), Some(&c)) => Some([a, b, c]),
            _ => None,
        };
        self.reflect_builtins_v4(&paths);
        self.builtin_values_v4(&paths);
        self.process_pending();
    }

    fn path_of_row(&self, r: &crate::builtin::v4::Row) -> String {
        if r.parent.is_empty() {
            r.name.to_string()
        } else {
            format!("{}.{}", r.parent, r.name)
        }
    }

    /// The values v4.1.6 gives the builtins' meta components, `DefaultChildComponent`,
    /// `(constant, i32)`, `Method` and `Function` ([`COMPONENTS`]), once the types that
    /// describe them are reflected. An enum constant named by a value is looked up in the
    /// world's reflection of that enum.
    fn builtin_values_v4(&mut self, paths: &HashMap<String, Id>) {
        for (path, ids) in COMPONENTS {
            let Some(&e) = paths.get(*path) else { continue };
            for (first, second, init) in *ids {
                let Some(&f) = paths.get(*first) else {
                    continue;
                };
                let id = match *second {
                    "" => f,
                    s => match paths.get(s) {
                        Some(&s) => Id::pair(f, s),
                        None => continue,
                    },
                };
                let value = match init {
                    Init::None => continue,
                    Init::Int(v) => match i32::try_from(*v) {
                        Ok(v) => Value::I32(v),
                        Err(_) => continue,
                    },
                    Init::Entity(t) => match paths.get(*t) {
                        Some(t) => Value::Struct(Box::new([Value::EntityId(t.0 as i64)])),
                        None => continue,
                    },
                    Init::Constant(en, name) => {
                        let Some(v) = paths
                            .get(*en)
                            .and_then(|en| self.flecs_type(*en))
                            .and_then(|ft| ft.constants.iter().find(|c| c.0 == *name))
                            .map(|c| c.1)
                        else {
                            continue;
                        };
                        Value::Struct(Box::new([Value::Enum(v)]))
                    }
                };
                // Builtin setup cannot fail (see above); errors are ignored.
                let _ = self.set(e, id, value);
            }
        }
    }

    /// Creates the tables of a bare v4.1.6 world in its creation order, empty ones included
    /// ([`TABLES`]): a v4 query visits an id's tables in creation order, and the entities a
    /// user makes later land in tables the bootstrap already made (a named root entity's
    /// `(Identifier, Name)` table comes before the `flecs` module's). The components are marked
    /// first so that each table gets its data columns. A type with an id this world does not
    /// have (reflection rows it leaves to its own reflection) is left out.
    fn builtin_tables_v4(&mut self, paths: &HashMap<String, Id>) {
        for r in ROWS.iter().filter(|r| r.component) {
            let path = if r.parent.is_empty() {
                r.name.to_string()
            } else {
                format!("{}.{}", r.parent, r.name)
            };
            if let Some(&e) = paths.get(&path) {
                self.components
                    .entry(e.index())
                    .or_insert(ComponentInfo { ty: None });
            }
        }
        let resolve = |(first, second): &(&str, &str)| {
            let f = *paths.get(*first)?;
            if second.is_empty() {
                Some(f)
            } else {
                Some(Id::pair(f, *paths.get(*second)?))
            }
        };
        for ty in TABLES {
            let Some(mut ids) = ty.iter().map(resolve).collect::<Option<Vec<Id>>>() else {
                continue;
            };
            ids.sort_unstable();
            ids.dedup();
            self.ensure_table(ids);
        }
    }

    /// Marks the world as served over REST, as a v4.1.6 REST server's world is: its
    /// `flecs.core.World` has `flecs.rest.Rest` (`ecs_app_run` with `enable_rest`, or an
    /// application that sets `EcsRest` itself, sets it there; the explorer sees it, without
    /// reflection, on the World entity) and `flecs.core.BuildInfo` (`ecs_rest_server_init`
    /// sets it; a world that is not served has none). A v3.2.12 world is left as it is.
    pub fn mark_rest_server(&mut self) -> crate::Result<()> {
        if self.version() != crate::FlecsVersion::V4 {
            return Ok(());
        }
        match self.lookup("flecs.rest.Rest") {
            Some(rest) if !self.has(builtin::WORLD, rest) => self.add(builtin::WORLD, rest)?,
            _ => {}
        }
        if let Some(info) = self.lookup("flecs.core.BuildInfo") {
            if !self.has(builtin::WORLD, info) {
                self.build_info(info)?;
            }
        }
        Ok(())
    }

    /// `flecs.core.BuildInfo` (reflected by [`World::reflect_builtins_v4`]) set on
    /// `flecs.core.World`, as a v4.1.6 REST server sets it (`ecs_rest_server_init`): the
    /// explorer reads the version from it.
    fn build_info(&mut self, info: Id) -> crate::Result<()> {
        let string = |s: &str| Value::Option(Some(Box::new(Value::String(s.into()))));
        let strings = |l: &[&str]| Value::List(l.iter().map(|s| string(s)).collect());
        let value = Value::Struct(Box::new([
            string(concat!("rosetta ", env!("CARGO_PKG_VERSION"))),
            strings(BUILD_ADDONS),
            strings(BUILD_FLAGS),
            string(crate::version::FlecsVersion::V4.release()),
            Value::I16(4),
            Value::I16(1),
            Value::I16(6),
            Value::Bool(BUILD_DEBUG),
            Value::Bool(false),
            Value::Bool(false),
        ]));
        self.set(builtin::WORLD, info, value)
    }
}

#[cfg(test)]
mod tests {
    use crate::builtin::v4_tables::{CHILDOF_RECORDS, TABLES};
    use crate::{builtin, FlecsVersion, Id, World};

    /// The tables holding named builtins are created in the order a real v4 world lists
    /// their first entity (ROWS order: its world JSON, table by table in creation order; a
    /// v4 query visits tables so). Entities reflected after ROWS was applied (primitives,
    /// BuildInfo, the world) move to later tables and are left out.
    #[test]
    fn a_served_v4_world_has_rest_on_the_world_entity() {
        let mut w = World::with_version(FlecsVersion::V4);
        let rest = w.lookup("flecs.rest.Rest").unwrap();
        assert!(!w.has(builtin::WORLD, rest));
        w.mark_rest_server().unwrap();
        w.mark_rest_server().unwrap();
        assert!(w.has(builtin::WORLD, rest));
        let mut v3 = World::new();
        let before = v3.type_of(builtin::WORLD).to_vec();
        v3.mark_rest_server().unwrap();
        assert_eq!(v3.type_of(builtin::WORLD), &before[..]);
    }

    /// Every table of a bare v4.1.6 world (empty ones included) exists in a new v4 world,
    /// created in v4.1.6's order (`dump_tables.c`): its ids are increasing in [`TABLES`] order.
    #[test]
    fn builtin_tables_are_created_in_v416_order() {
        let w = World::with_version(FlecsVersion::V4);
        let mut last = None;
        let mut missing = Vec::new();
        for ty in TABLES {
            let ids: Option<Vec<Id>> = ty
                .iter()
                .map(|(f, s)| {
                    let f = w.lookup(f)?;
                    if s.is_empty() {
                        return Some(f);
                    }
                    Some(Id::pair(f, w.lookup(s)?))
                })
                .collect();
            let Some(mut ids) = ids else {
                missing.push(format!("{ty:?}"));
                continue;
            };
            ids.sort_unstable();
            let t = w
                .find_table(&ids)
                .unwrap_or_else(|| panic!("no table {ty:?}"));
            assert!(Some(t) > last, "{ty:?} is out of order");
            last = Some(t);
        }
        // `#id` names an anonymous builtin (the pipeline's phases' helpers), which a lookup
        // by path does not find; every other type is there.
        assert!(missing.iter().all(|t| t.contains("\"#")), "{missing:?}");
        assert!(missing.len() < 20, "{}", missing.len());
    }

    /// `(ChildOf, $p)` visits the parents in the order v4.1.6 links its `(ChildOf, *)`
    /// records: newest first ([`CHILDOF_RECORDS`], `dump_tables.c`).
    #[test]
    fn childof_records_are_linked_as_in_v416() {
        let w = World::with_version(FlecsVersion::V4);
        let q = crate::eval::Query::new(&w, "(ChildOf, $p)").unwrap();
        let mut parents: Vec<String> = Vec::new();
        q.each(&w, |m| {
            let p = w.path_of(m.id(0).second());
            if parents.last() != Some(&p) {
                parents.push(p);
            }
            true
        });
        let want: Vec<&str> = CHILDOF_RECORDS
            .iter()
            .copied()
            .filter(|p| *p != "0")
            .collect();
        assert_eq!(parents, want);
    }
}
