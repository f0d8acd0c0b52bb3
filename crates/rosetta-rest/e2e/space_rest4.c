/* The example world of Rosetta's examples/world/space.json, served by a real Flecs v4.1.6
 * REST server (for comparison with `rosetta serve`, e2e/compare4.py). Port: argv[1] (27751 by
 * default). Build: README.md. */
#include "flecs.h"
#include <stdlib.h>

typedef struct { float x, y; } Position;
typedef enum { Star, Planet, Moon } Kind;

/* The types as space.json declares them (`struct`, `enum`): named entities without a symbol,
 * as a Flecs Script `struct` makes them. ECS_COMPONENT would also set the C symbol, which a
 * world script gives only with its `component` op. */
ECS_COMPONENT_DECLARE(Position);
ECS_COMPONENT_DECLARE(Kind);

int main(int argc, char **argv) {
    ecs_world_t *world = ecs_init();
    ecs_id(Position) = ecs_struct(world, { .entity = ecs_entity(world, { .name = "Position" }),
        .members = {
            { .name = "x", .type = ecs_id(ecs_f32_t) },
            { .name = "y", .type = ecs_id(ecs_f32_t) } } });
    ecs_id(Kind) = ecs_enum(world, { .entity = ecs_entity(world, { .name = "Kind" }),
        .constants = { { .name = "Star" }, { .name = "Planet" }, { .name = "Moon" } } });
    ECS_TAG(world, HasRocks);

    ecs_entity_t rocky = ecs_entity(world, { .name = "planets.RockyPlanet", .add = ecs_ids(EcsPrefab) });
    ecs_add(world, rocky, HasRocks);
    ecs_set(world, rocky, Kind, {Planet});
    ecs_doc_set_brief(world, rocky, "A planet made of rock");

    ecs_entity_t sun = ecs_entity(world, { .name = "Sun" });
    ecs_set(world, sun, Kind, {Star});
    ecs_set(world, sun, Position, {0, 0});
    ecs_entity_t earth = ecs_entity(world, { .name = "Sun.Earth" });
    ecs_add_pair(world, earth, EcsIsA, rocky);
    ecs_set(world, earth, Position, {1, 0});
    ecs_doc_set_name(world, earth, "The Earth");
    ecs_entity_t moon = ecs_entity(world, { .name = "Sun.Earth.Moon" });
    ecs_set(world, moon, Kind, {Moon});
    ecs_set(world, moon, Position, {1.1f, 0});
    ecs_entity_t mars = ecs_entity(world, { .name = "Sun.Mars" });
    ecs_add_pair(world, mars, EcsIsA, rocky);

    int port = argc > 1 ? atoi(argv[1]) : 27751;
    return ecs_app_run(world, &(ecs_app_desc_t){ .enable_rest = true, .port = (uint16_t)port,
        .target_fps = 10 });
}
