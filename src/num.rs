//! Decimal numbers without the standard library's float parser.

/// A decimal number (`-12.5`, `.5`, `1e-7`); `None` for anything else. Exact to the last bit
/// for up to 15 significant digits and exponents within ±22, within an ulp or two otherwise —
/// ample for CSS pixels, srcset descriptors and JSON-LD numbers. It stands in for
/// `str::parse::<f64>`, whose exact algorithm (tables included) costs ~10 KB of wasm.
pub(crate) fn parse_decimal(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let (mut mantissa, mut exp, mut digits) = (0u64, 0i32, 0usize);
    let mut seen_point = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa * 10 + u64::from(c - b'0');
                    if seen_point {
                        exp -= 1;
                    }
                } else if !seen_point {
                    exp += 1;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        let sign = match b.get(i) {
            Some(b'-') => {
                i += 1;
                -1
            }
            Some(b'+') => {
                i += 1;
                1
            }
            _ => 1,
        };
        let start = i;
        let mut e: i32 = 0;
        while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
            e = (e * 10 + i32::from(c - b'0')).min(100_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp = exp.saturating_add(sign * e);
    }
    if i != b.len() {
        return None;
    }
    if mantissa == 0 {
        return Some(if negative { -0.0 } else { 0.0 });
    }
    let m = mantissa as f64;
    let v = if exp >= 0 {
        m * 10f64.powi(exp)
    } else if exp >= -22 {
        m / 10f64.powi(-exp)
    } else {
        m / 1e22 / 10f64.powi(-exp - 22)
    };
    Some(if negative { -v } else { v })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::parse_decimal;

    #[test]
    fn reads_what_css_srcset_and_json_write() {
        for (s, v) in [
            ("16", 16.0),
            ("16.5", 16.5),
            ("-12.25", -12.25),
            ("+3", 3.0),
            (".5", 0.5),
            ("5.", 5.0),
            ("1e3", 1000.0),
            ("1E+3", 1000.0),
            ("2.5e-3", 0.0025),
            ("0.1", 0.1),
            ("123456.789", 123456.789),
            ("1e400", f64::INFINITY),
            ("1e-400", 0.0),
            ("0e999999", 0.0),
        ] {
            assert_eq!(parse_decimal(s), Some(v), "{s}");
        }
    }

    #[test]
    fn agrees_with_the_standard_parser_on_ordinary_numbers() {
        for s in [
            "1920",
            "0.3333333333",
            "1066.6666259765625",
            "-0.000123",
            "98765432109876543210",
            "3.14159265358979",
        ] {
            let ours = parse_decimal(s).unwrap();
            let std: f64 = s.parse().unwrap();
            assert!(
                (ours - std).abs() <= std.abs() * 1e-15,
                "{s}: {ours} vs {std}"
            );
        }
    }

    #[test]
    fn rejects_what_is_not_a_number() {
        for s in [
            "", "-", ".", "px", "16px", "1e", "1e+", "1.2.3", "NaN", "inf", " 1", "1 ",
        ] {
            assert_eq!(parse_decimal(s), None, "{s:?}");
        }
    }
}
