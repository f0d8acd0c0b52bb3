//! What a world file holds (a world script, a JSON snapshot or a binary one), told by its
//! first bytes.

/// What a world file holds, told by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorldFormat {
    /// A world script: a JSON array (first non-blank byte `[`).
    Script,
    /// A JSON snapshot: concatenated JSON objects (first non-blank byte `{`).
    JsonSnapshot,
    /// A binary snapshot, gzip-compressed or not (anything else).
    BinarySnapshot,
}

/// The format of a world file from its first bytes (a UTF-8 byte order mark and blanks are
/// skipped).
///
/// ```
/// use rosetta_world::load::{sniff, WorldFormat};
/// assert_eq!(sniff(b"  [[\"tag\", \"T\"]]"), WorldFormat::Script);
/// assert_eq!(sniff(b"\xef\xbb\xbf{\"__entity_id\": \"1\"}"), WorldFormat::JsonSnapshot);
/// assert_eq!(sniff(&[0x1f, 0x8b, 8]), WorldFormat::BinarySnapshot);
/// ```
pub fn sniff(head: &[u8]) -> WorldFormat {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    match head.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'[') => WorldFormat::Script,
        Some(b'{') => WorldFormat::JsonSnapshot,
        _ => WorldFormat::BinarySnapshot,
    }
}
