//! Engine behaviours checked against O3DE's code (`MathMatrixSerializer.cpp`,
//! `MathVectorSerializer.cpp`, `IntSerializer.cpp`, `DoubleSerializer.cpp`, `MapSerializer.cpp`,
//! `JsonDeserializer.cpp`) where the corpus has no vector: each case names what the engine does.

mod classes;
mod containers;
mod math;
mod scalars;

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{Field, StructType, TypeDef, TypeId, TypeRegistry, Value};

pub fn load(registry: &TypeRegistry, ty: TypeId, json: &str) -> (Value, Outcome) {
    let loaded = o3de::load(registry, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
    (loaded.value, loaded.result.outcome())
}

pub fn scalars() -> TypeRegistry {
    TypeRegistry::builder().build().unwrap()
}

/// `Base {a}`, `Derived {a, b}: Base` and a pointer to `Base`: the registry, `Derived` and the
/// pointer.
pub fn base_and_derived() -> (TypeRegistry, TypeId, TypeId) {
    let mut b = TypeRegistry::builder();
    let base = b
        .add(
            "Base",
            StructType::new([Field::new("a", TypeId::INT32)]).unwrap(),
        )
        .unwrap();
    let derived = StructType::new([
        Field::new("a", TypeId::INT32),
        Field::new("b", TypeId::INT32),
    ]);
    let derived = b
        .add("Derived", TypeDef::new(derived.unwrap()).with_base(base))
        .unwrap();
    let poly = b.polymorphic(base);
    (b.build().unwrap(), derived, poly)
}

pub fn simple_class() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let s = StructType::new([
        Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
        Field::new("var2", TypeId::STRING).with_default(Value::String("x".into())),
    ])
    .unwrap();
    let ty = b.add("SimpleClass", s).unwrap();
    (b.build().unwrap(), ty)
}
