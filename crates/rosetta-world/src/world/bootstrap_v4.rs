//! Creating the builtin entities of v4.1.6 in a new world ([`crate::builtin::v4`]).

use rosetta_types::{TypeId, Value};

use crate::builtin::v4::{self, BUILD_ADDONS, BUILD_FLAGS, BUILD_INFO_MEMBERS};
use crate::builtin::v4_table::ROWS;
use crate::builtin::{self, CHILD_OF};
use crate::hash::HashMap;
use crate::id::Id;
use crate::meta::types::Member;
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
        // Ids first (the table lists some entities before their parents), then names.
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
        for (r, &e) in ROWS.iter().zip(&ids) {
            if let Some(&p) = paths.get(r.parent) {
                let _ = self.add(e, Id::pair(CHILD_OF, p));
            }
            if !r.name.starts_with('#') {
                let _ = self.set_name(e, r.name);
            }
        }
        for (r, &e) in ROWS.iter().zip(&ids) {
            if r.component {
                self.components
                    .entry(e.index())
                    .or_insert(ComponentInfo { ty: None });
                let _ = self.add(e, builtin::COMPONENT);
            }
            if !r.symbol.is_empty() {
                let _ = self.set_symbol(e, r.symbol);
            }
            for t in r.tags {
                if let Some(&t) = paths.get(*t) {
                    let _ = self.add(e, t);
                }
            }
            for (rel, tgt) in r.pairs {
                if let (Some(&rel), Some(&tgt)) = (paths.get(*rel), paths.get(*tgt)) {
                    let _ = self.add(e, Id::pair(rel, tgt));
                }
            }
            for p in r.poly {
                if let Some(&p) = paths.get(*p) {
                    let _ = self.add(e, Id::pair(builtin::POLY, p));
                }
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
        self.build_info(&paths);
        self.process_pending();
    }

    /// `flecs.core.BuildInfo` reflected and set on `flecs.core.World`, as a v4.1.6 REST server
    /// sets it (`ecs_rest_server_init`): the explorer reads the version from it.
    fn build_info(&mut self, paths: &HashMap<String, Id>) {
        let (Some(&info), Some(&vec), Some(&string)) = (
            paths.get("flecs.core.BuildInfo"),
            paths.get("flecs.core.string_vec_t"),
            paths.get("flecs.meta.string"),
        ) else {
            return;
        };
        let _ = self.register_vector(vec, string);
        let members = BUILD_INFO_MEMBERS
            .iter()
            .filter_map(|(name, ty)| {
                let ty = match *ty {
                    "flecs.core.string_vec_t" => vec,
                    p => builtin::primitive(p)?,
                };
                Some(Member::new(*name, ty))
            })
            .collect();
        let _ = self.register_struct(info, members);
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
            Value::Bool(false),
            Value::Bool(false),
            Value::Bool(false),
        ]));
        let _ = self.set(builtin::WORLD, info, value);
    }
}
