//! Arbitrary bytes decoded by the generated types of the example and every corpus schema
//! (crate rosetta-codegen-tests): the first four bytes are a component id (little-endian; an id
//! no component has picks one by its remainder), the rest are its data, an update and a command
//! payload. Decoding never panics, `decode_shared` reads what `decode` reads, and whatever
//! decodes re-encodes to bytes that decode to the same encoding, and converts to and from
//! `Object` alike.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_codegen_tests::{visit_components, ComponentVisitor, GROUPS};
use rosetta_wire::schema_type::{Bytes, CommandPayload, Component, SchemaUpdate};

/// Finds the component to decode as: the one with the id, else the `fallback`-th.
struct Pick<'a> {
    id: u32,
    fallback: usize,
    seen: usize,
    done: bool,
    data: &'a [u8],
}

/// Decodes `data` as `C`; `exact`: the bytes written back are compared (not for `HashMap`
/// maps, which write their entries in an order of their own).
fn check<C: Component>(data: &[u8], exact: bool) {
    let decoded = C::decode(data);
    let shared = C::decode_shared(&Bytes::copy_from_slice(data));
    match (&decoded, &shared) {
        // Compared by their bytes (a NaN is no value equal to itself), where the bytes have
        // one order.
        (Ok(a), Ok(b)) if exact => assert_eq!(
            a.encode(),
            b.encode(),
            "{}: decode_shared reads another value",
            C::NAME
        ),
        (Ok(_), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("{}: decode {decoded:?}, decode_shared {shared:?}", C::NAME),
    }
    if let Ok(value) = decoded {
        if !exact {
            let _ = (value.encode(), value.to_object());
            let _ = C::Update::decode(data).map(|u| u.encode());
            return;
        }
        let bytes = value.encode();
        let again = C::decode(&bytes).expect("a generated type's own bytes decode");
        assert_eq!(
            again.encode(),
            bytes,
            "{}: re-encoding changed the bytes",
            C::NAME
        );
        let object = value.to_object();
        let from_object = C::from_object(&object).expect("its object reads back");
        assert_eq!(
            from_object.encode(),
            bytes,
            "{}: the object reads differently",
            C::NAME
        );
    }
    if let Ok(update) = C::Update::decode(data) {
        let bytes = update.encode();
        let again = C::Update::decode(&bytes).expect("an update's own bytes decode");
        assert_eq!(
            again.encode(),
            bytes,
            "{}: the update re-encodes differently",
            C::NAME
        );
        let mut merged = update.clone();
        merged.merge(&again);
        let mut value = C::default();
        value.apply(&merged);
    }
    for index in 1..=3 {
        if let Ok(request) = C::Request::decode(index, data) {
            let _ = request.to_request();
        }
    }
}

impl ComponentVisitor for Pick<'_> {
    fn visit<C>(&mut self, group: usize)
    where
        C: Component
            + rosetta_wire::schema_type::__private::serde::Serialize
            + for<'de> rosetta_wire::schema_type::__private::serde::Deserialize<'de>,
    {
        if !self.done && (C::ID == self.id || self.seen == self.fallback) {
            self.done = true;
            check::<C>(self.data, !GROUPS[group].hash_maps);
        }
        self.seen += 1;
    }
}

/// How many components there are, counted once.
fn count() -> usize {
    struct Count(usize);
    impl ComponentVisitor for Count {
        fn visit<C>(&mut self, _group: usize)
        where
            C: Component
                + rosetta_wire::schema_type::__private::serde::Serialize
                + for<'de> rosetta_wire::schema_type::__private::serde::Deserialize<'de>,
        {
            self.0 += 1;
        }
    }
    static COUNT: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *COUNT.get_or_init(|| {
        let mut c = Count(0);
        visit_components(&mut c);
        c.0
    })
}

fuzz_target!(|input: &[u8]| {
    let Some((id, data)) = input.split_first_chunk::<4>() else {
        return;
    };
    let id = u32::from_le_bytes(*id);
    let mut pick = Pick {
        id,
        fallback: id as usize % count().max(1),
        seen: 0,
        done: false,
        data,
    };
    visit_components(&mut pick);
});
