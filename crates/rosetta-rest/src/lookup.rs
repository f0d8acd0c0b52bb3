//! `ecs_lookup_path_w_sep` with another separator than `.`: how REST finds `/entity/Sun/Earth`.

use rosetta_world::{builtin, Id, World};

/// The entity at `path`, its elements separated by `sep`, from the root and not searched
/// further up (v3.2.12's REST lookup: `ecs_lookup_path_w_sep(world, 0, path, "/", NULL,
/// false)`).
///
/// As Flecs: `.` `*` `_` `$` alone are the builtins This, Wildcard, Any and Variable; an
/// all-digit element is an entity id; a separator inside `<...>` does not split; an empty
/// element ends the path (`a//b` is `a`); the empty path is no entity.
///
/// ```
/// use rosetta_rest::lookup_path;
/// use rosetta_world::World;
/// let mut w = World::new();
/// let earth = w.entity("Sun.Earth")?;
/// assert_eq!(lookup_path(&w, "Sun/Earth", "/"), Some(earth));
/// assert_eq!(lookup_path(&w, "Sun.Earth", "/"), None);
/// assert!(lookup_path(&w, "flecs/core/World", "/").is_some());
/// # Ok::<(), rosetta_world::Error>(())
/// ```
pub fn lookup_path(world: &World, path: &str, sep: &str) -> Option<Id> {
    match path {
        "." => return Some(builtin::THIS),
        "*" => return Some(builtin::WILDCARD),
        "_" => return Some(builtin::ANY),
        "$" => return Some(builtin::VARIABLE),
        _ => {}
    }
    if sep.is_empty() {
        return world.lookup_child(Id::NULL, path);
    }
    let mut cur = Id::NULL;
    let mut rest = path;
    loop {
        let len = elem_len(rest, sep);
        if len == 0 {
            break;
        }
        let elem = rest.get(..len).unwrap_or_default();
        cur = world.lookup_child(cur, elem)?;
        rest = rest.get(len..).unwrap_or_default();
        rest = rest.strip_prefix(sep).unwrap_or(rest);
    }
    (cur != Id::NULL).then_some(cur)
}

/// `flecs_path_elem`: the length of the element `path` starts with (up to a separator outside
/// `<...>`).
fn elem_len(path: &str, sep: &str) -> usize {
    let mut nesting = 0i32;
    for (i, c) in path.char_indices() {
        match c {
            '<' => nesting += 1,
            '>' => nesting -= 1,
            _ => {}
        }
        if nesting == 0 && path.get(i..).is_some_and(|r| r.starts_with(sep)) {
            return i;
        }
    }
    path.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_and_builtins() {
        let mut w = World::new();
        let Ok(b) = w.entity("a.b") else {
            panic!("entity")
        };
        let a = w.lookup("a");
        assert_eq!(lookup_path(&w, "a/b", "/"), Some(b));
        assert_eq!(lookup_path(&w, "a//b", "/"), a);
        assert_eq!(lookup_path(&w, "a/", "/"), a);
        assert_eq!(lookup_path(&w, "", "/"), None);
        assert_eq!(lookup_path(&w, "b", "/"), None);
        assert_eq!(lookup_path(&w, "*", "/"), Some(builtin::WILDCARD));
        assert_eq!(lookup_path(&w, &b.index().to_string(), "/"), Some(b));
        assert_eq!(
            lookup_path(&w, "flecs/core/World", "/"),
            Some(builtin::WORLD)
        );
        assert_eq!(lookup_path(&w, "ChildOf", "/"), None, "not recursive");
    }

    #[test]
    fn separators_inside_angle_brackets_do_not_split() {
        assert_eq!(elem_len("Vec<a/b>/x", "/"), 8);
        assert_eq!(elem_len("abc", "/"), 3);
    }
}
