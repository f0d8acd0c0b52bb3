// The header in C++: it compiles, its declarations sit in worker::c (used automatically, as in
// the SDK's header), and a small program links and runs.
#include "c_schema.h"
#include "c_schema.h"  // included twice, as the SDK's header allows

#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  worker::c::Schema_ComponentData* data = Schema_CreateComponentData();
  Schema_Object* fields = worker::c::Schema_GetComponentDataFields(data);
  Schema_Object* coords = Schema_AddObject(fields, 1);
  Schema_AddDouble(coords, 1, 1.0);
  Schema_AddDouble(coords, 2, 2.0);
  Schema_AddDouble(coords, 3, 3.0);
  std::vector<uint8_t> bytes(Schema_GetWriteBufferLength(fields));
  if (!Schema_SerializeToBuffer(fields, bytes.data(), static_cast<uint32_t>(bytes.size()))) {
    return 1;
  }
  Schema_DestroyComponentData(data);
  worker::c::Schema_ErrorCallback* callback = nullptr;
  (void)callback;
  Schema_JsonParameters parameters = {1};
  std::printf("c++: %zu bytes, pretty %d\n", bytes.size(), parameters.enable_pretty_printing);
  return bytes.size() == 29 ? 0 : 1;
}
