//! Enums and bitmasks as O3DE writes them (`JsonSerializer::StoreUnderlyingEnumType`) and reads
//! them (`JsonDeserializer::LoadEnum*`), plus the documented minimal form.

use rosetta_types::{EnumType, IntType};

/// How enum values that are no single constant are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EnumForm {
    /// As the engine writes them: every registered non-zero constant whose bits are all in the
    /// value, by unsigned value descending (overlapping ones included), then the leftover bits
    /// as one integer (`7` → `["Flag2Flag3Combo","Flag2","Flag1"]`).
    #[default]
    Engine,
    /// As O3DE's documentation describes them: the fewest non-overlapping constants, ascending,
    /// then the leftover bits (`7` → `["Flag1","Flag2Flag3Combo"]`); a value with every bit of
    /// the representation set is written as its integer (the page's `-1` → `255`).
    Documented,
}

/// What to write for an enum value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EnumJson<'e> {
    Name(&'e str),
    Int(i64),
    Uint(u64),
    /// Names, then a leftover integer if any.
    Flags(Vec<&'e str>, Option<Leftover>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Leftover {
    Int(i64),
    Uint(u64),
}

/// The value's bits in the representation's width (a signed value sign-extended, as the engine
/// casts the underlying value to `AZ::u64`).
fn bits(value: i64) -> u64 {
    value as u64
}

fn mask(repr: IntType) -> u64 {
    if repr.bits() == 64 {
        u64::MAX
    } else {
        (1u64 << repr.bits()) - 1
    }
}

/// The integer written for `value`: signed representations as signed, unsigned ones as the
/// unsigned value.
fn plain(repr: IntType, value: i64) -> Leftover {
    if repr.is_signed() {
        Leftover::Int(value)
    } else {
        Leftover::Uint(bits(value) & mask(repr))
    }
}

fn as_json(l: Leftover) -> EnumJson<'static> {
    match l {
        Leftover::Int(i) => EnumJson::Int(i),
        Leftover::Uint(u) => EnumJson::Uint(u),
    }
}

/// The JSON form of `value` of enum `e`.
pub(crate) fn store_form(e: &EnumType, value: i64, form: EnumForm) -> EnumJson<'_> {
    if let Some(c) = e.constants().iter().find(|c| c.value() == value) {
        return EnumJson::Name(c.name());
    }
    let v = bits(value);
    // Non-zero constants whose bits are all in the value, the first of each value kept.
    let mut subset: Vec<(u64, &str)> = Vec::new();
    for c in e.constants() {
        let b = bits(c.value());
        if b != 0 && b & v == b && !subset.iter().any(|(x, _)| *x == b) {
            subset.push((b, c.name()));
        }
    }
    let repr = e.repr();
    match form {
        EnumForm::Engine => {
            if subset.is_empty() {
                return as_json(plain(repr, value));
            }
            subset.sort_by_key(|(b, _)| std::cmp::Reverse(*b));
            let covered = subset.iter().fold(0, |acc, (b, _)| acc | b);
            let names = subset.into_iter().map(|(_, n)| n).collect();
            EnumJson::Flags(names, leftover(repr, v & !covered))
        }
        EnumForm::Documented => {
            if subset.is_empty() || v & mask(repr) == mask(repr) {
                return as_json(plain(repr, value));
            }
            // Widest constants first, never overlapping: the fewest names for the most bits.
            subset.sort_by(|a, b| b.0.count_ones().cmp(&a.0.count_ones()).then(b.0.cmp(&a.0)));
            let mut covered = 0u64;
            let mut chosen = Vec::new();
            for (b, name) in subset {
                if b & covered == 0 {
                    covered |= b;
                    chosen.push((b, name));
                }
            }
            chosen.sort_by_key(|(b, _)| *b);
            let names = chosen.into_iter().map(|(_, n)| n).collect();
            EnumJson::Flags(names, leftover(repr, v & !covered))
        }
    }
}

fn leftover(repr: IntType, rest: u64) -> Option<Leftover> {
    (rest != 0).then(|| plain(repr, rest as i64))
}

/// An integer read from JSON for an enum: in range of the representation, as the enum's `i64`
/// form (a `uint64` one as its bit pattern).
pub(crate) fn from_i128(repr: IntType, value: i128) -> Option<i64> {
    let min = i128::from(repr.min());
    let max = i128::from(repr.max());
    (min..=max).contains(&value).then_some(value as i64)
}

/// Whether `value` is a value of an enum over `repr`: in its range, or for an unsigned
/// representation also its negative spelling (`-1` for the `uint8` 255, as C++'s
/// `static_cast<E>(-1)`), which is written as the unsigned value.
pub(crate) fn representable(repr: IntType, value: i64) -> bool {
    if repr.bits() == 64 {
        // `int64`, and `uint64` as its bit pattern: every `i64`.
        return true;
    }
    if repr.is_signed() {
        return from_i128(repr, value.into()).is_some();
    }
    let half = 1i64 << (repr.bits() - 1);
    (-half..=mask(repr) as i64).contains(&value)
}

/// The constant named `name`, compared case-insensitively (`azstrnicmp`), first declared first.
pub(crate) fn by_name(e: &EnumType, name: &str) -> Option<i64> {
    e.constant(name)
        .or_else(|| {
            e.constants()
                .iter()
                .find(|c| c.name().eq_ignore_ascii_case(name))
        })
        .map(|c| c.value())
}

/// `Available options are: "Flags0" (0), "Flags1" (1)`, as the engine lists them.
pub(crate) fn options_message(e: &EnumType) -> String {
    let list: Vec<String> = e
        .constants()
        .iter()
        .map(|c| format!("\"{}\" ({})", c.name(), c.value()))
        .collect();
    format!("Available options are: {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_types::Constant;

    fn example() -> EnumType {
        EnumType::new(
            IntType::UINT8,
            [
                Constant::new("Flag1", 1),
                Constant::new("Flag2", 2),
                Constant::new("Flag4", 8),
                Constant::new("Flag2Flag3Combo", 6),
            ],
        )
        .unwrap()
        .open()
    }

    fn text(j: &EnumJson<'_>) -> String {
        match j {
            EnumJson::Name(n) => format!("{n:?}"),
            EnumJson::Int(i) => i.to_string(),
            EnumJson::Uint(u) => u.to_string(),
            EnumJson::Flags(names, rest) => {
                let mut parts: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
                match rest {
                    Some(Leftover::Int(i)) => parts.push(i.to_string()),
                    Some(Leftover::Uint(u)) => parts.push(u.to_string()),
                    None => {}
                }
                format!("[{}]", parts.join(","))
            }
        }
    }

    /// The O3DE documentation's `ExampleEnum` table, both forms.
    #[test]
    fn the_documented_examples() {
        let e = example();
        let cases: [(i64, &str, &str); 10] = [
            (0, "0", "0"),
            (1, "\"Flag1\"", "\"Flag1\""),
            (
                255,
                "[\"Flag4\",\"Flag2Flag3Combo\",\"Flag2\",\"Flag1\",240]",
                "255",
            ),
            (10, "[\"Flag4\",\"Flag2\"]", "[\"Flag2\",\"Flag4\"]"),
            (4, "4", "4"),
            (6, "\"Flag2Flag3Combo\"", "\"Flag2Flag3Combo\""),
            (9, "[\"Flag4\",\"Flag1\"]", "[\"Flag1\",\"Flag4\"]"),
            (5, "[\"Flag1\",4]", "[\"Flag1\",4]"),
            (
                7,
                "[\"Flag2Flag3Combo\",\"Flag2\",\"Flag1\"]",
                "[\"Flag1\",\"Flag2Flag3Combo\"]",
            ),
            (24, "[\"Flag4\",16]", "[\"Flag4\",16]"),
        ];
        for (value, engine, documented) in cases {
            assert_eq!(
                text(&store_form(&e, value, EnumForm::Engine)),
                engine,
                "{value}"
            );
            assert_eq!(
                text(&store_form(&e, value, EnumForm::Documented)),
                documented,
                "{value}"
            );
        }
    }

    #[test]
    fn ranges_and_names() {
        assert_eq!(from_i128(IntType::UINT8, 256), None);
        assert_eq!(from_i128(IntType::UINT64, i128::from(u64::MAX)), Some(-1));
        assert_eq!(from_i128(IntType::INT16, -8), Some(-8));
        assert_eq!(by_name(&example(), "fLAG4"), Some(8));
        assert!(options_message(&example()).starts_with("Available options are: \"Flag1\" (1)"));
    }
}
