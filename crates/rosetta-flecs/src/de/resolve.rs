//! Entities named in world JSON found or created, as `flecs_json_ensure_entity` does: a path
//! is looked up and created (with its parents) when missing; an all-digit name is an anonymous
//! entity, which keeps its serialized id when that id is free in the world and gets a new one
//! otherwise, the same new one for every mention.

use rosetta_world::entity::names::name_is_id;
use rosetta_world::{builtin, Id, World};

/// Maps serialized anonymous ids to world entities, and remembers the ids this load gave to
/// named entities (an anonymous id equal to one of them must not bind to it).
#[derive(Debug, Default)]
pub(crate) struct Resolver {
    /// Serialized low 32 bits → world entity; `None`: reserved (given to a named entity by
    /// this load), so that serialized id gets a new entity when it is met.
    anonymous: foldhash::HashMap<u32, Option<Id>>,
}

/// The longest path accepted (Flecs' names are C strings; this bounds the work per name).
const MAX_PATH: usize = 64 * 1024;

impl Resolver {
    /// Binds every serialized anonymous id of `ids` to itself where the world has no entity
    /// of that index, before any named entity is created, so that new named entities do not
    /// take ids the document's anonymous entities had (Flecs binds them as it meets them).
    pub(crate) fn claim(&mut self, world: &mut World, ids: impl IntoIterator<Item = u32>) {
        for n in ids {
            if n == 0 || self.anonymous.contains_key(&n) {
                continue;
            }
            if world.alive(Id(u64::from(n))).is_none() && world.make_alive(Id(n.into())).is_ok() {
                self.anonymous.insert(n, Some(Id(n.into())));
            }
        }
    }

    /// The entity for serialized anonymous id `n`.
    pub(crate) fn anonymous(&mut self, world: &mut World, n: u32) -> Result<Id, String> {
        if n == 0 {
            return Err("entity id 0 is not an entity".into());
        }
        match self.anonymous.get(&n).copied() {
            Some(Some(e)) if world.is_alive(e) => return Ok(e),
            Some(_) => {
                let e = world.new_entity();
                self.anonymous.insert(n, Some(e));
                self.reserve(e);
                return Ok(e);
            }
            None => {}
        }
        let e = match world.alive(Id(n.into())) {
            None => world.make_alive(Id(n.into())).map_err(|e| e.to_string())?,
            // An entity of the target world without a name is taken, as Flecs takes it.
            Some(e) if world.name_of(e).is_none() && u64::from(n) >= builtin::HI_COMPONENT_ID => e,
            Some(_) => {
                let e = world.new_entity();
                self.reserve(e);
                e
            }
        };
        self.anonymous.insert(n, Some(e));
        Ok(e)
    }

    fn reserve(&mut self, e: Id) {
        self.anonymous.entry(e.index()).or_insert(None);
    }

    /// The entity at `path` from `scope` (0: the root), created with any missing parents
    /// when it does not exist. An all-digit path is an anonymous entity; an all-digit element
    /// of a longer path is too.
    pub(crate) fn path(&mut self, world: &mut World, scope: Id, path: &str) -> Result<Id, String> {
        if path.is_empty() {
            return Err("an empty name".into());
        }
        if path.len() > MAX_PATH {
            return Err(format!("a name longer than {MAX_PATH} bytes"));
        }
        if name_is_id(path) {
            return match path.parse::<u32>() {
                Ok(n) => self.anonymous(world, n),
                Err(_) => Err(format!("'{path}' is not a 32-bit entity id")),
            };
        }
        let elems = split(path);
        let numeric = elems.iter().any(|e| name_is_id(e));
        if !numeric {
            if let Some(e) = world.lookup_from(scope, path, false) {
                return Ok(e);
            }
        }
        if elems.iter().any(|e| e.is_empty()) {
            return Err(format!("'{path}' has an empty path element"));
        }
        let mut cur = scope;
        for el in elems {
            if name_is_id(el) {
                let n = el
                    .parse::<u32>()
                    .map_err(|_| format!("'{el}' in '{path}' is not a 32-bit entity id"))?;
                cur = self.anonymous(world, n)?;
                continue;
            }
            if let Some(found) = world.lookup_child(cur, el) {
                cur = found;
                continue;
            }
            let e = world.new_entity();
            if cur.0 != 0 {
                world
                    .add(e, Id::pair(builtin::CHILD_OF, cur))
                    .map_err(|x| x.to_string())?;
            }
            world.set_name(e, el).map_err(|x| x.to_string())?;
            self.reserve(e);
            cur = e;
        }
        Ok(cur)
    }
}

/// Splits a path at `.` outside `<...>` (template arguments), as the world splits it.
fn split(path: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, ch) in path.char_indices() {
        match ch {
            '<' => depth += 1,
            '>' => depth -= 1,
            '.' if depth == 0 => {
                out.push(&path[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&path[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_found_or_created_with_their_parents() {
        let mut w = World::new();
        let mut r = Resolver::default();
        let earth = r.path(&mut w, Id::NULL, "Sun.Earth").unwrap();
        assert_eq!(w.path_of(earth), "Sun.Earth");
        assert_eq!(r.path(&mut w, Id::NULL, "Sun.Earth").unwrap(), earth);
        let sun = w.lookup("Sun").unwrap();
        assert_eq!(r.path(&mut w, sun, "Earth").unwrap(), earth);
        assert_eq!(
            r.path(&mut w, Id::NULL, "flecs.core.ChildOf").unwrap(),
            builtin::CHILD_OF
        );
        assert_eq!(r.path(&mut w, Id::NULL, "*").unwrap(), builtin::WILDCARD);
        assert!(r.path(&mut w, Id::NULL, "a..b").is_err());
        assert!(r.path(&mut w, Id::NULL, "").is_err());
    }

    #[test]
    fn anonymous_ids_keep_their_number_when_free() {
        let mut w = World::new();
        let mut r = Resolver::default();
        let a = r.path(&mut w, Id::NULL, "5000").unwrap();
        assert_eq!(a, Id(5000));
        assert_eq!(r.anonymous(&mut w, 5000).unwrap(), a);
        // A child of an anonymous parent.
        let c = r.path(&mut w, Id::NULL, "5000.c").unwrap();
        assert_eq!(w.path_of(c), "5000.c");
        // An id a named entity of the world has is remapped, the same way every time.
        let named = w.entity("named").unwrap();
        let b = r.anonymous(&mut w, named.index()).unwrap();
        assert_ne!(b, named);
        assert_eq!(r.anonymous(&mut w, named.index()).unwrap(), b);
        assert!(r.anonymous(&mut w, 0).is_err());
        assert!(r.path(&mut w, Id::NULL, "99999999999").is_err());
    }

    #[test]
    fn claimed_ids_are_not_taken_by_named_entities() {
        let mut w = World::new();
        let mut r = Resolver::default();
        let next = w.new_entity();
        r.claim(&mut w, [next.index() + 1, next.index() + 2]);
        let named = r.path(&mut w, Id::NULL, "x").unwrap();
        assert!(named.index() > next.index() + 2);
        assert_eq!(
            r.anonymous(&mut w, next.index() + 1).unwrap(),
            Id(u64::from(next.index() + 1))
        );
    }
}
