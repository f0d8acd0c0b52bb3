//! Numbers as RapidJSON writes them, the layout, escapes and rollback.

use super::*;

/// RapidJSON's own expectations (`test/unittest/dtoatest.cpp`), and the digits of its
/// Grisu2 where they are not the nearest (Tencent/rapidjson#687).
#[test]
fn doubles_as_rapidjson_writes_them() {
    let cases: [(f64, &str); 20] = [
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (-1.0, "-1.0"),
        (1.2345, "1.2345"),
        (0.123456789012, "0.123456789012"),
        (1234567.8, "1234567.8"),
        (-79.39773355813419, "-79.39773355813419"),
        (0.000001, "0.000001"),
        (0.0000001, "1e-7"),
        (1e30, "1e30"),
        (1.234567890123456e30, "1.234567890123456e30"),
        (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e308"),
        (1.2e24, "1.2e24"),
        (1e21, "1e21"),
        (1.234e21, "1.234e21"),
        (1e20, "100000000000000000000.0"),
        (4094.1111111111113, "4094.1111111111115"),
        (f64::from(0.2f32), "0.20000000298023225"),
    ];
    for (x, text) in cases {
        let mut w = Writer::new(None);
        w.f64(x, FloatForm::Widened);
        assert_eq!(w.into_string(), text, "{x:e}");
    }
    let mut w = Writer::new(None);
    w.f32(0.3, FloatForm::Widened);
    w.byte(b',');
    w.f32(0.3, FloatForm::Shortest);
    w.byte(b',');
    w.f64(1e20, FloatForm::Shortest);
    assert_eq!(w.into_string(), "0.30000001192092898,0.3,1e+20");
}

#[test]
fn compact_text_is_re_indented_token_by_token() {
    let compact = r#"{"a":[1,{"b":"x,[{}]:\"y"},[],{}],"c":1e21,"d":{"e":[0.000001]}}"#;
    let mut w = Writer::new(Some(4));
    let mut a = w.begin_array();
    w.element(&mut a);
    w.compact_json(compact);
    w.end_array(a);
    let text = w.into_string();
    assert_eq!(
        text,
        "[\n    {\n        \"a\": [\n            1,\n            {\n                \"b\": \"x,[{}]:\\\"y\"\n            },\n            [],\n            {}\n        ],\n        \"c\": 1e21,\n        \"d\": {\n            \"e\": [\n                0.000001\n            ]\n        }\n    }\n]"
    );
    let reparsed: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        reparsed[0],
        serde_json::from_str::<serde_json::Value>(compact).unwrap()
    );
}

#[test]
fn compact_pretty_and_rollback() {
    let mut w = Writer::new(None);
    let mut o = w.begin_object();
    w.key(&mut o, "a\"b");
    w.f64(f64::from(0.2f32), FloatForm::Widened);
    let mark = w.mark(&o);
    w.key(&mut o, "gone");
    w.u64(1);
    w.rollback(&mut o, mark);
    w.key(&mut o, "c");
    let mut a = w.begin_array();
    w.element(&mut a);
    w.i64(-3);
    w.element(&mut a);
    w.f64(4.0, FloatForm::Widened);
    w.end_array(a);
    w.end_object(o);
    assert_eq!(
        w.into_string(),
        r#"{"a\"b":0.20000000298023225,"c":[-3,4.0]}"#
    );

    let mut w = Writer::new(Some(4));
    let mut o = w.begin_object();
    w.key(&mut o, "x");
    let a = w.begin_array();
    w.end_array(a);
    w.end_object(o);
    assert_eq!(w.into_string(), "{\n    \"x\": []\n}");
}
