use super::*;
use bytes::Bytes;

use crate::error::{Error, Result};
use crate::family::{Double, Float, Uint32};
use crate::object::Object;

/// The decompressed CExampleProject@56a5d21 entity 2 (Metadata, Position, Persistence), built by
/// hand from the research notes' dump.
fn partition_entity() -> SnapshotEntity {
    let mut metadata = Object::new();
    metadata.add_string(1, "PartitionEntity");
    let mut position = Object::new();
    let coords = position.add_object(1);
    for field in 1..=3 {
        coords.add::<Double>(field, 0.0);
    }
    SnapshotEntity::new(2)
        .with_component(55, Object::new())
        .with_component(54, position)
        .with_component(53, metadata)
}

#[test]
fn writes_the_sdk_layout() {
    let stream = write_entities([&partition_entity()], Compression::Raw).unwrap();
    let mut expected = vec![0x00, 0x3d, 0x12, 0x3b, 0x08, 0x02, 0x1a, 0x37];
    expected.extend_from_slice(&[0xaa, 0x03, 0x11, 0x0a, 0x0f]);
    expected.extend_from_slice(b"PartitionEntity");
    expected.extend_from_slice(&[0xb2, 0x03, 0x1d, 0x0a, 0x1b]);
    for tag in [0x09, 0x11, 0x19] {
        expected.push(tag);
        expected.extend_from_slice(&[0; 8]);
    }
    expected.extend_from_slice(&[0xba, 0x03, 0x00]);
    expected.extend_from_slice(&END_RECORD);
    assert_eq!(stream, expected);
}

#[test]
fn reads_what_it_writes_gzip_and_raw() {
    let mut second = SnapshotEntity::new(5);
    let data = {
        let mut o = Object::new();
        o.add_list::<Uint32>(3, &[54, 53, 11000]);
        o.add::<Float>(1, 0.5);
        o
    };
    second.components.push((1001, data));
    let entities = vec![partition_entity(), second];
    for compression in [Compression::Gzip, Compression::Raw] {
        let bytes = write_entities(&entities, compression).unwrap();
        assert_eq!(detect(&bytes), compression);
        let back = read_entities(&bytes).unwrap();
        assert_eq!(back.len(), 2);
        let mut sorted = entities[0].clone();
        sorted.sort_components();
        assert_eq!(back[0].component_ids().collect::<Vec<_>>(), [53, 54, 55]);
        assert_eq!(back[0], sorted);
        assert_eq!(back[1], entities[1]);
        assert_eq!(
            back[1].component(1001).unwrap().list::<Uint32>(3),
            [54, 53, 11000]
        );
        let raw = decompress(&bytes).unwrap();
        assert_eq!(raw, write_entities(&entities, Compression::Raw).unwrap());
    }
}

#[test]
fn an_empty_snapshot_is_header_and_end() {
    let stream = write_entities([], Compression::Raw).unwrap();
    assert_eq!(stream, [0x00, 0x02, 0x08, 0x01]);
    assert_eq!(read_entities(&stream).unwrap(), vec![]);
}

#[test]
fn the_reader_reports_progress() {
    let entities = vec![partition_entity(), SnapshotEntity::new(9)];
    let bytes = write_entities(&entities, Compression::Gzip).unwrap();
    let mut reader = SnapshotReader::new(&bytes[..]).unwrap();
    assert_eq!(reader.compression(), Compression::Gzip);
    assert!(reader.read_entity().unwrap().is_some());
    assert_eq!(reader.entities_read(), 1);
    assert_eq!(reader.decompressed_offset(), 1 + 1 + 0x3d);
    assert!(reader.read_entity().unwrap().is_some());
    assert!(reader.read_entity().unwrap().is_none());
    assert!(reader.is_finished());
    assert_eq!(reader.input_offset(), bytes.len() as u64);
    assert!(reader.next().is_none());
}

/// Reads a raw stream and returns the first error.
fn first_error(stream: &[u8]) -> Error {
    match read_entities(stream) {
        Ok(entities) => panic!("{stream:02x?} read as {entities:?}"),
        Err(error) => error,
    }
}

#[test]
fn errors_say_where_and_which_entity() {
    let good = write_entities([&partition_entity()], Compression::Raw).unwrap();

    // Cut anywhere: an error, never a panic, and never a success.
    for cut in 0..good.len() {
        let error = first_error(&good[..cut]);
        assert!(!error.to_string().is_empty());
    }

    // A bad component payload: inside Metadata (which starts at byte 11), the string's length
    // (byte 12) runs past the end.
    let mut bad = good.clone();
    bad[12] = 0x7f;
    let error = first_error(&bad);
    assert_eq!(error.entity_index(), Some(0));
    assert_eq!(error.entity_id(), Some(2));
    assert_eq!(error.byte_offset(), Some(12), "{error}");
    assert!(error.to_string().contains("entity 2"), "{error}");

    // A lying record length is refused before anything is allocated for it.
    let huge = [0x00, 0xff, 0xff, 0xff, 0xff, 0x0f];
    let error = first_error(&huge);
    assert!(
        error.to_string().contains("larger than the limit"),
        "{error}"
    );
    let reader = SnapshotReader::new(&[0x00, 0x10, 0x12][..]).unwrap();
    let error = reader.max_record_len(4).next().unwrap().unwrap_err();
    assert!(error.to_string().contains("limit of 4"), "{error}");

    // A record longer than what follows.
    let error = first_error(&[0x00, 0x50, 0x12]);
    assert!(
        error.to_string().contains("ends inside a record"),
        "{error}"
    );
    assert_eq!(error.byte_offset(), Some(1));
}

#[test]
fn the_framing_is_checked() {
    let cases: &[(&[u8], &str)] = &[
        (&[], "empty"),
        (&[0x01, 0x08], "header"),
        (&[0x00], "without its end record"),
        (&[0x00, 0x00, 0x02, 0x08, 0x01], "empty record"),
        (&[0x00, 0x02, 0x08, 0x01, 0x00], "after the end record"),
        (
            &[0x00, 0x02, 0x18, 0x01, 0x02, 0x08, 0x01],
            "unexpected field 3",
        ),
        (
            &[0x00, 0x04, 0x12, 0x02, 0x1a, 0x00],
            "without an entity id",
        ),
        (
            &[0x00, 0x06, 0x12, 0x04, 0x08, 0x01, 0x08, 0x02],
            "two entity ids",
        ),
        (
            &[0x00, 0x06, 0x12, 0x04, 0x1a, 0x02, 0x08, 0x01],
            "not an object",
        ),
        (&[0x00, 0x04, 0x12, 0x02, 0x20, 0x01], "in an entity record"),
        (&[0x00, 0xff], "record length"),
    ];
    for (stream, expected) in cases {
        let error = first_error(stream);
        assert!(
            error.to_string().contains(expected),
            "{stream:02x?}: {error} (expected {expected:?})"
        );
    }
    // Gzip that is not: an I/O error from the decoder.
    let error = first_error(&[0x1f, 0x8b, 0x00]);
    assert!(error.io_kind().is_some(), "{error}");
}

#[test]
fn entities_without_components_and_an_entity_field_view() {
    // No entity object at all reads as no components (protobuf's default).
    let entities = read_entities(&[0x00, 0x04, 0x12, 0x02, 0x08, 0x07, 0x02, 0x08, 0x01]).unwrap();
    assert_eq!(entities, vec![SnapshotEntity::new(7)]);

    let entity = partition_entity();
    let object = entity.to_entity_object().unwrap();
    assert_eq!(object.unique_field_ids(), [53, 54, 55]);
    let back = SnapshotEntity::from_entity_object(2, &object).unwrap();
    let mut sorted = entity.clone();
    sorted.sort_components();
    assert_eq!(back, sorted);
    assert_eq!(
        entity.component(53).unwrap().string(1),
        Some("PartitionEntity")
    );
}

#[test]
fn invalid_component_ids_are_not_written() {
    let entity = SnapshotEntity::new(1).with_component(0, Object::new());
    assert!(entity.to_entity_object().is_err());
    let high = SnapshotEntity::new(1).with_component(1 << 29, Object::new());
    assert_eq!(
        high.to_entity_object().unwrap_err().to_string(),
        "invalid field id 536870912: field ids go from 1 to 536870911"
    );
    let error = write_entities([&entity], Compression::Raw).unwrap_err();
    assert_eq!(error.entity_index(), Some(0));
    assert!(
        error.to_string().contains("not a valid component id"),
        "{error}"
    );
}

#[test]
fn the_largest_entity_id_survives() {
    let entity = SnapshotEntity::new(i64::MAX);
    let stream = write_entities([&entity], Compression::Raw).unwrap();
    assert_eq!(read_entities(&stream).unwrap(), vec![entity]);
}

/// A record stream of entities with these ids, written with no check of the ids.
fn stream_with_ids(ids: &[i64]) -> Vec<u8> {
    let mut stream = vec![0x00];
    for id in ids {
        let entity = SnapshotEntity::new(*id).with_component(55, Object::new());
        super::record::put_entity_record(
            &mut stream,
            entity.id,
            &entity.components,
            ComponentOrder::AsGiven,
        )
        .unwrap();
    }
    stream.extend_from_slice(&END_RECORD);
    stream
}

#[test]
fn entity_ids_are_positive_and_unique() {
    assert_eq!(
        read_entities(&stream_with_ids(&[1, 2, 3])).unwrap().len(),
        3
    );
    for id in [0, -1, i64::MIN] {
        let error = read_entities(&stream_with_ids(&[1, id])).unwrap_err();
        assert_eq!(error.entity_index(), Some(1));
        assert_eq!(
            error.to_string(),
            format!(
                "entity {id} (entity record 1): entity id {id} is not positive: entity ids are 1 \
                 to 9223372036854775807 (at byte 11)"
            )
        );
        let entity = SnapshotEntity::new(id);
        let error = write_entities([&entity], Compression::Raw).unwrap_err();
        assert!(error.to_string().contains("is not positive"), "{error}");
    }
    // A repeated id names the record that had it first.
    let error = read_entities(&stream_with_ids(&[1, 2, 3, 2])).unwrap_err();
    assert_eq!(error.entity_index(), Some(3));
    assert_eq!(error.entity_id(), Some(2));
    assert_eq!(
        error.to_string(),
        "entity 2 (entity record 3): entity id 2 is also the id of entity record 1: each entity \
         of a snapshot has an id of its own (at byte 31)"
    );
    let twice = [SnapshotEntity::new(4), SnapshotEntity::new(4)];
    let error = write_entities(&twice, Compression::Gzip).unwrap_err();
    assert_eq!(error.entity_index(), Some(1));
    assert!(error.to_string().contains("entity record 0"), "{error}");
}

#[test]
fn a_gzip_stream_cut_short_is_an_unexpected_end_of_file() {
    let file = write_entities([&partition_entity()], Compression::Gzip).unwrap();
    // Every cut: the trailer's last byte, the trailer, the compressed data.
    for cut in [1, 4, 8, 12, file.len() / 2] {
        let short = &file[..file.len() - cut];
        let error = read_entities(short).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("unexpected end of file") || message.contains("truncated"),
            "{cut}: {message}"
        );
        assert!(
            !message.contains("after the end record"),
            "{cut}: {message}"
        );
        assert!(error.byte_offset().is_some(), "{cut}: {message}");
        let error = decompress(short).unwrap_err();
        assert!(
            error.to_string().contains("unexpected end of file"),
            "{error}"
        );
        assert!(error.byte_offset().is_some(), "{error}");
    }
    // Data after the end record is still said so.
    let mut raw = write_entities([&partition_entity()], Compression::Raw).unwrap();
    raw.extend_from_slice(&[0x02, 0x08, 0x01]);
    let error = read_entities(&raw).unwrap_err();
    assert!(
        error.to_string().contains("data after the end record"),
        "{error}"
    );
}

/// Every entity of a record stream read without decoding its components.
fn read_raw(stream: &[u8]) -> Result<Vec<RawEntity>> {
    SnapshotReader::new(stream)?.raw_entities().collect()
}

#[test]
fn raw_entities_copy_their_components_byte_for_byte() {
    // A component whose field 1 comes in two runs apart: `Object` joins them when it writes the
    // component again, a raw copy keeps the bytes as they were.
    let split = Bytes::from_static(&[0x08, 0x01, 0x10, 0x02, 0x08, 0x03]);
    let entity = RawEntity::new(3)
        .with_component(1001, split.clone())
        .with_component(
            54,
            RawEntity::from(&partition_entity()).components[1].1.clone(),
        );
    let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw)
        .unwrap()
        .component_order(ComponentOrder::AsGiven);
    writer.write_raw_entity(&entity).unwrap();
    let stream = writer.finish().unwrap();

    let raw = read_raw(&stream).unwrap();
    assert_eq!(raw, std::slice::from_ref(&entity));
    assert_eq!(raw[0].component_bytes(1001), Some(&split));
    let decoded = read_entities(&stream).unwrap();
    assert_eq!(raw[0].decode().unwrap(), decoded[0]);
    assert_ne!(
        write_entities_in_order(&decoded, Compression::Raw, ComponentOrder::AsGiven).unwrap(),
        stream
    );
    // Written in ascending order, the entity is the decoded one's, component for component.
    let sorted = write_entities([&decoded[0]], Compression::Raw).unwrap();
    let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw).unwrap();
    writer
        .write_raw_entity(&RawEntity::from(&decoded[0]))
        .unwrap();
    assert_eq!(writer.finish().unwrap(), sorted);
}

#[test]
fn raw_reads_refuse_what_decoded_reads_refuse() {
    let mut entity = partition_entity();
    let mut nested = Object::new();
    nested.add_object(2).add_string(1, "deep");
    nested.add::<Uint32>(7, 300);
    entity.components.push((1002, nested));
    let stream = write_entities([&entity, &SnapshotEntity::new(9)], Compression::Raw).unwrap();
    let agree = |bytes: &[u8], what: &str| match (read_entities(bytes), read_raw(bytes)) {
        (Ok(decoded), Ok(raw)) => {
            let raw: Vec<_> = raw.iter().map(|e| e.decode().unwrap()).collect();
            assert_eq!(decoded, raw, "{what}");
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}"),
        (a, b) => panic!("{what}: decoded {a:?}, raw {b:?}"),
    };
    for cut in 0..stream.len() {
        agree(&stream[..cut], &format!("cut at {cut}"));
    }
    for at in 0..stream.len() {
        for bits in [0x01, 0x07, 0x80, 0xff] {
            let mut damaged = stream.clone();
            damaged[at] ^= bits;
            agree(&damaged, &format!("byte {at} ^ {bits:#x}"));
        }
    }
}

#[test]
fn raw_entities_repeat_no_ids() {
    let error = read_raw(&stream_with_ids(&[1, 2, 1])).unwrap_err();
    assert_eq!(error.entity_index(), Some(2));
    let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw).unwrap();
    writer.write_raw_entity(&RawEntity::new(4)).unwrap();
    let error = writer.write_raw_entity(&RawEntity::new(4)).unwrap_err();
    assert!(error.to_string().contains("entity record 0"), "{error}");
    assert_eq!(writer.entities_written(), 1);
}
