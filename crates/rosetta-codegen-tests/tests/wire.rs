//! Every generated component against the dynamic path, on random data of its schema type:
//!
//! - the bytes `typed::write` + `Object::encode` write decode into the generated type, which
//!   encodes them back byte for byte (enum values the schema does not name included);
//! - `decode_shared` reads what `decode` reads;
//! - fields of a newer schema after them are kept and written back (or dropped, for the group
//!   generated without `keep_unknown_fields`);
//! - `from_object` and `to_object` agree with those bytes, and `to_object` reads as the same
//!   `Object`;
//! - in a snapshot, `RawEntity::get` (from the record's bytes) and `SnapshotEntity::get` read
//!   it back, and the raw entity writes the record again byte for byte;
//! - serde through Rosetta's O3DE JSON serializer writes exactly the JSON that the
//!   schema-driven store writes for the same data (defaults kept).

mod common;

use std::sync::Arc;

use common::{run, value, Failures, Registries, Shape};
use rosetta_codegen_tests::{visit_components, ComponentVisitor};
use rosetta_json::o3de::{store_object, Quiet, StoreOptions};
use rosetta_types::{Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::encoding::MAX_FIELD_ID;
use rosetta_wire::family::{Double, Fixed32, Uint64};
use rosetta_wire::schema_type::Component;
use rosetta_wire::snapshot::{
    read_entities, write_entities, Compression, SnapshotEntity, SnapshotReader, SnapshotWriter,
};
use rosetta_wire::{typed, Object};

const CASES: u32 = 24;
const DEPTH: u32 = 3;

fn type_of<C: Component>(registry: &TypeRegistry) -> Result<TypeId, String> {
    registry
        .lookup(C::NAME)
        .ok_or_else(|| format!("`{}` is not in the schema", C::NAME))
}

/// Fields no schema of the corpus has (the largest field ids): one of each wire type; two with
/// their varints (a value, a length) written longer than they need to be, as another writer
/// may; and one that comes back after another: `(as sent, as an Object writes them)`.
fn unknown_fields() -> [(Vec<u8>, Vec<u8>); 3] {
    let mut extra = Object::new();
    extra.add::<Uint64>(MAX_FIELD_ID, 300);
    extra.add_string(MAX_FIELD_ID - 1, "from a newer schema");
    extra.add::<Fixed32>(MAX_FIELD_ID - 2, 7);
    extra.add::<Double>(MAX_FIELD_ID - 3, 0.5);
    let short = extra.encode();
    // Field 536870911 = 0x73 (varint, as `f3 00`) and 536870910 = "abc" (length as `83 00`).
    let mut long = vec![0xf8, 0xff, 0xff, 0xff, 0x0f, 0xf3, 0x00];
    long.extend_from_slice(&[0xf2, 0xff, 0xff, 0xff, 0x0f, 0x83, 0x00, b'a', b'b', b'c']);
    // Field 536870911 again after another: an `Object` packs the two varints where the first
    // came.
    let mut repeated = vec![0xf8, 0xff, 0xff, 0xff, 0x0f, 0x01];
    repeated.extend_from_slice(&[0xf5, 0xff, 0xff, 0xff, 0x0f, 7, 0, 0, 0]);
    repeated.extend_from_slice(&[0xf8, 0xff, 0xff, 0xff, 0x0f, 0x02]);
    let written = |sent: &[u8]| Object::decode(sent).map(|o| o.encode()).unwrap_or_default();
    [
        (short.clone(), short),
        (long.clone(), written(&long)),
        (repeated.clone(), written(&repeated)),
    ]
}

/// The value's bytes with fields of a newer schema after them: decoded and encoded again, they
/// are kept (as an `Object` writes them) or dropped, as the group was generated.
fn unknown_check<C: Component>(bytes: &[u8], keeps: bool) -> Result<(), String> {
    for (sent, written) in unknown_fields() {
        let newer = [bytes, &sent].concat();
        let value = C::decode(&newer).map_err(|e| format!("decode with unknown fields: {e}"))?;
        let expected = if keeps {
            [bytes, &written].concat()
        } else {
            bytes.to_vec()
        };
        if value.encode() != expected {
            return Err(format!(
                "with unknown fields {sent:?} (kept: {keeps}) writes {:?}",
                value.encode()
            ));
        }
        let dynamic = Object::decode(&expected).map_err(|e| e.to_string())?;
        if value.to_object() != dynamic || C::from_object(&dynamic).as_ref() != Ok(&value) {
            return Err(format!("with unknown fields {sent:?}, the Object differs"));
        }
    }
    Ok(())
}

fn bytes_check<C: Component>(
    r: &TypeRegistry,
    ty: TypeId,
    v: &Value,
    keeps_unknown: bool,
) -> Result<(), String> {
    let object = typed::write(r, ty, v).map_err(|e| format!("typed::write: {e}"))?;
    let bytes = object.encode();
    unknown_check::<C>(&bytes, keeps_unknown)?;
    let typed_value = C::decode(&bytes).map_err(|e| format!("decode: {e}"))?;
    if typed_value.encode() != bytes {
        return Err(format!(
            "encodes differently\n  dynamic: {bytes:?}\n  typed:   {:?}\n  value: {typed_value:?}",
            typed_value.encode()
        ));
    }
    let shared = C::decode_shared(&bytes.clone().into()).map_err(|e| format!("shared: {e}"))?;
    if shared != typed_value {
        return Err(format!("decode_shared reads {shared:?}"));
    }
    let from_object = C::from_object(&object).map_err(|e| format!("from_object: {e}"))?;
    if from_object.encode() != bytes {
        return Err("from_object differs from decode".into());
    }
    if typed_value.to_object() != object {
        return Err("to_object reads differently from the dynamic object".into());
    }
    let back = typed::read(
        r,
        ty,
        &Object::decode(&typed_value.encode()).map_err(|e| e.to_string())?,
    )
    .map_err(|e| format!("typed::read: {e}"))?;
    if &back != v {
        return Err(format!("reads back as another value: {back:?}"));
    }
    snapshot_check(&typed_value, object)
}

/// The component in a snapshot: read back from a record stream with its components decoded
/// (`SnapshotEntity::get`) and undecoded (`RawEntity::get`), it is the value written, and a raw
/// entity writes the stream the decoded entity writes.
fn snapshot_check<C: Component>(value: &C, object: Object) -> Result<(), String> {
    let entity = SnapshotEntity::new(7).with_component(C::ID, object);
    let stream = write_entities([&entity], Compression::Raw).map_err(|e| e.to_string())?;
    let mut reader = SnapshotReader::new(&stream[..]).map_err(|e| e.to_string())?;
    let raw = match reader.read_raw_entity() {
        Ok(Some(raw)) => raw,
        other => return Err(format!("read_raw_entity: {other:?}")),
    };
    let decoded = read_entities(&stream).map_err(|e| e.to_string())?;
    let from_raw = raw.get::<C>().map_err(|e| format!("RawEntity::get: {e}"))?;
    let from_decoded = decoded[0].get::<C>().map_err(|e| format!("get: {e}"))?;
    if from_raw.as_ref() != Some(value) || from_decoded.as_ref() != Some(value) {
        return Err(format!(
            "a snapshot reads it back as {from_raw:?} (raw) and {from_decoded:?}"
        ));
    }
    let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw)
        .map_err(|e| e.to_string())?;
    writer.write_raw_entity(&raw).map_err(|e| e.to_string())?;
    if writer.finish().map_err(|e| e.to_string())? != stream {
        return Err("the raw entity writes another stream".into());
    }
    Ok(())
}

fn json_check<C>(r: &TypeRegistry, ty: TypeId, v: &Value) -> Result<(), String>
where
    C: Component + serde::Serialize + serde::de::DeserializeOwned,
{
    let object = typed::write(r, ty, v).map_err(|e| format!("typed::write: {e}"))?;
    let typed_value = C::from_object(&object).map_err(|e| format!("from_object: {e}"))?;
    let options = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    let stored = store_object(r, ty, &object, &options, &mut Quiet)
        .map_err(|e| format!("store_object: {e}"))?;
    let serde = rosetta_json::o3de::serde::to_string(&typed_value, &options)
        .map_err(|e| format!("serde: {e}"))?;
    if serde != stored.json {
        return Err(format!(
            "JSON differs\n  store: {}\n  serde: {serde}",
            stored.json
        ));
    }
    Ok(())
}

/// Whether values of `ty` hold an `Entity`, which serde writes as component bytes by id (it has
/// no schema to write them by), where the store writes each component's JSON.
fn holds_entity(r: &TypeRegistry, ty: TypeId, seen: &mut Vec<TypeId>) -> bool {
    if seen.contains(&ty) {
        return false;
    }
    seen.push(ty);
    match r[ty].kind() {
        Kind::Entity => true,
        Kind::Struct(s) => s.fields().iter().any(|f| holds_entity(r, f.ty(), seen)),
        Kind::Option(t) | Kind::List(t) => holds_entity(r, *t, seen),
        Kind::Map(k, v) => holds_entity(r, *k, seen) || holds_entity(r, *v, seen),
        _ => false,
    }
}

#[derive(Default)]
struct Check {
    registries: Registries,
    bytes: Failures,
    json: Failures,
    json_skipped: Vec<&'static str>,
}

impl ComponentVisitor for Check {
    fn visit<C>(&mut self, group: usize)
    where
        C: Component + serde::Serialize + for<'de> serde::Deserialize<'de>,
    {
        // A `HashMap` writes entries in an order of its own: byte for byte is no test of it.
        if rosetta_codegen_tests::GROUPS[group].hash_maps {
            return;
        }
        let r: Arc<TypeRegistry> = self.registries.get(group);
        let ty = match type_of::<C>(&r) {
            Ok(ty) => ty,
            Err(e) => return self.bytes.record(C::NAME, Err(e)),
        };
        let any = Shape {
            unknown_enums: true,
            non_finite: true,
        };
        let keeps = rosetta_codegen_tests::GROUPS[group].unknown_fields;
        let outcome = run(CASES, value(&r, ty, DEPTH, any), |v| {
            bytes_check::<C>(&r, ty, &v, keeps)
        });
        self.bytes.record(C::NAME, outcome);
        if holds_entity(&r, ty, &mut Vec::new()) {
            self.json_skipped.push(C::NAME);
            return;
        }
        // Enum values no constant names are written by serde as their number, by the store as
        // the constants whose bits they hold (O3DE's form); JSON has no NaN or infinity.
        let plain = Shape {
            unknown_enums: false,
            non_finite: false,
        };
        let outcome = run(CASES, value(&r, ty, DEPTH, plain), |v| {
            json_check::<C>(&r, ty, &v)
        });
        self.json.record(C::NAME, outcome);
    }
}

#[test]
fn generated_types_write_the_dynamic_bytes_and_json() {
    let mut check = Check::default();
    visit_components(&mut check);
    eprintln!(
        "JSON not compared (components holding an Entity): {:?}",
        check.json_skipped
    );
    check.bytes.assert_none("bytes");
    check.json.assert_none("O3DE JSON");
}

#[test]
fn bytes_fields_share_a_shared_buffer() {
    use rosetta_codegen_tests::names_bytes::names::r#match::self_::Thing;
    use rosetta_wire::schema_type::{Bytes, SchemaType};
    let thing = Thing {
        blob: Some(Bytes::from_static(b"a blob of bytes")),
        blobs: vec![Bytes::from_static(b"one"), Bytes::from_static(b"two")],
        ..Thing::default()
    };
    let buffer = Bytes::from(thing.encode());
    let inside = |b: &Bytes| buffer.as_ptr_range().contains(&b.as_ptr());
    let shared = Thing::decode_shared(&buffer).expect("decodes");
    assert_eq!(shared, thing);
    assert!(shared.blob.iter().chain(&shared.blobs).all(inside));
    let copied = Thing::decode(&buffer).expect("decodes");
    assert_eq!(copied, thing);
    assert!(!copied.blob.iter().chain(&copied.blobs).any(inside));
}
