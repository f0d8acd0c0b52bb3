//! `AZ::Uuid` as text: written braced, dashed and upper-case; read as the engine reads it, by
//! searching the text for `\{[a-f0-9]{8}-?[a-f0-9]{4}-?[a-f0-9]{4}-?[a-f0-9]{4}-?[a-f0-9]{12}\}`
//! (case-insensitive) and accepting the first match only if its dashes are all there or all
//! absent (`Uuid::CreateString`).

/// `{5E970016-0039-4454-8E0D-5EE58A390324}`.
pub(crate) fn uuid_string(bytes: &[u8; 16]) -> String {
    const HEX: [char; 16] = [
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F',
    ];
    let mut out = String::with_capacity(38);
    out.push('{');
    for (i, b) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 15)]);
    }
    out.push('}');
    out
}

/// Tries the regex at `start` (which holds `{`): the end of the match and whether it had dashes
/// (`None` for inconsistent dashes, which the regex matches but `CreateString` rejects).
fn match_at(b: &[u8], start: usize) -> Option<(usize, Option<[u8; 16]>)> {
    const GROUPS: [usize; 5] = [8, 4, 4, 4, 12];
    let mut i = start + 1;
    let mut nibbles = [0u8; 32];
    let mut n = 0;
    let mut dashes = 0;
    for (g, len) in GROUPS.iter().enumerate() {
        if g > 0 && b.get(i) == Some(&b'-') {
            dashes += 1;
            i += 1;
        }
        for _ in 0..*len {
            let d = (*b.get(i)? as char).to_digit(16)?;
            nibbles[n] = d as u8;
            n += 1;
            i += 1;
        }
    }
    if b.get(i) != Some(&b'}') {
        return None;
    }
    let consistent = dashes == 0 || dashes == 4;
    let mut bytes = [0u8; 16];
    for (k, byte) in bytes.iter_mut().enumerate() {
        *byte = nibbles[2 * k] << 4 | nibbles[2 * k + 1];
    }
    Some((i + 1, consistent.then_some(bytes)))
}

/// The uuid the engine finds in `text`: `Ok(Some)` for a valid first match, `Ok(None)` when
/// nothing matches, `Err(())` when the first match has inconsistent dashes.
pub(crate) fn find_uuid(text: &str) -> Result<Option<[u8; 16]>, ()> {
    let b = text.as_bytes();
    for (start, _) in b.iter().enumerate().filter(|(_, c)| **c == b'{') {
        if let Some((_, found)) = match_at(b, start) {
            return found.map(Some).ok_or(());
        }
    }
    Ok(None)
}

/// The text around the first uuid match, for `$type` values such as `"{…} Vector3"`: the uuid
/// and what follows it.
pub(crate) fn split_uuid(text: &str) -> Option<([u8; 16], &str)> {
    let b = text.as_bytes();
    for (start, _) in b.iter().enumerate().filter(|(_, c)| **c == b'{') {
        if let Some((end, found)) = match_at(b, start) {
            return found.map(|u| (u, &text[end..]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: &str = "{8651B6DA-9792-407C-A46D-A6E2E39CA900}";

    #[test]
    fn finds_like_the_engine() {
        let bytes = find_uuid(U).unwrap().unwrap();
        assert_eq!(uuid_string(&bytes), U);
        for ok in [
            "{8651B6DA9792407CA46DA6E2E39CA900}",
            "{8651B6DA-9792-407C-A46D-A6E2E39CA900} hello world",
            "Hello{8651B6DA-9792-407C-A46D-A6E2E39CA900}world",
            "{8651b6da-9792-407c-a46d-a6e2e39ca900}",
            "{8651B6DA-9792-407C-A46D-A6E2E39CA900}{01A6F1D2-BFCE-431A-B33A-D1C29672EDBC}",
        ] {
            assert_eq!(find_uuid(ok), Ok(Some(bytes)), "{ok}");
        }
        assert_eq!(find_uuid("Hello world"), Ok(None));
        assert_eq!(find_uuid("{8651B6DA-9792-407C-A46D-AXXX39CA900}"), Ok(None));
        assert_eq!(find_uuid("8651B6DA-9792-407C-A46D-A6E2E39CA900"), Ok(None));
        assert_eq!(find_uuid("{51CD2896-A963-4CA1-AE9039AEBDA72364}"), Err(()));
        let (u, rest) = split_uuid("Some {0CC36DD4-2337-40B4-A86C-69C452C48555} Vector3").unwrap();
        assert_eq!(uuid_string(&u), "{0CC36DD4-2337-40B4-A86C-69C452C48555}");
        assert_eq!(rest, " Vector3");
    }
}
