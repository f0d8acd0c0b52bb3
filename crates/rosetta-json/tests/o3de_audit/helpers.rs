//! What the audit's tests share: the API, and loading and storing with the default options.

pub use rosetta_json::o3de::{
    self, apply_patch, apply_patch_copy, resolve_imports, restore_imports, Collect, ImportLoader,
    LoadOptions, Outcome, PatchStyle, Processing, Quiet, ResultCode, StoreOptions, Task,
};
pub use rosetta_types::{
    AttrValue, Attribute, Constant, EnumType, Field, IntType, Kind, MathScalar, MathShape,
    MathType, StructType, TypeDef, TypeId, TypeRegistry, Value,
};
pub use serde_json::json;

pub fn scalars() -> TypeRegistry {
    TypeRegistry::builder().build().unwrap()
}

pub fn load(r: &TypeRegistry, ty: TypeId, json: &str) -> (Value, Outcome) {
    let loaded = o3de::load(r, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
    (loaded.value, loaded.result.outcome())
}

pub fn load_code(r: &TypeRegistry, ty: TypeId, json: &str) -> ResultCode {
    o3de::load(r, ty, json, &LoadOptions::default(), &mut Quiet)
        .unwrap()
        .result
}

pub fn load_onto(r: &TypeRegistry, ty: TypeId, json: &str, mut target: Value) -> (Value, Outcome) {
    let code = o3de::load_into(
        r,
        ty,
        json,
        &mut target,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    (target, code.outcome())
}

pub fn store(r: &TypeRegistry, ty: TypeId, v: &Value) -> (String, Outcome) {
    let s = o3de::store(r, ty, v, &StoreOptions::default(), &mut Quiet).unwrap();
    (s.json, s.result.outcome())
}

pub fn store_keep(r: &TypeRegistry, ty: TypeId, v: &Value) -> (String, Outcome) {
    let options = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    let s = o3de::store(r, ty, v, &options, &mut Quiet).unwrap();
    (s.json, s.result.outcome())
}

pub fn f32s(v: &Value) -> Vec<f32> {
    v.as_math_f32()
        .unwrap_or_else(|| panic!("not a math value: {v:?}"))
        .to_vec()
}

pub fn close(v: &Value, expected: &[f32]) {
    let got = f32s(v);
    assert_eq!(got.len(), expected.len(), "{got:?} vs {expected:?}");
    assert!(
        got.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-5),
        "{got:?} vs {expected:?}"
    );
}

/// The page's `ExampleEnum : uint8_t` with its registration (Flag3 = 4 is not registered).
pub fn example_enum() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let e = EnumType::new(
        IntType::UINT8,
        [
            Constant::new("Flag1", 1),
            Constant::new("Flag2", 2),
            Constant::new("Flag4", 8),
            Constant::new("Flag2Flag3Combo", 6),
        ],
    )
    .unwrap()
    .open();
    let ty = b.add("ExampleEnum", Kind::Enum(e)).unwrap();
    (b.build().unwrap(), ty)
}

pub fn color_registry() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let c = b.math(MathType::COLOR);
    (b.build().unwrap(), c)
}

pub fn simple_class() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let s = StructType::new([
        Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
        Field::new("var2", TypeId::FLOAT).with_default(Value::F32(42.0)),
    ])
    .unwrap();
    let ty = b.add("SimpleClass", s).unwrap();
    (b.build().unwrap(), ty)
}
