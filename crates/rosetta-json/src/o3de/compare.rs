//! O3DE's `JsonSerialization::Compare`: a total order over JSON values, used to sort unordered
//! containers and by the JSON Patch `test` operation.

use std::cmp::Ordering;

use serde_json::{Map, Value};

/// Compares two JSON values as O3DE's `JsonSerialization::Compare` does.
///
/// - Values of different JSON types order by RapidJSON type id:
///   `null < false < true < object < array < string < number`.
/// - Numbers compare as `f64` (so `1` equals `1.0`).
/// - Strings compare by bytes.
/// - Arrays compare by size first, then element by element.
/// - Objects compare by member count first, then their members sorted by name are compared
///   pairwise: name first, then value.
///
/// It is a total order usable by `sort_by` (serde_json numbers are never NaN; a NaN would
/// still be ordered consistently by [`f64::total_cmp`] after the usual comparison).
///
/// ```
/// use rosetta_json::o3de::compare::compare;
/// use serde_json::json;
/// use std::cmp::Ordering;
/// assert_eq!(compare(&json!(null), &json!(false)), Ordering::Less);
/// assert_eq!(compare(&json!(1), &json!(1.0)), Ordering::Equal);
/// assert_eq!(compare(&json!([9]), &json!([1, 2])), Ordering::Less);
/// ```
pub fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => compare_objects(x, y),
        (Value::Array(x), Value::Array(y)) => x.len().cmp(&y.len()).then_with(|| {
            x.iter()
                .zip(y)
                .map(|(l, r)| compare(l, r))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        }),
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Value::Number(x), Value::Number(y)) => {
            compare_f64(x.as_f64().unwrap_or(0.0), y.as_f64().unwrap_or(0.0))
        }
        _ => type_id(a).cmp(&type_id(b)),
    }
}

/// RapidJSON's type id of a value (`kNullType` = 0 … `kNumberType` = 6).
fn type_id(v: &Value) -> u8 {
    match v {
        Value::Null => 0,
        Value::Bool(false) => 1,
        Value::Bool(true) => 2,
        Value::Object(_) => 3,
        Value::Array(_) => 4,
        Value::String(_) => 5,
        Value::Number(_) => 6,
    }
}

fn compare_f64(x: f64, y: f64) -> Ordering {
    // The engine's `<` then `==`; NaN (never produced by serde_json) falls back to a total order.
    x.partial_cmp(&y).unwrap_or_else(|| x.total_cmp(&y))
}

fn compare_objects(x: &Map<String, Value>, y: &Map<String, Value>) -> Ordering {
    x.len().cmp(&y.len()).then_with(|| {
        let mut left: Vec<(&String, &Value)> = x.iter().collect();
        let mut right: Vec<(&String, &Value)> = y.iter().collect();
        left.sort_by(|l, r| l.0.as_bytes().cmp(r.0.as_bytes()));
        right.sort_by(|l, r| l.0.as_bytes().cmp(r.0.as_bytes()));
        left.iter()
            .zip(&right)
            .map(|((ln, lv), (rn, rv))| {
                ln.as_bytes()
                    .cmp(rn.as_bytes())
                    .then_with(|| compare(lv, rv))
            })
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use Ordering::*;

    #[test]
    fn types_order_by_rapidjson_type_id() {
        let ordered = [
            json!(null),
            json!(false),
            json!(true),
            json!({}),
            json!([]),
            json!(""),
            json!(0),
        ];
        for (i, a) in ordered.iter().enumerate() {
            for (j, b) in ordered.iter().enumerate() {
                assert_eq!(compare(a, b), i.cmp(&j), "{a} vs {b}");
            }
        }
        // Type beats content.
        assert_eq!(compare(&json!({"a": [1, 2, 3]}), &json!([])), Less);
        assert_eq!(compare(&json!("zzz"), &json!(-1e300)), Less);
    }

    #[test]
    fn numbers_compare_as_doubles() {
        assert_eq!(compare(&json!(1), &json!(1.0)), Equal);
        assert_eq!(compare(&json!(-1), &json!(0u64)), Less);
        assert_eq!(compare(&json!(2.5), &json!(2)), Greater);
        assert_eq!(compare(&json!(u64::MAX), &json!(i64::MIN)), Greater);
        assert_eq!(compare_f64(f64::NAN, f64::NAN), Equal);
        assert_eq!(compare_f64(1.0, f64::NAN), Less);
    }

    #[test]
    fn strings_compare_by_bytes() {
        assert_eq!(compare(&json!("a"), &json!("b")), Less);
        assert_eq!(compare(&json!("B"), &json!("a")), Less);
        assert_eq!(compare(&json!("ab"), &json!("a")), Greater);
        assert_eq!(compare(&json!("é"), &json!("z")), Greater);
    }

    #[test]
    fn arrays_compare_by_size_then_elements() {
        assert_eq!(compare(&json!([100]), &json!([1, 2])), Less);
        assert_eq!(compare(&json!([1, 3]), &json!([1, 2])), Greater);
        assert_eq!(compare(&json!([1, [2]]), &json!([1.0, [2.0]])), Equal);
    }

    #[test]
    fn objects_compare_by_count_then_sorted_members() {
        assert_eq!(compare(&json!({"z": 9}), &json!({"a": 1, "b": 2})), Less);
        // Member order does not matter.
        assert_eq!(
            compare(&json!({"a": 1, "b": 2}), &json!({"b": 2, "a": 1})),
            Equal
        );
        // Names first, then values.
        assert_eq!(compare(&json!({"a": 9}), &json!({"b": 1})), Less);
        assert_eq!(
            compare(&json!({"a": 1, "b": 3}), &json!({"b": 2, "a": 1})),
            Greater
        );
    }

    #[test]
    fn usable_as_a_sort_order() {
        let mut values = vec![
            json!(3),
            json!("x"),
            json!(null),
            json!([1]),
            json!({"k": 1}),
            json!(true),
            json!(1.5),
            json!(false),
            json!([]),
        ];
        values.sort_by(compare);
        assert_eq!(
            values,
            vec![
                json!(null),
                json!(false),
                json!(true),
                json!({"k": 1}),
                json!([]),
                json!([1]),
                json!("x"),
                json!(1.5),
                json!(3),
            ]
        );
        for w in values.windows(2) {
            assert_eq!(compare(&w[0], &w[1]), compare(&w[1], &w[0]).reverse());
        }
    }
}
