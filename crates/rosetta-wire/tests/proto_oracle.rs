//! The `.proto` export as a test oracle: for random schemas and random values, prost-reflect
//! (with descriptors that protox compiles from Rosetta's export) decodes Rosetta's bytes with no
//! unknown fields and the same values, and Rosetta decodes what prost-reflect encodes.

use proptest::prelude::*;
use prost::Message as _;
use prost_reflect::{
    DescriptorPool, DynamicMessage, MessageDescriptor, ReflectMessage, Value as Pv,
};
use rosetta_schema::{compile_sources, proto_files, Schema, SourceFile};
use rosetta_types::{Arity, FloatType, IntWidth, Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::{typed, Object};

/// A small deterministic generator, so one proptest seed gives one schema and one value.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const PRIMITIVES: [&str; 15] = [
    "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32",
    "sfixed64", "bool", "float", "double", "string", "bytes",
];

/// A random schema: an enum starting anywhere, a nested type, and a type `T` whose fields use
/// every arity with random element types.
fn random_schema(rng: &mut Rng) -> String {
    let start = rng.below(5);
    let mut text = format!(
        "package fuzz.p;\nenum Color {{ RED = {start}; GREEN = {}; BLUE = {}; }}\ntype Inner {{ int32 a = 1; option<string> b = 2; list<sint64> c = 3; }}\ntype T {{\n",
        start + 1,
        start + 7
    );
    let mut used = std::collections::HashSet::new();
    let fields = 1 + rng.below(12);
    for i in 0..fields {
        let mut number = 1 + rng.below(300) as u32;
        while !used.insert(number) {
            number += 1;
        }
        let element = |rng: &mut Rng| match rng.below(10) {
            0 => "Color".to_string(),
            1 => "Inner".to_string(),
            2 => "EntityId".to_string(),
            _ => PRIMITIVES[rng.below(PRIMITIVES.len() as u64) as usize].to_string(),
        };
        let ty = match rng.below(4) {
            0 => element(rng),
            1 => format!("option<{}>", element(rng)),
            2 => format!("list<{}>", element(rng)),
            _ => format!("map<{}, {}>", element(rng), element(rng)),
        };
        text.push_str(&format!("  {ty} f{i} = {number};\n"));
    }
    text.push_str("}\n");
    text
}

fn random_value(registry: &TypeRegistry, ty: TypeId, rng: &mut Rng) -> Value {
    let kind = registry.get(ty).map(|t| t.kind().clone()).expect("type");
    match kind {
        Kind::Bool => Value::Bool(rng.below(2) == 1),
        Kind::Int(int) => {
            let bits = rng.next();
            let wide = int.width() == IntWidth::W64;
            match (int.is_signed(), wide) {
                (true, true) => Value::I64(bits as i64),
                (true, false) => Value::I32(bits as i32),
                (false, true) => Value::U64(bits),
                (false, false) => Value::U32(bits as u32),
            }
        }
        Kind::Float(FloatType::F32) => Value::F32((rng.next() % 2_000_000) as f32 / 7.0 - 1e5),
        Kind::Float(FloatType::F64) => Value::F64((rng.next() % 2_000_000_000) as f64 / 3.0 - 1e8),
        Kind::String => Value::string(format!("s{}", rng.below(1000))),
        Kind::Bytes => Value::bytes(rng.next().to_le_bytes()[..rng.below(8) as usize].to_vec()),
        Kind::EntityId => Value::EntityId(rng.next() as i64),
        Kind::Enum(e) => {
            Value::Enum(e.constants()[rng.below(e.constants().len() as u64) as usize].value())
        }
        Kind::Struct(def) => Value::structure(
            def.fields()
                .iter()
                .map(|f| match f.arity() {
                    Arity::Singular => random_value(registry, f.ty(), rng),
                    Arity::Option(inner) => Value::Option(
                        (rng.below(2) == 1).then(|| Box::new(random_value(registry, inner, rng))),
                    ),
                    Arity::List(inner) => {
                        let n = rng.below(4);
                        Value::list(
                            (0..n)
                                .map(|_| random_value(registry, inner, rng))
                                .collect::<Vec<_>>(),
                        )
                    }
                    Arity::Map(k, v) => {
                        let n = rng.below(3);
                        Value::map(
                            (0..n)
                                .map(|_| {
                                    (
                                        random_value(registry, k, rng),
                                        random_value(registry, v, rng),
                                    )
                                })
                                .collect::<Vec<_>>(),
                        )
                    }
                })
                .collect::<Vec<_>>(),
        ),
        other => panic!("unexpected kind {other:?}"),
    }
}

/// Checks that prost-reflect's decoded message holds the same values as Rosetta's `Value`.
fn same(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    message: &DynamicMessage,
) -> Result<(), String> {
    if message.unknown_fields().next().is_some() {
        return Err(format!(
            "unknown fields in {}",
            message.descriptor().full_name()
        ));
    }
    let Some(Kind::Struct(def)) = registry.get(ty).map(|t| t.kind()) else {
        return Err("not a struct".into());
    };
    let values = value.as_struct().ok_or("not a struct value")?;
    for (field, value) in def.fields().iter().zip(values) {
        let number = field.number().ok_or("no number")?;
        let descriptor = message
            .descriptor()
            .get_field(number)
            .ok_or(format!("no field {number} in the export"))?;
        let theirs = message.get_field(&descriptor);
        let here = format!("{}.{}", message.descriptor().full_name(), field.name());
        match (field.arity(), value) {
            (Arity::Singular, v) => same_element(registry, field.ty(), v, &theirs)
                .map_err(|e| format!("{here}: {e}"))?,
            (Arity::Option(inner), Value::Option(v)) => match v {
                Some(v) if message.has_field(&descriptor) => {
                    same_element(registry, inner, v, &theirs).map_err(|e| format!("{here}: {e}"))?
                }
                None if !message.has_field(&descriptor) => {}
                _ => return Err(format!("{here}: presence differs")),
            },
            (Arity::List(inner), Value::List(items)) => {
                let list = theirs.as_list().ok_or(format!("{here}: not a list"))?;
                if list.len() != items.len() {
                    return Err(format!(
                        "{here}: {} elements, not {}",
                        list.len(),
                        items.len()
                    ));
                }
                for (ours, theirs) in items.iter().zip(list) {
                    same_element(registry, inner, ours, theirs)
                        .map_err(|e| format!("{here}: {e}"))?;
                }
            }
            (Arity::Map(k, v), Value::Map(entries)) => {
                let list = theirs
                    .as_list()
                    .ok_or(format!("{here}: not a list of entries"))?;
                if list.len() != entries.len() {
                    return Err(format!(
                        "{here}: {} entries, not {}",
                        list.len(),
                        entries.len()
                    ));
                }
                for ((key, val), entry) in entries.iter().zip(list) {
                    let entry = entry
                        .as_message()
                        .ok_or(format!("{here}: entry is not a message"))?;
                    let key_field = entry.descriptor().get_field(1).ok_or("entry without key")?;
                    let value_field = entry
                        .descriptor()
                        .get_field(2)
                        .ok_or("entry without value")?;
                    same_element(registry, k, key, &entry.get_field(&key_field))
                        .map_err(|e| format!("{here} key: {e}"))?;
                    same_element(registry, v, val, &entry.get_field(&value_field))
                        .map_err(|e| format!("{here} value: {e}"))?;
                }
            }
            _ => return Err(format!("{here}: value does not fit the arity")),
        }
    }
    Ok(())
}

fn same_element(
    registry: &TypeRegistry,
    ty: TypeId,
    ours: &Value,
    theirs: &Pv,
) -> Result<(), String> {
    let equal = match (ours, theirs) {
        (Value::Bool(a), Pv::Bool(b)) => a == b,
        (Value::I32(a), Pv::I32(b)) => a == b,
        (Value::I64(a) | Value::EntityId(a), Pv::I64(b)) => a == b,
        (Value::U32(a), Pv::U32(b)) => a == b,
        (Value::U64(a), Pv::U64(b)) => a == b,
        (Value::F32(a), Pv::F32(b)) => a.to_bits() == b.to_bits(),
        (Value::F64(a), Pv::F64(b)) => a.to_bits() == b.to_bits(),
        (Value::String(a), Pv::String(b)) => **a == *b.as_str(),
        (Value::Bytes(a), Pv::Bytes(b)) => **a == b[..],
        (Value::Enum(a), Pv::EnumNumber(b)) => *a as i32 == *b,
        (Value::Struct(_), Pv::Message(m)) => return same(registry, ty, ours, m),
        _ => false,
    };
    if equal {
        Ok(())
    } else {
        Err(format!("{ours:?} vs {theirs:?}"))
    }
}

fn descriptors(schema_text: &str) -> (Schema, MessageDescriptor) {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "fuzz/p.schema".into(),
        text: schema_text.into(),
    }])
    .unwrap_or_else(|d| panic!("{d}\n{schema_text}"));
    let files = proto_files(compiled.bundle());
    let dir = tempfile::tempdir().expect("tempdir");
    for (path, text) in &files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    let set = protox::compile(&names, [dir.path()]).unwrap_or_else(|e| panic!("{e:?}\n{files:#?}"));
    let pool = DescriptorPool::from_file_descriptor_set(set).expect("pool");
    let message = pool.get_message_by_name("fuzz.p.T").expect("fuzz.p.T");
    (
        Schema::from_bundle(compiled.bundle()).expect("lowers"),
        message,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn prost_reflect_reads_rosetta_and_rosetta_reads_prost_reflect(seed in 1u64.., values in 1u64..) {
        let mut rng = Rng(seed);
        let text = random_schema(&mut rng);
        let (schema, descriptor) = descriptors(&text);
        let registry = schema.registry();
        let ty = registry.lookup("fuzz.p.T").expect("T");
        let mut rng = Rng(values);
        for _ in 0..4 {
            let value = random_value(registry, ty, &mut rng);
            let bytes = typed::write(registry, ty, &value).expect("writes").encode();
            let message = DynamicMessage::decode(descriptor.clone(), bytes.as_slice()).expect("prost-reflect decodes");
            if let Err(e) = same(registry, ty, &value, &message) {
                prop_assert!(false, "{e}\n{text}");
            }
            let theirs = message.encode_to_vec();
            let back = typed::read(registry, ty, &Object::decode(&theirs).expect("Rosetta decodes")).expect("reads");
            prop_assert_eq!(back, value);
        }
    }
}

#[test]
fn int_encodings_are_distinguished() {
    // A sanity check of the oracle itself: sint32 must not read as int32.
    let (schema, descriptor) =
        descriptors("package fuzz.p; type T { sint32 a = 1; int32 b = 2; fixed32 c = 3; }");
    let ty = schema.registry().lookup("fuzz.p.T").expect("T");
    let value = Value::structure([Value::I32(-3), Value::I32(-3), Value::U32(7)]);
    let bytes = typed::write(schema.registry(), ty, &value)
        .expect("writes")
        .encode();
    let message = DynamicMessage::decode(descriptor, bytes.as_slice()).expect("decodes");
    same(schema.registry(), ty, &value, &message).expect("same values");
}
