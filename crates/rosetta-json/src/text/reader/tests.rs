use super::*;

#[test]
fn reads_values_and_says_where() {
    let mut r = Reader::new(" {\"a\": [1, -2, 3.5, 1e2, 18446744073709551615, 18446744073709551616], // c\n \"b\\u00e9\\ud83d\\ude00\": \"x\" /* c */ }", 8);
    assert_eq!(r.peek().unwrap(), Peek::Object);
    r.begin_object().unwrap();
    let mut first = true;
    assert_eq!(r.next_key(&mut first).unwrap().as_deref(), Some("a"));
    r.begin_array().unwrap();
    let mut nums = Vec::new();
    let mut f = true;
    while r.next_element(&mut f).unwrap() {
        nums.push(r.number().unwrap());
    }
    assert_eq!(
        nums,
        [
            Num::Uint(1),
            Num::Int(-2),
            Num::Double(3.5),
            Num::Double(100.0),
            Num::Uint(u64::MAX),
            Num::Double(18446744073709551616.0)
        ]
    );
    assert_eq!(r.next_key(&mut first).unwrap().as_deref(), Some("bé😀"));
    assert_eq!(r.scalar().unwrap(), Scalar::Str("x".into()));
    assert_eq!(r.next_key(&mut first).unwrap(), None);
    r.finish().unwrap();

    let err = Reader::new("{\n  \"a\": tru }", 8)
        .skip_value()
        .unwrap_err();
    assert_eq!(err.line_column(), Some((2, 8)));
    assert!(Reader::new("[[[[1]]]]", 3).skip_value().is_err());
    assert!(Reader::new("[[[1]]]", 3).skip_value().is_ok());
    for bad in [
        "01",
        "1.",
        "1.e5",
        "1e",
        "1e+",
        "1.5e",
        "1.5.3",
        "1e400",
        "-",
        "-.5",
        "\"\\x\"",
        "\"a",
        "[1,]",
        "{\"a\" 1}",
        "{,}",
        "\"\\ud800\"",
    ] {
        assert!(Reader::new(bad, 8).skip_value().is_err(), "{bad}");
    }
}

#[test]
fn numbers_are_rapidjsons() {
    let num = |text: &str| Reader::new(text, 8).number().unwrap();
    assert!(matches!(num("-0"), Num::Uint(0)));
    assert!(matches!(num("-9223372036854775808"), Num::Int(i64::MIN)));
    assert!(matches!(num("-9223372036854775809"), Num::Double(_)));
    assert!(matches!(num("123456789012345678901"), Num::Double(_)));
    // Short decimals are correctly rounded, by RapidJSON as by Clinger's fast path.
    for text in ["-0.0", "1E-2", "1.5e+3", "0.1", "-37.125"] {
        assert_eq!(
            num(text).as_f64().to_bits(),
            text.parse::<f64>().unwrap().to_bits(),
            "{text}"
        );
    }
    // Longer ones are RapidJSON's, which is not always the nearest double.
    for text in [
        "0.20000000298023224",
        "2.2250738585072011e-308",
        "0.1000000000000000055511151231257827021181583404541015625",
    ] {
        let rapidjson = crate::text::number::rapidjson::double(text.as_bytes()).unwrap();
        assert_eq!(num(text).as_f64().to_bits(), rapidjson.to_bits(), "{text}");
    }
    assert_eq!(
        num("2.2250738585072011e-308").as_f64().to_bits(),
        0x0010_0000_0000_0000
    );
    // Overflow is infinity; an exponent above 308 is an error, whatever the digits.
    assert_eq!(num("1.8e308").as_f64(), f64::INFINITY);
    assert!(Reader::new("0e400", 8).number().is_err());
}

/// The members read with `next_member` expecting `expected` in turn.
fn members(text: &str, expected: &[Option<&str>]) -> Result<Vec<String>> {
    let mut r = Reader::new(text, 8);
    r.begin_object()?;
    let (mut first, mut seen) = (true, Vec::new());
    for e in expected.iter().chain(std::iter::repeat(&None)) {
        match r.next_member(&mut first, *e)? {
            Member::End => break,
            Member::Expected => seen.push(format!("={}", e.unwrap_or_default())),
            Member::Other(key) => seen.push(key.into_owned()),
        }
        r.skip_value()?;
    }
    r.finish()?;
    Ok(seen)
}

#[test]
fn expected_members_are_matched_in_place_and_others_read() {
    let expected = [Some("id"), Some("speed"), Some("a\"b")];
    assert_eq!(
        members(r#"{"id": 1, "speed" : 2, "a\"b": 3}"#, &expected).unwrap(),
        ["=id", "=speed", "a\"b"]
    );
    // An escape, another case or a longer name is read as written, for the caller to match.
    assert_eq!(
        members(r#"{"\u0069d": 1, "Speed": 2}"#, &expected).unwrap(),
        ["id", "Speed"]
    );
    assert_eq!(members(r#"{"idx": 1}"#, &expected).unwrap(), ["idx"]);
    assert_eq!(members("{}", &expected).unwrap(), Vec::<String>::new());
    // Syntax is checked as strictly as by `next_key`.
    for bad in [
        r#"{"id" 1}"#,
        r#"{"id": 1 "speed": 2}"#,
        r#"{"id""#,
        r#"{"id"#,
    ] {
        assert!(members(bad, &expected).is_err(), "{bad}");
    }
}

#[test]
fn plain_integers_take_every_u64_magnitude() {
    let read = |text: &str| {
        let mut r = Reader::new(text, 8);
        let got = r.plain_integer().unwrap();
        (got, r.pos)
    };
    assert_eq!(read("18446744073709551615"), (Some((false, u64::MAX)), 20));
    assert_eq!(read("-18446744073709551615"), (Some((true, u64::MAX)), 21));
    assert_eq!(
        read("12345678901234567890]"),
        (Some((false, 12_345_678_901_234_567_890)), 20)
    );
    assert_eq!(
        read("9999999999999999999"),
        (Some((false, 9_999_999_999_999_999_999)), 19)
    );
    // Too large, a fraction or an exponent: nothing consumed, for the general reader.
    assert_eq!(read("18446744073709551616"), (None, 0));
    assert_eq!(read("99999999999999999999"), (None, 0));
    assert_eq!(read("123456789012345678901"), (None, 0));
    assert_eq!(read("  7.5"), (None, 2));
    assert_eq!(read("01"), (None, 0));
}

#[test]
fn numbers_end_where_json_says() {
    for bad in ["1e", "1e+", "1.5e-", "1.e3", "1e5.3", "2E+x"] {
        assert!(Reader::new(bad, 8).number().is_err(), "{bad}");
    }
    let mut r = Reader::new("[1.25e+2,3]", 8);
    r.begin_array().unwrap();
    let mut first = true;
    assert!(r.next_element(&mut first).unwrap());
    assert_eq!(r.number().unwrap().as_f64(), 125.0);
}
