/* Writes the world JSON of a bare Flecs v4.1.6 ecs_init() world, builtins and modules included. */
#include "flecs.h"
#include <stdio.h>
int main(void) {
    ecs_world_t *world = ecs_init();
    ecs_world_to_json_desc_t desc = { .serialize_builtin = true, .serialize_modules = true };
    char *json = ecs_world_to_json(world, &desc);
    if (!json) return 1;
    puts(json);
    ecs_os_free(json);
    return ecs_fini(world);
}
