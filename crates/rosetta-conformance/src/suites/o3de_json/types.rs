//! The C++ types of the O3DE vectors, as types of the shared model: the file's `type_defs`
//! (enums and classes) and the AZStd and AZ math types its vectors name.

use rosetta_types::{
    AttrValue, Attribute, Constant, EnumType, Field, IntType, Kind, MathScalar, MathShape,
    MathType, RegistryBuilder, StructType, TypeDef, TypeId, TypeRegistry, Value,
};
use serde_json::Value as J;

/// The registry and the named types in it.
pub struct Types {
    pub registry: TypeRegistry,
    /// AZStd and AZ math spellings and their types.
    structural: Vec<(&'static str, TypeId)>,
}

fn int_type(name: &str) -> Option<IntType> {
    Some(match name {
        "i8" => IntType::INT8,
        "i16" => IntType::INT16,
        "i32" => IntType::INT32,
        "i64" => IntType::INT64,
        "u8" => IntType::UINT8,
        "u16" => IntType::UINT16,
        "u32" => IntType::UINT32,
        "u64" => IntType::UINT64,
        _ => return None,
    })
}

fn enum_def(def: &J) -> Result<EnumType, String> {
    let repr = def["underlying"]
        .as_str()
        .and_then(int_type)
        .ok_or("an enum without a known underlying type")?;
    let constants = def["values"]
        .as_array()
        .ok_or("an enum without values")?
        .iter()
        .map(|pair| {
            let name = pair[0].as_str().unwrap_or_default();
            let value = pair[1]
                .as_i64()
                .or_else(|| pair[1].as_u64().map(|u| u as i64))
                .unwrap_or_default();
            Constant::new(name, value)
        });
    // O3DE enums may hold any value of their underlying type.
    EnumType::new(repr, constants)
        .map(EnumType::open)
        .map_err(|e| e.to_string())
}

fn uuid_attribute(uuid: &str) -> Attribute {
    Attribute::new("uuid", AttrValue::String(uuid.into()))
}

impl Types {
    /// Builds every type from the file's `type_defs` plus the fixed C++ types.
    pub fn new(type_defs: &J) -> Result<Types, String> {
        let mut b = TypeRegistry::builder();
        let err = |e: rosetta_types::Error| e.to_string();
        if let Some(defs) = type_defs.as_object() {
            for (name, def) in defs {
                if def.get("underlying").is_some() {
                    b.add(name.as_str(), Kind::Enum(enum_def(def)?))
                        .map_err(err)?;
                }
            }
        }
        // "ScopedEnumBitFlagsU64 (only BitFlag0..BitFlag4 registered)".
        let only = EnumType::new(
            IntType::UINT64,
            (0..5).map(|i| {
                Constant::new(format!("BitFlag{i}"), if i == 0 { 0 } else { 1 << (i - 1) })
            }),
        )
        .map_err(err)?
        .open();
        b.add("ScopedEnumBitFlagsU64Partial", Kind::Enum(only))
            .map_err(err)?;
        // The map tests' TestBitFlags: int64, BitFlag0=1 .. BitFlag3=8.
        let test_flags = EnumType::new(
            IntType::INT64,
            (0..4).map(|i| Constant::new(format!("BitFlag{i}"), 1 << i)),
        )
        .map_err(err)?
        .open();
        b.add("TestBitFlags", Kind::Enum(test_flags)).map_err(err)?;

        let simple = StructType::new([
            Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
            Field::new("var2", TypeId::FLOAT).with_default(Value::F32(42.0)),
        ])
        .map_err(err)?;
        let simple = b.add("SimpleClass", simple).map_err(err)?;
        let nested = StructType::new([
            Field::new("nested", simple),
            Field::new("var_additional", TypeId::INT32).with_default(Value::I32(42)),
        ])
        .map_err(err)?;
        b.add("SimpleNested", nested).map_err(err)?;
        let base = b
            .add(
                "BaseClass",
                StructType::new([
                    Field::new("base_var", TypeId::FLOAT).with_default(Value::F32(-42.0))
                ])
                .map_err(err)?,
            )
            .map_err(err)?;
        let derived = StructType::new([
            Field::new("base_var", TypeId::FLOAT).with_default(Value::F32(-42.0)),
            Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
            Field::new("var2", TypeId::FLOAT).with_default(Value::F32(42.0)),
        ])
        .map_err(err)?;
        b.add("SimpleInheritence", TypeDef::new(derived).with_base(base))
            .map_err(err)?;
        let int_ptr = b.option(TypeId::INT32);
        let null_ptrs = StructType::new([
            Field::new("pointer1", int_ptr),
            Field::new("pointer2", int_ptr),
        ])
        .map_err(err)?;
        b.add("SimpleNullPointer", null_ptrs).map_err(err)?;
        let poly = b.polymorphic(base);
        let poly_ptr = b.option(poly);
        b.add(
            "ComplexNullInheritedPointer",
            StructType::new([Field::new("pointer", poly_ptr)]).map_err(err)?,
        )
        .map_err(err)?;
        // Type ids: Vector3 by name and uuid; two classes named Inherited.
        b.add(
            "AZ.Vector3",
            TypeDef::new(Kind::Math(MathType::VECTOR3))
                .with_short_name("Vector3")
                .with_attribute(uuid_attribute("{0CC36DD4-2337-40B4-A86C-69C452C48555}")),
        )
        .map_err(err)?;
        for (ns, uuid) in [
            ("A", "{E7829F37-C577-4F2B-A85B-6F331548354C}"),
            ("B", "{3C4B5E42-0F52-4C4D-9A3B-2B1E1B2C7D11}"),
        ] {
            b.add(
                format!("{ns}.Inherited"),
                TypeDef::new(StructType::default()).with_attribute(uuid_attribute(uuid)),
            )
            .map_err(err)?;
        }
        let structural = anonymous(&mut b);
        let registry = b.build().map_err(err)?;
        Ok(Types {
            registry,
            structural,
        })
    }

    fn named(&self, name: &str) -> Result<TypeId, String> {
        self.registry
            .lookup(name)
            .ok_or_else(|| format!("no type `{name}`"))
    }

    /// The type a vector's `type` text names, or why it has no equivalent in the shared model.
    pub fn resolve(&self, kind: &str, text: &str) -> Resolved {
        if text.contains("(not registered)") {
            return Resolved::NotApplicable(
                "an unregistered enum: every type of the shared model is registered".into(),
            );
        }
        if text.contains("multimap") {
            return Resolved::NotApplicable(
                "multimaps have no equivalent in the shared model (a map has one value per key)"
                    .into(),
            );
        }
        if text.contains("multiset") {
            return Resolved::NotApplicable(
                "multisets have no equivalent in the shared model (a set keeps one of equal elements)"
                    .into(),
            );
        }
        if text.starts_with("AZStd::fixed_vector") {
            return Resolved::NotApplicable(
                "fixed_vector's capacity has no equivalent in the shared model".into(),
            );
        }
        match self.parse(kind, text) {
            Ok(types) => Resolved::Types(types),
            Err(e) => Resolved::NotApplicable(e),
        }
    }

    fn parse(&self, kind: &str, text: &str) -> Result<Vec<TypeId>, String> {
        let head = text.split(" (").next().unwrap_or(text).trim();
        let head = head.split(" {").next().unwrap_or(head).trim();
        let one = |t| Ok(vec![t]);
        match (kind, head) {
            ("enum", "any registered enum") => one(self.named("ScopedEnumFlagsU8")?),
            ("enum", "ScopedEnumBitFlagsU64") if text.contains("only BitFlag0..BitFlag4") => {
                one(self.named("ScopedEnumBitFlagsU64Partial")?)
            }
            ("enum", "TestBitFlags") => one(self.named("TestBitFlags")?),
            ("enum", name) => one(self.named(name)?),
            ("int", "any integer") => one(TypeId::INT32),
            ("int", "i8") => one(TypeId::INT8),
            ("int", name) => int_type(name)
                .and_then(|t| self.registry.iter().find(|ty| ty.kind() == &Kind::Int(t)))
                .map(|t| vec![t.id()])
                .ok_or_else(|| format!("no integer type `{name}`")),
            ("float", "f32|f64") => Ok(vec![TypeId::FLOAT, TypeId::DOUBLE]),
            ("float", "f32") => one(TypeId::FLOAT),
            ("bool", _) => one(TypeId::BOOL),
            ("string", _) => one(TypeId::STRING),
            ("uuid", _) | ("type_id", _) => one(TypeId::UUID),
            _ => self.structural(head).map(|t| vec![t]),
        }
    }

    /// AZ math types, AZStd containers and classes, by their C++ spelling.
    fn structural(&self, text: &str) -> Result<TypeId, String> {
        if let Some((_, t)) = self.structural.iter().find(|(name, _)| *name == text) {
            return Ok(*t);
        }
        self.registry
            .lookup(text)
            .ok_or_else(|| format!("no equivalent of `{text}` in the suite"))
    }
}

/// What a vector's type is.
pub enum Resolved {
    /// The type (several when the vector covers several, e.g. `f32|f64`).
    Types(Vec<TypeId>),
    /// Why the vector does not apply.
    NotApplicable(String),
}

/// The AZStd container and AZ math spellings of the vectors, made as anonymous types of `b`.
fn anonymous(b: &mut RegistryBuilder) -> Vec<(&'static str, TypeId)> {
    let lookup = |b: &RegistryBuilder, n: &str| b.lookup(n).unwrap_or(TypeId::NIL);
    let simple = lookup(b, "SimpleClass");
    let base = lookup(b, "BaseClass");
    let flags = lookup(b, "TestBitFlags");
    let vec_int = b.list(TypeId::INT32);
    let pair_int_string = b.tuple([TypeId::INT32, TypeId::STRING]);
    let poly = b.polymorphic(base);
    vec![
        ("AZStd::vector<int>", vec_int),
        ("AZStd::vector<SimpleClass>", b.list(simple)),
        ("AZStd::vector<AZStd::shared_ptr<BaseClass>>", b.list(poly)),
        ("AZStd::set<int>", b.set(TypeId::INT32)),
        ("AZStd::unordered_set<int>", b.set(TypeId::INT32)),
        ("AZStd::array<int,4>", b.array(TypeId::INT32, 4)),
        (
            "AZStd::pair<int,double>",
            b.tuple([TypeId::INT32, TypeId::DOUBLE]),
        ),
        (
            "AZStd::tuple<int,double,float>",
            b.tuple([TypeId::INT32, TypeId::DOUBLE, TypeId::FLOAT]),
        ),
        (
            "AZStd::tuple<AZStd::vector<int>, AZStd::pair<int,AZStd::string>>",
            b.tuple([vec_int, pair_int_string]),
        ),
        (
            "AZStd::map<int,double>",
            b.map(TypeId::INT32, TypeId::DOUBLE),
        ),
        (
            "AZStd::map<AZStd::string,double>",
            b.map(TypeId::STRING, TypeId::DOUBLE),
        ),
        (
            "AZStd::map<AZStd::string,AZStd::string>",
            b.map(TypeId::STRING, TypeId::STRING),
        ),
        (
            "AZStd::unordered_map<SimpleClass,SimpleClass>",
            b.map(simple, simple),
        ),
        (
            "AZStd::unordered_map<TestBitFlags,int>",
            b.map(flags, TypeId::INT32),
        ),
        ("AZ::Vector2", b.math(MathType::VECTOR2)),
        ("AZ::Vector3", b.math(MathType::VECTOR3)),
        ("AZ::Vector4", b.math(MathType::VECTOR4)),
        ("AZ::Quaternion", b.math(MathType::QUATERNION)),
        ("AZ::Color", b.math(MathType::COLOR)),
        (
            "AZ::Transform",
            b.math(MathType::new(MathShape::TransformTrs, MathScalar::F32)),
        ),
        (
            "AZ::Matrix3x3",
            b.math(MathType::new(
                MathShape::Matrix { rows: 3, cols: 3 },
                MathScalar::F32,
            )),
        ),
        (
            "AZ::Matrix3x4",
            b.math(MathType::new(
                MathShape::Matrix { rows: 3, cols: 4 },
                MathScalar::F32,
            )),
        ),
    ]
}
