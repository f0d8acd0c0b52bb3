//! The text of `schema_bundle.proto`.

/// The protobuf definition of the schema bundle, `schema_bundle.proto` (package `schema`).
///
/// Reconstructed from the SpatialOS "custom code generator" documentation, which prints every
/// message of the 14.x format; the v15 component-set messages (`SchemaFile.component_sets = 7`,
/// `ComponentSetDefinition`, `ComponentList`, `ComponentRef`) follow the key order of the v15
/// bundle JSON. Compile it with any protobuf tool (`protoc`, `protox`) to decode the files that
/// [`encode`](crate::encode) writes, or to read real `--bundle_out` files independently of this
/// crate. The root message is `schema.SchemaBundle`.
pub const SCHEMA_BUNDLE_PROTO: &str = r#"syntax = "proto3";

package schema;

message SchemaBundle {
  repeated SchemaFile schema_files = 1;
}

message SchemaFile {
  string canonical_path = 1;
  Package package = 2;
  repeated Import imports = 3;
  repeated EnumDefinition enums = 4;
  repeated TypeDefinition types = 5;
  repeated ComponentDefinition components = 6;
  // v15 only.
  repeated ComponentSetDefinition component_sets = 7;
}

message Package {
  SourceReference source_reference = 1;
  string name = 2;
}

message Import {
  SourceReference source_reference = 1;
  string path = 2;
}

message SourceReference {
  uint32 line = 1;
  uint32 column = 2;
}

message ComponentDefinition {
  message EventDefinition {
    SourceReference source_reference = 1;
    repeated Annotation annotations = 2;

    string name = 3;
    // Fully-qualified name of the event type (for example "improbable.example.Foo").
    string type = 4;
    uint32 event_index = 5;
  }

  message CommandDefinition {
    SourceReference source_reference = 1;
    repeated Annotation annotations = 2;

    string name = 3;
    // Fully-qualified name of the request type (for example "improbable.example.Foo").
    string request_type = 4;
    // Fully-qualified name of the response type (for example "improbable.example.Foo").
    string response_type = 5;
    uint32 command_index = 6;
  }

  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string qualified_name = 3;
  string name = 4;
  uint32 component_id = 5;
  // Fully-qualified name of the data type (for example "improbable.example.Foo"). This is
  // set to the default value ("") if the component has no 'data' type.
  string data_definition = 6;
  // Should have values only if the component has fields instead of a 'data' type (and
  // 'data_definition' is set to the default value).
  repeated FieldDefinition fields = 7;
  repeated EventDefinition events = 8;
  repeated CommandDefinition commands = 9;
}

// v15 only.
message ComponentSetDefinition {
  message ComponentList {
    message ComponentRef {
      SourceReference source_reference = 1;
      // Fully-qualified name of the component (for example "improbable.Position").
      string component = 2;
    }

    SourceReference source_reference = 1;
    repeated Annotation annotations = 2;
    repeated ComponentRef components = 3;
  }

  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string qualified_name = 3;
  string name = 4;
  uint32 component_set_id = 5;
  ComponentList component_list = 6;
}

message TypeDefinition {
  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string qualified_name = 3;
  string name = 4;
  // Fully-qualified name of the outer type if applicable (for example "improbable.example.Foo").
  // This is set to the default value ("") if this type has no outer type.
  string outer_type = 5;
  repeated FieldDefinition fields = 6;
}

message FieldDefinition {
  message SingularType {
    TypeReference type = 1;
  }

  message OptionType {
    TypeReference inner_type = 1;
  }

  message ListType {
    TypeReference inner_type = 1;
  }

  message MapType {
    TypeReference key_type = 1;
    TypeReference value_type = 2;
  }

  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string name = 3;
  uint32 field_id = 4;
  // 14.x only; always false in v15.
  bool transient = 5;

  oneof type {
    SingularType singular_type = 6;
    OptionType option_type = 7;
    ListType list_type = 8;
    MapType map_type = 9;
  }
}

message EnumDefinition {
  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string qualified_name = 3;
  string name = 4;
  // Fully-qualified name of the outer type if applicable (for example "improbable.example.Foo").
  // This is set to the default value ("") if this enum has no outer type.
  string outer_type = 5;
  repeated EnumValueDefinition values = 6;
}

message EnumValueDefinition {
  SourceReference source_reference = 1;
  repeated Annotation annotations = 2;

  string name = 3;
  uint32 value = 4;
}

message Annotation {
  SourceReference source_reference = 1;
  Value.TypeValue type_value = 2;
}

message Value {
  message EnumValue {
    // Fully-qualified name of the enum (for example "improbable.example.Bar").
    string enum = 1;
    // The name of the value contained within the enum (for example "ALPHA").
    string value = 2;
  }

  message TypeValue {
    message FieldValue {
      SourceReference source_reference = 1;

      // The name of the field contained within the type (for example "some_field").
      string name = 2;
      Value value = 3;
    }

    // Fully-qualified name of the instantiated type (for example "improbable.example.Foo").
    string type = 1;
    repeated FieldValue fields = 2;
  }

  message OptionValue {
    // Optional. Can be unset to indicate an empty option.
    Value value = 1;
  }

  message ListValue {
    repeated Value values = 1;
  }

  message MapValue {
    message KeyValuePair {
      Value key = 1;
      Value value = 2;
    }

    repeated KeyValuePair values = 1;
  }

  SourceReference source_reference = 1;

  oneof value {
    bool bool_value = 2;
    uint32 uint32_value = 3;
    uint64 uint64_value = 4;
    int32 int32_value = 5;
    int64 int64_value = 6;
    float float_value = 7;
    double double_value = 8;
    string string_value = 9;
    bytes bytes_value = 10;
    int64 entity_id_value = 11;

    EnumValue enum_value = 12;
    TypeValue type_value = 13;

    OptionValue option_value = 14;
    ListValue list_value = 15;
    MapValue map_value = 16;
  }
}

message TypeReference {
  oneof value_type {
    PrimitiveType primitive = 1;
    // Fully-qualified name of the enum (for example "improbable.example.Bar").
    string enum = 2;
    // Fully-qualified name of the type (for example "improbable.example.Foo").
    string type = 3;
  }
}

enum PrimitiveType {
  Invalid = 0;
  Int32 = 1;
  Int64 = 2;
  Uint32 = 3;
  Uint64 = 4;
  Sint32 = 5;
  Sint64 = 6;
  Fixed32 = 7;
  Fixed64 = 8;
  Sfixed32 = 9;
  Sfixed64 = 10;
  Bool = 11;
  Float = 12;
  Double = 13;
  String = 14;
  EntityId = 15;
  Bytes = 16;
  Entity = 17;
}
"#;
