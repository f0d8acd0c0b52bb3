/* The limits of c_schema.h as Rosetta applies them (issue 27, items 11 and 12):
 * - objects nest at most 100 levels: a chain of 50,000 Schema_AddObject calls stops at level
 *   100 with NULL and an error, and what was built copies, clears, serializes and is destroyed;
 *   a buffer of 100,000 nested levels is refused by Schema_MergeFromBuffer with an error;
 * - field ids 0 and 2^29 and above are refused when added, so that what is written reads back.
 * Run under valgrind by .ci/run: no invalid access, no leak. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_schema.h"

static int failures = 0;
#define CHECK(cond)                                                     \
  do {                                                                  \
    if (!(cond)) {                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                       \
    }                                                                   \
  } while (0)

static const char TOO_DEEP[] = "nesting deeper than 100 object levels";

static int starts_with(const char* text, const char* prefix) {
  return text != NULL && strncmp(text, prefix, strlen(prefix)) == 0;
}

static size_t varint_length(uint64_t value) {
  size_t length = 1;
  while (value >= 0x80) {
    value >>= 7;
    length++;
  }
  return length;
}

static size_t put_varint(uint8_t* out, uint64_t value) {
  size_t length = 0;
  while (value >= 0x80) {
    out[length++] = (uint8_t)(value | 0x80);
    value >>= 7;
  }
  out[length++] = (uint8_t)value;
  return length;
}

/* levels objects, each in field 1 of the one above, the deepest holding 7 at field 2. */
static uint8_t* chain_bytes(size_t levels, size_t* total) {
  size_t* lengths = (size_t*)malloc(levels * sizeof(size_t));
  lengths[0] = 2;
  for (size_t i = 1; i < levels; i++) {
    lengths[i] = 1 + varint_length(lengths[i - 1]) + lengths[i - 1];
  }
  *total = lengths[levels - 1];
  uint8_t* bytes = (uint8_t*)malloc(*total);
  size_t at = 0;
  for (size_t i = levels - 1; i > 0; i--) {
    bytes[at++] = 0x0a;
    at += put_varint(bytes + at, lengths[i - 1]);
  }
  bytes[at++] = 0x10;
  bytes[at++] = 0x07;
  free(lengths);
  return bytes;
}

static uint8_t* serialize(const Schema_Object* object, uint32_t* length) {
  *length = Schema_GetWriteBufferLength(object);
  uint8_t* buffer = (uint8_t*)malloc(*length + 1);
  CHECK(Schema_SerializeToBuffer(object, buffer, *length) == 1);
  return buffer;
}

static void add_object_chain(void) {
  Schema_ComponentData* data = Schema_CreateComponentData();
  Schema_Object* fields = Schema_GetComponentDataFields(data);
  Schema_Object* at = fields;
  Schema_Object* deepest = fields;
  int added = 0;
  for (int i = 0; i < 50000; i++) {
    at = Schema_AddObject(at, 1);
    if (at != NULL) {
      deepest = at;
      added++;
    }
  }
  /* Levels 2 to 100; every call after the refusal was given NULL and did nothing. */
  CHECK(added == 99);
  CHECK(starts_with(Schema_GetError(fields), TOO_DEEP));
  Schema_AddInt32(deepest, 2, 7);

  uint32_t length = 0;
  uint8_t* bytes = serialize(fields, &length);
  size_t expected_length = 0;
  uint8_t* expected = chain_bytes(100, &expected_length);
  CHECK(length == expected_length && memcmp(bytes, expected, length) == 0);

  /* A deep copy, written the same. */
  Schema_ComponentData* copy = Schema_CopyComponentData(data);
  uint32_t copy_length = 0;
  uint8_t* copy_bytes = serialize(Schema_GetComponentDataFields(copy), &copy_length);
  CHECK(copy_length == length && memcmp(copy_bytes, bytes, length) == 0);
  Schema_DestroyComponentData(copy);

  /* The chain read back, level by level, from bytes. */
  Schema_GenericData* read = Schema_CreateGenericData();
  Schema_Object* root = Schema_GetGenericDataObject(read);
  CHECK(Schema_MergeFromBuffer(root, bytes, length) == 1);
  Schema_Object* level = root;
  for (int i = 1; i < 100; i++) {
    level = Schema_GetObject(level, 1);
  }
  CHECK(Schema_GetInt32(level, 2) == 7);
  Schema_DestroyGenericData(read);

  /* Cleared, the objects taken from inside stay valid until the root goes. */
  Schema_Clear(fields);
  CHECK(Schema_GetUniqueFieldIdCount(fields) == 0);
  CHECK(Schema_GetInt32(deepest, 2) == 7);
  CHECK(Schema_GetWriteBufferLength(fields) == 0);

  free(bytes);
  free(expected);
  free(copy_bytes);
  Schema_DestroyComponentData(data);
}

static void merge_deep_buffer(void) {
  Schema_GenericData* data = Schema_CreateGenericData();
  Schema_Object* root = Schema_GetGenericDataObject(data);
  size_t length = 0;
  uint8_t* deep = chain_bytes(100000, &length);
  CHECK(Schema_MergeFromBuffer(root, deep, (uint32_t)length) == 0);
  CHECK(starts_with(Schema_GetError(root), TOO_DEEP));
  CHECK(strstr(Schema_GetError(root), "(at byte ") != NULL);
  CHECK(Schema_GetUniqueFieldIdCount(root) == 0);
  free(deep);

  /* 100 levels are read; merged one level down they would be 101. */
  uint8_t* at_limit = chain_bytes(100, &length);
  Schema_Object* below = Schema_AddObject(root, 2);
  CHECK(Schema_MergeFromBuffer(below, at_limit, (uint32_t)length) == 0);
  CHECK(starts_with(Schema_GetError(root), TOO_DEEP));
  CHECK(Schema_MergeFromBuffer(root, at_limit, (uint32_t)length) == 1);
  free(at_limit);
  Schema_DestroyGenericData(data);
}

static void field_ids(void) {
  static const uint32_t bad[] = {0, 1u << 29, 0xffffffffu};
  Schema_CommandRequest* request = Schema_CreateCommandRequest();
  Schema_Object* object = Schema_GetCommandRequestObject(request);
  const double values[2] = {1.0, 2.0};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    Schema_AddInt32(object, bad[i], 1);
    CHECK(starts_with(Schema_GetError(object), "invalid field id "));
    Schema_AddDoubleList(object, bad[i], values, 2);
    Schema_AddBytes(object, bad[i], (const uint8_t*)"x", 1);
    CHECK(Schema_AddObject(object, bad[i]) == NULL);
  }
  CHECK(strcmp(Schema_GetError(object),
               "invalid field id 4294967295: field ids go from 1 to 536870911") == 0);
  CHECK(Schema_GetUniqueFieldIdCount(object) == 0);

  /* The largest id is written, and what is written reads back. */
  Schema_AddInt32(object, (1u << 29) - 1, 5);
  uint32_t length = 0;
  uint8_t* bytes = serialize(object, &length);
  Schema_CommandRequest* back = Schema_CreateCommandRequest();
  Schema_Object* read = Schema_GetCommandRequestObject(back);
  CHECK(Schema_MergeFromBuffer(read, bytes, length) == 1);
  CHECK(Schema_GetInt32(read, (1u << 29) - 1) == 5);
  free(bytes);
  Schema_DestroyCommandRequest(back);
  Schema_DestroyCommandRequest(request);
}

int main(void) {
  add_object_chain();
  merge_deep_buffer();
  field_ids();
  if (failures != 0) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("limits: ok\n");
  return 0;
}
