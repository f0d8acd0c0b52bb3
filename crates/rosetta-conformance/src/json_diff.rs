//! The first difference between two JSON values, named by its JSON Pointer (RFC 6901).

use serde_json::Value;

/// Where and how two JSON values first differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// JSON Pointer of the differing value, relative to the values compared (`""` = the whole).
    pub pointer: String,
    /// What differs: `expected X, got Y`, a missing or an unexpected key, a length.
    pub detail: String,
}

/// Compares `actual` with `expected` depth-first, in the expected value's order, and returns the
/// first difference. Objects compare by keys and values, then by key order (the compiler's output
/// has a fixed key order); numbers compare as written, so `2` and `2.0` differ.
pub fn first_difference(expected: &Value, actual: &Value) -> Option<Difference> {
    let mut pointer = String::new();
    diff(expected, actual, &mut pointer)
}

fn diff(expected: &Value, actual: &Value, pointer: &mut String) -> Option<Difference> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (key, e_value) in e {
                let len = pointer.len();
                push_token(pointer, key);
                let found = match a.get(key) {
                    Some(a_value) => diff(e_value, a_value, pointer),
                    None => Some(Difference {
                        pointer: pointer.clone(),
                        detail: format!("missing, expected {}", short(e_value)),
                    }),
                };
                pointer.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            if let Some((key, value)) = a.iter().find(|(key, _)| !e.contains_key(*key)) {
                let mut at = pointer.clone();
                push_token(&mut at, key);
                return Some(Difference {
                    pointer: at,
                    detail: format!("unexpected key, got {}", short(value)),
                });
            }
            (!e.keys().eq(a.keys())).then(|| Difference {
                pointer: pointer.clone(),
                detail: format!(
                    "keys in another order: expected {}; got {}",
                    e.keys().cloned().collect::<Vec<_>>().join(", "),
                    a.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            })
        }
        (Value::Array(e), Value::Array(a)) => {
            for (index, (e_value, a_value)) in e.iter().zip(a).enumerate() {
                let len = pointer.len();
                push_token(pointer, &index.to_string());
                let found = diff(e_value, a_value, pointer);
                pointer.truncate(len);
                if found.is_some() {
                    return found;
                }
            }
            (e.len() != a.len()).then(|| {
                let extra = if a.len() > e.len() {
                    format!("; first extra {}", short(&a[e.len()]))
                } else {
                    format!("; first missing {}", short(&e[a.len()]))
                };
                Difference {
                    pointer: pointer.clone(),
                    detail: format!("expected {} elements, got {}{extra}", e.len(), a.len()),
                }
            })
        }
        _ if expected == actual => None,
        _ => Some(Difference {
            pointer: pointer.clone(),
            detail: format!("expected {}, got {}", short(expected), short(actual)),
        }),
    }
}

fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    pointer.push_str(&token.replace('~', "~0").replace('/', "~1"));
}

/// A value's compact JSON, cut to a readable length.
fn short(value: &Value) -> String {
    const MAX: usize = 80;
    let text = value.to_string();
    if text.chars().count() <= MAX {
        return text;
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn at(e: Value, a: Value) -> Option<(String, String)> {
        first_difference(&e, &a).map(|d| (d.pointer, d.detail))
    }

    #[test]
    fn equal_values_have_no_difference() {
        let v = json!({"a": [1, {"b": "c"}], "d": null});
        assert_eq!(at(v.clone(), v), None);
    }

    #[test]
    fn key_order_is_compared_after_values() {
        assert_eq!(
            at(json!({"a": 1, "b": 2}), json!({"b": 2, "a": 1})),
            Some((
                "".into(),
                "keys in another order: expected a, b; got b, a".into()
            ))
        );
        assert_eq!(
            at(json!({"a": 1, "b": 2}), json!({"b": 3, "a": 1})),
            Some(("/b".into(), "expected 2, got 3".into()))
        );
    }

    #[test]
    fn pointers_name_the_first_difference() {
        let e = json!({"types": [{"name": "A"}, {"name": "B", "id": 1}]});
        let a = json!({"types": [{"name": "A"}, {"name": "C", "id": 2}]});
        assert_eq!(
            at(e, a),
            Some(("/types/1/name".into(), "expected \"B\", got \"C\"".into()))
        );
    }

    #[test]
    fn missing_and_unexpected_keys() {
        assert_eq!(
            at(json!({"a": 1, "b": 2}), json!({"a": 1})),
            Some(("/b".into(), "missing, expected 2".into()))
        );
        assert_eq!(
            at(json!({"a": 1}), json!({"a": 1, "x/y~": true})),
            Some(("/x~1y~0".into(), "unexpected key, got true".into()))
        );
    }

    #[test]
    fn lengths_and_number_spelling() {
        assert_eq!(
            at(json!([1, 2]), json!([1])),
            Some((
                "".into(),
                "expected 2 elements, got 1; first missing 2".into()
            ))
        );
        assert_eq!(
            at(json!({"f": 2}), json!({"f": 2.0})),
            Some(("/f".into(), "expected 2, got 2.0".into()))
        );
    }
}
