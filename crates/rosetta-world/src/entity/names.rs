//! Names, `ChildOf` paths (`a.b.c`) and lookup, with Flecs' rules: `.` `*` `_` `$` are builtins,
//! an all-digit element is an entity id, and a path not found from the root is looked up again
//! in `flecs.core` (Flecs' default lookup path).

use rosetta_types::{Str, Value};

use crate::builtin::{self, CHILD_OF, FLECS_CORE, IDENTIFIER, SYMBOL};
use crate::error::{Error, Result};
use crate::id::Id;
use crate::world::World;

/// Nesting bound for walking parents (a `ChildOf` chain is acyclic; this guards corrupt input).
const MAX_DEPTH: usize = 256;

/// `flecs_name_is_id`: a name made of digits only.
pub fn name_is_id(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a path at `.` outside `<...>` (Flecs' template nesting).
fn path_elems(path: &str) -> Vec<&str> {
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

impl World {
    /// `ecs_get_name`.
    pub fn name_of(&self, e: Id) -> Option<&str> {
        match self.get_boxed(e, World::NAME_PAIR)? {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The symbol (`(Identifier, Symbol)`), if set.
    pub fn symbol_of(&self, e: Id) -> Option<&str> {
        match self.get_boxed(e, Id::pair(IDENTIFIER, SYMBOL))? {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The path Flecs JSON prints: parents' names joined by `.`, builtins with their scope
    /// (`flecs.core.ChildOf`), an unnamed element as its low 32 bits in decimal.
    pub fn path_of(&self, e: Id) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut cur = e;
        for _ in 0..MAX_DEPTH {
            match self.name_of(cur) {
                Some(n) if self.is_alive(cur) => parts.push(n.to_string()),
                _ => parts.push(cur.index().to_string()),
            }
            match self
                .is_alive(cur)
                .then(|| self.target(cur, CHILD_OF, 0))
                .flatten()
            {
                Some(p) if p != cur => cur = p,
                _ => break,
            }
        }
        parts.reverse();
        parts.join(".")
    }

    /// `ecs_get_fullpath`: as [`World::path_of`] but without the `flecs.core.` prefix.
    pub fn short_path_of(&self, e: Id) -> String {
        let p = self.path_of(e);
        match p.strip_prefix("flecs.core.") {
            Some(rest) if self.target(e, CHILD_OF, 0) == Some(FLECS_CORE) => rest.to_string(),
            _ => p,
        }
    }

    /// An id as text: a path, or `(first,second)` for a pair, `FLAG|path` for a flagged id.
    pub fn id_str(&self, id: Id) -> String {
        if id.is_pair() {
            let f = self.alive(id.first()).unwrap_or(id.first());
            let s = self.alive(id.second()).unwrap_or(id.second());
            format!("({},{})", self.path_of(f), self.path_of(s))
        } else if id.has_flag(Id::TOGGLE) {
            format!("TOGGLE|{}", self.path_of(id.without_flags()))
        } else if id.has_flag(Id::OVERRIDE) {
            format!("OVERRIDE|{}", self.path_of(id.without_flags()))
        } else {
            self.path_of(id)
        }
    }

    /// `ecs_lookup_child`: a direct child of `parent` (0 for the root) by name or numeric id.
    pub fn lookup_child(&self, parent: Id, name: &str) -> Option<Id> {
        if name_is_id(name) {
            if let Some(e) = self.name_to_id(name) {
                if self.is_alive(e) {
                    if parent.0 != 0 && !self.owns(e, Id::pair(CHILD_OF, parent)) {
                        return None;
                    }
                    return Some(e);
                }
            }
        }
        self.names.get(parent.index(), name)
    }

    /// `flecs_name_to_id`: the alive entity with that index, or the raw id if it fits 32 bits.
    fn name_to_id(&self, name: &str) -> Option<Id> {
        let n: u64 = name.parse().ok()?;
        if let Some(alive) = self.alive(Id(n)).filter(|a| a.index() as u64 == n) {
            return Some(alive);
        }
        (n <= u32::MAX as u64 && n != 0).then_some(Id(n))
    }

    /// `ecs_lookup`: finds an entity by path from the root, then from `flecs.core`.
    ///
    /// ```
    /// use rosetta_world::{builtin, World};
    /// let mut w = World::new();
    /// let e = w.entity("a.b")?;
    /// assert_eq!(w.lookup("a.b"), Some(e));
    /// assert_eq!(w.lookup("ChildOf"), Some(builtin::CHILD_OF));
    /// assert_eq!(w.lookup("*"), Some(builtin::WILDCARD));
    /// assert_eq!(w.lookup(&e.index().to_string()), Some(e));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn lookup(&self, path: &str) -> Option<Id> {
        self.lookup_from(Id::NULL, path, true)
    }

    /// `ecs_lookup_path_w_sep` from `parent`; `recursive` retries in the parent's parents and
    /// then in `flecs.core`.
    pub fn lookup_from(&self, parent: Id, path: &str, recursive: bool) -> Option<Id> {
        match path {
            "." => return Some(builtin::THIS),
            "*" => return Some(builtin::WILDCARD),
            "_" => return Some(builtin::ANY),
            "$" => return Some(builtin::VARIABLE),
            "" => return None,
            _ => {}
        }
        let elems = path_elems(path);
        let mut scope = parent;
        let mut searched_core = false;
        for _ in 0..MAX_DEPTH {
            let mut cur = scope;
            let mut found = true;
            for el in &elems {
                if el.is_empty() {
                    break;
                }
                match self.lookup_child(cur, el) {
                    Some(c) => cur = c,
                    None => {
                        found = false;
                        break;
                    }
                }
            }
            if found && cur.0 != 0 {
                return Some(cur);
            }
            if !recursive {
                return None;
            }
            if scope.0 != 0 {
                scope = self.target(scope, CHILD_OF, 0).unwrap_or(Id::NULL);
            } else if !searched_core {
                searched_core = true;
                scope = FLECS_CORE;
            } else {
                return None;
            }
        }
        None
    }

    /// `ecs_set_name`: adds `(Identifier, Name)` if needed and indexes the name in its parent.
    pub fn set_name(&mut self, e: Id, name: &str) -> Result<()> {
        if !self.is_alive(e) {
            return Err(Error::NotAlive(e.0));
        }
        let parent = self.target(e, CHILD_OF, 0).unwrap_or(Id::NULL);
        if let Some(other) = self.names.get(parent.index(), name) {
            if other != e && self.is_alive(other) {
                return Err(Error::InvalidName {
                    name: name.into(),
                    reason: "another entity has this name in the same scope",
                });
            }
        }
        if let Some(old) = self.name_of(e).map(Str::from) {
            self.names.remove(parent.index(), &old);
        }
        self.set(e, World::NAME_PAIR, World::name_value(name))?;
        self.names.insert(parent.index(), name.into(), e);
        Ok(())
    }

    /// Sets the `(Identifier, Symbol)` of `e`.
    pub fn set_symbol(&mut self, e: Id, symbol: &str) -> Result<()> {
        self.set(e, Id::pair(IDENTIFIER, SYMBOL), World::name_value(symbol))
    }

    /// Moves `e`'s name to its new parent's index after a `ChildOf` change.
    pub(crate) fn reindex_name(&mut self, e: Id, old_parent: Option<Id>) {
        let Some(name) = self.name_of(e).map(Str::from) else {
            return;
        };
        let old = old_parent.unwrap_or(Id::NULL).index();
        if self.names.get(old, &name) == Some(e) {
            self.names.remove(old, &name);
        }
        let new = self.target(e, CHILD_OF, 0).unwrap_or(Id::NULL).index();
        self.names.insert(new, name, e);
    }

    /// `ecs_entity_init` with a name (`ecs_new_entity`): finds the entity at the path or creates
    /// it; missing parents of a dotted path are created as named entities. An all-digit name is
    /// an entity id (made alive).
    pub fn entity(&mut self, name: &str) -> Result<Id> {
        self.entity_with(name, &[])
    }

    /// [`World::entity`] that also adds `ids` (one table step per id, as Flecs' table graph
    /// walks them: `(Identifier, Name)` first, then each id).
    pub fn entity_with(&mut self, name: &str, ids: &[Id]) -> Result<Id> {
        let bad = |reason| {
            Err(Error::InvalidName {
                name: name.into(),
                reason,
            })
        };
        if name.is_empty() {
            let e = self.new_entity();
            for &id in ids {
                self.add(e, id)?;
            }
            return Ok(e);
        }
        if name.len() > 64 * 1024 {
            return bad("longer than 64 KiB");
        }
        if name_is_id(name) {
            let Some(id) = self.name_to_id(name) else {
                return bad("not a valid entity id");
            };
            let e = self.make_alive(id)?;
            for &x in ids {
                self.add(e, x)?;
            }
            return Ok(e);
        }
        if path_elems(name).iter().any(|e| e.is_empty()) {
            return bad("empty path element");
        }
        if let Some(e) = self.lookup_from(Id::NULL, name, false) {
            for &x in ids {
                self.add(e, x)?;
            }
            return Ok(e);
        }
        let e = self.new_entity();
        self.init_named(e, name, ids)?;
        Ok(e)
    }

    /// Gives a new entity its name (and parents) and ids as `ecs_entity_init` does: the table
    /// walk adds `(Identifier, Name)` first, then each id (creating each table on the way),
    /// the entity moves once, and then the path is added.
    pub(crate) fn init_named(&mut self, e: Id, name: &str, ids: &[Id]) -> Result<()> {
        let mut ty: Vec<Id> = self.type_of(e).to_vec();
        for &id in std::iter::once(&World::NAME_PAIR).chain(ids) {
            self.check_id(id)?;
            ty = self.type_with(&ty, id);
            self.ensure_table(ty.clone());
        }
        let dst = self.ensure_table(ty);
        self.move_to(e, dst, |w, id| {
            if id == World::NAME_PAIR {
                crate::store::Cell::Value(World::name_value(""))
            } else {
                match w.type_id_of(id) {
                    Some(c) => crate::store::Cell::Value(w.default_value_of(c)),
                    None => crate::store::Cell::Empty,
                }
            }
        });
        self.add_path(e, name)
    }

    /// `ecs_add_path_w_sep` for a new entity `e`: finds or creates each parent, then gives `e`
    /// its parent and name.
    fn add_path(&mut self, e: Id, path: &str) -> Result<()> {
        let elems = path_elems(path);
        let mut cur = Id::NULL;
        let last = elems.len().saturating_sub(1);
        for (i, el) in elems.iter().enumerate() {
            if let Some(found) = self.lookup_child(cur, el) {
                cur = found;
                continue;
            }
            let x = if i == last { e } else { self.new_entity() };
            if cur.0 != 0 {
                self.add(x, Id::pair(CHILD_OF, cur))?;
            }
            self.set_name(x, el)?;
            cur = x;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_names_create_parents_after_the_child() {
        let mut w = World::new();
        let earth = w.entity("Sun.Earth").unwrap();
        let sun = w.lookup("Sun").unwrap();
        assert!(sun.0 > earth.0, "Flecs allocates the child's id first");
        assert_eq!(w.path_of(earth), "Sun.Earth");
        assert_eq!(w.entity("Sun.Earth").unwrap(), earth);
        assert_eq!(w.lookup("Earth"), None);
    }

    #[test]
    fn numeric_names_and_builtin_paths() {
        let mut w = World::new();
        let e = w.entity("10000").unwrap();
        assert_eq!(e, Id(10_000));
        assert_eq!(w.path_of(e), "10000");
        assert_eq!(w.path_of(builtin::NAME), "flecs.core.Name");
        assert_eq!(w.short_path_of(builtin::NAME), "Name");
        assert_eq!(w.lookup("flecs.core.Name"), Some(builtin::NAME));
        assert_eq!(w.lookup("Name"), Some(builtin::NAME));
        assert_eq!(w.lookup("a..b"), None);
        assert!(w.entity("a..b").is_err());
    }

    #[test]
    fn anonymous_child_path() {
        let mut w = World::new();
        let p = w.entity("p").unwrap();
        let c = w.new_entity();
        w.add(c, Id::pair(CHILD_OF, p)).unwrap();
        assert_eq!(w.path_of(c), format!("p.{}", c.index()));
    }
}
