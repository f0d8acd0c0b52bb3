use super::*;
use crate::{
    default_value, ComponentInfo, Constant, EnumType, IntType, MathType, RegistryBuilder, TypeDef,
};

/// A registry with one of everything.
struct Fixture {
    registry: TypeRegistry,
    color: TypeId,
    open: TypeId,
    flags: TypeId,
    player: TypeId,
    base: TypeId,
    derived: TypeId,
    unrelated: TypeId,
    poly: TypeId,
    vec3: TypeId,
    arr: TypeId,
    tuple: TypeId,
}

fn fixture() -> Fixture {
    let mut b = RegistryBuilder::new();
    let constants = [Constant::new("RED", 1), Constant::new("BLUE", 5)];
    let closed = EnumType::new(IntType::UINT32, constants.clone()).unwrap();
    let color = b.add("g.Color", Kind::Enum(closed)).unwrap();
    let open_enum = EnumType::new(IntType::UINT8, constants.clone())
        .unwrap()
        .open();
    let open = b.add("g.Open", Kind::Enum(open_enum)).unwrap();
    let flags_type = EnumType::new(IntType::UINT8, constants).unwrap();
    let flags = b.add("g.Flags", Kind::Bitmask(flags_type)).unwrap();
    let tags = b.list(TypeId::STRING);
    let nick = b.option(TypeId::STRING);
    let inventory = b.map(TypeId::STRING, TypeId::UINT32);
    let player_fields = StructType::new([
        Field::new("name", TypeId::STRING).with_number(1),
        Field::new("nick", nick).with_number(2),
        Field::new("tags", tags).with_number(3),
        Field::new("inventory", inventory).with_number(4),
        Field::new("color", color).with_number(5),
    ])
    .unwrap();
    let player_def = TypeDef::new(player_fields).with_component(ComponentInfo::new(1000));
    let player = b.add("g.Player", player_def).unwrap();
    let base = b
        .add(
            "g.Base",
            StructType::new([Field::new("x", TypeId::FLOAT)]).unwrap(),
        )
        .unwrap();
    let derived = b
        .add(
            "g.Derived",
            TypeDef::new(StructType::default()).with_base(base),
        )
        .unwrap();
    let unrelated = b.add("g.Unrelated", StructType::default()).unwrap();
    let poly = b.polymorphic(base);
    let vec3 = b.math(MathType::VECTOR3);
    let arr = b.array(TypeId::INT16, 2);
    let tuple = b.tuple([TypeId::BOOL, TypeId::CHAR]);
    Fixture {
        registry: b.build().unwrap(),
        color,
        open,
        flags,
        player,
        base,
        derived,
        unrelated,
        poly,
        vec3,
        arr,
        tuple,
    }
}

fn player_value(f: &Fixture) -> Value {
    let mut value = default_value(&f.registry, f.player).unwrap();
    if let Some(fields) = value.as_struct_mut() {
        fields[2] = Value::list([Value::from("a"), Value::from("b")]);
        fields[3] = Value::map([(Value::from("gold"), Value::U32(3))]);
    }
    value
}

fn error_at(f: &Fixture, ty: TypeId, value: &Value) -> (String, String) {
    let err = validate(&f.registry, ty, value).unwrap_err();
    (err.path(), err.to_string())
}

#[test]
fn scalars_must_match_exactly() {
    let f = fixture();
    let r = &f.registry;
    validate(r, TypeId::SINT64, &Value::I64(-1)).unwrap();
    validate(r, TypeId::FIXED32, &Value::U32(1)).unwrap();
    validate(r, TypeId::UUID, &Value::Uuid([0; 16])).unwrap();
    validate(r, TypeId::NIL, &Value::nil()).unwrap();
    for (ty, value) in [
        (TypeId::INT32, Value::I64(1)),
        (TypeId::UINT64, Value::I64(1)),
        (TypeId::FLOAT, Value::F64(1.0)),
        (TypeId::ENTITY_ID, Value::I64(1)),
        (TypeId::STRING, Value::bytes(vec![])),
        (TypeId::NIL, Value::list([])),
    ] {
        assert!(
            validate(r, ty, &value).is_err(),
            "{ty:?} accepted {value:?}"
        );
    }
    assert_eq!(
        error_at(&f, TypeId::DOUBLE, &Value::F32(0.0)).1,
        "expected double, found float"
    );
    assert!(validate(r, TypeId(999), &Value::Bool(true)).is_err());
}

#[test]
fn enums_and_bitmasks() {
    let f = fixture();
    let r = &f.registry;
    validate(r, f.color, &Value::Enum(5)).unwrap();
    assert_eq!(
        error_at(&f, f.color, &Value::Enum(2)).1,
        "2 is not a constant of `g.Color`"
    );
    validate(r, f.open, &Value::Enum(2)).unwrap();
    assert_eq!(
        error_at(&f, f.open, &Value::Enum(256)).1,
        "256 does not fit uint8"
    );
    validate(r, f.flags, &Value::Enum(0b110)).unwrap();
    assert!(validate(r, f.flags, &Value::Enum(-1)).is_err());
    assert!(validate(r, f.color, &Value::U32(1)).is_err());
}

#[test]
fn struct_paths() {
    let f = fixture();
    let good = player_value(&f);
    validate(&f.registry, f.player, &good).unwrap();

    let mut bad = good.clone();
    bad.as_struct_mut().unwrap()[2] = Value::list([Value::from("a"), Value::I32(1)]);
    assert_eq!(
        error_at(&f, f.player, &bad),
        (
            "/tags/1".into(),
            "at /tags/1: expected string, found int32".into()
        )
    );

    let mut bad = good.clone();
    bad.as_struct_mut().unwrap()[3] = Value::map([
        (Value::from("gold"), Value::U32(3)),
        (Value::from("gems"), Value::I64(3)),
    ]);
    assert_eq!(error_at(&f, f.player, &bad).0, "/inventory/1/value");

    let mut bad = good.clone();
    bad.as_struct_mut().unwrap()[3] = Value::map([(Value::U32(3), Value::U32(3))]);
    assert_eq!(error_at(&f, f.player, &bad).0, "/inventory/0/key");

    let mut bad = good.clone();
    bad.as_struct_mut().unwrap()[1] = Value::some(7i32);
    assert_eq!(error_at(&f, f.player, &bad).0, "/nick");

    let short = Value::structure([Value::from("x")]);
    assert_eq!(
        error_at(&f, f.player, &short).1,
        "expected 5 elements, found 1"
    );
    assert!(validate(&f.registry, f.player, &Value::list([])).is_err());
}

#[test]
fn sequences_tuples_math() {
    let f = fixture();
    let r = &f.registry;
    validate(r, f.arr, &Value::list([Value::I16(1), Value::I16(2)])).unwrap();
    assert!(validate(r, f.arr, &Value::list([Value::I16(1)])).is_err());
    assert!(validate(r, f.arr, &Value::tuple([Value::I16(1), Value::I16(2)])).is_err());
    validate(
        r,
        f.tuple,
        &Value::tuple([Value::Bool(true), Value::Char('x')]),
    )
    .unwrap();
    assert_eq!(
        error_at(
            &f,
            f.tuple,
            &Value::tuple([Value::Bool(true), Value::Bool(true)])
        )
        .0,
        "/1"
    );
    assert!(validate(r, f.tuple, &Value::tuple([Value::Bool(true)])).is_err());
    validate(r, f.vec3, &Value::math_f32([1.0, 2.0, 3.0])).unwrap();
    assert_eq!(
        error_at(&f, f.vec3, &Value::math_f32([1.0])).1,
        "expected 3 elements, found 1"
    );
    assert_eq!(
        error_at(&f, f.vec3, &Value::math_f64([1.0, 2.0, 3.0])).1,
        "expected Vector3<f32>, found f64 math value"
    );
}

#[test]
fn entities() {
    let f = fixture();
    let r = &f.registry;
    let player = player_value(&f);
    let entity = Value::entity([(1000, player.clone())]);
    validate(r, TypeId::ENTITY, &entity).unwrap();
    let unknown = Value::entity([(1000, player), (7, Value::structure([]))]);
    assert_eq!(
        error_at(&f, TypeId::ENTITY, &unknown),
        ("/7".into(), "at /7: no component has id 7".into())
    );
    let bad_data = Value::entity([(1000, Value::structure([]))]);
    assert_eq!(error_at(&f, TypeId::ENTITY, &bad_data).0, "/1000");
}

#[test]
fn polymorphic_and_any() {
    let f = fixture();
    let r = &f.registry;
    let base_value = Value::structure([Value::F32(1.0)]);
    validate(r, f.poly, &Value::dynamic(f.base, base_value.clone())).unwrap();
    validate(r, f.poly, &Value::dynamic(f.derived, Value::structure([]))).unwrap();
    assert_eq!(
        error_at(
            &f,
            f.poly,
            &Value::dynamic(f.unrelated, Value::structure([]))
        )
        .1,
        "`g.Unrelated` is not `g.Base` or derived from it"
    );
    assert!(validate(r, f.poly, &Value::dynamic(f.derived, base_value.clone())).is_err());
    assert!(validate(r, f.poly, &base_value).is_err());
    validate(
        r,
        TypeId::ANY,
        &Value::dynamic(f.unrelated, Value::structure([])),
    )
    .unwrap();
    validate(r, TypeId::ANY, &Value::dynamic(TypeId::INT8, Value::I8(1))).unwrap();
    assert!(validate(r, TypeId::ANY, &Value::dynamic(TypeId(999), Value::I8(1))).is_err());
    assert!(validate(r, TypeId::ANY, &Value::dynamic(TypeId::INT8, Value::I16(1))).is_err());
}

/// Records every callback.
#[derive(Default)]
struct Trace(Vec<String>);

impl<'a> ValueVisitor<'a> for Trace {
    type Error = Error;
    fn visit_leaf(&mut self, ty: &'a Type, value: &'a Value) -> Result<(), Error> {
        let name = ty.qualified_name().unwrap_or("?");
        self.0.push(format!("{name}={}", value.kind_name()));
        Ok(())
    }
    fn enter_struct(&mut self, ty: &'a Type, def: &'a StructType) -> Result<(), Error> {
        self.0
            .push(format!("{{{}/{}", ty.name().unwrap_or("?"), def.len()));
        Ok(())
    }
    fn enter_field(&mut self, index: usize, field: &'a Field) -> Result<(), Error> {
        self.0.push(format!(".{index}:{}", field.name()));
        Ok(())
    }
    fn leave_struct(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("}".into());
        Ok(())
    }
    fn enter_seq(&mut self, _: &'a Type, len: usize) -> Result<(), Error> {
        self.0.push(format!("[{len}"));
        Ok(())
    }
    fn enter_element(&mut self, index: usize) -> Result<(), Error> {
        self.0.push(format!("#{index}"));
        Ok(())
    }
    fn leave_seq(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("]".into());
        Ok(())
    }
    fn enter_map(&mut self, _: &'a Type, len: usize) -> Result<(), Error> {
        self.0.push(format!("<{len}"));
        Ok(())
    }
    fn enter_key(&mut self, index: usize) -> Result<(), Error> {
        self.0.push(format!("k{index}"));
        Ok(())
    }
    fn enter_value(&mut self, index: usize) -> Result<(), Error> {
        self.0.push(format!("v{index}"));
        Ok(())
    }
    fn leave_map(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push(">".into());
        Ok(())
    }
    fn visit_none(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("none".into());
        Ok(())
    }
    fn enter_some(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("some(".into());
        Ok(())
    }
    fn leave_some(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push(")".into());
        Ok(())
    }
    fn enter_entity(&mut self, _: &'a Type, len: usize) -> Result<(), Error> {
        self.0.push(format!("entity{len}"));
        Ok(())
    }
    fn enter_component(&mut self, index: usize, id: ComponentId, _: &'a Type) -> Result<(), Error> {
        self.0.push(format!("c{index}={id}"));
        Ok(())
    }
    fn leave_entity(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("/entity".into());
        Ok(())
    }
    fn enter_dynamic(&mut self, _: &'a Type, actual: &'a Type) -> Result<(), Error> {
        self.0
            .push(format!("$type={}", actual.qualified_name().unwrap_or("?")));
        Ok(())
    }
    fn leave_dynamic(&mut self, _: &'a Type) -> Result<(), Error> {
        self.0.push("/$type".into());
        Ok(())
    }
}

#[test]
fn visitor_sees_everything_in_order() {
    let f = fixture();
    let mut value = player_value(&f);
    value.as_struct_mut().unwrap()[1] = Value::some("n");
    let entity = Value::entity([(1000, value)]);
    let mut trace = Trace::default();
    walk(&f.registry, TypeId::ENTITY, &entity, &mut trace).unwrap();
    let expected = [
        "entity1",
        "c0=1000",
        "{Player/5",
        ".0:name",
        "string=string",
        ".1:nick",
        "some(",
        "string=string",
        ")",
        ".2:tags",
        "[2",
        "#0",
        "string=string",
        "#1",
        "string=string",
        "]",
        ".3:inventory",
        "<1",
        "k0",
        "string=string",
        "v0",
        "uint32=uint32",
        ">",
        ".4:color",
        "g.Color=enum value",
        "}",
        "/entity",
    ];
    assert_eq!(trace.0, expected);

    let mut trace = Trace::default();
    let dynamic = Value::dynamic(f.derived, Value::structure([]));
    walk(&f.registry, f.poly, &dynamic, &mut trace).unwrap();
    assert_eq!(trace.0, ["$type=g.Derived", "{Derived/0", "}", "/$type"]);

    let mut trace = Trace::default();
    walk(&f.registry, f.player, &Value::structure([]), &mut trace).unwrap_err();
    assert!(
        trace.0.is_empty(),
        "nothing is visited before a length mismatch"
    );

    let mut trace = Trace::default();
    walk(&f.registry, TypeId::NIL, &Value::nil(), &mut trace).unwrap();
    assert_eq!(trace.0, ["[0", "]"]);
}

#[derive(Debug, PartialEq)]
enum MyError {
    Invalid(String),
    Stop,
}

impl From<Error> for MyError {
    fn from(e: Error) -> Self {
        MyError::Invalid(e.to_string())
    }
}

/// Stops at the second leaf.
struct StopAtSecond(usize);

impl<'a> ValueVisitor<'a> for StopAtSecond {
    type Error = MyError;
    fn visit_leaf(&mut self, _: &'a Type, _: &'a Value) -> Result<(), MyError> {
        self.0 += 1;
        if self.0 == 2 {
            Err(MyError::Stop)
        } else {
            Ok(())
        }
    }
}

#[test]
fn visitor_errors_pass_through_and_mismatches_convert() {
    let mut list = RegistryBuilder::new();
    let ints = list.list(TypeId::INT32);
    let r = list.build().unwrap();
    let value = Value::list([Value::I32(1), Value::I32(2), Value::I32(3)]);
    let mut v = StopAtSecond(0);
    assert_eq!(walk(&r, ints, &value, &mut v), Err(MyError::Stop));
    assert_eq!(v.0, 2);
    let bad = Value::list([Value::I32(1), Value::Bool(true)]);
    assert_eq!(
        walk(&r, ints, &bad, &mut StopAtSecond(5)),
        Err(MyError::Invalid("at /1: expected int32, found bool".into()))
    );
}

#[test]
fn depth_is_bounded() {
    let mut b = RegistryBuilder::new();
    let nested = b.declare("d.Nested").unwrap();
    b.define(nested, Kind::List(nested)).unwrap();
    let r = b.build().unwrap();
    let deep = |levels: usize| {
        let mut value = Value::list([]);
        for _ in 1..levels {
            value = Value::list([value]);
        }
        value
    };
    validate(&r, nested, &deep(MAX_DEPTH)).unwrap();
    let err = validate(&r, nested, &deep(MAX_DEPTH + 1)).unwrap_err();
    assert!(err
        .to_string()
        .ends_with("values are nested deeper than 1024 levels"));
    assert_eq!(err.path().matches('/').count(), MAX_DEPTH);
}

#[test]
fn object_levels_are_bounded_by_max_nesting() {
    let mut b = RegistryBuilder::new();
    let node = b.declare("d.Node").unwrap();
    let next = b.option(node);
    let items = b.list(node);
    b.define(
        node,
        StructType::new([Field::new("next", next), Field::new("items", items)]).unwrap(),
    )
    .unwrap();
    let r = b.build().unwrap();
    // Levels alternate between an option's value and a list element: neither adds a level.
    let deep = |levels: usize| {
        let mut value = Value::structure([Value::NONE, Value::list([])]);
        for level in 1..levels {
            value = if level % 2 == 0 {
                Value::structure([Value::some(value), Value::list([])])
            } else {
                Value::structure([Value::NONE, Value::list([value])])
            };
        }
        value
    };
    validate(&r, node, &deep(crate::MAX_NESTING)).unwrap();
    let err = validate(&r, node, &deep(crate::MAX_NESTING + 1)).unwrap_err();
    assert!(
        err.to_string()
            .ends_with(": nesting deeper than 100 object levels"),
        "{err}"
    );
    // The path names the 101st object, under 50 option values and 50 list elements.
    assert_eq!(err.path(), "/next/items/0".repeat(50));
}
