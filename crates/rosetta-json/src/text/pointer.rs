//! JSON Pointers (RFC 6901): written step by step wherever an error or a report says where, and
//! read and followed into a document by JSON Patch and `$import`.

use serde_json::Value;

/// Appends `segment` to the JSON Pointer `path`, escaping `~` and `/` (RFC 6901).
pub fn push_pointer(path: &mut String, segment: &str) {
    path.push('/');
    if !segment.bytes().any(|b| b == b'~' || b == b'/') {
        path.push_str(segment);
        return;
    }
    for c in segment.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Parses an RFC 6901 JSON Pointer into its unescaped tokens; `None` if it is not valid (does
/// not start with `/`, or has a `~` not followed by `0` or `1`).
pub(crate) fn parse_pointer(pointer: &str) -> Option<Vec<String>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    rest.split('/')
        .map(|raw| {
            let mut token = String::with_capacity(raw.len());
            let mut chars = raw.chars();
            while let Some(c) = chars.next() {
                match c {
                    '~' => match chars.next() {
                        Some('0') => token.push('~'),
                        Some('1') => token.push('/'),
                        _ => return None,
                    },
                    c => token.push(c),
                }
            }
            Some(token)
        })
        .collect()
}

/// The array index a token names: digits without a leading zero.
pub(crate) fn token_index(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    token.parse().ok()
}

/// The value at `tokens` inside `value`, if there is one.
pub(crate) fn get<'v>(mut value: &'v Value, tokens: &[String]) -> Option<&'v Value> {
    for token in tokens {
        value = match value {
            Value::Object(map) => map.get(token)?,
            Value::Array(items) => items.get(token_index(token)?)?,
            _ => return None,
        };
    }
    Some(value)
}

/// The value at `tokens` inside `value`, if there is one.
pub(crate) fn get_mut<'v>(mut value: &'v mut Value, tokens: &[String]) -> Option<&'v mut Value> {
    for token in tokens {
        value = match value {
            Value::Object(map) => map.get_mut(token)?,
            Value::Array(items) => items.get_mut(token_index(token)?)?,
            _ => return None,
        };
    }
    Some(value)
}
