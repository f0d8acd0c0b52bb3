/* c_schema.h: Rosetta's implementation of the SpatialOS Worker SDK's schema C API (15.0.1).
 *
 * The same declarations as the SDK's improbable/c_schema.h, so that C and C++ code written
 * against it builds unchanged; link librosetta_capi.a (or librosetta_capi.so). Rosetta's own
 * comments say what each function does here; where Rosetta differs from the SDK, they say so.
 * A test (crates/rosetta-capi/tests/header.rs) checks these declarations against the library's.
 *
 * Schema_Object is schema data keyed by field id, protobuf wire format on the wire. Each object
 * belongs to a root (generic data, component data, component update, command request or
 * response) and stays valid until the root is destroyed. A field's arity is not stored: a
 * singular field occurs once, an option zero or one times, a list any number of times; getters
 * read the last occurrence. A map is a list of objects, each with the key at field
 * SCHEMA_MAP_KEY_FIELD_ID and the value at SCHEMA_MAP_VALUE_FIELD_ID. An Entity is an object
 * whose field ids are component ids and whose values are component data objects.
 *
 *      .schema type | function family
 * ------------------|------------------
 *   int32 .. sint64 | Int32, Int64, Uint32, Uint64, Sint32, Sint64
 * fixed32 .. sfixed | Fixed32, Fixed64, Sfixed32, Sfixed64
 *   bool, float, .. | Bool, Float, Double
 *    string, bytes  | Bytes
 *         EntityId  | EntityId (an int64)
 * user-defined enum | Enum (a uint32)
 * type, Entity, map | Object
 *
 * Every function accepts NULL for any pointer and then does nothing and returns NULL, 0 or the
 * default. Reading a field as a type it does not hold returns the default and sets the error
 * that Schema_GetError returns. An index out of range returns the default.
 *
 * Where Rosetta refuses what the SDK took (each refusal sets the error for Schema_GetError):
 * - Field ids go from 1 to 2^29 - 1, the ids a tag can carry: Schema_Add* and
 *   Schema_AddComponentUpdateClearedField add nothing for 0 or 2^29 and above, and
 *   Schema_AddObject returns NULL, so that nothing is written that no reader reads.
 * - Objects nest at most 100 levels, the limit of every Rosetta format (a root's object is level
 *   1, an object in a field of one at level n is at n + 1; each event payload of an update is a
 *   root). Schema_AddObject on an object at level 100 returns NULL; Schema_GetObject and
 *   Schema_IndexObject there return a new empty object that no field holds (as for an absent
 *   field); Schema_ShallowCopy(Field) copies nothing that would go deeper; Schema_MergeFromBuffer
 *   returns 0 and Schema_GetWriteBufferLength and Schema_SerializeToBuffer 0 for bytes that nest
 *   deeper. Without a schema, bytes cannot be told from an object: there a non-empty bytes value
 *   that reads as an object counts as one level.
 */
#ifndef WORKER_SDK_C_INCLUDE_IMPROBABLE_C_SCHEMA_H
#define WORKER_SDK_C_INCLUDE_IMPROBABLE_C_SCHEMA_H

#include <stdint.h>

/* The field ids of a map entry's key and value. */
#define SCHEMA_MAP_KEY_FIELD_ID 1
#define SCHEMA_MAP_VALUE_FIELD_ID 2

#ifdef WORKER_DLL
#ifdef WORKER_DLL_EXPORT
#if defined(_MSC_VER) || defined(__ORBIS__)
#define WORKER_API __declspec(dllexport)
#else
#define WORKER_API __attribute__((visibility("default")))
#endif
#else
#if defined(_MSC_VER) || defined(__ORBIS__)
#define WORKER_API __declspec(dllimport)
#else
#define WORKER_API
#endif
#endif
#else
#define WORKER_API
#endif

#ifdef __cplusplus
#ifndef WORKER_SDK_C_DISABLE_NAMESPACE
namespace worker {
namespace c {
#endif /* WORKER_SDK_C_DISABLE_NAMESPACE */
extern "C" {
#endif /* __cplusplus */

#ifndef WORKER_SDK_C_INCLUDE_IMPROBABLE_C_COMMON
#define WORKER_SDK_C_INCLUDE_IMPROBABLE_C_COMMON
/* Types shared with c_worker.h. */
typedef struct Schema_GenericData Schema_GenericData;
typedef struct Schema_CommandRequest Schema_CommandRequest;
typedef struct Schema_CommandResponse Schema_CommandResponse;
typedef struct Schema_ComponentData Schema_ComponentData;
typedef struct Schema_ComponentUpdate Schema_ComponentUpdate;
typedef struct Schema_JsonParameters Schema_JsonParameters;
#endif /* WORKER_SDK_C_INCLUDE_IMPROBABLE_C_COMMON */

typedef uint32_t Schema_FieldId;
typedef uint32_t Schema_ComponentId;
typedef int64_t Schema_EntityId;

/* A loaded schema bundle. */
typedef struct Schema_Bundle Schema_Bundle;
/* An object: an instance of a schema type, owned by its root. */
typedef struct Schema_Object Schema_Object;
/* JSON text made by a Schema_Json_Dump* function. */
typedef struct Schema_Json Schema_Json;

/* JSON options (used by c_worker.h's JSON snapshots; no function here takes them). */
struct Schema_JsonParameters {
  /* Indent the JSON. */
  uint8_t enable_pretty_printing;
};

/* Called with one or more error messages, separated by "\n". */
typedef void Schema_ErrorCallback(void* user_data, const char* error);

/* Reads a binary schema bundle (the schema compiler's --bundle_out). Always returns a bundle:
 * call Schema_Bundle_GetError to know whether it loaded. */
WORKER_API Schema_Bundle* Schema_Bundle_Load(const uint8_t* buffer, uint32_t length);
/* Why the bundle did not load (owned by the bundle), or NULL when it loaded. */
WORKER_API const char* Schema_Bundle_GetError(const Schema_Bundle* bundle);
/* Frees a bundle. */
WORKER_API void Schema_Bundle_Destroy(Schema_Bundle* bundle);

/* Roots. Create makes an empty root; Copy a deep copy; Destroy frees the root and every object,
 * buffer and string it owns; the getter returns the root's object, owned by the root. */
WORKER_API Schema_GenericData* Schema_CreateGenericData(void);
WORKER_API Schema_GenericData* Schema_CopyGenericData(const Schema_GenericData* source);
WORKER_API void Schema_DestroyGenericData(Schema_GenericData* request);
WORKER_API Schema_Object* Schema_GetGenericDataObject(Schema_GenericData* request);

WORKER_API Schema_CommandRequest* Schema_CreateCommandRequest(void);
WORKER_API Schema_CommandRequest* Schema_CopyCommandRequest(const Schema_CommandRequest* source);
WORKER_API void Schema_DestroyCommandRequest(Schema_CommandRequest* request);
WORKER_API Schema_Object* Schema_GetCommandRequestObject(Schema_CommandRequest* request);

WORKER_API Schema_CommandResponse* Schema_CreateCommandResponse(void);
WORKER_API Schema_CommandResponse* Schema_CopyCommandResponse(const Schema_CommandResponse* source);
WORKER_API void Schema_DestroyCommandResponse(Schema_CommandResponse* response);
WORKER_API Schema_Object* Schema_GetCommandResponseObject(Schema_CommandResponse* response);

WORKER_API Schema_ComponentData* Schema_CreateComponentData(void);
WORKER_API Schema_ComponentData* Schema_CopyComponentData(const Schema_ComponentData* source);
WORKER_API void Schema_DestroyComponentData(Schema_ComponentData* data);
/* The component's fields. */
WORKER_API Schema_Object* Schema_GetComponentDataFields(Schema_ComponentData* data);

WORKER_API Schema_ComponentUpdate* Schema_CreateComponentUpdate(void);
/* A deep copy, cleared fields included. */
WORKER_API Schema_ComponentUpdate* Schema_CopyComponentUpdate(const Schema_ComponentUpdate* source);
WORKER_API void Schema_DestroyComponentUpdate(Schema_ComponentUpdate* update);
/* The fields the update sets. An option, list or map set to empty is not here but in the
 * cleared fields below. */
WORKER_API Schema_Object* Schema_GetComponentUpdateFields(Schema_ComponentUpdate* update);
/* The events: field id = the event's 1-based index in the component, one object per event. */
WORKER_API Schema_Object* Schema_GetComponentUpdateEvents(Schema_ComponentUpdate* update);
/* The cleared fields: option, list and map fields the update sets to empty. A set, listed in
 * ascending id order. */
WORKER_API void Schema_ClearComponentUpdateClearedFields(Schema_ComponentUpdate* update);
WORKER_API uint8_t Schema_IsComponentUpdateFieldCleared(Schema_ComponentUpdate* update,
                                                        Schema_FieldId field_id);
WORKER_API void Schema_AddComponentUpdateClearedField(Schema_ComponentUpdate* update,
                                                      Schema_FieldId field_id);
WORKER_API uint32_t
Schema_GetComponentUpdateClearedFieldCount(const Schema_ComponentUpdate* update);
/* The index-th cleared field id; 0 when out of range. */
WORKER_API Schema_FieldId
Schema_IndexComponentUpdateClearedField(const Schema_ComponentUpdate* update, uint32_t index);
/* Writes every cleared field id; output_array has room for the count above. */
WORKER_API void Schema_GetComponentUpdateClearedFieldList(const Schema_ComponentUpdate* update,
                                                          Schema_FieldId* output_array);

/* Applies an update to data: each field the update sets replaces the data's (whole: nested
 * objects are not merged), each cleared field is removed, events do not touch data. Returns 1,
 * or 0 with Schema_GetError(Schema_GetComponentDataFields(target_data)). Unlike the SDK's, the
 * data does not grow with each update. */
WORKER_API uint8_t Schema_ApplyComponentUpdateToData(const Schema_ComponentUpdate* update,
                                                     Schema_ComponentData* target_data);
/* Makes target_update the update equal to applying target_update then update; events
 * concatenate; update is left empty (destroy it). Returns 1, or 0 with
 * Schema_GetError(Schema_GetComponentUpdateFields(target_update)). */
WORKER_API uint8_t Schema_MergeComponentUpdateIntoUpdate(Schema_ComponentUpdate* update,
                                                         Schema_ComponentUpdate* target_update);
/* An update that sets every field of data that the component declares (empty option, list and
 * map fields become cleared fields; undeclared fields are dropped), so that applying it to any
 * data of the component gives data. data is left empty on success. NULL on failure, with the
 * reason given to error_callback (which may be NULL). */
WORKER_API Schema_ComponentUpdate*
Schema_ConvertComponentDataIntoUpdate(const Schema_Bundle* bundle, Schema_ComponentId component_id,
                                      Schema_ComponentData* data, void* callback_user_data,
                                      Schema_ErrorCallback* error_callback);

/* Removes every field. Objects taken from inside stay valid (unreachable) until the root goes. */
WORKER_API void Schema_Clear(Schema_Object* object);
/* Removes every occurrence of a field. */
WORKER_API void Schema_ClearField(Schema_Object* object, Schema_FieldId field_id);
/* Appends every field of src to dst (of one field: Schema_ShallowCopyField). Nothing happens
 * when src == dst or the objects belong to different roots. Rosetta copies nested objects too:
 * later changes inside src are not seen in dst (the SDK's copy shared them); nothing is copied,
 * with an error, when the copy would nest deeper than 100 levels in dst. */
WORKER_API void Schema_ShallowCopy(const Schema_Object* src, Schema_Object* dst);
WORKER_API void Schema_ShallowCopyField(const Schema_Object* src, Schema_Object* dst,
                                        Schema_FieldId field_id);
/* A new empty object owned by object's root, which no field holds. */
WORKER_API Schema_Object* Schema_AllocateObject(const Schema_Object* object);
/* length zeroed bytes that live as long as object's root. */
WORKER_API uint8_t* Schema_AllocateBuffer(Schema_Object* object, uint32_t length);
/* Reads wire bytes and appends their fields to object. Returns 1, or 0 with Schema_GetError
 * (the object unchanged), for bytes that do not read or that nest deeper than 100 levels below
 * object's level. Rosetta copies the bytes: the buffer may be freed at once. */
WORKER_API uint8_t Schema_MergeFromBuffer(Schema_Object* object, const uint8_t* buffer,
                                          uint32_t length);
/* The length of the object's wire bytes; 0 with Schema_GetError when they nest deeper than 100
 * levels (bytes added with Schema_AddBytes that read as objects). */
WORKER_API uint32_t Schema_GetWriteBufferLength(const Schema_Object* object);
/* Writes the object's wire bytes; length must be Schema_GetWriteBufferLength's. Returns 1, or
 * 0 with Schema_GetError (a length that differs, bytes nested deeper than 100 levels: nothing is
 * written). */
WORKER_API uint8_t Schema_SerializeToBuffer(const Schema_Object* object, uint8_t* buffer,
                                            uint32_t length);
/* The most recent error of any object of object's root (owned by the root, replaced by the
 * next error), or NULL. */
WORKER_API const char* Schema_GetError(const Schema_Object* object);
/* The distinct field ids present; the list is ascending, into room for the count. */
WORKER_API uint32_t Schema_GetUniqueFieldIdCount(const Schema_Object* object);
WORKER_API void Schema_GetUniqueFieldIds(const Schema_Object* object, uint32_t* buffer);

/* Append one value to a field. Repeated calls make a list; they mix freely with AddList. */
WORKER_API void Schema_AddFloat(Schema_Object* object, Schema_FieldId field_id, float value);
WORKER_API void Schema_AddDouble(Schema_Object* object, Schema_FieldId field_id, double value);
WORKER_API void Schema_AddBool(Schema_Object* object, Schema_FieldId field_id, uint8_t value);
WORKER_API void Schema_AddInt32(Schema_Object* object, Schema_FieldId field_id, int32_t value);
WORKER_API void Schema_AddInt64(Schema_Object* object, Schema_FieldId field_id, int64_t value);
WORKER_API void Schema_AddUint32(Schema_Object* object, Schema_FieldId field_id, uint32_t value);
WORKER_API void Schema_AddUint64(Schema_Object* object, Schema_FieldId field_id, uint64_t value);
WORKER_API void Schema_AddSint32(Schema_Object* object, Schema_FieldId field_id, int32_t value);
WORKER_API void Schema_AddSint64(Schema_Object* object, Schema_FieldId field_id, int64_t value);
WORKER_API void Schema_AddFixed32(Schema_Object* object, Schema_FieldId field_id, uint32_t value);
WORKER_API void Schema_AddFixed64(Schema_Object* object, Schema_FieldId field_id, uint64_t value);
WORKER_API void Schema_AddSfixed32(Schema_Object* object, Schema_FieldId field_id, int32_t value);
WORKER_API void Schema_AddSfixed64(Schema_Object* object, Schema_FieldId field_id, int64_t value);
WORKER_API void Schema_AddEntityId(Schema_Object* object, Schema_FieldId field_id, Schema_EntityId value);
WORKER_API void Schema_AddEnum(Schema_Object* object, Schema_FieldId field_id, uint32_t value);
/* Rosetta copies the bytes: the buffer may be freed at once (the SDK required it to outlive
 * the root). Strings are bytes without their NUL. */
WORKER_API void Schema_AddBytes(Schema_Object* object, Schema_FieldId field_id,
                                const uint8_t* buffer, uint32_t length);
/* Appends an empty object to the field and returns it. Rosetta returns NULL, with an error and
 * nothing added, for a field id out of range and on an object at level 100. */
WORKER_API Schema_Object* Schema_AddObject(Schema_Object* object, Schema_FieldId field_id);

/* Append count values to a field (written packed). Rosetta copies them: the array may be freed
 * at once (the SDK required it to outlive the root). */
WORKER_API void Schema_AddFloatList(Schema_Object* object, Schema_FieldId field_id,
                                const float* values, uint32_t count);
WORKER_API void Schema_AddDoubleList(Schema_Object* object, Schema_FieldId field_id,
                                const double* values, uint32_t count);
WORKER_API void Schema_AddBoolList(Schema_Object* object, Schema_FieldId field_id,
                                const uint8_t* values, uint32_t count);
WORKER_API void Schema_AddInt32List(Schema_Object* object, Schema_FieldId field_id,
                                const int32_t* values, uint32_t count);
WORKER_API void Schema_AddInt64List(Schema_Object* object, Schema_FieldId field_id,
                                const int64_t* values, uint32_t count);
WORKER_API void Schema_AddUint32List(Schema_Object* object, Schema_FieldId field_id,
                                const uint32_t* values, uint32_t count);
WORKER_API void Schema_AddUint64List(Schema_Object* object, Schema_FieldId field_id,
                                const uint64_t* values, uint32_t count);
WORKER_API void Schema_AddSint32List(Schema_Object* object, Schema_FieldId field_id,
                                const int32_t* values, uint32_t count);
WORKER_API void Schema_AddSint64List(Schema_Object* object, Schema_FieldId field_id,
                                const int64_t* values, uint32_t count);
WORKER_API void Schema_AddFixed32List(Schema_Object* object, Schema_FieldId field_id,
                                const uint32_t* values, uint32_t count);
WORKER_API void Schema_AddFixed64List(Schema_Object* object, Schema_FieldId field_id,
                                const uint64_t* values, uint32_t count);
WORKER_API void Schema_AddSfixed32List(Schema_Object* object, Schema_FieldId field_id,
                                const int32_t* values, uint32_t count);
WORKER_API void Schema_AddSfixed64List(Schema_Object* object, Schema_FieldId field_id,
                                const int64_t* values, uint32_t count);
WORKER_API void Schema_AddEntityIdList(Schema_Object* object, Schema_FieldId field_id,
                                const Schema_EntityId* values, uint32_t count);
WORKER_API void Schema_AddEnumList(Schema_Object* object, Schema_FieldId field_id,
                                const uint32_t* values, uint32_t count);

/* How many values of the type the field holds (Bytes and Object: length-delimited values). */
WORKER_API uint32_t Schema_GetFloatCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetDoubleCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetBoolCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetInt32Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetInt64Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetUint32Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetUint64Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetSint32Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetSint64Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetFixed32Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetFixed64Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetSfixed32Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetSfixed64Count(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetEntityIdCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetEnumCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetBytesCount(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetObjectCount(const Schema_Object* object, Schema_FieldId field_id);

/* The last value of a field; the default when absent. Bools are exactly 0 or 1. Bytes of an
 * absent field: length 0 and a valid pointer to no bytes. An absent object: a new empty object
 * no field holds. */
WORKER_API float Schema_GetFloat(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API double Schema_GetDouble(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint8_t Schema_GetBool(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int32_t Schema_GetInt32(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int64_t Schema_GetInt64(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetUint32(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint64_t Schema_GetUint64(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int32_t Schema_GetSint32(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int64_t Schema_GetSint64(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetFixed32(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint64_t Schema_GetFixed64(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int32_t Schema_GetSfixed32(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API int64_t Schema_GetSfixed64(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API Schema_EntityId Schema_GetEntityId(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetEnum(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API uint32_t Schema_GetBytesLength(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API const uint8_t* Schema_GetBytes(const Schema_Object* object, Schema_FieldId field_id);
WORKER_API Schema_Object* Schema_GetObject(Schema_Object* object, Schema_FieldId field_id);

/* The index-th value of a field; the default when out of range (as above for bytes and
 * objects). */
WORKER_API float Schema_IndexFloat(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API double Schema_IndexDouble(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint8_t Schema_IndexBool(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int32_t Schema_IndexInt32(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int64_t Schema_IndexInt64(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint32_t Schema_IndexUint32(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint64_t Schema_IndexUint64(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int32_t Schema_IndexSint32(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int64_t Schema_IndexSint64(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint32_t Schema_IndexFixed32(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint64_t Schema_IndexFixed64(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int32_t Schema_IndexSfixed32(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API int64_t Schema_IndexSfixed64(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API Schema_EntityId Schema_IndexEntityId(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint32_t Schema_IndexEnum(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t index);
WORKER_API uint32_t Schema_IndexBytesLength(const Schema_Object* object, Schema_FieldId field_id,
                                            uint32_t index);
WORKER_API const uint8_t* Schema_IndexBytes(const Schema_Object* object, Schema_FieldId field_id,
                                            uint32_t index);
WORKER_API Schema_Object* Schema_IndexObject(Schema_Object* object, Schema_FieldId field_id,
                                             uint32_t index);

/* Copy every value of a field into output_array, which has room for the count. */
WORKER_API void Schema_GetFloatList(const Schema_Object* object, Schema_FieldId field_id,
                                float* output_array);
WORKER_API void Schema_GetDoubleList(const Schema_Object* object, Schema_FieldId field_id,
                                double* output_array);
WORKER_API void Schema_GetBoolList(const Schema_Object* object, Schema_FieldId field_id,
                                uint8_t* output_array);
WORKER_API void Schema_GetInt32List(const Schema_Object* object, Schema_FieldId field_id,
                                int32_t* output_array);
WORKER_API void Schema_GetInt64List(const Schema_Object* object, Schema_FieldId field_id,
                                int64_t* output_array);
WORKER_API void Schema_GetUint32List(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t* output_array);
WORKER_API void Schema_GetUint64List(const Schema_Object* object, Schema_FieldId field_id,
                                uint64_t* output_array);
WORKER_API void Schema_GetSint32List(const Schema_Object* object, Schema_FieldId field_id,
                                int32_t* output_array);
WORKER_API void Schema_GetSint64List(const Schema_Object* object, Schema_FieldId field_id,
                                int64_t* output_array);
WORKER_API void Schema_GetFixed32List(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t* output_array);
WORKER_API void Schema_GetFixed64List(const Schema_Object* object, Schema_FieldId field_id,
                                uint64_t* output_array);
WORKER_API void Schema_GetSfixed32List(const Schema_Object* object, Schema_FieldId field_id,
                                int32_t* output_array);
WORKER_API void Schema_GetSfixed64List(const Schema_Object* object, Schema_FieldId field_id,
                                int64_t* output_array);
WORKER_API void Schema_GetEntityIdList(const Schema_Object* object, Schema_FieldId field_id,
                                Schema_EntityId* output_array);
WORKER_API void Schema_GetEnumList(const Schema_Object* object, Schema_FieldId field_id,
                                uint32_t* output_array);

/* JSON in the SDK's form (rosetta_json::spatialos): options as [] or [value], maps as
 * [{"key": k, "value": v}], 64-bit integers as strings, bytes as base64, enums by name. Every
 * Schema_Json_* call but the two GetLast* forgets the thread's last error. */
/* Frees JSON text. */
WORKER_API void Schema_Json_Destroy(Schema_Json* json);
/* The NUL-terminated text, valid until Schema_Json_Destroy. */
WORKER_API const char* Schema_Json_GetJsonString(const Schema_Json* json);
/* The errors of the last JSON call of this thread ("\n"-separated), or NULL. */
WORKER_API const char* Schema_Json_GetLastError(void);
/* Rosetta's JSON functions warn of nothing: always NULL. */
WORKER_API const char* Schema_Json_GetLastWarning(void);

/* Reads JSON of a type and appends its fields to object. Returns 1, or 0 with
 * Schema_Json_GetLastError. */
WORKER_API uint8_t Schema_Json_LoadObject(const Schema_Bundle* bundle,
                                          const char* qualified_type_name, const char* json_string,
                                          Schema_Object* object);
/* The object as JSON of a type; NULL with Schema_Json_GetLastError. Free with
 * Schema_Json_Destroy. The same holds for the functions below. */
WORKER_API Schema_Json* Schema_Json_DumpObject(const Schema_Bundle* bundle,
                                               const char* qualified_type_name,
                                               Schema_Object* object);
WORKER_API Schema_ComponentData* Schema_Json_LoadComponentData(const Schema_Bundle* bundle,
                                                               Schema_ComponentId component_id,
                                                               const char* json_string);
WORKER_API Schema_Json* Schema_Json_DumpComponentData(const Schema_Bundle* bundle,
                                                      Schema_ComponentId component_id,
                                                      Schema_ComponentData* data);
/* Updates: the fields set; a cleared field as []; "__cleared" and "__events" members for the
 * rest. {} is the empty update. */
WORKER_API Schema_ComponentUpdate* Schema_Json_LoadComponentUpdate(const Schema_Bundle* bundle,
                                                                   Schema_ComponentId component_id,
                                                                   const char* json_string);
WORKER_API Schema_Json* Schema_Json_DumpComponentUpdate(const Schema_Bundle* bundle,
                                                        Schema_ComponentId component_id,
                                                        Schema_ComponentUpdate* update);
/* Commands by their 1-based index in the component. */
WORKER_API Schema_CommandRequest* Schema_Json_LoadCommandRequest(const Schema_Bundle* bundle,
                                                                 Schema_ComponentId component_id,
                                                                 Schema_FieldId command_index,
                                                                 const char* json_string);
WORKER_API Schema_Json* Schema_Json_DumpCommandRequest(const Schema_Bundle* bundle,
                                                       Schema_ComponentId component_id,
                                                       Schema_FieldId command_index,
                                                       Schema_CommandRequest* request);
WORKER_API Schema_CommandResponse* Schema_Json_LoadCommandResponse(const Schema_Bundle* bundle,
                                                                   Schema_ComponentId component_id,
                                                                   Schema_FieldId command_index,
                                                                   const char* json_string);
WORKER_API Schema_Json* Schema_Json_DumpCommandResponse(const Schema_Bundle* bundle,
                                                        Schema_ComponentId component_id,
                                                        Schema_FieldId command_index,
                                                        Schema_CommandResponse* response);

#ifdef __cplusplus
} /* extern "C" */
#ifndef WORKER_SDK_C_DISABLE_NAMESPACE
} /* namespace c */
} /* namespace worker */
#endif /* WORKER_SDK_C_DISABLE_NAMESPACE */
#endif /* __cplusplus */

/* The SpatialOS documentation's examples create roots the 13.x way, with ids that 14.0 dropped
 * (Schema_CreateComponentUpdate(54), Schema_CreateCommandRequest(10001, 1)). In C these macros
 * accept those calls too: the arguments are evaluated and ignored, and the 15.0.1 call is made.
 * Taking a function's address is unaffected. Define ROSETTA_SCHEMA_NO_13X_CREATE to leave them
 * out. */
#if !defined(__cplusplus) && !defined(ROSETTA_SCHEMA_NO_13X_CREATE)
static inline void Rosetta_Schema_IgnoreArguments(int unused, ...) { (void)unused; }
#define Schema_CreateComponentData(...) \
  (Rosetta_Schema_IgnoreArguments(0, __VA_ARGS__ + 0), (Schema_CreateComponentData)())
#define Schema_CreateComponentUpdate(...) \
  (Rosetta_Schema_IgnoreArguments(0, __VA_ARGS__ + 0), (Schema_CreateComponentUpdate)())
#define Schema_CreateCommandRequest(...) \
  (Rosetta_Schema_IgnoreArguments(0, __VA_ARGS__ + 0), (Schema_CreateCommandRequest)())
#define Schema_CreateCommandResponse(...) \
  (Rosetta_Schema_IgnoreArguments(0, __VA_ARGS__ + 0), (Schema_CreateCommandResponse)())
#endif

#endif /* WORKER_SDK_C_INCLUDE_IMPROBABLE_C_SCHEMA_H */

/* Outside the include guard, as in the SDK's header, so that every inclusion gets it. */
#ifdef __cplusplus
#ifndef WORKER_SDK_C_DISABLE_NAMESPACE
#ifndef WORKER_SDK_C_DISABLE_AUTO_USE_NAMESPACE
using namespace worker::c;
#endif /* WORKER_SDK_C_DISABLE_AUTO_USE_NAMESPACE */
#endif /* WORKER_SDK_C_DISABLE_NAMESPACE */
#endif /* __cplusplus */
