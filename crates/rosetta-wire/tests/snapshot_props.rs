//! Properties of the snapshot reader and writer: random entities come back equal, and no input
//! (raw or gzipped) makes the reader panic.

use std::io::Write;

use proptest::prelude::*;
use rosetta_wire::family::{Double, Int64, Uint32};
use rosetta_wire::snapshot::{read_entities, write_entities, Compression, SnapshotEntity};
use rosetta_wire::Object;

fn data() -> impl Strategy<Value = Object> {
    (
        proptest::option::of(any::<i64>()),
        proptest::collection::vec(any::<u32>(), 0..4),
        proptest::option::of(any::<f64>()),
        proptest::option::of(".{0,12}"),
        any::<bool>(),
    )
        .prop_map(|(int, list, double, text, nested)| {
            let mut o = Object::new();
            if let Some(v) = int {
                o.add::<Int64>(1, v);
            }
            o.add_list::<Uint32>(2, &list);
            if let Some(v) = double {
                o.add::<Double>(3, v);
            }
            if let Some(t) = text {
                o.add_string(4, &t);
            }
            if nested {
                o.add_object(5).add::<Uint32>(1, 7);
            }
            o
        })
}

fn entity() -> impl Strategy<Value = SnapshotEntity> {
    (
        1i64..=i64::MAX,
        proptest::collection::vec((1u32..100_000, data()), 0..6),
    )
        .prop_map(|(id, components)| SnapshotEntity { id, components })
}

/// Entities with ids in any order, each id once (as a snapshot's must be).
fn entities(count: std::ops::Range<usize>) -> impl Strategy<Value = Vec<SnapshotEntity>> {
    proptest::collection::vec(entity(), count).prop_map(|entities| {
        let mut seen = std::collections::HashSet::new();
        entities.into_iter().filter(|e| seen.insert(e.id)).collect()
    })
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).expect("in memory");
    encoder.finish().expect("in memory")
}

proptest! {
    #[test]
    fn random_entities_come_back_equal(
        entities in entities(0..8),
        gzipped in any::<bool>(),
    ) {
        let compression = if gzipped { Compression::Gzip } else { Compression::Raw };
        let bytes = write_entities(&entities, compression).unwrap();
        let back = read_entities(&bytes).unwrap();
        let sorted: Vec<SnapshotEntity> = entities
            .into_iter()
            .map(|mut e| {
                e.sort_components();
                e
            })
            .collect();
        prop_assert_eq!(back, sorted);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let _ = read_entities(&bytes);
        let _ = read_entities(&gzip(&bytes));
        let mut framed = vec![0x00];
        framed.extend_from_slice(&bytes);
        let _ = read_entities(&framed);
        let _ = read_entities(&gzip(&framed));
    }

    #[test]
    fn mutated_snapshots_never_panic(
        entities in entities(1..4),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = write_entities(&entities, Compression::Raw).unwrap();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        let _ = read_entities(&bytes);
        let _ = read_entities(&gzip(&bytes));
    }
}
