//! `World::commit`: an entity put in the table of a whole type in one move.

use rosetta_types::{TypeId, Value};
use rosetta_world::{builtin, Id, World};

#[test]
fn commit_keeps_shared_values_defaults_new_ones_and_drops_the_rest() {
    let mut w = World::new();
    let hp = w.component_of("Hp", TypeId::INT32).unwrap();
    let mana = w.component_of("Mana", TypeId::INT32).unwrap();
    let tag = w.entity("Tag").unwrap();
    let e = w.entity("e").unwrap();
    w.set(e, hp, Value::I32(7)).unwrap();
    w.add(e, tag).unwrap();
    let name = Id::pair(builtin::IDENTIFIER, builtin::NAME);
    w.commit(e, &[mana, hp, name, mana]).unwrap();
    assert_eq!(w.type_of(e), &[hp, mana, name][..]);
    assert_eq!(w.get_owned(e, hp).as_deref(), Some(&Value::I32(7)));
    assert_eq!(w.get_owned(e, mana).as_deref(), Some(&Value::I32(0)));
    assert_eq!(w.name_of(e), Some("e"));
}

#[test]
fn commit_refuses_bad_ids_and_leaves_the_entity_as_it_was() {
    let mut w = World::new();
    let (p, q) = (w.entity("p").unwrap(), w.entity("q").unwrap());
    let e = w.entity("e").unwrap();
    let before = w.type_of(e).to_vec();
    let two_parents = [
        Id::pair(builtin::CHILD_OF, p),
        Id::pair(builtin::CHILD_OF, q),
    ];
    assert!(w.commit(e, &two_parents).is_err());
    assert!(w.commit(e, &[builtin::WILDCARD]).is_err());
    assert!(w.commit(e, &[Id(0)]).is_err());
    assert_eq!(w.type_of(e), &before[..]);
    assert!(w.commit(Id(999_999), &[p]).is_err());
}

#[test]
fn commit_sets_union_targets_and_reindexes_names() {
    let mut w = World::new();
    let movement = w.entity("Movement").unwrap();
    w.add(movement, builtin::UNION).unwrap();
    let walking = w.entity("Walking").unwrap();
    let parent = w.entity("parent").unwrap();
    let e = w.entity("e").unwrap();
    let name = Id::pair(builtin::IDENTIFIER, builtin::NAME);
    w.commit(
        e,
        &[
            name,
            Id::pair(movement, walking),
            Id::pair(builtin::CHILD_OF, parent),
        ],
    )
    .unwrap();
    assert_eq!(w.target(e, movement, 0), Some(walking));
    assert_eq!(w.lookup("parent.e"), Some(e));
    assert_eq!(w.lookup("e"), None);
    w.commit(e, &[name]).unwrap();
    assert_eq!(w.lookup("e"), Some(e));
}
