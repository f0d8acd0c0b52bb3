/* Writes the type of every entity of a bare Flecs v4.1.6 ecs_init() world, one a line:
 * "PATH<TAB>ID ID ...", the ids sorted by their text, an id as a full path (an anonymous entity
 * is "#"), a pair as "(FIRST,SECOND)"; lines sorted (LC_ALL=C). A query that visits every table
 * lists an entity where its table comes, so Rosetta's v4 builtins must have these types
 * (tests/v4_builtin_world.rs). Built against the v4.1.6 amalgamation:
 *   gcc -O1 -std=gnu99 -I<flecs>/distr <flecs>/distr/flecs.c dump_types.c -o dump_types -lpthread -lm
 *   ./dump_types | LC_ALL=C sort > types_416.txt */
#include "flecs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void path(ecs_world_t *w, ecs_entity_t e, char *out, size_t size) {
    char buf[1024] = "";
    for (ecs_entity_t c = e; c; c = ecs_get_target(w, c, EcsChildOf, 0)) {
        const char *n = ecs_get_name(w, c);
        char tmp[1024];
        snprintf(tmp, sizeof tmp, "%s%s%s", n ? n : "#", buf[0] ? "." : "", buf);
        memcpy(buf, tmp, sizeof buf);
    }
    snprintf(out, size, "%s", e ? buf : "0");
}

static int by_text(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
    ecs_world_t *w = ecs_init();
    ecs_entities_t all = ecs_get_entities(w);
    for (int i = 0; i < all.alive_count; i++) {
        ecs_entity_t e = all.ids[i];
        char p[1024];
        path(w, e, p, sizeof p);
        printf("%s\t", p);
        const ecs_type_t *t = ecs_get_type(w, e);
        int count = t ? t->count : 0;
        char **ids = calloc((size_t)count + 1, sizeof(char *));
        for (int j = 0; j < count; j++) {
            ecs_id_t id = t->array[j];
            char a[1024], b[1024], s[2100];
            if (ECS_IS_PAIR(id)) {
                ecs_entity_t second = ECS_PAIR_SECOND(id);
                ecs_entity_t alive = second ? ecs_get_alive(w, second) : 0;
                path(w, ecs_pair_first(w, id), a, sizeof a);
                path(w, alive ? alive : second, b, sizeof b);
                snprintf(s, sizeof s, "(%s,%s)", a, b);
            } else {
                path(w, id, s, sizeof s);
            }
            ids[j] = strdup(s);
        }
        qsort(ids, (size_t)count, sizeof(char *), by_text);
        for (int j = 0; j < count; j++) {
            printf("%s%s", j ? " " : "", ids[j]);
            free(ids[j]);
        }
        free(ids);
        printf("\n");
    }
    return ecs_fini(w);
}
