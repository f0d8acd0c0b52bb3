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

/// v4.1.6's REST lookup (`ecs_lookup_path_w_sep(world, 0, path, "/", NULL, false)`): as
/// [`lookup_path`], and a path that starts with `#<id>` starts from that entity (`#477`,
/// `#477/child`), and an element `#<id>` is the entity with that id if it is alive (and a
/// child of the element before it). A `#` id that is not valid (not below 2^32) finds nothing.
///
/// ```
/// use rosetta_rest::lookup_path_v4;
/// use rosetta_world::World;
/// let mut w = World::new();
/// let earth = w.entity("Sun.Earth")?;
/// let id = format!("#{}", earth.index());
/// assert_eq!(lookup_path_v4(&w, &id), Some(earth));
/// assert_eq!(lookup_path_v4(&w, "Sun/Earth"), Some(earth));
/// # Ok::<(), rosetta_world::Error>(())
/// ```
pub fn lookup_path_v4(world: &World, path: &str) -> Option<Id> {
    let Some(digits_and_rest) = path.strip_prefix('#') else {
        return lookup_path_elems_v4(world, Id::NULL, path);
    };
    let len = digits_and_rest
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    let (digits, rest) = digits_and_rest.split_at(len);
    let parent = id_from_digits(world, digits)?;
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    if rest.is_empty() {
        return Some(parent);
    }
    lookup_path_elems_v4(world, parent, rest)
}

/// `flecs_name_to_id` and `ecs_get_alive`: the alive entity `#digits` names.
fn id_from_digits(world: &World, digits: &str) -> Option<Id> {
    let n: u64 = digits.parse().ok()?;
    if n == 0 || n >= u64::from(u32::MAX) {
        return None;
    }
    world.alive(Id(n))
}

/// The elements of `path` looked up from `parent`, an element `#<id>` by id.
fn lookup_path_elems_v4(world: &World, parent: Id, path: &str) -> Option<Id> {
    match path {
        "." => return Some(builtin::THIS),
        "*" => return Some(builtin::WILDCARD),
        "_" => return Some(builtin::ANY),
        "$" => return Some(builtin::VARIABLE),
        _ => {}
    }
    let mut cur = parent;
    let mut rest = path;
    loop {
        let len = elem_len(rest, "/");
        if len == 0 {
            break;
        }
        let elem = rest.get(..len).unwrap_or_default();
        cur = match elem.strip_prefix('#') {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                let e = id_from_digits(world, digits)?;
                if cur != Id::NULL && !world.owns(e, Id::pair(builtin::CHILD_OF, cur)) {
                    return None;
                }
                e
            }
            _ => world.lookup_child(cur, elem)?,
        };
        rest = rest.get(len..).unwrap_or_default();
        rest = rest.strip_prefix('/').unwrap_or(rest);
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
    fn v4_hash_ids() {
        let mut w = World::new();
        let Ok(b) = w.entity("a.b") else {
            panic!("entity")
        };
        let Some(a) = w.lookup("a") else { panic!("a") };
        assert_eq!(lookup_path_v4(&w, &format!("#{}", a.index())), Some(a));
        assert_eq!(lookup_path_v4(&w, &format!("#{}/b", a.index())), Some(b));
        assert_eq!(lookup_path_v4(&w, &format!("a/#{}", b.index())), Some(b));
        assert_eq!(
            lookup_path_v4(&w, &format!("#{}/#{}", b.index(), a.index())),
            None
        );
        assert_eq!(lookup_path_v4(&w, "#4294967296"), None);
        assert_eq!(lookup_path_v4(&w, "#999999"), None, "not alive");
        assert_eq!(lookup_path_v4(&w, "a/b"), Some(b));
        assert_eq!(lookup_path_v4(&w, "flecs/core/World"), Some(builtin::WORLD));
    }

    #[test]
    fn separators_inside_angle_brackets_do_not_split() {
        assert_eq!(elem_len("Vec<a/b>/x", "/"), 8);
        assert_eq!(elem_len("abc", "/"), 3);
    }
}
