//! Tests of the v4 plan listing (`listing_v4`).

use crate::eval::Query;
use crate::script;
use crate::version::FlecsVersion;
use crate::world::World;

fn world() -> World {
    let text = r#"[["struct", "Position", [["x", "f32"]]], ["struct", "Mass", [["v", "f32"]]],
        ["tag", "Tag"], ["tag", "Likes"], ["entity", "Moon"]]"#;
    match script::load_str_version(text, FlecsVersion::V4) {
        Ok(mut l) => {
            l.world.process_pending();
            l.world
        }
        Err(e) => panic!("{e}"),
    }
}

fn plan(w: &World, text: &str) -> String {
    match Query::new(w, text) {
        Ok(q) => q.plan_str(w, false),
        Err(e) => panic!("{text}: {e}"),
    }
}

#[test]
fn trivial_queries_are_optimized_out() {
    let w = world();
    for text in ["Position", "Position, Tag", "(ChildOf, #0)"] {
        assert_eq!(
            plan(&w, text),
            "   Optimized out (trivial query)\n",
            "{text}"
        );
    }
}

#[test]
fn optional_term_is_a_block_without_pop() {
    let w = world();
    assert_eq!(
        plan(&w, "Position, ?Mass"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  4]  option       \n 3. [ 2,  4]   and          $[this]         (Mass)\n 4. [ 2,  5]  end          $[this]          (Mass)\n 5. [ 4,  6]  yield        \n"
    );
}

#[test]
fn fixed_source_terms_go_first_as_with() {
    let w = world();
    assert_eq!(
        plan(&w, "Position, Mass(Moon)"),
        " 0. [-1,  1]  setfix       \n 1. [ 0,  2]  setids       \n 2. [ 1,  3]  with         Moon             (Mass)\n 3. [ 2,  4]  and          $[this]          (Position)\n 4. [ 3,  5]  yield        \n"
    );
}

#[test]
fn wildcards_variables_and_transitive_pairs() {
    let w = world();
    assert_eq!(
        plan(&w, "(Likes, *)"),
        " 0. [-1,  1]  and          $[this]          (Likes, $*'1)\n 1. [ 0,  2]  yield        \n"
    );
    assert_eq!(
        plan(&w, "Likes($this, $x)"),
        " 0. [-1,  1]  and          $[this]          (Likes, $x)\n 1. [ 0,  2]  yield        \n"
    );
    assert_eq!(
        plan(&w, "(IsA, Moon)"),
        " 0. [-1,  1]  trav         $[this]          (IsA, Moon)\n 1. [ 0,  2]  yield        \n"
    );
}

#[test]
fn or_chain_has_no_setids() {
    let w = world();
    assert_eq!(
        plan(&w, "Tag || Mass"),
        " 0. [-1,  3]  or           $[this]\n 1. [ 2,  3]   and          $[this]         (Tag)\n 2. [ 0,  3]   and          $[this]         (Mass)\n 3. [ 0,  4]  end          \n 4. [ 3,  5]  yield        \n"
    );
}

#[test]
fn a_leading_not_or_optional_term_iterates_all_tables_first() {
    let w = world();
    assert_eq!(
        plan(&w, "?Mass"),
        " 0. [-1,  1]  all          $[this]          (_)\n 1. [ 0,  3]  option       \n 2. [ 1,  3]   and          $[this]         (Mass)\n 3. [ 1,  4]  end          $[this]          (Mass)\n 4. [ 3,  5]  yield        \n"
    );
    assert!(
        plan(&w, "!Tag, Position").contains(" 1. [ 0,  2]  all          $[this]          (_)\n")
    );
}

#[test]
fn predicates_and_not_scopes() {
    let w = world();
    assert_eq!(
        plan(&w, "Position, $this == Moon"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  3]  eq           $[this]          (PredEq, Moon)\n 3. [ 2,  4]  yield        \n"
    );
    assert_eq!(
        plan(&w, "Position, !{Tag, Mass}"),
        " 0. [-1,  1]  setfix       \n 1. [ 0,  2]  setids       \n 2. [ 1,  3]  and          $[this]          (Position)\n 3. [ 2,  6]  not          \n 4. [ 3,  5]   and          $[this]         (Tag)\n 5. [ 4,  6]   and          $[this]         (Mass)\n 6. [ 3,  7]  end          \n 7. [ 6,  8]  yield        \n"
    );
}

// Expected texts below are v4.1.6's, from its REST server's `query_plan` for the same
// queries on examples/world/space.json (its `Sun` in place of `Moon`).

#[test]
fn childof_pairs_use_the_hierarchy_operations() {
    let w = world();
    assert_eq!(
        plan(&w, "(ChildOf, Moon)"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  children     $[this]          (ChildOf, Moon)\n 2. [ 1,  3]  yield        \n"
    );
    assert_eq!(
        plan(&w, "(ChildOf, $parent), Position"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  tree_wc      $[this]          (ChildOf, $parent)\n 2. [ 1,  3]  and          $[this]          (Position)\n 3. [ 2,  4]  yield        \n"
    );
    assert_eq!(
        plan(&w, "(ChildOf, *)"),
        " 0. [-1,  1]  children_wc  $[this]          (ChildOf, $*'1)\n 1. [ 0,  2]  yield        \n"
    );
    assert!(plan(&w, "Position, (ChildOf, Moon)")
        .contains(" 2. [ 1,  3]  tree         $[this]          (ChildOf, Moon)\n"));
}

#[test]
fn a_term_on_a_variable_an_optional_term_set_is_an_ifvar_block() {
    let w = world();
    assert_eq!(
        plan(&w, "Position, ?(ChildOf, $parent), Position($parent)"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  4]  option       \n 3. [ 2,  4]   and          $[this]         (ChildOf, $parent)\n 4. [ 2,  5]  end          $[this]          (ChildOf, $parent)\n 5. [ 4,  7]  ifvar        $parent\n 6. [ 5,  7]   and          $parent         (Position)\n 7. [ 5,  8]  end          $parent          (Position)\n 8. [ 7,  9]  setvars      \n 9. [ 8, 10]  yield        \n"
    );
    assert_eq!(
        plan(&w, "Position || Mass, Position"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  4]  or           $[this]\n 2. [ 3,  4]   and          $[this]         (Position)\n 3. [ 1,  4]   and          $[this]         (Mass)\n 4. [ 1,  5]  end          \n 5. [ 4,  7]  ifvar        $[this]\n 6. [ 5,  7]   and          $[this]         (Position)\n 7. [ 5,  8]  end          $[this]          (Position)\n 8. [ 7,  9]  yield        \n"
    );
}

#[test]
fn predicates_and_any_on_a_this_not_found_yet_select_tables_first() {
    let w = world();
    assert_eq!(
        plan(&w, "$this != Moon"),
        " 0. [-1,  1]  all          $[this]          (_)\n 1. [ 0,  2]  neq          $[this]          (PredEq, Moon)\n 2. [ 1,  3]  yield        \n"
    );
    assert_eq!(
        plan(&w, "$this ~= \"Mo\""),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  all          $[this]          (Identifier, Name)\n 2. [ 1,  3]  eq_m         $[this]          (PredMatch, \"Mo\")\n 3. [ 2,  4]  yield        \n"
    );
    assert_eq!(
        plan(&w, "_"),
        " 0. [-1,  1]  all          $[this]          ($_'1)\n 1. [ 0,  2]  yield        \n"
    );
    assert_eq!(
        plan(&w, "(*, *)"),
        " 0. [-1,  1]  and_wct      $[this]          ($*'1, $*'2)\n 1. [ 0,  2]  yield        \n"
    );
    assert_eq!(
        plan(&w, "$x(Moon)"),
        " 0. [-1,  1]  setfix       \n 1. [ 0,  2]  with         Moon             ($x)\n 2. [ 1,  3]  yield        \n"
    );
}
// v4.1.6's `query_plan` for terms on any source (`$this(_)`) on space.json's world.

#[test]
fn a_term_on_any_source_is_ids_after_each_this_and_ends_with_setthis() {
    let w = world();
    assert_eq!(
        plan(&w, "Position, ?$this(_)"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  3]  each         $this            ($[this])\n 3. [ 2,  5]  option       \n 4. [ 3,  5]   ids          $[_'2]          ($this)\n 5. [ 3,  6]  end          $[_'2]           ($this)\n 6. [ 5,  7]  setthis                       ($this)\n 7. [ 6,  8]  yield        \n"
    );
    assert_eq!(
        plan(&w, "Position, $this(_)"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  3]  each         $this            ($[this])\n 3. [ 2,  4]  ids          $[_'2]           ($this)\n 4. [ 3,  5]  setthis                       ($this)\n 5. [ 4,  6]  yield        \n"
    );
    assert_eq!(
        plan(&w, "Position, ?$this(_,_)"),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n 2. [ 1,  3]  each         $this            ($[this])\n 3. [ 2,  5]  option       \n 4. [ 3,  5]   ids                          ($this, $_'2)\n 5. [ 3,  6]  end                           ($this, $_'2)\n 6. [ 5,  7]  setthis                       ($this)\n 7. [ 6,  8]  yield        \n"
    );
}

#[test]
fn the_explorer_search_box_query_checks_the_this_an_optional_term_wrote() {
    let w = world();
    assert_eq!(
        plan(
            &w,
            "$this ~= \"Pos\",?(flecs.doc.Description,flecs.doc.Brief),?$this(_),?$this(_,_),?flecs.core.Module"
        ),
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  all          $[this]          (Identifier, Name)\n 2. [ 1,  3]  eq_m         $[this]          (PredMatch, \"Pos\")\n 3. [ 2,  5]  option       \n 4. [ 3,  5]   and          $[this]         (flecs.doc.Description, flecs.doc.Brief)\n 5. [ 3,  6]  end          $[this]          (flecs.doc.Description, flecs.doc.Brief)\n 6. [ 5,  7]  each         $this            ($[this])\n 7. [ 6,  9]  option       \n 8. [ 7,  9]   ids          $[_'2]          ($this)\n 9. [ 7, 10]  end          $[_'2]           ($this)\n10. [ 9, 14]  ifvar                         ($this)\n11. [10, 13]   option       \n12. [11, 13]    ids                         ($this, $_'3)\n13. [11, 14]   end                          ($this, $_'3)\n14. [10, 15]  end                           ($this, $_'3)\n15. [14, 19]  ifvar        $this\n16. [15, 18]   option       \n17. [16, 18]    and          $this          (Module)\n18. [16, 19]   end          $this           (Module)\n19. [15, 20]  end          $this            (Module)\n20. [19, 21]  setthis                       ($this)\n21. [20, 22]  yield        \n"
    );
}

#[test]
fn a_term_on_any_source_with_ids_not_found_yet_enumerates_or_traverses_them() {
    // 4.1.6's texts for `Sun` in place of `Moon` and `ChildOf` in place of `Likes`.
    let w = world();
    let lead =
        " 0. [-1,  1]  setids       \n 1. [ 0,  2]  and          $[this]          (Position)\n";
    let tail = " 3. [ 2,  4]  yield        \n";
    for (text, op) in [
        (
            "Position, $x(_, Moon)",
            " 2. [ 1,  3]  idsl                          ($x, Moon)\n",
        ),
        (
            "Position, Likes(_, $y)",
            " 2. [ 1,  3]  idsr                          (Likes, $y)\n",
        ),
        (
            "Position, $x(_, *)",
            " 2. [ 1,  3]  idsa                          ($x, $*'2)\n",
        ),
        (
            "Position, $x(_)",
            " 2. [ 1,  3]  idsa                          ($x)\n",
        ),
    ] {
        assert_eq!(plan(&w, text), format!("{lead}{op}{tail}"), "{text}");
    }
}
