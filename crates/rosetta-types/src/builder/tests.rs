use super::*;
use crate::{Command, Constant, EnumType, Event, Field, StructType};

fn fields(list: impl IntoIterator<Item = Field>) -> StructType {
    StructType::new(list).unwrap()
}

#[test]
fn names_are_unique() {
    let mut b = RegistryBuilder::new();
    let a = b.declare("a.A").unwrap();
    assert_eq!(
        b.declare("a.A").unwrap_err().to_string(),
        "duplicate type name `a.A`"
    );
    assert!(b.add("int32", Kind::Bool).is_err());
    assert!(b.alias("a.A", TypeId::BOOL).is_err());
    b.alias("flecs.meta.i32", TypeId::INT32).unwrap();
    b.define(a, Kind::Bool).unwrap();
    let r = b.build().unwrap();
    assert_eq!(r.lookup("flecs.meta.i32"), Some(TypeId::INT32));
    assert_eq!(r[TypeId::INT32].qualified_name(), Some("int32"));
}

#[test]
fn define_errors() {
    let mut b = RegistryBuilder::new();
    let err = b.define(TypeId(500), Kind::Bool).unwrap_err();
    assert_eq!(err.to_string(), "define refers to unknown type id 500");
    let err = b.define(TypeId::BOOL, Kind::Bool).unwrap_err();
    assert_eq!(err.to_string(), "type `bool` is already defined");
    let list = b.list(TypeId::BOOL);
    assert!(b.define(list, Kind::Bool).is_err());
}

#[test]
fn undefined_and_unknown_references_fail_the_build() {
    let mut b = RegistryBuilder::new();
    b.declare("a.Later").unwrap();
    assert_eq!(
        b.build().unwrap_err().to_string(),
        "type `a.Later` was declared but never defined"
    );

    let mut b = RegistryBuilder::new();
    b.add("a.S", fields([Field::new("x", TypeId(777))]))
        .unwrap();
    assert_eq!(
        b.build().unwrap_err().to_string(),
        "a.S refers to unknown type id 777"
    );

    let mut b = RegistryBuilder::new();
    let list = b.list(TypeId(778));
    assert_eq!(
        b.build().unwrap_err().to_string(),
        format!("type #{} refers to unknown type id 778", list.index())
    );

    let mut b = RegistryBuilder::new();
    let info = ComponentInfo::new(1).with_event(Event::new("e", 1, TypeId(779)));
    b.add(
        "a.C",
        TypeDef::new(StructType::default()).with_component(info),
    )
    .unwrap();
    assert!(b.build().is_err());

    let mut b = RegistryBuilder::new();
    b.add("a.D", TypeDef::new(Kind::Bool).with_base(TypeId(780)))
        .unwrap();
    assert!(b.build().is_err());
}

#[test]
fn components_are_indexed_by_id() {
    let mut b = RegistryBuilder::new();
    let req = b.add("a.Req", StructType::default()).unwrap();
    let info = ComponentInfo::new(54)
        .with_event(Event::new("moved", 1, req))
        .with_command(Command::new("teleport", 1, req, req));
    let pos = b
        .add(
            "a.Position",
            TypeDef::new(StructType::default()).with_component(info),
        )
        .unwrap();
    let err = b
        .add(
            "a.Other",
            TypeDef::new(StructType::default()).with_component(ComponentInfo::new(54)),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "component id 54 is already used by `a.Position`"
    );
    // a failed add leaves nothing behind
    assert_eq!(b.lookup("a.Other"), None);
    let bad = ComponentInfo::new(55)
        .with_event(Event::new("x", 1, req))
        .with_event(Event::new("y", 1, req));
    assert!(b
        .add(
            "a.Bad",
            TypeDef::new(StructType::default()).with_component(bad)
        )
        .is_err());

    let r = b.build().unwrap();
    let position = r.component(54).unwrap();
    assert_eq!(position.id(), pos);
    let info = position.component().unwrap();
    assert_eq!(info.event(1).map(Event::ty), Some(req));
    assert_eq!(info.command(1).map(Command::name), Some("teleport"));
    assert_eq!(r.components().map(Type::id).collect::<Vec<_>>(), [pos]);
    assert!(r.component(55).is_none());
}

#[test]
fn anonymous_types_are_interned() {
    let mut b = RegistryBuilder::new();
    assert_eq!(b.list(TypeId::INT32), b.list(TypeId::INT32));
    assert_ne!(b.list(TypeId::INT32), b.set(TypeId::INT32));
    assert_eq!(b.int(IntType::SINT32), TypeId::SINT32);
    assert_eq!(b.anonymous(Kind::Bool), TypeId::BOOL);
    assert_eq!(b.tuple([]), TypeId::NIL);
    let m = b.map(TypeId::STRING, TypeId::BOOL);
    assert_eq!(b.map(TypeId::STRING, TypeId::BOOL), m);
    let s1 = b.anonymous(Kind::Struct(StructType::default()));
    let s2 = b.anonymous(Kind::Struct(StructType::default()));
    assert_ne!(s1, s2);
    let n = b.len();
    let r = b.build().unwrap();
    assert_eq!(r.len(), n);
    // interning survives into_builder
    let mut b = r.into_builder();
    assert_eq!(b.map(TypeId::STRING, TypeId::BOOL), m);
    assert!(b.is_defined(m) && !b.is_empty());
}

#[test]
fn arity_follows_named_containers() {
    let mut b = RegistryBuilder::new();
    // Flecs-style named vector type, defined after the struct that uses it
    let int_vec = b.declare("flecs.IntVec").unwrap();
    let opt = b.option(TypeId::INT32);
    let map = b.map(TypeId::STRING, TypeId::INT32);
    let arr = b.array(TypeId::FLOAT, 3);
    let set = b.set(TypeId::UUID);
    let s = b
        .add(
            "a.S",
            fields([
                Field::new("v", int_vec),
                Field::new("o", opt),
                Field::new("m", map),
                Field::new("a", arr),
                Field::new("s", set),
                Field::new("x", TypeId::ENTITY),
            ]),
        )
        .unwrap();
    b.define(int_vec, Kind::List(TypeId::INT32)).unwrap();
    let r = b.build().unwrap();
    let Kind::Struct(def) = r[s].kind() else {
        panic!("not a struct")
    };
    let arities: Vec<Arity> = def.fields().iter().map(Field::arity).collect();
    assert_eq!(
        arities,
        [
            Arity::List(TypeId::INT32),
            Arity::Option(TypeId::INT32),
            Arity::Map(TypeId::STRING, TypeId::INT32),
            Arity::List(TypeId::FLOAT),
            Arity::List(TypeId::UUID),
            Arity::Singular,
        ]
    );
}

#[test]
fn inheritance() {
    let mut b = RegistryBuilder::new();
    let base = b.add("o3de.Base", StructType::default()).unwrap();
    let mid = b
        .add(
            "o3de.Mid",
            TypeDef::new(StructType::default()).with_base(base),
        )
        .unwrap();
    let leaf = b
        .add(
            "o3de.Leaf",
            TypeDef::new(StructType::default()).with_base(mid),
        )
        .unwrap();
    let other = b.add("o3de.Other", StructType::default()).unwrap();
    let multi = b
        .add(
            "o3de.Multi",
            TypeDef::new(StructType::default())
                .with_base(other)
                .with_base(mid),
        )
        .unwrap();
    let r = b.build().unwrap();
    assert!(r.is_subtype(leaf, base) && r.is_subtype(leaf, mid) && r.is_subtype(leaf, leaf));
    assert!(r.is_subtype(multi, base) && r.is_subtype(multi, other));
    assert!(!r.is_subtype(base, leaf) && !r.is_subtype(leaf, other));
    assert!(!r.is_subtype(TypeId(9999), base));
    assert_eq!(r[base].derived(), [mid]);
    assert_eq!(r[mid].derived(), [leaf, multi]);
    assert_eq!(r[multi].bases(), [other, mid]);
}

#[test]
fn inheritance_cycles_are_rejected() {
    let mut b = RegistryBuilder::new();
    let a = b.declare("c.A").unwrap();
    let c = b.declare("c.B").unwrap();
    b.define(a, TypeDef::new(Kind::Bool).with_base(c)).unwrap();
    b.define(c, TypeDef::new(Kind::Bool).with_base(a)).unwrap();
    assert!(b
        .build()
        .unwrap_err()
        .to_string()
        .starts_with("inheritance cycle through"));

    let mut b = RegistryBuilder::new();
    let a = b.declare("c.Self").unwrap();
    b.define(a, TypeDef::new(Kind::Bool).with_base(a)).unwrap();
    assert_eq!(
        b.build().unwrap_err().to_string(),
        "inheritance cycle through `c.Self`"
    );
}

#[test]
fn deep_inheritance_does_not_overflow() {
    let mut b = RegistryBuilder::new();
    let mut previous = b.add("d.T0", Kind::Bool).unwrap();
    let first = previous;
    for i in 1..5000 {
        previous = b
            .add(
                format!("d.T{i}"),
                TypeDef::new(Kind::Bool).with_base(previous),
            )
            .unwrap();
    }
    let r = b.build().unwrap();
    assert!(r.is_subtype(previous, first));
}

#[test]
fn into_builder_keeps_everything() {
    let mut b = RegistryBuilder::new();
    let e = EnumType::new(IntType::UINT32, [Constant::new("A", 1)]).unwrap();
    let def = TypeDef::new(Kind::Enum(e))
        .with_short_name("Vec")
        .with_doc("doc")
        .with_source(SourcePos::new(1, 2))
        .with_attribute(Attribute::new("x", crate::AttrValue::Bool(true)))
        .with_component(ComponentInfo::new(9));
    let id = b.add("AZ::Vec", def).unwrap();
    let plain = b.add("a.b.Plain", Kind::Bool).unwrap();
    let r = b.build().unwrap();
    let t = &r[id];
    assert_eq!((t.name(), t.doc()), (Some("Vec"), Some("doc")));
    assert_eq!(r[plain].name(), Some("Plain"));
    assert_eq!(t.source().map(|s| s.column), Some(2));
    assert!(t.attribute("x").is_some());
    let mut b = r.clone().into_builder();
    assert!(b.add("a.b.Plain", Kind::Bool).is_err());
    assert!(b
        .add(
            "z.Z",
            TypeDef::new(Kind::Bool).with_component(ComponentInfo::new(9))
        )
        .is_err());
    let z = b.add("z.Z", Kind::Bool).unwrap();
    let r2 = b.build().unwrap();
    assert_eq!(r2.len(), r.len() + 1);
    assert_eq!(r2[id].name(), Some("Vec"));
    assert_eq!(r2[plain].name(), Some("Plain"));
    assert_eq!(r2.component(9).map(Type::id), Some(id));
    assert_eq!(r2.lookup("z.Z"), Some(z));
    assert_eq!(r2[id].kind(), r[id].kind());
    assert_eq!(r2[id].meta(), r[id].meta());
}
