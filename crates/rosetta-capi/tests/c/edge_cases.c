/* The memory and error rules of c_schema.h as Rosetta implements them (issue 22, point 3):
 * NULL accepted everywhere, defaults for absent fields and out-of-range indices, the default
 * and an error for a field read as another type, objects valid until their root is destroyed,
 * buffers that may go at once, the update algebra, the bundle and the JSON functions.
 *
 * Usage: edge_cases BUNDLE.sb (the test schema of tests/c_programs.rs, binary). */
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

static uint8_t* serialize(const Schema_Object* object, uint32_t* length) {
  *length = Schema_GetWriteBufferLength(object);
  uint8_t* buffer = (uint8_t*)malloc(*length + 1);
  CHECK(Schema_SerializeToBuffer(object, buffer, *length) == 1);
  return buffer;
}

static void null_arguments(void) {
  Schema_AddFloat(NULL, 1, 1.0f);
  Schema_AddInt64List(NULL, 1, NULL, 3);
  CHECK(Schema_GetDoubleCount(NULL, 1) == 0);
  CHECK(Schema_GetSint64(NULL, 1) == 0);
  CHECK(Schema_IndexEnum(NULL, 1, 0) == 0);
  Schema_GetBoolList(NULL, 1, NULL);
  Schema_AddBytes(NULL, 1, NULL, 0);
  CHECK(Schema_GetBytes(NULL, 1) != NULL);
  CHECK(Schema_GetBytesLength(NULL, 1) == 0);
  CHECK(Schema_AddObject(NULL, 1) == NULL);
  CHECK(Schema_GetObject(NULL, 1) == NULL);
  CHECK(Schema_IndexObject(NULL, 1, 0) == NULL);
  Schema_Clear(NULL);
  Schema_ClearField(NULL, 1);
  Schema_ShallowCopy(NULL, NULL);
  Schema_ShallowCopyField(NULL, NULL, 1);
  CHECK(Schema_AllocateObject(NULL) == NULL);
  CHECK(Schema_AllocateBuffer(NULL, 4) == NULL);
  CHECK(Schema_MergeFromBuffer(NULL, NULL, 0) == 0);
  CHECK(Schema_GetWriteBufferLength(NULL) == 0);
  CHECK(Schema_SerializeToBuffer(NULL, NULL, 0) == 0);
  CHECK(Schema_GetError(NULL) == NULL);
  CHECK(Schema_GetUniqueFieldIdCount(NULL) == 0);
  Schema_GetUniqueFieldIds(NULL, NULL);

  CHECK(Schema_CopyComponentData(NULL) == NULL);
  Schema_DestroyComponentData(NULL);
  Schema_DestroyComponentUpdate(NULL);
  Schema_DestroyCommandRequest(NULL);
  Schema_DestroyCommandResponse(NULL);
  Schema_DestroyGenericData(NULL);
  CHECK(Schema_GetComponentDataFields(NULL) == NULL);
  CHECK(Schema_GetComponentUpdateEvents(NULL) == NULL);
  Schema_AddComponentUpdateClearedField(NULL, 1);
  CHECK(Schema_GetComponentUpdateClearedFieldCount(NULL) == 0);
  CHECK(Schema_ApplyComponentUpdateToData(NULL, NULL) == 0);
  CHECK(Schema_MergeComponentUpdateIntoUpdate(NULL, NULL) == 0);
  CHECK(Schema_ConvertComponentDataIntoUpdate(NULL, 1, NULL, NULL, NULL) == NULL);

  Schema_Bundle* bundle = Schema_Bundle_Load(NULL, 10);
  CHECK(bundle != NULL && Schema_Bundle_GetError(bundle) != NULL);
  Schema_Bundle_Destroy(bundle);
  Schema_Bundle_Destroy(NULL);
  CHECK(Schema_Bundle_GetError(NULL) == NULL);
  CHECK(Schema_Json_LoadComponentData(NULL, 54, NULL) == NULL);
  CHECK(Schema_Json_GetLastError() != NULL);
  CHECK(Schema_Json_DumpObject(NULL, NULL, NULL) == NULL);
  CHECK(Schema_Json_GetJsonString(NULL) == NULL);
  Schema_Json_Destroy(NULL);

  /* A NULL array with a count is refused with an error; with no count it is nothing. */
  Schema_GenericData* data = Schema_CreateGenericData();
  Schema_Object* object = Schema_GetGenericDataObject(data);
  Schema_AddUint32List(object, 1, NULL, 0);
  CHECK(Schema_GetError(object) == NULL);
  Schema_AddUint32List(object, 1, NULL, 2);
  CHECK(Schema_GetError(object) != NULL);
  CHECK(Schema_GetUint32Count(object, 1) == 0);
  Schema_DestroyGenericData(data);
}

static void defaults_and_wrong_types(void) {
  Schema_GenericData* data = Schema_CreateGenericData();
  Schema_Object* object = Schema_GetGenericDataObject(data);

  /* Absent fields: defaults, no error. */
  CHECK(Schema_GetInt32(object, 9) == 0);
  CHECK(Schema_GetDouble(object, 9) == 0.0);
  CHECK(Schema_GetBytesLength(object, 9) == 0);
  CHECK(Schema_GetBytes(object, 9) != NULL);
  CHECK(Schema_GetError(object) == NULL);

  /* Out of range: the default, no error. */
  Schema_AddInt32(object, 1, 5);
  CHECK(Schema_IndexInt32(object, 1, 0) == 5);
  CHECK(Schema_IndexInt32(object, 1, 1) == 0);
  CHECK(Schema_IndexBytesLength(object, 2, 3) == 0);
  CHECK(Schema_GetError(object) == NULL);

  /* The wrong type: the default and an error. */
  CHECK(Schema_GetFloat(object, 1) == 0.0f);
  const char* error = Schema_GetError(object);
  CHECK(error != NULL && strstr(error, "field 1") != NULL && strstr(error, "Float") != NULL);
  Schema_AddFloat(object, 3, 2.5f);
  CHECK(Schema_IndexSfixed64(object, 3, 0) == 0);
  CHECK(strstr(Schema_GetError(object), "field 3") != NULL);
  CHECK(Schema_GetBytesLength(object, 1) == 0);
  CHECK(strstr(Schema_GetError(object), "Bytes") != NULL);
  Schema_Object* not_an_object = Schema_GetObject(object, 1);
  CHECK(not_an_object != NULL);
  CHECK(strstr(Schema_GetError(object), "Object") != NULL);
  Schema_AddInt32(not_an_object, 1, 1); /* valid, unreachable */
  CHECK(Schema_GetInt32Count(object, 1) == 1);

  /* Bools read back as exactly 0 or 1. */
  Schema_AddBool(object, 4, 7);
  CHECK(Schema_GetBool(object, 4) == 1);
  uint8_t bools[3] = {0, 2, 1};
  Schema_AddBoolList(object, 5, bools, 3);
  uint8_t out[3] = {9, 9, 9};
  Schema_GetBoolList(object, 5, out);
  CHECK(out[0] == 0 && out[1] == 1 && out[2] == 1);

  /* An absent object: a valid empty object that no field holds. */
  Schema_Object* absent = Schema_GetObject(object, 20);
  CHECK(absent != NULL && Schema_GetUniqueFieldIdCount(absent) == 0);
  Schema_AddInt32(absent, 1, 1);
  CHECK(Schema_GetObjectCount(object, 20) == 0);
  Schema_Object* out_of_range = Schema_IndexObject(object, 20, 3);
  CHECK(out_of_range != NULL && out_of_range != absent);
  CHECK(Schema_GetUniqueFieldIdCount(out_of_range) == 0);

  /* Unique field ids: sorted. */
  Schema_AddInt32(object, 2, 1);
  uint32_t count = Schema_GetUniqueFieldIdCount(object);
  uint32_t ids[8];
  Schema_GetUniqueFieldIds(object, ids);
  CHECK(count == 5);
  CHECK(ids[0] == 1 && ids[1] == 2 && ids[2] == 3 && ids[3] == 4 && ids[4] == 5);
  Schema_DestroyGenericData(data);
}

static void buffers_may_go(void) {
  Schema_GenericData* data = Schema_CreateGenericData();
  Schema_Object* object = Schema_GetGenericDataObject(data);
  int64_t* values = (int64_t*)malloc(3 * sizeof(int64_t));
  values[0] = -1;
  values[1] = 0;
  values[2] = INT64_MAX;
  Schema_AddSint64List(object, 1, values, 3);
  free(values);
  char* text = (char*)malloc(6);
  memcpy(text, "hello", 6);
  Schema_AddBytes(object, 2, (const uint8_t*)text, 5);
  free(text);
  CHECK(Schema_GetSint64Count(object, 1) == 3);
  CHECK(Schema_IndexSint64(object, 1, 2) == INT64_MAX);
  CHECK(Schema_GetBytesLength(object, 2) == 5 && memcmp(Schema_GetBytes(object, 2), "hello", 5) == 0);

  /* AllocateBuffer: zeroed, lives as long as the root; MergeFromBuffer reads it. */
  uint8_t* buffer = Schema_AllocateBuffer(object, 2);
  CHECK(buffer[0] == 0 && buffer[1] == 0);
  buffer[0] = 0x18; /* field 3, varint */
  buffer[1] = 0x2a; /* 42 */
  CHECK(Schema_MergeFromBuffer(object, buffer, 2) == 1);
  CHECK(Schema_GetUint32(object, 3) == 42);
  CHECK(Schema_GetSint64Count(object, 1) == 3); /* appended, not replaced */

  /* Bad bytes: 0, an error, the object unchanged. */
  const uint8_t bad[3] = {0x0a, 0x05, 0x01};
  CHECK(Schema_MergeFromBuffer(object, bad, 3) == 0);
  CHECK(Schema_GetError(object) != NULL);
  CHECK(Schema_GetUniqueFieldIdCount(object) == 3);

  /* SerializeToBuffer with a length other than the object's: 0, an error, nothing written. */
  uint32_t length = Schema_GetWriteBufferLength(object);
  uint8_t* small = (uint8_t*)malloc(length);
  memset(small, 0xee, length);
  CHECK(Schema_SerializeToBuffer(object, small, length - 1) == 0);
  CHECK(small[0] == 0xee);
  CHECK(strstr(Schema_GetError(object), "Schema_GetWriteBufferLength") != NULL);
  free(small);
  Schema_DestroyGenericData(data);
}

static void objects_belong_to_their_root(void) {
  Schema_ComponentData* data = Schema_CreateComponentData();
  Schema_Object* fields = Schema_GetComponentDataFields(data);
  Schema_Object* child = Schema_AddObject(fields, 4);
  Schema_Object* grandchild = Schema_AddObject(child, 2);
  Schema_AddInt32(child, 1, 5);
  Schema_AddInt32(grandchild, 1, 6);
  CHECK(Schema_GetObject(fields, 4) == child);
  CHECK(Schema_IndexObject(child, 2, 0) == grandchild);

  /* Cleared: still valid, with their data, no longer reachable. */
  Schema_AddInt32(fields, 5, 1);
  Schema_ClearField(fields, 4);
  CHECK(Schema_GetInt32(child, 1) == 5);
  CHECK(Schema_GetInt32(grandchild, 1) == 6);
  Schema_AddInt32(grandchild, 2, 7);
  CHECK(Schema_GetInt32(Schema_GetObject(child, 2), 2) == 7);
  CHECK(Schema_GetObjectCount(fields, 4) == 0);
  CHECK(Schema_GetInt32(fields, 5) == 1);

  Schema_Object* other = Schema_AddObject(fields, 6);
  Schema_AddInt32(other, 1, 8);
  Schema_Clear(fields);
  CHECK(Schema_GetUniqueFieldIdCount(fields) == 0);
  CHECK(Schema_GetInt32(other, 1) == 8);

  /* Read from bytes, edited in place. */
  Schema_Object* coords = Schema_AddObject(fields, 1);
  Schema_AddDouble(coords, 1, 1.0);
  uint32_t length;
  uint8_t* bytes = serialize(fields, &length);
  Schema_ComponentData* read = Schema_CreateComponentData();
  Schema_Object* read_fields = Schema_GetComponentDataFields(read);
  CHECK(Schema_MergeFromBuffer(read_fields, bytes, length) == 1);
  free(bytes);
  Schema_Object* read_coords = Schema_GetObject(read_fields, 1);
  CHECK(Schema_GetDouble(read_coords, 1) == 1.0);
  Schema_AddDouble(read_coords, 2, 2.0);
  CHECK(Schema_GetDouble(Schema_GetObject(read_fields, 1), 2) == 2.0);
  CHECK(Schema_GetWriteBufferLength(read_fields) == length + 9);

  /* A deep copy is independent. */
  Schema_ComponentData* copy = Schema_CopyComponentData(read);
  Schema_AddDouble(Schema_GetObject(Schema_GetComponentDataFields(copy), 1), 3, 3.0);
  CHECK(Schema_GetDoubleCount(read_coords, 3) == 0);
  Schema_DestroyComponentData(read);
  CHECK(Schema_GetDouble(Schema_GetObject(Schema_GetComponentDataFields(copy), 1), 2) == 2.0);
  Schema_DestroyComponentData(copy);

  /* Shallow copies: within one root; nothing across roots or onto itself. */
  Schema_Object* orphan = Schema_AllocateObject(fields);
  Schema_AddUint64(orphan, 9, 99);
  Schema_ShallowCopy(orphan, fields);
  CHECK(Schema_GetUint64(fields, 9) == 99);
  Schema_ShallowCopyField(orphan, coords, 9);
  CHECK(Schema_GetUint64(coords, 9) == 99);
  Schema_ShallowCopy(fields, fields);
  CHECK(Schema_GetUint64Count(fields, 9) == 1);
  Schema_GenericData* stranger = Schema_CreateGenericData();
  Schema_ShallowCopy(Schema_GetGenericDataObject(stranger), fields);
  Schema_AddUint64(Schema_GetGenericDataObject(stranger), 9, 1);
  Schema_ShallowCopy(Schema_GetGenericDataObject(stranger), fields);
  CHECK(Schema_GetUint64Count(fields, 9) == 1);
  /* Into its own child, and a child into its parent. */
  Schema_ShallowCopy(fields, coords);
  CHECK(Schema_GetObjectCount(coords, 1) == 1);
  Schema_DestroyGenericData(stranger);
  Schema_DestroyComponentData(data);
}

static void update_algebra(void) {
  Schema_ComponentData* data = Schema_CreateComponentData();
  Schema_Object* fields = Schema_GetComponentDataFields(data);
  Schema_AddInt32(fields, 1, 10);
  Schema_AddFloat(fields, 2, 1.5f);
  int32_t items[3] = {1, 2, 3};
  Schema_AddInt32List(fields, 3, items, 3);
  Schema_Object* nested = Schema_AddObject(fields, 4);
  Schema_AddInt32(nested, 1, 1);

  Schema_ComponentUpdate* update = Schema_CreateComponentUpdate();
  Schema_AddInt32(Schema_GetComponentUpdateFields(update), 1, 11);
  Schema_AddInt32(Schema_AddObject(Schema_GetComponentUpdateFields(update), 4), 2, 2);
  Schema_AddComponentUpdateClearedField(update, 3);
  Schema_AddObject(Schema_GetComponentUpdateEvents(update), 1);

  /* A copy of an update carries its cleared fields. */
  Schema_ComponentUpdate* copy = Schema_CopyComponentUpdate(update);
  CHECK(Schema_GetComponentUpdateClearedFieldCount(copy) == 1);

  CHECK(Schema_ApplyComponentUpdateToData(update, data) == 1);
  CHECK(Schema_GetInt32(fields, 1) == 11);
  CHECK(Schema_GetFloat(fields, 2) == 1.5f);
  CHECK(Schema_GetInt32Count(fields, 3) == 0);
  /* Whole replacement: the nested object is the update's. */
  CHECK(Schema_GetInt32Count(Schema_GetObject(fields, 4), 1) == 0);
  CHECK(Schema_GetInt32(Schema_GetObject(fields, 4), 2) == 2);
  /* The old nested object: still valid, with its data. */
  CHECK(Schema_GetInt32(nested, 1) == 1);

  /* Merge: the later update wins, events concatenate, the merged-in update is emptied. */
  Schema_ComponentUpdate* later = Schema_CreateComponentUpdate();
  Schema_AddInt32List(Schema_GetComponentUpdateFields(later), 3, items, 2);
  Schema_AddComponentUpdateClearedField(later, 1);
  Schema_AddObject(Schema_GetComponentUpdateEvents(later), 1);
  CHECK(Schema_MergeComponentUpdateIntoUpdate(later, copy) == 1);
  CHECK(Schema_IsComponentUpdateFieldCleared(copy, 1) == 1);
  CHECK(Schema_IsComponentUpdateFieldCleared(copy, 3) == 0);
  CHECK(Schema_GetInt32Count(Schema_GetComponentUpdateFields(copy), 1) == 0);
  CHECK(Schema_GetInt32Count(Schema_GetComponentUpdateFields(copy), 3) == 2);
  CHECK(Schema_GetObjectCount(Schema_GetComponentUpdateEvents(copy), 1) == 2);
  CHECK(Schema_GetUniqueFieldIdCount(Schema_GetComponentUpdateFields(later)) == 0);
  CHECK(Schema_GetComponentUpdateClearedFieldCount(later) == 0);
  Schema_FieldId cleared[4];
  Schema_GetComponentUpdateClearedFieldList(copy, cleared);
  CHECK(cleared[0] == 1);
  CHECK(Schema_IndexComponentUpdateClearedField(copy, 5) == 0);
  Schema_ClearComponentUpdateClearedFields(copy);
  CHECK(Schema_GetComponentUpdateClearedFieldCount(copy) == 0);
  CHECK(Schema_MergeComponentUpdateIntoUpdate(copy, copy) == 0);

  Schema_DestroyComponentUpdate(later);
  Schema_DestroyComponentUpdate(copy);
  Schema_DestroyComponentUpdate(update);
  Schema_DestroyComponentData(data);
}

static int callback_calls = 0;
static void on_error(void* user_data, const char* error) {
  CHECK(user_data == &callback_calls);
  CHECK(error != NULL && strlen(error) > 0);
  callback_calls++;
}

static uint8_t* read_file(const char* path, uint32_t* length) {
  FILE* file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t* bytes = (uint8_t*)malloc((size_t)size + 1);
  *length = (uint32_t)fread(bytes, 1, (size_t)size, file);
  fclose(file);
  return bytes;
}

static void bundle_and_json(const char* bundle_path) {
  uint32_t length = 0;
  uint8_t* bytes = read_file(bundle_path, &length);
  CHECK(bytes != NULL);
  Schema_Bundle* bundle = Schema_Bundle_Load(bytes, length);
  free(bytes);
  CHECK(Schema_Bundle_GetError(bundle) == NULL);

  const uint8_t garbage[4] = {0x0a, 0x7f, 0x00, 0x01};
  Schema_Bundle* bad = Schema_Bundle_Load(garbage, 4);
  CHECK(Schema_Bundle_GetError(bad) != NULL);

  /* Convert data into an update: every declared field set, empty lists cleared, the data
   * emptied; an update that turns any data into it. */
  Schema_ComponentData* data = Schema_CreateComponentData();
  Schema_Object* fields = Schema_GetComponentDataFields(data);
  Schema_AddInt32(fields, 1, 7);
  Schema_AddFloat(fields, 2, 0.5f);
  Schema_AddInt32(fields, 99, 1); /* undeclared: dropped */
  Schema_ComponentUpdate* update =
      Schema_ConvertComponentDataIntoUpdate(bundle, 10000, data, &callback_calls, on_error);
  CHECK(update != NULL);
  CHECK(Schema_GetUniqueFieldIdCount(fields) == 0);
  CHECK(Schema_GetInt32(Schema_GetComponentUpdateFields(update), 1) == 7);
  CHECK(Schema_GetInt32Count(Schema_GetComponentUpdateFields(update), 99) == 0);
  CHECK(Schema_IsComponentUpdateFieldCleared(update, 3) == 1);
  CHECK(callback_calls == 0);
  CHECK(Schema_ConvertComponentDataIntoUpdate(bundle, 4242, data, &callback_calls, on_error) == NULL);
  CHECK(callback_calls == 1);
  CHECK(Schema_ConvertComponentDataIntoUpdate(bad, 10000, data, &callback_calls, on_error) == NULL);
  CHECK(callback_calls == 2);
  CHECK(Schema_ConvertComponentDataIntoUpdate(bundle, 4242, data, NULL, NULL) == NULL);

  /* JSON of an update, of data, of objects and commands. */
  Schema_Json* json = Schema_Json_DumpComponentUpdate(bundle, 10000, update);
  CHECK(json != NULL);
  CHECK(strcmp(Schema_Json_GetJsonString(json), "{\"foo\":7,\"bar\":0.5,\"items\":[]}") == 0);
  Schema_Json_Destroy(json);
  Schema_DestroyComponentUpdate(update);

  Schema_ComponentData* position = Schema_Json_LoadComponentData(
      bundle, 54, "{\"coords\": {\"x\": 1.5, \"y\": 0, \"z\": -2}}");
  CHECK(position != NULL && Schema_Json_GetLastError() == NULL);
  Schema_Object* coords = Schema_GetObject(Schema_GetComponentDataFields(position), 1);
  CHECK(Schema_GetDouble(coords, 1) == 1.5 && Schema_GetDouble(coords, 3) == -2.0);
  json = Schema_Json_DumpComponentData(bundle, 54, position);
  CHECK(strcmp(Schema_Json_GetJsonString(json), "{\"coords\":{\"x\":1.5,\"y\":0.0,\"z\":-2.0}}") == 0);
  Schema_Json_Destroy(json);
  json = Schema_Json_DumpObject(bundle, "test.Coordinates", coords);
  CHECK(json != NULL && strcmp(Schema_Json_GetJsonString(json), "{\"x\":1.5,\"y\":0.0,\"z\":-2.0}") == 0);
  Schema_Json_Destroy(json);
  Schema_DestroyComponentData(position);

  /* Errors: NULL, with a message for this thread, forgotten by the next call. */
  CHECK(Schema_Json_LoadComponentData(bundle, 54, "{}") == NULL);
  CHECK(Schema_Json_GetLastError() != NULL && strstr(Schema_Json_GetLastError(), "coords") != NULL);
  CHECK(Schema_Json_GetLastWarning() == NULL);
  CHECK(Schema_Json_LoadComponentData(bundle, 54, "{\"coords\": ") == NULL);
  CHECK(Schema_Json_GetLastError() != NULL);
  Schema_ComponentUpdate* empty = Schema_Json_LoadComponentUpdate(bundle, 54, "{}");
  CHECK(empty != NULL && Schema_Json_GetLastError() == NULL);
  Schema_DestroyComponentUpdate(empty);
  CHECK(Schema_Json_DumpObject(bundle, "test.Nope", coords) == NULL);
  CHECK(strstr(Schema_Json_GetLastError(), "test.Nope") != NULL);

  Schema_GenericData* generic = Schema_CreateGenericData();
  Schema_Object* object = Schema_GetGenericDataObject(generic);
  CHECK(Schema_Json_LoadObject(bundle, "test.MyType", "{\"some_value\": 3, \"another_value\": 1}", object) == 1);
  CHECK(Schema_GetInt32(object, 1) == 3 && Schema_GetFloat(object, 2) == 1.0f);
  CHECK(Schema_Json_LoadObject(bundle, "test.MyType", "{\"some_value\": \"x\"}", object) == 0);
  CHECK(Schema_GetInt32Count(object, 1) == 1);
  Schema_DestroyGenericData(generic);

  Schema_CommandRequest* request = Schema_Json_LoadCommandRequest(
      bundle, 10001, 1, "{\"data\": \"3q0A\", \"value\": 55}");
  CHECK(request != NULL);
  CHECK(Schema_GetBytesLength(Schema_GetCommandRequestObject(request), 1) == 3);
  json = Schema_Json_DumpCommandRequest(bundle, 10001, 1, request);
  CHECK(strcmp(Schema_Json_GetJsonString(json), "{\"data\":\"3q0A\",\"value\":55.0}") == 0);
  Schema_Json_Destroy(json);
  Schema_DestroyCommandRequest(request);
  Schema_CommandResponse* response = Schema_Json_LoadCommandResponse(bundle, 10001, 1, "{\"value\": -4}");
  CHECK(Schema_GetInt32(Schema_GetCommandResponseObject(response), 1) == -4);
  json = Schema_Json_DumpCommandResponse(bundle, 10001, 1, response);
  CHECK(strcmp(Schema_Json_GetJsonString(json), "{\"value\":-4}") == 0);
  Schema_Json_Destroy(json);
  Schema_DestroyCommandResponse(response);
  CHECK(Schema_Json_LoadCommandResponse(bundle, 10001, 2, "{}") == NULL);
  CHECK(Schema_Json_GetLastError() != NULL);

  Schema_DestroyComponentData(data);
  Schema_Bundle_Destroy(bad);
  Schema_Bundle_Destroy(bundle);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: edge_cases BUNDLE.sb\n");
    return 2;
  }
  null_arguments();
  defaults_and_wrong_types();
  buffers_may_go();
  objects_belong_to_their_root();
  update_algebra();
  bundle_and_json(argv[1]);
  if (failures) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("edge cases: ok\n");
  return 0;
}
