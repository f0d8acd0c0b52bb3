/* The example world (examples/world/space.json) built with Flecs v3.2.12's C API and served
 * by Flecs' REST addon on the port given (28123 by default): the oracle the REST tests'
 * expected bytes were taken from (see README.md). */
#include "flecs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef struct { float x, y; } Pos;
int main(int argc, char **argv) {
    ecs_world_t *world = ecs_init();
    ECS_IMPORT(world, FlecsMonitor);
    ecs_entity_t Position = ecs_struct_init(world, &(ecs_struct_desc_t){
        .entity = ecs_entity(world, {.name = "Position"}),
        .members = {{"x", ecs_id(ecs_f32_t)}, {"y", ecs_id(ecs_f32_t)}}});
    ecs_entity_t Kind = ecs_enum_init(world, &(ecs_enum_desc_t){
        .entity = ecs_entity(world, {.name = "Kind"}),
        .constants = {{"Star"}, {"Planet"}, {"Moon"}}});
    ECS_TAG(world, HasRocks);
    ecs_entity_t rocky = ecs_new_prefab(world, "planets.RockyPlanet");
    ecs_add_id(world, rocky, HasRocks);
    int32_t k = 1; ecs_set_id(world, rocky, Kind, sizeof(int32_t), &k);
    ecs_doc_set_brief(world, rocky, "A planet made of rock");
    ecs_entity_t sun = ecs_new_entity(world, "Sun");
    k = 0; ecs_set_id(world, sun, Kind, sizeof(int32_t), &k);
    Pos p = {0, 0}; ecs_set_id(world, sun, Position, sizeof(Pos), &p);
    ecs_entity_t earth = ecs_new_entity(world, "Sun.Earth");
    ecs_add_pair(world, earth, EcsIsA, rocky);
    p = (Pos){1, 0}; ecs_set_id(world, earth, Position, sizeof(Pos), &p);
    ecs_doc_set_name(world, earth, "The Earth");
    ecs_entity_t moon = ecs_new_entity(world, "Sun.Earth.Moon");
    k = 2; ecs_set_id(world, moon, Kind, sizeof(int32_t), &k);
    p = (Pos){1.1f, 0}; ecs_set_id(world, moon, Position, sizeof(Pos), &p);
    ecs_entity_t mars = ecs_new_entity(world, "Sun.Mars");
    ecs_add_pair(world, mars, EcsIsA, rocky);

    /* The monitor samples /stats; the REST addon serves until the process is killed. */
    int port = argc > 1 ? atoi(argv[1]) : 28123;
    ecs_singleton_set(world, EcsRest, {.port = (uint16_t)port});
    for (;;) { ecs_progress(world, 0); usleep(16000); }
}
