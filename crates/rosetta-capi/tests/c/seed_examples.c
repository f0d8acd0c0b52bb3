/* The code examples of the SpatialOS "Serialization reference" (the seed document
 * ../shared/seeds/003_f7f68691e299f002.txt), as written, each inside a function with the
 * fields_object the document assumes, and checked with assertions. The c_worker.h parts of the
 * first examples (connections, ops, vtables) are stood in for by the minimal definitions below,
 * since this library implements c_schema.h only.
 *
 * Prints "name: hex" lines of serialized objects, which tests/c_programs.rs compares with what
 * rosetta-wire writes for the same data. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_schema.h"

/* ---- stand-ins for c_worker.h ----------------------------------------------------------- */

typedef uint32_t Worker_ComponentId;
typedef int64_t Worker_EntityId;
typedef void Worker_ComponentUpdateHandle;
typedef struct Worker_ComponentUpdate {
  Worker_ComponentId component_id;
  Schema_ComponentUpdate* schema_type;
  Worker_ComponentUpdateHandle* user_handle;
} Worker_ComponentUpdate;
typedef struct Worker_ComponentVtable {
  Worker_ComponentId component_id;
  void* user_data;
  void* functions[16];
} Worker_ComponentVtable;
typedef struct Worker_ConnectionParameters {
  const Worker_ComponentVtable* default_component_vtable;
} Worker_ConnectionParameters;
typedef struct Worker_Connection {
  uint32_t updates_sent;
} Worker_Connection;
enum { WORKER_OP_TYPE_COMPONENT_UPDATE = 9 };
typedef struct Worker_ComponentUpdateOp {
  Worker_EntityId entity_id;
  Worker_ComponentUpdate update;
} Worker_ComponentUpdateOp;
typedef struct Worker_Op {
  uint8_t op_type;
  Worker_ComponentUpdateOp component_update;
} Worker_Op;

static Worker_ConnectionParameters Worker_DefaultConnectionParameters(void) {
  Worker_ConnectionParameters params;
  memset(&params, 0, sizeof(params));
  return params;
}

static void print_hex(const char* name, const Schema_Object* object) {
  uint32_t length = Schema_GetWriteBufferLength(object);
  uint8_t* buffer = (uint8_t*)malloc(length + 1);
  assert(Schema_SerializeToBuffer(object, buffer, length) == 1);
  printf("%s: ", name);
  for (uint32_t i = 0; i < length; ++i) {
    printf("%02x", buffer[i]);
  }
  printf("\n");
  free(buffer);
}

/* Sends an update as a connection would: serializes it and takes ownership. */
static void Worker_Connection_SendComponentUpdate(Worker_Connection* connection,
                                                  Worker_EntityId entity_id,
                                                  const Worker_ComponentUpdate* update) {
  (void)entity_id;
  print_hex("sent_update_fields", Schema_GetComponentUpdateFields(update->schema_type));
  Schema_DestroyComponentUpdate(update->schema_type);
  connection->updates_sent++;
}

/* The byte buffer helpers the examples assume. */
static unsigned char* create_byte_buffer(uint32_t* length) {
  unsigned char* bytes = (unsigned char*)malloc(3);
  bytes[0] = 0xde;
  bytes[1] = 0xad;
  bytes[2] = 0x00;
  *length = 3;
  return bytes;
}

static void free_byte_buffer(unsigned char* bytes) {
  free(bytes);
}

/* A fresh object for the fields of the Example type of a section. */
static Schema_GenericData* example_data;
static Schema_Object* fresh_fields_object(void) {
  if (example_data) {
    Schema_DestroyGenericData(example_data);
  }
  example_data = Schema_CreateGenericData();
  return Schema_GetGenericDataObject(example_data);
}

/* ---- Serialize directly ------------------------------------------------------------------ */

static void serialize_directly(void) {
  Worker_Connection connection_storage = {0};
  Worker_Connection* connection = &connection_storage;

  Worker_ComponentVtable default_vtable;
  memset(&default_vtable, 0, sizeof(Worker_ComponentVtable));
  Worker_ConnectionParameters params = Worker_DefaultConnectionParameters();
  // ...
  params.default_component_vtable = &default_vtable;

  Worker_ComponentUpdate update;
  update.component_id = 54;
  update.schema_type = Schema_CreateComponentUpdate(54);
  // serialize into update.schema_type.
  Schema_Object* coords = Schema_AddObject(Schema_GetComponentUpdateFields(update.schema_type), 1);
  Schema_AddDouble(coords, 1, 1.0);
  Schema_AddDouble(coords, 2, 2.0);
  Schema_AddDouble(coords, 3, 3.0);
  Worker_Connection_SendComponentUpdate(connection, 1, &update);
  assert(connection->updates_sent == 1);
  assert(params.default_component_vtable == &default_vtable);
}

static void deserialize_directly(void) {
  Worker_Op op_storage;
  memset(&op_storage, 0, sizeof(op_storage));
  op_storage.op_type = WORKER_OP_TYPE_COMPONENT_UPDATE;
  op_storage.component_update.update.component_id = 54;
  op_storage.component_update.update.schema_type = Schema_CreateComponentUpdate();
  Schema_AddDouble(
      Schema_AddObject(Schema_GetComponentUpdateFields(op_storage.component_update.update.schema_type), 1),
      2, 7.5);
  Worker_Op* op = &op_storage;

  Worker_ComponentUpdate* update;
  if (op->op_type == WORKER_OP_TYPE_COMPONENT_UPDATE) {
    update = &op->component_update.update;
    // deserialize update from "update->schema_type", depending on the component ID.
    assert(update->component_id == 54);
    Schema_Object* coords = Schema_GetObject(Schema_GetComponentUpdateFields(update->schema_type), 1);
    assert(Schema_GetDouble(coords, 2) == 7.5);
  }
  Schema_DestroyComponentUpdate(op_storage.component_update.update.schema_type);
}

/* ---- Vtables: the simplest implementation, with malloc and free ------------------------- */

typedef struct Position {
  double x;
  double y;
  double z;
} Position;

static void ComponentUpdateFree(Worker_ComponentId component_id, void* user_data,
                                Worker_ComponentUpdateHandle* handle) {
  (void)component_id;
  (void)user_data;
  free(handle);
}

static Worker_ComponentUpdateHandle* ComponentUpdateCopy(Worker_ComponentId component_id,
                                                         void* user_data,
                                                         Worker_ComponentUpdateHandle* handle) {
  (void)component_id;
  (void)user_data;
  Position* copy = (Position*)malloc(sizeof(Position));
  memcpy(copy, handle, sizeof(Position));
  return copy;
}

static uint8_t ComponentUpdateDeserialize(Worker_ComponentId component_id, void* user_data,
                                          Schema_ComponentUpdate* source,
                                          Worker_ComponentUpdateHandle** handle_out) {
  (void)component_id;
  (void)user_data;
  Schema_Object* fields = Schema_GetComponentUpdateFields(source);
  if (Schema_GetObjectCount(fields, 1) == 0) {
    return 0;
  }
  Schema_Object* coords = Schema_GetObject(fields, 1);
  Position* position = (Position*)malloc(sizeof(Position));
  position->x = Schema_GetDouble(coords, 1);
  position->y = Schema_GetDouble(coords, 2);
  position->z = Schema_GetDouble(coords, 3);
  *handle_out = position;
  return 1;
}

static void ComponentUpdateSerialize(Worker_ComponentId component_id, void* user_data,
                                     Worker_ComponentUpdateHandle* handle,
                                     Schema_ComponentUpdate** target_out) {
  (void)component_id;
  (void)user_data;
  const Position* position = (const Position*)handle;
  *target_out = Schema_CreateComponentUpdate();
  Schema_Object* coords = Schema_AddObject(Schema_GetComponentUpdateFields(*target_out), 1);
  Schema_AddDouble(coords, 1, position->x);
  Schema_AddDouble(coords, 2, position->y);
  Schema_AddDouble(coords, 3, position->z);
}

static void vtable_flow(void) {
  Position* mine = (Position*)malloc(sizeof(Position));
  mine->x = 1.5;
  mine->y = -2.0;
  mine->z = 1e9;
  Worker_ComponentUpdateHandle* copy = ComponentUpdateCopy(54, NULL, mine);
  Schema_ComponentUpdate* serialized = NULL;
  ComponentUpdateSerialize(54, NULL, copy, &serialized);
  print_hex("vtable_update_fields", Schema_GetComponentUpdateFields(serialized));
  Worker_ComponentUpdateHandle* back = NULL;
  assert(ComponentUpdateDeserialize(54, NULL, serialized, &back) == 1);
  assert(memcmp(back, mine, sizeof(Position)) == 0);
  Schema_DestroyComponentUpdate(serialized);
  ComponentUpdateFree(54, NULL, back);
  ComponentUpdateFree(54, NULL, copy);
  ComponentUpdateFree(54, NULL, mine);
}

/* ---- Primitive types --------------------------------------------------------------------- */

typedef enum MyEnum { FOO = 1, BAR = 2, BAZ = 3 } MyEnum;

static void primitive_types(void) {
  Schema_Object* fields_object = fresh_fields_object();
  Schema_AddInt32(fields_object, 3, 1234);
  Schema_AddEntityId(fields_object, 4, 1001);
  Schema_AddEnum(fields_object, 5, BAZ);

  int my_value = Schema_GetInt32(fields_object, 3);
  assert(my_value == 1234);
  {
    Worker_EntityId my_value = Schema_GetEntityId(fields_object, 4);
    assert(my_value == 1001);
  }
  {
    MyEnum my_value = (MyEnum)Schema_GetEnum(fields_object, 5);
    assert(my_value == BAZ);
  }
  print_hex("primitive_types", fields_object);
}

/* ---- Lists ------------------------------------------------------------------------------- */

static void lists(void) {
  Schema_Object* fields_object = fresh_fields_object();
  {
    float my_list[4] = {1, 2, 3, 4};
    Schema_AddFloat(fields_object, 6, my_list[0]);
    Schema_AddFloat(fields_object, 6, my_list[1]);
    Schema_AddFloat(fields_object, 6, my_list[2]);
    Schema_AddFloat(fields_object, 6, my_list[3]);
  }
  print_hex("list_one_by_one", fields_object);

  fields_object = fresh_fields_object();
  float my_list[4] = {1, 2, 3, 4};
  Schema_AddFloatList(fields_object, 6, my_list, 4);
  print_hex("list_at_once", fields_object);

  /* access the 3rd element (index 2). */
  float single_element = Schema_IndexFloat(fields_object, 6, 2);
  /* obtaining the complete list. */
  uint32_t count = Schema_GetFloatCount(fields_object, 6);
  float* array_data = (float*)malloc(sizeof(float) * count);
  Schema_GetFloatList(fields_object, 6, array_data);

  assert(single_element == 3.0f);
  assert(count == 4);
  assert(memcmp(array_data, my_list, sizeof(my_list)) == 0);
  free(array_data);
}

/* ---- Strings and bytes ------------------------------------------------------------------- */

static void strings_and_bytes(void) {
  Schema_Object* fields_object = fresh_fields_object();
  {
    /* write string. ensure to exclude the null terminator. */
    const char* text = "Hello World.";
    Schema_AddBytes(fields_object, 1, (const uint8_t*)text, sizeof(char) * strlen(text));

    /* write bytes */
    uint32_t bytes_length;
    unsigned char* bytes = create_byte_buffer(&bytes_length);
    Schema_AddBytes(fields_object, 2, bytes, bytes_length);
    free_byte_buffer(bytes);
  }
  print_hex("strings_and_bytes", fields_object);

  fields_object = fresh_fields_object();
  {
    /* write string. */
    const char* text = "Hello World.";
    uint32_t text_length = sizeof(char) * strlen(text); /* ensure to exclude null-terminator. */
    uint8_t* text_buffer = Schema_AllocateBuffer(fields_object, text_length);
    memcpy(text_buffer, text, text_length);
    Schema_AddBytes(fields_object, 1, text_buffer, text_length);

    /* write bytes */
    uint32_t bytes_length;
    unsigned char* bytes = create_byte_buffer(&bytes_length);
    uint8_t* byte_buffer = Schema_AllocateBuffer(fields_object, bytes_length);
    memcpy(byte_buffer, bytes, bytes_length);
    free_byte_buffer(bytes);
    Schema_AddBytes(fields_object, 2, byte_buffer, bytes_length);
  }
  print_hex("strings_and_bytes_allocated", fields_object);

  {
    /* read string. */
    uint32_t text_length = Schema_GetBytesLength(fields_object, 1);
    const uint8_t* text_buffer = Schema_GetBytes(fields_object, 1);
    /* ensure to include space for null terminator. */
    char* text = (char*)malloc(text_length + 1);
    memcpy(text, text_buffer, text_length);
    text[text_length] = '\0';

    /* read bytes. */
    uint32_t bytes_length = Schema_GetBytesLength(fields_object, 2);
    const uint8_t* bytes = Schema_GetBytes(fields_object, 2);
    /* do something with bytes and bytes_length. */

    assert(strcmp(text, "Hello World.") == 0);
    assert(bytes_length == 3 && bytes[0] == 0xde && bytes[1] == 0xad && bytes[2] == 0x00);
    free(text);
  }
}

/* ---- Objects ----------------------------------------------------------------------------- */

static void objects(void) {
  Schema_Object* fields_object = fresh_fields_object();
  {
    Schema_Object* type = Schema_AddObject(fields_object, 4);
    Schema_AddInt32(type, 1, 1234);
    Schema_AddFloat(type, 2, 1234.0f);
  }
  print_hex("objects", fields_object);

  typedef struct MyType {
    int32_t some_value;
    float another_value;
  } MyType;

  Schema_Object* type = Schema_GetObject(fields_object, 4);
  MyType data;
  data.some_value = Schema_GetInt32(type, 1);
  data.another_value = Schema_GetFloat(type, 2);
  assert(data.some_value == 1234);
  assert(data.another_value == 1234.0f);
}

/* ---- Options ----------------------------------------------------------------------------- */

static void options(void) {
  Schema_Object* fields_object = fresh_fields_object();
  /* places 1234 in a uint32 option field. */
  Schema_AddUint32(fields_object, 2, 1234);

  uint32_t* value = NULL;
  if (Schema_GetUint32Count(fields_object, 2) == 1) {
    /* obtain the value. */
    value = (uint32_t*)malloc(sizeof(uint32_t));
    *value = Schema_GetUint32(fields_object, 2);
  }
  assert(value != NULL && *value == 1234);
  free(value);

  /* An empty option. */
  fields_object = fresh_fields_object();
  assert(Schema_GetUint32Count(fields_object, 2) == 0);
  print_hex("empty_option", fields_object);
}

/* ---- Maps -------------------------------------------------------------------------------- */

static void maps(void) {
  Schema_Object* fields_object = fresh_fields_object();
  {
    /* for each key value pair.. */
    Schema_Object* kvpair = Schema_AddObject(fields_object, 1);
    Schema_AddUint32(kvpair, SCHEMA_MAP_KEY_FIELD_ID, 100);
    Schema_AddFloat(kvpair, SCHEMA_MAP_VALUE_FIELD_ID, 25.0f);
  }
  {
    Schema_Object* kvpair = Schema_AddObject(fields_object, 1);
    Schema_AddUint32(kvpair, SCHEMA_MAP_KEY_FIELD_ID, 7);
    Schema_AddFloat(kvpair, SCHEMA_MAP_VALUE_FIELD_ID, -1.0f);
  }
  print_hex("maps", fields_object);

  uint32_t seen = 0;
  uint32_t map_size = Schema_GetObjectCount(fields_object, 1);
  for (uint32_t i = 0; i < map_size; ++i) {
    Schema_Object* kvpair = Schema_IndexObject(fields_object, 1, i);
    uint32_t key = Schema_GetUint32(kvpair, SCHEMA_MAP_KEY_FIELD_ID);
    float value = Schema_GetFloat(kvpair, SCHEMA_MAP_VALUE_FIELD_ID);
    // use 'key' and 'value'
    (void)key;
    (void)value;
    assert(i != 0 || (key == 100 && value == 25.0f));
    assert(i != 1 || (key == 7 && value == -1.0f));
    seen++;
  }
  assert(seen == 2);
}

/* ---- Component data ---------------------------------------------------------------------- */

static void component_data(void) {
  Schema_ComponentData* schema_data = Schema_CreateComponentData(10000);
  Schema_Object* fields_object = Schema_GetComponentDataFields(schema_data);
  Schema_AddInt32(fields_object, 1, 1234);
  Schema_AddFloat(fields_object, 2, 55.0f);
  /* use schema_data somewhere. */
  print_hex("component_data", fields_object);

  {
    /* assume we have a "Schema_ComponentData* schema_data", possibly contained in a
     * Worker_SnapshotData or in a vtable callback. */
    Schema_Object* fields_object = Schema_GetComponentDataFields(schema_data);
    int32_t foo = Schema_GetInt32(fields_object, 1);
    float bar = Schema_GetFloat(fields_object, 2);
    assert(foo == 1234);
    assert(bar == 55.0f);
  }
  Schema_DestroyComponentData(schema_data);
}

/* ---- Component updates ------------------------------------------------------------------- */

static void component_update_fields(void) {
  Schema_ComponentUpdate* schema_update = Schema_CreateComponentUpdate(10000);
  Schema_Object* fields_object = Schema_GetComponentUpdateFields(schema_update);
  Schema_AddInt32(fields_object, 1, 1234);
  /* use schema_update somewhere. */
  print_hex("update_fields", fields_object);

  {
    /* assume we have a "Schema_ComponentUpdate* schema_update", possibly contained in a
     * Worker_SnapshotUpdate or in a vtable callback. */
    Schema_Object* fields_object = Schema_GetComponentUpdateFields(schema_update);
    int32_t foo = 0;
    float bar = -1.0f;
    if (Schema_GetInt32Count(fields_object, 1) > 0) {
      foo = Schema_GetInt32(fields_object, 1);
    }
    if (Schema_GetFloatCount(fields_object, 2) > 0) {
      bar = Schema_GetFloat(fields_object, 2);
    }
    assert(foo == 1234);
    assert(bar == -1.0f); /* not in the update */
  }
  Schema_DestroyComponentUpdate(schema_update);
}

static void clearing_fields(void) {
  Schema_ComponentUpdate* schema_update = Schema_CreateComponentUpdate(10000);
  /* specify that this update sets field 3 to the empty option/list/map. */
  Schema_AddComponentUpdateClearedField(schema_update, 3);

  uint32_t seen = 0;
  uint32_t cleared_field_count = Schema_GetComponentUpdateClearedFieldCount(schema_update);
  Schema_FieldId cleared_field_id;
  for (uint32_t i = 0; i < cleared_field_count; ++i) {
    cleared_field_id = Schema_IndexComponentUpdateClearedField(schema_update, i);
    /* assigned `cleared_field_id` to the empty option/list/map. */
    assert(cleared_field_id == 3);
    seen++;
  }
  assert(seen == 1);
  assert(Schema_IsComponentUpdateFieldCleared(schema_update, 3) == 1);
  assert(Schema_IsComponentUpdateFieldCleared(schema_update, 2) == 0);
  Schema_DestroyComponentUpdate(schema_update);
}

static void events(void) {
  Schema_ComponentUpdate* schema_update = Schema_CreateComponentUpdate(10000);
  Schema_Object* events_object = Schema_GetComponentUpdateEvents(schema_update);
  Schema_Object* event_data = Schema_AddObject(events_object, 1); /* event ID 1 */
  Schema_AddUint32(event_data, 1, 122); /* counter */
  Schema_AddFloat(event_data, 2, 25.0f); /* size */
  /* use schema_update somewhere. */
  event_data = Schema_AddObject(events_object, 1); /* a second my_event */
  Schema_AddUint32(event_data, 1, 123);
  Schema_AddFloat(event_data, 2, 26.0f);
  print_hex("events", events_object);

  {
    Schema_Object* events_object = Schema_GetComponentUpdateEvents(schema_update);
    /* iterate over all 'my_event' events in this update */
    uint32_t seen = 0;
    Schema_Object* event_data;
    for (uint32_t i = 0; i < Schema_GetObjectCount(events_object, 1); i++) {
      event_data = Schema_IndexObject(events_object, 1, i); /* event ID 1 */
      uint32_t counter = Schema_GetUint32(event_data, 1);
      float size = Schema_GetFloat(event_data, 2);
      // use 'counter' and 'size'.
      (void)counter;
      (void)size;
      assert(counter == 122 + i);
      assert(size == 25.0f + (float)i);
      seen++;
    }
    assert(seen == 2);
  }
  Schema_DestroyComponentUpdate(schema_update);
}

/* ---- Command requests and responses ------------------------------------------------------ */

static void command_requests(void) {
  Schema_CommandRequest* schema_request = Schema_CreateCommandRequest(10001, 1);
  Schema_Object* request_object = Schema_GetCommandRequestObject(schema_request);
  {
    uint32_t bytes_length;
    const uint8_t* bytes_buffer = create_byte_buffer(&bytes_length);
    Schema_AddBytes(request_object, 1, bytes_buffer, bytes_length);
    Schema_AddFloat(request_object, 2, 55.0f);
    /* use schema_request somewhere. */
    free_byte_buffer((unsigned char*)bytes_buffer);
  }
  print_hex("command_request", request_object);

  {
    /* assume we have a "Schema_CommandRequest* schema_request", possibly contained in a
     * Worker_SnapshotData or in a vtable callback. */
    Schema_Object* request_object = Schema_GetCommandRequestObject(schema_request);
    const uint8_t* bytes_buffer = Schema_GetBytes(request_object, 1);
    uint32_t bytes_length = Schema_GetBytesLength(request_object, 1);
    float value = Schema_GetFloat(request_object, 2);
    assert(bytes_length == 3 && bytes_buffer[0] == 0xde && bytes_buffer[1] == 0xad);
    assert(value == 55.0f);
  }
  Schema_DestroyCommandRequest(schema_request);

  Schema_CommandResponse* response = Schema_CreateCommandResponse(10001, 1);
  Schema_AddInt32(Schema_GetCommandResponseObject(response), 1, -5);
  print_hex("command_response", Schema_GetCommandResponseObject(response));
  assert(Schema_GetInt32(Schema_GetCommandResponseObject(response), 1) == -5);
  Schema_DestroyCommandResponse(response);
}

int main(void) {
  serialize_directly();
  deserialize_directly();
  vtable_flow();
  primitive_types();
  lists();
  strings_and_bytes();
  objects();
  options();
  maps();
  component_data();
  component_update_fields();
  clearing_fields();
  events();
  command_requests();
  Schema_DestroyGenericData(example_data);
  printf("seed examples: ok\n");
  return 0;
}
