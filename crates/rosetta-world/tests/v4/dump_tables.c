/* Writes the tables of a bare Flecs v4.1.6 ecs_init() world in creation order, empty ones
 * included, as JSON: {"tables": [[id, count, [ID, ...]], ...], "count": N, "childof": [...]}.
 * An ID is a full path, or [first, second] for a pair; an anonymous entity is "#<id>".
 * "childof" lists the targets of the (ChildOf, *) records as Flecs links them (newest first).
 * Table ids are handed out in creation order and a bare world deletes no table, so id order is
 * creation order ("count" equal to the highest id plus one says no id was recycled). It reads
 * the store, so it includes the amalgamated source itself:
 *   gcc -O1 -std=gnu99 -I<flecs>/distr dump_tables.c -o dump_tables -lpthread -lm
 *   ./dump_tables > tables_416.json
 *   python3 gen_tables.py tables_416.json > ../../src/builtin/v4_tables.rs */
#include "flecs.c"

static void put_entity(ecs_world_t *w, ecs_entity_t e) {
    if (!e) {
        printf("\"0\"");
        return;
    }
    char path[1024] = "";
    for (ecs_entity_t c = e; c; c = ecs_get_target(w, c, EcsChildOf, 0)) {
        const char *name = ecs_get_name(w, c);
        char seg[64], tmp[1024];
        if (name) {
            snprintf(seg, sizeof seg, "%s", name);
        } else {
            snprintf(seg, sizeof seg, "#%u", (uint32_t)c);
        }
        snprintf(tmp, sizeof tmp, "%s%s%s", seg, path[0] ? "." : "", path);
        memcpy(path, tmp, sizeof path);
    }
    printf("\"%s\"", path);
}

static void put_id(ecs_world_t *w, ecs_id_t id) {
    if (ECS_IS_PAIR(id)) {
        ecs_entity_t second = ECS_PAIR_SECOND(id);
        ecs_entity_t alive = second ? ecs_get_alive(w, second) : 0;
        printf("[");
        put_entity(w, ecs_pair_first(w, id));
        printf(",");
        put_entity(w, alive ? alive : second);
        printf("]");
    } else {
        put_entity(w, id);
    }
}

int main(void) {
    ecs_world_t *world = ecs_init();
    ecs_sparse_t *tables = &world->store.tables;
    int32_t count = flecs_sparse_count(tables), seen = 0;
    printf("{\"tables\": [");
    for (uint64_t id = 0; seen < count; id++) {
        if (!flecs_sparse_is_alive(tables, id)) {
            continue;
        }
        ecs_table_t *t = flecs_sparse_get(tables, 0, id);
        printf("%s\n [%llu, %d, [", seen++ ? "," : "", (unsigned long long)id,
            ecs_table_count(t));
        for (int32_t i = 0; i < t->type.count; i++) {
            printf(i ? ", " : "");
            put_id(world, t->type.array[i]);
        }
        printf("]]");
    }
    printf("],\n\"count\": %d,\n\"childof\": [", count);
    ecs_component_record_t *cr = world->cr_childof_wildcard;
    for (int i = 0; (cr = flecs_component_first_next(cr)); i++) {
        printf(i ? ", " : "");
        put_entity(world, ECS_PAIR_SECOND(cr->id));
    }
    printf("]}\n");
    return ecs_fini(world);
}
