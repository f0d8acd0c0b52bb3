//! `query_info`, `query_plan` and `query_profile` over a loopback server, compared with what
//! Flecs v3.2.12's REST server answers for the same world (the example world built with the
//! C API: the same components, prefab, entities and values).

mod common;

use common::{encode_uri_component, Server};
use rosetta_rest::Options;
use rosetta_world::FlecsVersion;

fn server() -> Server {
    Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    )
}

#[test]
fn query_info_and_plan_as_flecs_writes_them() {
    let s = server();
    for (q, expected) in [
        (
            r##"Position, ?Kind, (ChildOf, $p)"##,
            r##"{"vars":["p"], "query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":true, "oper":"optional", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "dont_inherit":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.ChildOf", "symbol":"EcsChildOf"}, "second":{"var":"p"}, "flags":["self"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 4[[0;49m]  option      \n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 4. [[[0;37m 2[[0;49m, [[0;32m 5[[0;49m]  end         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  and         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mChildOf[[0;49m, [[0;32m$[[0;49m[[0;32mp[[0;49m)\n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  pop         \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"HasRocks, !Kind, ?Position($x), (ChildOf, *), (IsA, _), [none] Position, [in] Kind(up), Position(cascade), $this == Sun, Position(Sun), Kind || Position, Position(self), (*, *)"##,
            r##"{"vars":["x"], "query_info":{"terms":[{"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"HasRocks"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"not", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":true, "oper":"optional", "src":{"var":"x"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "dont_inherit":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.ChildOf", "symbol":"EcsChildOf"}, "second":{"var":"*"}, "flags":["self"]}, {"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "second":{"var":"_"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"in", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["up"]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["cascade"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.PredEq", "symbol":"EcsPredEq"}, "second":{"entity":"Sun"}, "flags":["self"]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"entity":"Sun"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":true, "oper":"or", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "flags":["self"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"var":"*"}, "second":{"var":"*"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setfix      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  setids      \n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mHasRocks[[0;49m)\n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 5[[0;49m]  not         \n[[0;49m 4. [[[0;37m 3[[0;49m, [[0;32m 5[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 5. [[[0;37m 3[[0;49m, [[0;32m 6[[0;49m]  end         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 8[[0;49m]  option      \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 8. [[[0;37m 6[[0;49m, [[0;32m 9[[0;49m]  end         [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 9. [[[0;37m 8[[0;49m, [[0;32m10[[0;49m]  and         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mChildOf[[0;49m, [[0;32m$[[0;49m[[0;32m*'3[[0;49m)\n[[0;49m10. [[[0;37m 9[[0;49m, [[0;32m11[[0;49m]  andany      [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mIsA[[0;49m, [[0;32m$[[0;49m[[0;32m_'4[[0;49m)\n[[0;49m11. [[[0;37m10[[0;49m, [[0;32m12[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m12. [[[0;37m11[[0;49m, [[0;32m13[[0;49m]  upid        [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m13. [[[0;37m12[[0;49m, [[0;32m14[[0;49m]  upid        [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m14. [[[0;37m13[[0;49m, [[0;32m15[[0;49m]  eq                            ([[0;32m$[[0;49m[[[0;32mthis[[0;49m], [[0;34mSun[[0;49m)\n[[0;49m15. [[[0;37m14[[0;49m, [[0;32m16[[0;49m]  selfupid    [[0;34mSun[[0;49m               ([[0;34mPosition[[0;49m)\n[[0;49m16. [[[0;37m15[[0;49m, [[0;32m19[[0;49m]  or          [[0;32m$[[0;49m[[[0;32mthis[[0;49m]\n[[0;49m17. [[[0;37m18[[0;49m, [[0;32m19[[0;49m]   selfup     [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m18. [[[0;37m16[[0;49m, [[0;32m19[[0;49m]   selfup     [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m19. [[[0;37m16[[0;49m, [[0;32m20[[0;49m]  end         \n[[0;49m20. [[[0;37m19[[0;49m, [[0;32m21[[0;49m]  andid       [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m21. [[[0;37m20[[0;49m, [[0;32m22[[0;49m]  selfup      [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;32m$[[0;49m[[0;32m*'5[[0;49m, [[0;32m$[[0;49m[[0;32m*'6[[0;49m)\n[[0;49m22. [[[0;37m21[[0;49m, [[0;32m23[[0;49m]  each        [[0;32m$[[0;49m[[0;32mx[[0;49m                ([[0;32m$[[0;49m[[[0;32mx[[0;49m])\n[[0;49m23. [[[0;37m22[[0;49m, [[0;32m24[[0;49m]  setvars     \n[[0;49m24. [[[0;37m23[[0;49m, [[0;32m25[[0;49m]  pop         \n[[0;49m25. [[[0;37m24[[0;49m, [[0;32m26[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Position($p), $p == "Sun""##,
            r##"{"vars":["p"], "query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"p"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"var":"p"}, "first":{"entity":"flecs.core.PredEq", "symbol":"EcsPredEq"}, "second":{"name":"Sun"}, "flags":["self"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mp[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  eq_nm                         ([[0;32m$[[0;49m[[[0;32mp[[0;49m], [[0;33m\"Sun\"[[0;49m)\n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]  each        [[0;32m$[[0;49m[[0;32mp[[0;49m                ([[0;32m$[[0;49m[[[0;32mp[[0;49m])\n[[0;49m 4. [[[0;37m 3[[0;49m, [[0;32m 5[[0;49m]  setvars     \n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  pop         \n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Kind(up(ChildOf))"##,
            r##"{"query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.ChildOf", "symbol":"EcsChildOf"}, "flags":["up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  upid        [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  pop         \n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Position || Kind || HasRocks"##,
            r##"{"query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"or", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "oper":"or", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"HasRocks"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 4[[0;49m]  or          [[0;32m$[[0;49m[[[0;32mthis[[0;49m]\n[[0;49m 1. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]   selfup     [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m 2. [[[0;37m 3[[0;49m, [[0;32m 4[[0;49m]   selfup     [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 3. [[[0;37m 0[[0;49m, [[0;32m 4[[0;49m]   selfup     [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mHasRocks[[0;49m)\n[[0;49m 4. [[[0;37m 0[[0;49m, [[0;32m 5[[0;49m]  end         \n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Position, !{Kind, HasRocks}"##,
            r##"{"query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"not", "src":{"entity":"0"}, "first":{"entity":"flecs.core.ScopeOpen", "symbol":"EcsScopeOpen"}, "flags":[]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"HasRocks"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"entity":"0"}, "first":{"entity":"flecs.core.ScopeClose", "symbol":"EcsScopeClose"}, "flags":[]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setfix      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  setids      \n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mPosition[[0;49m)\n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 6[[0;49m]  not         \n[[0;49m 4. [[[0;37m 3[[0;49m, [[0;32m 5[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mKind[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mHasRocks[[0;49m)\n[[0;49m 6. [[[0;37m 3[[0;49m, [[0;32m 7[[0;49m]  end         \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  pop         \n[[0;49m 8. [[[0;37m 7[[0;49m, [[0;32m 9[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Position($x), (ChildOf, $x), Kind($y)"##,
            r##"{"vars":["x", "y"], "query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"x"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "dont_inherit":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.ChildOf", "symbol":"EcsChildOf"}, "second":{"var":"x"}, "flags":["self"]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"var":"y"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  each        [[0;32m$[[0;49m[[0;32mx[[0;49m                ([[0;32m$[[0;49m[[[0;32mx[[0;49m])\n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]  and         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mChildOf[[0;49m, [[0;32m$[[0;49m[[0;32mx[[0;49m)\n[[0;49m 4. [[[0;37m 3[[0;49m, [[0;32m 5[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32my[[0;49m]              ([[0;34mKind[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  each        [[0;32m$[[0;49m[[0;32my[[0;49m                ([[0;32m$[[0;49m[[[0;32my[[0;49m])\n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  setvars     \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  pop         \n[[0;49m 8. [[[0;37m 7[[0;49m, [[0;32m 9[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Kind($x), ?Position($x)"##,
            r##"{"vars":["x"], "query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"x"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":true, "oper":"optional", "src":{"var":"x"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mKind[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 4[[0;49m]  option      \n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 4. [[[0;37m 2[[0;49m, [[0;32m 5[[0;49m]  end         [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  each        [[0;32m$[[0;49m[[0;32mx[[0;49m                ([[0;32m$[[0;49m[[[0;32mx[[0;49m])\n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  setvars     \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  pop         \n[[0;49m 8. [[[0;37m 7[[0;49m, [[0;32m 9[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"(ChildOf, $p), Position($p), $p != Sun, $p ~= "Ea""##,
            r##"{"vars":["p"], "query_info":{"terms":[{"inout":"default", "has_data":false, "dont_inherit":true, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.ChildOf", "symbol":"EcsChildOf"}, "second":{"var":"p"}, "flags":["self"]}, {"inout":"default", "has_data":true, "oper":"and", "src":{"var":"p"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"not", "src":{"var":"p"}, "first":{"entity":"flecs.core.PredEq", "symbol":"EcsPredEq"}, "second":{"entity":"Sun"}, "flags":["self"]}, {"inout":"none", "has_data":false, "oper":"and", "src":{"var":"p"}, "first":{"entity":"flecs.core.PredMatch", "symbol":"EcsPredMatch"}, "second":{"name":"Ea"}, "flags":["self"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  and         [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mChildOf[[0;49m, [[0;32m$[[0;49m[[0;32mp[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 3[[0;49m]  selfupid    [[0;32m$[[0;49m[[0;32mp[[0;49m                ([[0;34mPosition[[0;49m)\n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]  neq                           ([[0;32m$[[0;49m[[0;32mp[[0;49m, [[0;34mSun[[0;49m)\n[[0;49m 4. [[[0;37m 3[[0;49m, [[0;32m 5[[0;49m]  eq_m                          ([[0;32m$[[0;49m[[0;32mp[[0;49m, [[0;33m\"Ea\"[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  setvars     \n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  pop         \n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"*"##,
            r##"{"query_info":{"terms":[{"inout":"none", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"var":"*"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  selfup      [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;32m$[[0;49m[[0;32m*'1[[0;49m)\n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  yield       \n"}"##,
        ),
        (
            r##"Kind($x), !Position($x), (IsA, $x)"##,
            r##"{"vars":["x"], "query_info":{"terms":[{"inout":"default", "has_data":true, "oper":"and", "src":{"var":"x"}, "first":{"entity":"Kind", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"none", "has_data":false, "oper":"not", "src":{"var":"x"}, "first":{"entity":"Position", "type":true}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}, {"inout":"default", "has_data":false, "oper":"and", "src":{"var":"this"}, "first":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "second":{"var":"x"}, "trav":{"entity":"flecs.core.IsA", "symbol":"EcsIsA"}, "flags":["self", "up"]}]}, "query_plan":"[[0;49m 0. [[[0;37m-1[[0;49m, [[0;32m 1[[0;49m]  setids      \n[[0;49m 1. [[[0;37m 0[[0;49m, [[0;32m 2[[0;49m]  selfupid    [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mKind[[0;49m)\n[[0;49m 2. [[[0;37m 1[[0;49m, [[0;32m 4[[0;49m]  not         \n[[0;49m 3. [[[0;37m 2[[0;49m, [[0;32m 4[[0;49m]   selfupid   [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 4. [[[0;37m 2[[0;49m, [[0;32m 5[[0;49m]  end         [[0;32m$[[0;49m[[[0;32mx[[0;49m]              ([[0;34mPosition[[0;49m)\n[[0;49m 5. [[[0;37m 4[[0;49m, [[0;32m 6[[0;49m]  each        [[0;32m$[[0;49m[[0;32mx[[0;49m                ([[0;32m$[[0;49m[[[0;32mx[[0;49m])\n[[0;49m 6. [[[0;37m 5[[0;49m, [[0;32m 7[[0;49m]  trav        [[0;32m$[[0;49m[[[0;32mthis[[0;49m]           ([[0;34mIsA[[0;49m, [[0;32m$[[0;49m[[0;32mx[[0;49m)\n[[0;49m 7. [[[0;37m 6[[0;49m, [[0;32m 8[[0;49m]  setvars     \n[[0;49m 8. [[[0;37m 7[[0;49m, [[0;32m 9[[0;49m]  pop         \n[[0;49m 9. [[[0;37m 8[[0;49m, [[0;32m10[[0;49m]  yield       \n"}"##,
        ),
    ] {
        let r = s.get(&format!(
            "/query?q={}&query_info=true&query_plan=true&results=false",
            encode_uri_component(q)
        ));
        assert_eq!((r.code, r.body.as_str()), (200, expected), "{q}");
    }
}

#[test]
fn query_profile_counts_one_evaluation() {
    let s = server();
    // Flecs' counts for the same queries; the times vary from run to run.
    for (q, counts) in [
        (
            "Position, (ChildOf, $p)",
            [
                ("result_count", 2),
                ("entity_count", 2),
                ("component_bytes", 16),
                ("shared_component_bytes", 0),
            ],
        ),
        (
            "Position($p), $p == \"Sun\"",
            [
                ("result_count", 1),
                ("entity_count", 0),
                ("component_bytes", 0),
                ("shared_component_bytes", 8),
            ],
        ),
        (
            "Position(up(ChildOf))",
            [
                ("result_count", 3),
                ("entity_count", 3),
                ("component_bytes", 0),
                ("shared_component_bytes", 24),
            ],
        ),
        (
            "Position, ?Position(up(ChildOf)), HasRocks",
            [
                ("result_count", 1),
                ("entity_count", 1),
                ("component_bytes", 8),
                ("shared_component_bytes", 8),
            ],
        ),
    ] {
        let r = s.get(&format!(
            "/query?q={}&query_profile=true&results=false",
            encode_uri_component(q)
        ));
        let v: serde_json::Value = serde_json::from_str(&r.body).expect("JSON");
        let p = &v["query_profile"];
        assert_eq!(p["eval_count"], 1, "{q}: {}", r.body);
        for (key, n) in counts {
            assert_eq!(p[key], n, "{q} {key}: {}", r.body);
        }
        let keys: Vec<&str> = p
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys.len(), 8, "{}", r.body);
        let (min, avg, max) = (
            &p["eval_time_min_us"],
            &p["eval_time_avg_us"],
            &p["eval_time_max_us"],
        );
        assert!(
            min.as_f64() <= avg.as_f64() && avg.as_f64() <= max.as_f64(),
            "{}",
            r.body
        );
        assert!(
            r.body.starts_with(r#"{"vars":["#)
                || r.body
                    .starts_with(r#"{"query_profile":{"eval_count":1, "result_count":"#),
            "{}",
            r.body
        );
    }
}

#[test]
fn every_query_shape_gets_its_info_plan_and_profile() {
    let s = server();
    for q in [
        "0",
        "Position, {Kind || HasRocks}, !{Kind}",
        "Position || Kind || HasRocks",
        "(ChildOf, $p), Position($p), $p != Sun, $p ~= \"Ea\"",
        "*",
        "(*, _), Position(Sun.Earth), Kind(up(ChildOf)), ?Position(cascade(ChildOf))",
        "[none] Position, !Kind, $this != \"Sun\"",
    ] {
        let r = s.get(&format!(
            "/query?q={}&query_info=true&query_plan=true&query_profile=true",
            encode_uri_component(q)
        ));
        assert_eq!(r.code, 200, "{q}: {}", r.body);
        let v: serde_json::Value = serde_json::from_str(&r.body).expect("JSON");
        assert!(v["query_info"]["terms"].is_array(), "{q}: {}", r.body);
        let plan = v["query_plan"].as_str().unwrap_or_default();
        assert!(plan.ends_with("yield       \n"), "{q}: {plan}");
        assert!(v["query_profile"]["result_count"].is_number(), "{q}");
    }
}
