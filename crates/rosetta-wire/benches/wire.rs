//! Encode and decode of four representative SpatialOS components with three implementations:
//! Rosetta's [`Object`], prost-reflect's `DynamicMessage` (descriptors compiled at start-up by
//! protox from the `.proto` text below) and prost structs derived by hand from the same schema.
//!
//! - `wire/encode/<component>/{rosetta,prost_reflect,prost}`: the wire bytes of a message that is
//!   already built (a Rosetta `Object` built through its API, not one read from bytes, which would
//!   be written back as the bytes it kept).
//! - `wire/decode/<component>/{rosetta,prost_reflect,prost}`: decode, then read every value once
//!   through each implementation's API (prost has materialised everything while decoding; Rosetta
//!   keeps length-delimited fields as bytes until they are read, so reading is part of the cost).
//! - `wire/decode/<component>/rosetta_view`: the same reads through the zero-copy `ObjectView`.
//! - `wire/decode/<component>/rosetta_decode_only`: `Object::decode` alone.
//!
//! Before anything is timed, the setup asserts that the three write the same bytes for each
//! component (or, where prost-reflect's map order differs, that the bytes decode to the same
//! values) and that every reader (`Object`, `ObjectView`, prost-reflect, prost) reads the same
//! values from every writer's bytes.
//!
//! Run: `cargo bench -p rosetta-wire --bench wire` (see `benches/README.md`).

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, MapKey, ReflectMessage, Value};
use rosetta_wire::family::{self, Family};
use rosetta_wire::{Object, ObjectView};

// ---- reading every value once ---------------------------------------------------------------

/// Where the readers put each value they read: [`Touch`] while timing, [`Fold`] to check that
/// every implementation reads the same values. Readers go through a message's fields in any
/// order (prost-reflect's go by number), a list's items in order, a map's entries in any order.
trait Sink: Default {
    /// One scalar, as the raw bits of [`Bits::bits`].
    fn put(&mut self, bits: u64);
    /// One string.
    fn put_str(&mut self, s: &str);
    /// A list of floats, read into a `Vec<f32>`.
    fn put_floats(&mut self, values: &[f32]);
    /// The values of one field of a message.
    fn field(&mut self, number: u32, read: impl FnOnce(&mut Self));
    /// One message (a field's value or a list's item).
    fn message(&mut self, read: impl FnOnce(&mut Self));
    /// One map entry.
    fn entry(&mut self, read: impl FnOnce(&mut Self));
}

/// Keeps each value alive through `black_box` and nothing more.
#[derive(Default)]
struct Touch;

impl Sink for Touch {
    #[inline]
    fn put(&mut self, bits: u64) {
        black_box(bits);
    }
    #[inline]
    fn put_str(&mut self, s: &str) {
        black_box(s);
    }
    #[inline]
    fn put_floats(&mut self, values: &[f32]) {
        black_box(values);
    }
    #[inline]
    fn field(&mut self, _number: u32, read: impl FnOnce(&mut Self)) {
        read(self);
    }
    #[inline]
    fn message(&mut self, read: impl FnOnce(&mut Self)) {
        read(self);
    }
    #[inline]
    fn entry(&mut self, read: impl FnOnce(&mut Self)) {
        read(self);
    }
}

/// A hash of the values read: FNV-1a over 64-bit words in order, plus a sum over the fields of a
/// message (each hashed with its number) and over the entries of a map.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Fold {
    ordered: u64,
    unordered: u64,
}

impl Fold {
    fn of(read: impl FnOnce(&mut Fold)) -> Fold {
        let mut fold = Fold::default();
        read(&mut fold);
        fold
    }

    fn finish(self) -> u64 {
        Fold::of(|f| {
            f.put(self.ordered);
            f.put(self.unordered);
        })
        .ordered
    }
}

impl Sink for Fold {
    fn put(&mut self, bits: u64) {
        self.ordered = (self.ordered ^ bits).wrapping_mul(0x0000_0100_0000_01b3);
    }
    fn put_str(&mut self, s: &str) {
        self.put(s.len() as u64);
        s.bytes().for_each(|b| self.put(u64::from(b)));
    }
    fn put_floats(&mut self, values: &[f32]) {
        values.iter().for_each(|v| self.put(v.bits()));
    }
    fn field(&mut self, number: u32, read: impl FnOnce(&mut Self)) {
        let values = Fold::of(read).finish();
        let field = Fold::of(|f| {
            f.put(u64::from(number));
            f.put(values);
        });
        self.unordered = self.unordered.wrapping_add(field.ordered);
    }
    fn message(&mut self, read: impl FnOnce(&mut Self)) {
        self.put(Fold::of(read).finish());
    }
    fn entry(&mut self, read: impl FnOnce(&mut Self)) {
        self.unordered = self.unordered.wrapping_add(Fold::of(read).finish());
    }
}

/// A scalar's bits as every implementation reports them (an `int32` or enum sign-extended).
trait Bits {
    fn bits(self) -> u64;
}

impl Bits for f32 {
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}
impl Bits for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
}
impl Bits for bool {
    fn bits(self) -> u64 {
        u64::from(self)
    }
}
impl Bits for i32 {
    fn bits(self) -> u64 {
        i64::from(self) as u64
    }
}
impl Bits for i64 {
    fn bits(self) -> u64 {
        self as u64
    }
}
impl Bits for u32 {
    fn bits(self) -> u64 {
        u64::from(self)
    }
}
impl Bits for u64 {
    fn bits(self) -> u64 {
        self
    }
}

/// The reads that [`Object`] and [`ObjectView`] share, so that one reader serves both.
trait Read {
    fn scalar<F: Family>(&self, id: u32) -> F::Value;
    fn text(&self, id: u32) -> Option<&str>;
    /// Every string occurrence of a list<string>, in order.
    fn texts(&self, id: u32, f: impl FnMut(&str));
    /// The last object occurrence, if any.
    fn with_object(&self, id: u32, f: impl FnOnce(&Self));
    /// Every object occurrence, in order.
    fn each_object(&self, id: u32, f: impl FnMut(&Self));
    fn floats(&self, id: u32, out: &mut Vec<f32>);
}

impl Read for Object {
    fn scalar<F: Family>(&self, id: u32) -> F::Value {
        self.get::<F>(id)
    }
    fn text(&self, id: u32) -> Option<&str> {
        self.string(id)
    }
    fn texts(&self, id: u32, f: impl FnMut(&str)) {
        self.bytes_iter(id)
            .flatten()
            .filter_map(|b| std::str::from_utf8(b).ok())
            .for_each(f);
    }
    fn with_object(&self, id: u32, f: impl FnOnce(&Self)) {
        if let Some(o) = self.object(id) {
            f(o);
        }
    }
    fn each_object(&self, id: u32, f: impl FnMut(&Self)) {
        self.objects(id).expect("objects").into_iter().for_each(f);
    }
    fn floats(&self, id: u32, out: &mut Vec<f32>) {
        self.list_into::<family::Float>(id, out);
    }
}

impl Read for ObjectView<'_> {
    fn scalar<F: Family>(&self, id: u32) -> F::Value {
        self.get::<F>(id)
    }
    fn text(&self, id: u32) -> Option<&str> {
        self.string(id)
    }
    fn texts(&self, id: u32, f: impl FnMut(&str)) {
        self.bytes_iter(id)
            .filter_map(|b| std::str::from_utf8(b).ok())
            .for_each(f);
    }
    fn with_object(&self, id: u32, f: impl FnOnce(&Self)) {
        if let Some(o) = self.object(id).expect("an object") {
            f(&o);
        }
    }
    fn each_object(&self, id: u32, mut f: impl FnMut(&Self)) {
        self.objects(id).for_each(|o| f(&o.expect("an object")));
    }
    fn floats(&self, id: u32, out: &mut Vec<f32>) {
        self.list_into::<family::Float>(id, out);
    }
}

/// Reads every field of a prost-reflect message through `get_field_by_number`.
fn reflect_read<S: Sink>(message: &DynamicMessage, sink: &mut S) {
    for field in message.descriptor().fields() {
        if let Some(value) = message.get_field_by_number(field.number()) {
            sink.field(field.number(), |s| reflect_read_value(&value, s));
        }
    }
}

fn reflect_read_value<S: Sink>(value: &Value, sink: &mut S) {
    match value {
        Value::Bool(v) => sink.put(v.bits()),
        Value::I32(v) | Value::EnumNumber(v) => sink.put(v.bits()),
        Value::I64(v) => sink.put(v.bits()),
        Value::U32(v) => sink.put(v.bits()),
        Value::U64(v) => sink.put(*v),
        Value::F32(v) => sink.put(v.bits()),
        Value::F64(v) => sink.put(v.bits()),
        Value::String(s) => sink.put_str(s),
        Value::Bytes(b) => sink.put(b.len() as u64),
        Value::Message(m) => sink.message(|s| reflect_read(m, s)),
        Value::List(items) => items.iter().for_each(|v| reflect_read_value(v, sink)),
        Value::Map(entries) => {
            for (key, value) in entries {
                sink.entry(|e| {
                    e.field(1, |s| match key {
                        MapKey::Bool(k) => s.put(k.bits()),
                        MapKey::I32(k) => s.put(k.bits()),
                        MapKey::I64(k) => s.put(k.bits()),
                        MapKey::U32(k) => s.put(k.bits()),
                        MapKey::U64(k) => s.put(*k),
                        MapKey::String(k) => s.put_str(k),
                    });
                    e.field(2, |s| reflect_read_value(value, s));
                });
            }
        }
    }
}

// ---- the schema --------------------------------------------------------------------------------

/// The schema shared by the three implementations; `Character`'s fields come from
/// [`CHARACTER_FIELDS`].
const PROTO_HEAD: &str = r#"
syntax = "proto3";
package rosetta.bench;

// improbable.Position
message Coordinates {
  double x = 1;
  double y = 2;
  double z = 3;
}
message Position {
  Coordinates coords = 1;
}

// A packed list<float>, e.g. a height map.
message FloatList {
  repeated float values = 1;
}

// improbable.EntityAcl
message WorkerAttributeSet {
  repeated string attribute = 1;
}
message WorkerRequirementSet {
  repeated WorkerAttributeSet attribute_set = 1;
}
message EntityAcl {
  WorkerRequirementSet read_acl = 1;
  map<uint32, WorkerRequirementSet> component_write_acl = 2;
}

message Vector3f {
  float x = 1;
  float y = 2;
  float z = 3;
}
enum Faction {
  FACTION_UNALIGNED = 0;
  FACTION_RED = 1;
  FACTION_BLUE = 2;
  FACTION_GREEN = 3;
}
enum Stance {
  STANCE_STANDING = 0;
  STANCE_CROUCHED = 1;
  STANCE_PRONE = 2;
}
"#;

const PROTO_FILE: &str = "rosetta_bench.proto";

fn proto_source() -> String {
    format!("{PROTO_HEAD}\nmessage Character {{\n{CHARACTER_FIELDS}}}\n")
}

/// Serves [`proto_source`] to protox from memory.
struct InMemory;

impl protox::file::FileResolver for InMemory {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        if name == PROTO_FILE {
            protox::file::File::from_source(name, &proto_source())
        } else {
            Err(protox::Error::file_not_found(name))
        }
    }
}

fn descriptor_pool() -> DescriptorPool {
    let mut compiler = protox::Compiler::with_file_resolver(InMemory);
    compiler
        .open_file(PROTO_FILE)
        .expect("the bench schema compiles");
    compiler.descriptor_pool()
}

// prost structs, written as prost-build would generate them (maps as `BTreeMap` so that their
// order on the wire is the keys' order, as Rosetta writes them here).

#[derive(Clone, PartialEq, Message)]
struct Coordinates {
    #[prost(double, tag = 1)]
    x: f64,
    #[prost(double, tag = 2)]
    y: f64,
    #[prost(double, tag = 3)]
    z: f64,
}

#[derive(Clone, PartialEq, Message)]
struct Position {
    #[prost(message, optional, tag = 1)]
    coords: Option<Coordinates>,
}

#[derive(Clone, PartialEq, Message)]
struct FloatList {
    #[prost(float, repeated, tag = 1)]
    values: Vec<f32>,
}

#[derive(Clone, PartialEq, Message)]
struct WorkerAttributeSet {
    #[prost(string, repeated, tag = 1)]
    attribute: Vec<String>,
}

#[derive(Clone, PartialEq, Message)]
struct WorkerRequirementSet {
    #[prost(message, repeated, tag = 1)]
    attribute_set: Vec<WorkerAttributeSet>,
}

#[derive(Clone, PartialEq, Message)]
struct EntityAcl {
    #[prost(message, optional, tag = 1)]
    read_acl: Option<WorkerRequirementSet>,
    #[prost(btree_map = "uint32, message", tag = 2)]
    component_write_acl: BTreeMap<u32, WorkerRequirementSet>,
}

#[derive(Clone, PartialEq, Message)]
struct Vector3f {
    #[prost(float, tag = 1)]
    x: f32,
    #[prost(float, tag = 2)]
    y: f32,
    #[prost(float, tag = 3)]
    z: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
enum Faction {
    Unaligned = 0,
    Red = 1,
    Blue = 2,
    Green = 3,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
enum Stance {
    Standing = 0,
    Crouched = 1,
    Prone = 2,
}

/// The 50-field character component, one table for all three implementations: its `.proto`
/// fields ([`CHARACTER_FIELDS`]), the prost struct, its value ([`character`]), the Rosetta
/// object ([`character_object`]) and the readers. Every value differs from its default, since
/// proto3 does not write defaults and Rosetta does.
fn rosetta_read_vector<R: Read, S: Sink>(v: &R, sink: &mut S) {
    sink.field(1, |s| s.put(v.scalar::<family::Float>(1).bits()));
    sink.field(2, |s| s.put(v.scalar::<family::Float>(2).bits()));
    sink.field(3, |s| s.put(v.scalar::<family::Float>(3).bits()));
}

fn prost_read_vector<S: Sink>(v: &Vector3f, sink: &mut S) {
    sink.field(1, |s| s.put(v.x.bits()));
    sink.field(2, |s| s.put(v.y.bits()));
    sink.field(3, |s| s.put(v.z.bits()));
}

macro_rules! character {
    (
        scalars { $($tag:tt $name:ident: $proto:ident $family:ident $rust:ty = $value:expr;)* }
        enums { $($etag:tt $ename:ident: $etype:ident = $evalue:ident;)* }
        strings { $($stag:tt $sname:ident = $svalue:literal;)* }
        vectors { $($vtag:tt $vname:ident = [$vx:expr, $vy:expr, $vz:expr];)* }
        string_lists { $($ltag:tt $lname:ident = [$($litem:literal),*];)* }
    ) => {
        const CHARACTER_FIELDS: &str = concat!(
            $("  ", stringify!($proto), " ", stringify!($name), " = ", stringify!($tag), ";\n",)*
            $("  ", stringify!($etype), " ", stringify!($ename), " = ", stringify!($etag), ";\n",)*
            $("  string ", stringify!($sname), " = ", stringify!($stag), ";\n",)*
            $("  Vector3f ", stringify!($vname), " = ", stringify!($vtag), ";\n",)*
            $("  repeated string ", stringify!($lname), " = ", stringify!($ltag), ";\n",)*
        );

        #[derive(Clone, PartialEq, Message)]
        struct Character {
            $(#[prost($proto, tag = $tag)] $name: $rust,)*
            $(#[prost(enumeration($etype), tag = $etag)] $ename: i32,)*
            $(#[prost(string, tag = $stag)] $sname: String,)*
            $(#[prost(message, optional, tag = $vtag)] $vname: Option<Vector3f>,)*
            $(#[prost(string, repeated, tag = $ltag)] $lname: Vec<String>,)*
        }

        fn character() -> Character {
            Character {
                $($name: $value,)*
                $($ename: $etype::$evalue as i32,)*
                $($sname: $svalue.to_owned(),)*
                $($vname: Some(Vector3f { x: $vx, y: $vy, z: $vz }),)*
                $($lname: vec![$($litem.to_owned()),*],)*
            }
        }

        /// The character built through the Rosetta API, fields added in field-number order (the
        /// order prost writes in) so that the bytes compare equal.
        fn character_object(c: &Character) -> Object {
            type Add<'a> = Box<dyn Fn(&mut Object) + 'a>;
            let mut adds: Vec<(u32, Add<'_>)> = vec![
                $(($tag, Box::new(|o: &mut Object| o.add::<family::$family>($tag, c.$name))),)*
                $(($etag, Box::new(|o: &mut Object| o.add::<family::Enum>($etag, c.$ename as u32))),)*
                $(($stag, Box::new(|o: &mut Object| o.add_string($stag, &c.$sname))),)*
                $(($vtag, Box::new(|o: &mut Object| {
                    let v = c.$vname.as_ref().expect("set");
                    let object = o.add_object($vtag);
                    object.add::<family::Float>(1, v.x);
                    object.add::<family::Float>(2, v.y);
                    object.add::<family::Float>(3, v.z);
                })),)*
                $(($ltag, Box::new(|o: &mut Object| {
                    c.$lname.iter().for_each(|s| o.add_string($ltag, s))
                })),)*
            ];
            adds.sort_by_key(|(tag, _)| *tag);
            let mut o = Object::new();
            adds.iter().for_each(|(_, add)| add(&mut o));
            o
        }

        /// Reads every field of a Rosetta character.
        fn rosetta_read_character<R: Read, S: Sink>(o: &R, sink: &mut S) {
            $(sink.field($tag, |s| s.put(o.scalar::<family::$family>($tag).bits()));)*
            $(sink.field($etag, |s| s.put(o.scalar::<family::Enum>($etag).bits()));)*
            $(sink.field($stag, |s| s.put_str(o.text($stag).unwrap_or_default()));)*
            $(sink.field($vtag, |s| {
                o.with_object($vtag, |v| s.message(|s| rosetta_read_vector(v, s)))
            });)*
            $(sink.field($ltag, |s| o.texts($ltag, |x| s.put_str(x)));)*
        }

        /// Reads every field of a prost character.
        fn prost_read_character<S: Sink>(c: &Character, sink: &mut S) {
            $(sink.field($tag, |s| s.put(c.$name.bits()));)*
            $(sink.field($etag, |s| s.put(c.$ename.bits()));)*
            $(sink.field($stag, |s| s.put_str(&c.$sname));)*
            $(sink.field($vtag, |s| {
                if let Some(v) = &c.$vname {
                    s.message(|s| prost_read_vector(v, s));
                }
            });)*
            $(sink.field($ltag, |s| c.$lname.iter().for_each(|x| s.put_str(x)));)*
        }
    };
}

character! {
    scalars {
        1 entity_id: int64 EntityId i64 = 4_200_123_456;
        4 level: uint32 Uint32 u32 = 57;
        5 experience: int64 Int64 i64 = 1_843_220_117;
        6 health: int32 Int32 i32 = 812;
        7 max_health: int32 Int32 i32 = 1_250;
        8 mana: int32 Int32 i32 = 340;
        9 max_mana: int32 Int32 i32 = 600;
        10 stamina: float Float f32 = 87.5;
        11 move_speed: float Float f32 = 6.25;
        12 gold: double Double f64 = 18_250.75;
        13 is_alive: bool Bool bool = true;
        14 in_combat: bool Bool bool = true;
        20 reputation: sint32 Sint32 i32 = -1_375;
        21 karma: sint32 Sint32 i32 = 42;
        22 guild_rank: uint32 Uint32 u32 = 3;
        23 guild_id: int64 EntityId i64 = 90_017;
        24 target_id: int64 EntityId i64 = 4_200_123_999;
        25 owner_id: int64 EntityId i64 = 12;
        26 armor: float Float f32 = 143.0;
        27 crit_chance: float Float f32 = 0.175;
        28 last_login_unix: double Double f64 = 1_718_031_442.125;
        29 session_seconds: double Double f64 = 5_417.333;
        30 kills: uint32 Uint32 u32 = 1_204;
        31 deaths: uint32 Uint32 u32 = 311;
        32 temperature_delta: int32 Int32 i32 = -7;
        36 account_id: int64 Int64 i64 = 77_312_004_981;
        37 hair_style: uint32 Uint32 u32 = 14;
        38 skin_tone: uint32 Uint32 u32 = 6;
        39 height: float Float f32 = 1.82;
        40 weight: float Float f32 = 81.4;
        41 is_premium: bool Bool bool = true;
        43 balance_delta: sint32 Sint32 i32 = -250_000;
        44 ping_ms: int32 Int32 i32 = 48;
        45 respawn_at: double Double f64 = 1_718_031_502.5;
        46 party_leader_id: int64 EntityId i64 = 4_200_100_001;
        48 inventory_slots: uint32 Uint32 u32 = 40;
        50 fov: float Float f32 = 90.0;
    }
    enums {
        15 faction: Faction = Blue;
        16 stance: Stance = Crouched;
        42 spawn_faction: Faction = Green;
    }
    strings {
        2 name = "Aldric Thornwood";
        3 title = "Warden of the Eastern Marches";
        33 guild_name = "The Iron Lanterns";
        34 zone = "eastern_marches/ruins_03";
        49 locale = "en-GB";
    }
    vectors {
        17 position_offset = [0.5, 1.75, -0.25];
        18 velocity = [3.2, 0.0625, -1.5];
        19 facing = [0.0436, 0.7064, 0.7064];
        47 spawn_point = [-1204.5, 38.25, 977.0];
    }
    string_lists {
        35 tags = ["player", "pvp_flagged", "quest:lantern_02"];
    }
}

// ---- the other components: values, Rosetta objects and readers -----------------------------

fn position() -> Position {
    Position {
        coords: Some(Coordinates {
            x: -1204.5,
            y: 38.25,
            z: 977.125,
        }),
    }
}

fn position_object(p: &Position) -> Object {
    let c = p.coords.as_ref().expect("set");
    let mut o = Object::new();
    let coords = o.add_object(1);
    coords.add::<family::Double>(1, c.x);
    coords.add::<family::Double>(2, c.y);
    coords.add::<family::Double>(3, c.z);
    o
}

fn rosetta_read_position<R: Read, S: Sink>(o: &R, sink: &mut S) {
    sink.field(1, |s| {
        o.with_object(1, |c| {
            s.message(|s| {
                s.field(1, |s| s.put(c.scalar::<family::Double>(1).bits()));
                s.field(2, |s| s.put(c.scalar::<family::Double>(2).bits()));
                s.field(3, |s| s.put(c.scalar::<family::Double>(3).bits()));
            })
        })
    });
}

fn prost_read_position<S: Sink>(p: &Position, sink: &mut S) {
    sink.field(1, |s| {
        if let Some(c) = &p.coords {
            s.message(|s| {
                s.field(1, |s| s.put(c.x.bits()));
                s.field(2, |s| s.put(c.y.bits()));
                s.field(3, |s| s.put(c.z.bits()));
            });
        }
    });
}

const LIST_LEN: usize = 100_000;

fn float_list() -> FloatList {
    FloatList {
        values: (0..LIST_LEN)
            .map(|i| (i as f32 * 0.37).sin() * 100.0 + 1.0)
            .collect(),
    }
}

fn float_list_object(l: &FloatList) -> Object {
    let mut o = Object::new();
    o.add_list::<family::Float>(1, &l.values);
    o
}

const ACL_ENTRIES: u32 = 100;

fn requirement_set(sets: &[&[&str]]) -> WorkerRequirementSet {
    WorkerRequirementSet {
        attribute_set: sets
            .iter()
            .map(|set| WorkerAttributeSet {
                attribute: set.iter().map(|a| (*a).to_owned()).collect(),
            })
            .collect(),
    }
}

/// An `improbable.EntityAcl` as a game would have it: everyone reads; each of 100 components is
/// written by one worker type or by one specific worker.
fn entity_acl() -> EntityAcl {
    let component_write_acl = (0..ACL_ENTRIES)
        .map(|i| {
            // The improbable components, then the game's from 1000 up.
            let id = if i < 4 {
                [50, 53, 54, 58][i as usize]
            } else {
                1000 + i * 3
            };
            let write = match i % 4 {
                0 => requirement_set(&[&["UnrealWorker"]]),
                1 => requirement_set(&[&[
                    "workerId:UnrealClient-5f9c1e02-8a4b-4c1e-9d3a-0b7e2f6c4a11",
                ]]),
                2 => requirement_set(&[&["UnrealWorker"], &["AIWorker", "zone:east"]]),
                _ => requirement_set(&[&[
                    "workerId:UnrealWorker-c3d0b7aa-11e4-4f2c-a6b9-93e5d1c07f48",
                ]]),
            };
            (id, write)
        })
        .collect();
    EntityAcl {
        read_acl: Some(requirement_set(&[
            &["UnrealWorker"],
            &["UnrealClient"],
            &["AIWorker"],
        ])),
        component_write_acl,
    }
}

fn requirement_set_into(set: &WorkerRequirementSet, o: &mut Object) {
    for attributes in &set.attribute_set {
        let object = o.add_object(1);
        attributes
            .attribute
            .iter()
            .for_each(|a| object.add_string(1, a));
    }
}

fn entity_acl_object(acl: &EntityAcl) -> Object {
    let mut o = Object::new();
    requirement_set_into(acl.read_acl.as_ref().expect("set"), o.add_object(1));
    for (id, set) in &acl.component_write_acl {
        // A map entry: the key at field 1, the value at field 2.
        let entry = o.add_object(2);
        entry.add::<family::Uint32>(1, *id);
        requirement_set_into(set, entry.add_object(2));
    }
    o
}

fn rosetta_read_requirement_set<R: Read, S: Sink>(o: &R, sink: &mut S) {
    sink.field(1, |s| {
        o.each_object(1, |attributes| {
            s.message(|s| s.field(1, |s| attributes.texts(1, |a| s.put_str(a))))
        })
    });
}

fn rosetta_read_acl<R: Read, S: Sink>(o: &R, sink: &mut S) {
    sink.field(1, |s| {
        o.with_object(1, |read| {
            s.message(|s| rosetta_read_requirement_set(read, s))
        })
    });
    sink.field(2, |s| {
        o.each_object(2, |entry| {
            s.entry(|e| {
                e.field(1, |s| s.put(entry.scalar::<family::Uint32>(1).bits()));
                e.field(2, |s| {
                    entry.with_object(2, |set| s.message(|s| rosetta_read_requirement_set(set, s)))
                });
            })
        })
    });
}

fn prost_read_requirement_set<S: Sink>(set: &WorkerRequirementSet, sink: &mut S) {
    sink.field(1, |s| {
        for attributes in &set.attribute_set {
            s.message(|s| {
                s.field(1, |s| {
                    attributes.attribute.iter().for_each(|a| s.put_str(a))
                })
            });
        }
    });
}

fn prost_read_acl<S: Sink>(acl: &EntityAcl, sink: &mut S) {
    sink.field(1, |s| {
        if let Some(read) = &acl.read_acl {
            s.message(|s| prost_read_requirement_set(read, s));
        }
    });
    sink.field(2, |s| {
        for (id, set) in &acl.component_write_acl {
            s.entry(|e| {
                e.field(1, |s| s.put(id.bits()));
                e.field(2, |s| s.message(|s| prost_read_requirement_set(set, s)));
            });
        }
    });
}

// ---- the benchmark ---------------------------------------------------------------------------

/// One component: its value, the same value as a Rosetta object, and how each implementation
/// reads every value of it.
trait Spec {
    /// The component's part of the benchmark's names.
    const NAME: &'static str;
    /// The message's name in the `.proto`.
    const MESSAGE: &'static str;
    type Prost: Message + Default + PartialEq + Clone;
    fn value() -> Self::Prost;
    /// The value built through the Rosetta API.
    fn object(value: &Self::Prost) -> Object;
    /// Reads through [`Object`] or [`ObjectView`].
    fn read_rosetta<R: Read, S: Sink>(o: &R, sink: &mut S);
    fn read_prost<S: Sink>(value: &Self::Prost, sink: &mut S);
    fn read_reflect<S: Sink>(m: &DynamicMessage, sink: &mut S) {
        reflect_read(m, sink);
    }
}

/// Builds the component three ways, checks outside any timing that they agree on the bytes and
/// on every value read from any of them, then times encode and decode.
fn bench_component<C: Spec>(c: &mut Criterion, pool: &DescriptorPool) {
    let name = C::NAME;
    let descriptor = pool
        .get_message_by_name(&format!("rosetta.bench.{}", C::MESSAGE))
        .expect("declared in the bench schema");
    let value = C::value();
    let object = C::object(&value);
    let bytes = value.encode_to_vec();
    assert_eq!(
        object.encode(),
        bytes,
        "{name}: Rosetta writes prost's bytes"
    );
    assert_eq!(
        object.encoded_len(),
        bytes.len(),
        "{name}: Rosetta's encoded_len"
    );
    let dynamic = DynamicMessage::decode(descriptor.clone(), bytes.as_slice()).unwrap();
    let reflect_bytes = dynamic.encode_to_vec();
    if reflect_bytes != bytes {
        // Only a map may come out in another order: prost-reflect keeps it in a `HashMap`.
        // Then the same values in the same number of bytes.
        assert!(
            descriptor.fields().any(|f| f.is_map()),
            "{name}: prost-reflect's bytes differ"
        );
        assert_eq!(
            reflect_bytes.len(),
            bytes.len(),
            "{name}: prost-reflect's length"
        );
        let back = C::Prost::decode(reflect_bytes.as_slice()).unwrap();
        assert!(
            back == value,
            "{name}: prost reads prost-reflect's bytes as the value"
        );
    }

    // Every implementation reads the same values from every implementation's bytes.
    let expected = Fold::of(|f| C::read_prost(&value, f));
    assert_ne!(expected, Fold::default());
    assert_eq!(
        Fold::of(|f| C::read_rosetta(&object, f)),
        expected,
        "{name}: the built object"
    );
    for (writer, written) in [("prost", &bytes), ("prost-reflect", &reflect_bytes)] {
        let view = ObjectView::new(written).unwrap();
        assert_eq!(
            Fold::of(|f| C::read_rosetta(&view, f)),
            expected,
            "{name}: ObjectView reads {writer}'s bytes"
        );
        let o = Object::decode(written).unwrap();
        assert_eq!(
            Fold::of(|f| C::read_rosetta(&o, f)),
            expected,
            "{name}: Rosetta reads {writer}'s bytes"
        );
        let m = DynamicMessage::decode(descriptor.clone(), written.as_slice()).unwrap();
        assert_eq!(
            Fold::of(|f| C::read_reflect(&m, f)),
            expected,
            "{name}: prost-reflect reads {writer}'s"
        );
        let p = C::Prost::decode(written.as_slice()).unwrap();
        assert_eq!(
            Fold::of(|f| C::read_prost(&p, f)),
            expected,
            "{name}: prost reads {writer}'s bytes"
        );
    }
    assert!(
        Object::decode(&bytes).unwrap() == object,
        "{name}: decode(encode(o)) == o"
    );

    let throughput = Throughput::Bytes(bytes.len() as u64);
    let mut group = c.benchmark_group(format!("wire/encode/{name}"));
    group.throughput(throughput.clone());
    group.bench_function("rosetta", |b| b.iter(|| black_box(&object).encode()));
    group.bench_function("prost_reflect", |b| {
        b.iter(|| black_box(&dynamic).encode_to_vec())
    });
    group.bench_function("prost", |b| b.iter(|| black_box(&value).encode_to_vec()));
    group.finish();

    let bytes = bytes.as_slice();
    let mut group = c.benchmark_group(format!("wire/decode/{name}"));
    group.throughput(throughput);
    group.bench_function("rosetta", |b| {
        b.iter(|| {
            let o = Object::decode(black_box(bytes)).unwrap();
            C::read_rosetta(&o, &mut Touch);
            o
        })
    });
    group.bench_function("rosetta_view", |b| {
        b.iter(|| {
            let v = ObjectView::new(black_box(bytes)).unwrap();
            C::read_rosetta(&v, &mut Touch);
        })
    });
    group.bench_function("rosetta_decode_only", |b| {
        b.iter(|| Object::decode(black_box(bytes)).unwrap())
    });
    group.bench_function("prost_reflect", |b| {
        b.iter(|| {
            let m = DynamicMessage::decode(descriptor.clone(), black_box(bytes)).unwrap();
            C::read_reflect(&m, &mut Touch);
            m
        })
    });
    group.bench_function("prost", |b| {
        b.iter(|| {
            let p = C::Prost::decode(black_box(bytes)).unwrap();
            C::read_prost(&p, &mut Touch);
            p
        })
    });
    group.finish();
}

struct PositionSpec;

impl Spec for PositionSpec {
    const NAME: &'static str = "position";
    const MESSAGE: &'static str = "Position";
    type Prost = Position;
    fn value() -> Position {
        position()
    }
    fn object(value: &Position) -> Object {
        position_object(value)
    }
    fn read_rosetta<R: Read, S: Sink>(o: &R, sink: &mut S) {
        rosetta_read_position(o, sink);
    }
    fn read_prost<S: Sink>(value: &Position, sink: &mut S) {
        prost_read_position(value, sink);
    }
}

struct CharacterSpec;

impl Spec for CharacterSpec {
    const NAME: &'static str = "character";
    const MESSAGE: &'static str = "Character";
    type Prost = Character;
    fn value() -> Character {
        character()
    }
    fn object(value: &Character) -> Object {
        character_object(value)
    }
    fn read_rosetta<R: Read, S: Sink>(o: &R, sink: &mut S) {
        rosetta_read_character(o, sink);
    }
    fn read_prost<S: Sink>(value: &Character, sink: &mut S) {
        prost_read_character(value, sink);
    }
}

struct ListSpec;

/// Each implementation reads the list into a `Vec<f32>`, the form prost decodes into.
impl Spec for ListSpec {
    const NAME: &'static str = "list_float_100k";
    const MESSAGE: &'static str = "FloatList";
    type Prost = FloatList;
    fn value() -> FloatList {
        float_list()
    }
    fn object(value: &FloatList) -> Object {
        float_list_object(value)
    }
    fn read_rosetta<R: Read, S: Sink>(o: &R, sink: &mut S) {
        let mut values = Vec::new();
        o.floats(1, &mut values);
        sink.field(1, |s| s.put_floats(&values));
    }
    fn read_prost<S: Sink>(value: &FloatList, sink: &mut S) {
        sink.field(1, |s| s.put_floats(&value.values));
    }
    fn read_reflect<S: Sink>(m: &DynamicMessage, sink: &mut S) {
        let values: Vec<f32> = match m.get_field_by_number(1).as_deref() {
            Some(Value::List(items)) => items.iter().filter_map(Value::as_f32).collect(),
            _ => Vec::new(),
        };
        sink.field(1, |s| s.put_floats(&values));
    }
}

struct AclSpec;

impl Spec for AclSpec {
    const NAME: &'static str = "entity_acl_100";
    const MESSAGE: &'static str = "EntityAcl";
    type Prost = EntityAcl;
    fn value() -> EntityAcl {
        entity_acl()
    }
    fn object(value: &EntityAcl) -> Object {
        entity_acl_object(value)
    }
    fn read_rosetta<R: Read, S: Sink>(o: &R, sink: &mut S) {
        rosetta_read_acl(o, sink);
    }
    fn read_prost<S: Sink>(value: &EntityAcl, sink: &mut S) {
        prost_read_acl(value, sink);
    }
}

fn wire(c: &mut Criterion) {
    let pool = descriptor_pool();
    bench_component::<PositionSpec>(c, &pool);
    bench_component::<CharacterSpec>(c, &pool);
    bench_component::<ListSpec>(c, &pool);
    bench_component::<AclSpec>(c, &pool);
}

criterion_group!(benches, wire);
criterion_main!(benches);
