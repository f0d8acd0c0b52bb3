//! Reading the plans of Flecs 4.1.2 (the `flecs_ecs` oracle in Cargo) as Flecs 4.1.6 lays
//! them out, for the differential tests' comparisons with what Rosetta writes: 4.1.6 pads an operation's name to 12 characters (its longest,
//! `treesup_post`) where 4.1.2 pads to 10; the operations, their links and the columns of
//! sources (12th character) and ids (30th) are the same.

/// The text without terminal color codes: `ESC[0;37m`, or `[[0;37m` as Flecs' JSON escaping
/// writes ESC.
pub fn strip_colors(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let lead = b[i] == 0x1b || b[i] == b'[';
        if lead && b.get(i + 1) == Some(&b'[') {
            let mut j = i + 2;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b';') {
                j += 1;
            }
            if j > i + 2 && b.get(j) == Some(&b'm') {
                i = j + 1;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A 4.1.2 plan (without colors) laid out as 4.1.6 writes it: after `NN. [p, n]  `, the
/// indent, the name padded to 12 and a space, the source, then the ids from the 30th
/// character (counted from the indent). Other lines pass as they are.
pub fn as_v416(plan: &str) -> String {
    let mut out = String::with_capacity(plan.len() + plan.len() / 8);
    for line in plan.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let Some(at) = body.find("]  ").map(|i| i + 3) else {
            out.push_str(line);
            continue;
        };
        let (prefix, rest) = body.split_at(at);
        let indent = rest.len() - rest.trim_start().len();
        let rest = rest.trim_start();
        let (name, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        let rest = rest.trim_start();
        let (src, ids) = match rest.find('(') {
            Some(i) => (rest[..i].trim_end(), &rest[i..]),
            None => (rest, ""),
        };
        let mut text = format!("{:indent$}{name:<12} {src}", "");
        if !ids.is_empty() {
            while text.len() < 30 {
                text.push(' ');
            }
            text.push_str(ids);
        }
        out.push_str(prefix);
        out.push_str(&text);
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{as_v416, strip_colors};

    #[test]
    fn color_codes_are_stripped() {
        assert_eq!(strip_colors("\x1b[0;37mA [[0;49m[1]"), "A [1]");
        assert_eq!(strip_colors("[0;32m [x]"), "[0;32m [x]");
        assert_eq!(strip_colors("\x1b"), "\x1b");
    }

    #[test]
    fn v412_lines_are_laid_out_as_v416() {
        assert_eq!(
            as_v416(
                " 3. [ 4,  5]   and        $[this]           (Tag)\n 5. [ 2,  6]  end         \n"
            ),
            " 3. [ 4,  5]   and          $[this]         (Tag)\n 5. [ 2,  6]  end          \n"
        );
        assert_eq!(
            as_v416(" 0. [-1,  3]  or          $[this]\n"),
            " 0. [-1,  3]  or           $[this]\n"
        );
        assert_eq!(
            as_v416("   Optimized out (trivial query)\n"),
            "   Optimized out (trivial query)\n"
        );
    }
}
