/* The generator of crates/rosetta-conformance/data/flecs4_416.json: the expected text of the
 * flecs4 cases whose Flecs 4.1.2 output (flecs4.json, from flecs4_cases.rs and flecs_ecs) is not
 * what Flecs v4.1.6 writes, written by a real v4.1.6 build. Built and run outside the
 * repository, against the v4.1.6 amalgamation (tag v4.1.6 of SanderMertens/flecs, distr/), as
 * the e2e server is built (crates/rosetta-rest/e2e/README.md: no NDEBUG, so the debug-only
 * builtin observers are there as in that server):
 *
 *   cc -O1 -o /tmp/flecs4_416 crates/rosetta-flecs/tests/flecs4_cases_416.c \
 *      $FLECS/distr/flecs.c -I $FLECS/distr -lm -lpthread
 *   python3 -c 'import json,sys
 *   d=json.load(open(sys.argv[1]))
 *   for n,ops in d["worlds"].items():
 *     print("world",n)
 *     for o in ops: print("\t".join(x if isinstance(x,str) else json.dumps(x) for x in o))
 *     for c in d["cases"]:
 *       if c["world"]==n and c["kind"]=="query" and not c["name"].endswith("/tree"):
 *         print("\t".join(["query",c["name"],c["expr"],json.dumps(c["options"]),
 *                          str(c["offset"]),str(c["limit"])]))
 *   ' crates/rosetta-conformance/data/flecs4.json | /tmp/flecs4_416 \
 *     > crates/rosetta-conformance/data/flecs4_416.json
 *
 * Input: the worlds of flecs4.json, one op a line, fields separated by tabs (a field that is
 * not a string is its JSON text): "world NAME" starts a world; then "tag P", "entity P",
 * "prefab P", "struct P [["x","f32"],...]", "add P ID", "set P ID VALUE", "doc P KIND TEXT",
 * where ID is a path or a JSON pair ["R","T"]; then the world's query cases, "query NAME EXPR
 * OPTIONS OFFSET LIMIT" (OPTIONS the case's JSON object of REST options), each written as
 * its case NAME as it is read. Each world is built with the C API as flecs4_cases.rs builds
 * it in 4.1.2 (ecs_entity_init, ecs_struct_init, ecs_ptr_from_json), and the cases
 * "<world>/tree" (the explorer's tree query, doc and entity ids) and "<world>/world"
 * (ecs_world_to_json) are written when the world ends. */

#include "flecs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_FIELDS 8

static const char *TREE = "[none] ?flecs.core.Module, [none] ?flecs.core.Component, "
                          "[none] ?flecs.core.Prefab, [none] ?flecs.core.Disabled";

static ecs_entity_t entity(ecs_world_t *w, const char *path) {
    ecs_entity_t e = ecs_lookup(w, path);
    if (e) {
        return e;
    }
    ecs_entity_desc_t d = {0};
    d.name = path;
    d.sep = ".";
    return ecs_entity_init(w, &d);
}

/* A path, or a pair written as the JSON array ["R","T"]. */
static ecs_id_t id_of(ecs_world_t *w, char *s) {
    if (s[0] != '[') {
        return entity(w, s);
    }
    char first[256], second[256];
    if (sscanf(s, "[\"%255[^\"]\",\"%255[^\"]\"]", first, second) != 2 &&
        sscanf(s, "[\"%255[^\"]\", \"%255[^\"]\"]", first, second) != 2) {
        fprintf(stderr, "bad pair %s\n", s);
        exit(1);
    }
    return ecs_pair(entity(w, first), entity(w, second));
}

/* [["x","f32"],["y","f32"]] as an ecs_struct_desc_t. */
static void struct_of(ecs_world_t *w, const char *path, const char *members) {
    ecs_struct_desc_t d = {0};
    d.entity = entity(w, path);
    static char names[ECS_MEMBER_DESC_CACHE_SIZE][128];
    const char *p = members;
    int i = 0;
    char name[128], type[128];
    while ((p = strstr(p, "[\"")) && i < ECS_MEMBER_DESC_CACHE_SIZE) {
        int n = 0;
        if (sscanf(p, "[\"%127[^\"]\",\"%127[^\"]\"]%n", name, type, &n) != 2 &&
            sscanf(p, "[\"%127[^\"]\", \"%127[^\"]\"]%n", name, type, &n) != 2) {
            p += 2;
            continue;
        }
        char prim[160];
        snprintf(prim, sizeof(prim), "flecs.meta.%s", type);
        strcpy(names[i], name);
        d.members[i].name = names[i];
        d.members[i].type = ecs_lookup(w, prim);
        i++;
        p += n;
    }
    ecs_struct_init(w, &d);
}

static void op(ecs_world_t *w, char **f, int n) {
    const char *o = f[0];
    if (!strcmp(o, "tag") || !strcmp(o, "entity")) {
        entity(w, f[1]);
    } else if (!strcmp(o, "prefab")) {
        ecs_add_id(w, entity(w, f[1]), EcsPrefab);
    } else if (!strcmp(o, "struct") && n >= 3) {
        struct_of(w, f[1], f[2]);
    } else if (!strcmp(o, "add") && n >= 3) {
        ecs_add_id(w, entity(w, f[1]), id_of(w, f[2]));
    } else if (!strcmp(o, "set") && n >= 4) {
        ecs_entity_t e = entity(w, f[1]);
        ecs_id_t id = id_of(w, f[2]);
        ecs_entity_t type = ecs_get_typeid(w, id);
        const ecs_type_info_t *ti = ecs_get_type_info(w, id);
        void *ptr = ecs_ensure_id(w, e, id, (size_t)ti->size);
        ecs_ptr_from_json(w, type, ptr, f[3], NULL);
        ecs_modified_id(w, e, id);
    } else if (!strcmp(o, "doc") && n >= 4) {
        ecs_entity_t e = entity(w, f[1]);
        if (!strcmp(f[2], "name")) {
            ecs_doc_set_name(w, e, f[3]);
        } else if (!strcmp(f[2], "brief")) {
            ecs_doc_set_brief(w, e, f[3]);
        } else if (!strcmp(f[2], "color")) {
            ecs_doc_set_color(w, e, f[3]);
        }
    } else {
        fprintf(stderr, "unsupported op %s\n", o);
        exit(1);
    }
}

static void json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            printf("\\%c", c);
        } else if (c == '\n') {
            printf("\\n");
        } else if (c < 0x20) {
            printf("\\u%04x", c);
        } else {
            putchar(c);
        }
    }
    putchar('"');
}

static int cases = 0;

static void emit(const char *world, const char *kind, char *text) {
    printf("%s\n    ", cases++ ? "," : "");
    char name[512];
    if (kind) {
        snprintf(name, sizeof(name), "%s/%s", world, kind);
    } else {
        snprintf(name, sizeof(name), "%s", world);
    }
    json_string(name);
    printf(": ");
    if (text) {
        json_string(text);
        ecs_os_free(text);
    } else {
        printf("null");
    }
}

/* The value of the boolean member KEY of the JSON object OPTS ("{\"doc\": true}"), or
 * DFLT when it is not there. */
static bool option(const char *opts, const char *key, bool dflt) {
    char quoted[64];
    snprintf(quoted, sizeof(quoted), "\"%s\":", key);
    const char *at = strstr(opts, quoted);
    if (!at) {
        return dflt;
    }
    at += strlen(quoted);
    while (*at == ' ') {
        at++;
    }
    return !strncmp(at, "true", 4);
}

/* A query case: ecs_query_init on EXPR (default cache kind, as flecs_ecs' query_init in
 * flecs4_cases.rs), the REST options as the iter_to_json desc, paged as /query pages. */
static void query_case(ecs_world_t *w, char **f, int n) {
    if (n < 6) {
        fprintf(stderr, "a query line needs 6 fields\n");
        exit(1);
    }
    const char *opts = f[3];
    ecs_iter_to_json_desc_t d = ECS_ITER_TO_JSON_INIT;
    d.serialize_entity_ids = option(opts, "entity_ids", false);
    d.serialize_values = option(opts, "values", true);
    d.serialize_builtin = option(opts, "builtin", false);
    d.serialize_doc = option(opts, "doc", false);
    d.serialize_full_paths = option(opts, "full_paths", true);
    d.serialize_fields = option(opts, "fields", true);
    d.serialize_inherited = option(opts, "inherited", false);
    d.serialize_table = option(opts, "table", false);
    d.serialize_type_info = option(opts, "type_info", false);
    d.serialize_field_info = option(opts, "field_info", false);
    d.serialize_query_info = option(opts, "query_info", false);
    d.serialize_query_plan = option(opts, "query_plan", false);
    d.serialize_query_profile = option(opts, "query_profile", false);
    d.dont_serialize_results = !option(opts, "results", true);
    ecs_query_t *q = ecs_query(w, {.expr = f[2]});
    char *text = NULL;
    if (q) {
        d.query = q;
        ecs_iter_t it = ecs_query_iter(w, q);
        ecs_iter_t pit = ecs_page_iter(&it, atoi(f[4]), atoi(f[5]));
        text = ecs_iter_to_json(&pit, &d);
        ecs_query_fini(q);
    }
    emit(f[1], NULL, text);
}

static void finish(ecs_world_t *w, const char *name) {
    if (!w) {
        return;
    }
    ecs_query_t *q = ecs_query(w, {.expr = TREE});
    ecs_iter_to_json_desc_t d = ECS_ITER_TO_JSON_INIT;
    d.serialize_doc = true;
    d.serialize_entity_ids = true;
    d.query = q;
    ecs_iter_t it = ecs_query_iter(w, q);
    ecs_iter_t pit = ecs_page_iter(&it, 0, 1000);
    emit(name, "tree", ecs_iter_to_json(&pit, &d));
    ecs_query_fini(q);
    emit(name, "world", ecs_world_to_json(w, NULL));
    ecs_fini(w);
}

int main(void) {
    static char line[MAX_LINE];
    char world[128] = "";
    ecs_world_t *w = NULL;
    const ecs_build_info_t *b = ecs_get_build_info();
    printf("{\n  \"about\": \"The flecs4 cases whose Flecs 4.1.2 text (flecs4.json) differs from "
           "v4.1.6's, written by a real Flecs v4.1.6 build: crates/rosetta-flecs/tests/"
           "flecs4_cases_416.c (see its header). Entity ids and timings are compared as "
           "placeholders.\",\n  \"flecs\": \"%s\",\n  \"cases\": {", b->version);
    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *f[MAX_FIELDS];
        int n = 0;
        for (char *t = strtok(line, "\t"); t && n < MAX_FIELDS; t = strtok(NULL, "\t")) {
            f[n++] = t;
        }
        if (!n) {
            continue;
        }
        if (!strncmp(f[0], "world ", 6)) {
            finish(w, world);
            snprintf(world, sizeof(world), "%s", f[0] + 6);
            w = ecs_init();
            continue;
        }
        if (!w) {
            fprintf(stderr, "an op before a world\n");
            return 1;
        }
        /* A JSON string field ("x") is unquoted; others stay JSON text. */
        for (int i = 1; i < n; i++) {
            size_t len = strlen(f[i]);
            if (len >= 2 && f[i][0] == '"' && f[i][len - 1] == '"') {
                f[i][len - 1] = 0;
                f[i]++;
            }
        }
        if (!strcmp(f[0], "query")) {
            query_case(w, f, n);
        } else {
            op(w, f, n);
        }
    }
    finish(w, world);
    printf("\n  }\n}\n");
    return 0;
}
