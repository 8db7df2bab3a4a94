//! Dates as pages write them, read into ISO 8601 (`YYYY-MM-DD`, or the page's own ISO string).
//!
//! Only unambiguous forms are read: ISO, `YYYY/MM/DD`, month names in English, German, French and
//! Spanish (either order), and `DD/MM/YYYY`/`MM/DD/YYYY` when one side is above 12.

/// Month names and their common abbreviations (English, German, French, Spanish), one table
/// per month from January (`prefixed!`: no pointer and length per name).
const MONTHS: [&[u8]; 12] = [
    prefixed!["january", "jan", "januar", "janvier", "enero"],
    prefixed!["february", "feb", "februar", "février", "fevrier", "febrero"],
    prefixed!["march", "mar", "märz", "mars", "marzo"],
    prefixed!["april", "apr", "avril", "abril"],
    prefixed!["may", "mai", "mayo"],
    prefixed!["june", "jun", "juni", "juin", "junio"],
    prefixed!["july", "jul", "juli", "juillet", "julio"],
    prefixed!["august", "aug", "août", "aout", "agosto"],
    prefixed!["september", "sep", "sept", "septembre", "septiembre"],
    prefixed!["october", "oct", "oktober", "octobre", "octubre"],
    prefixed!["november", "nov", "novembre", "noviembre"],
    prefixed![
        "december",
        "dec",
        "dezember",
        "décembre",
        "decembre",
        "diciembre"
    ],
];
/// Years a publication date can plausibly have (the web's lifetime, plus a margin).
const YEARS: std::ops::RangeInclusive<u32> = 1990..=2100;

/// The month a word names ("March", "mar.", "märz"), if any.
pub(crate) fn month(word: &str) -> Option<u32> {
    let w = crate::lower(word.trim_end_matches('.'));
    (1..)
        .zip(MONTHS)
        .find(|(_, names)| crate::rules::in_table(names, &w))
        .map(|(m, _)| m)
}

fn iso(y: u32, m: u32, d: u32) -> Option<String> {
    (YEARS.contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d))
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// A number token: "17", "17th", "1st", "3.", "17,".
fn number(tok: &str) -> Option<u32> {
    let t = tok.trim_end_matches([',', '.']);
    let t = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| t.strip_suffix(s))
        .unwrap_or(t);
    if t.is_empty() || t.len() > 4 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// `YYYY-MM-DD…` at the start: the string itself is kept (time and zone are information).
fn leading_iso(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|x| x.iter().all(u8::is_ascii_digit));
    if digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
    {
        let (y, m, d) = (
            s[0..4].parse().ok()?,
            s[5..7].parse().ok()?,
            s[8..10].parse().ok()?,
        );
        iso(y, m, d)?;
        return Some(s.to_string());
    }
    None
}

/// Numeric dates with `/` or `.`: `YYYY/MM/DD`, and day-first or month-first when unambiguous.
fn numeric(tok: &str) -> Option<String> {
    let parts: Vec<&str> = tok.split(['/', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (a, b, c) = (number(a)?, number(b)?, number(c)?);
    if a > 31 {
        return iso(a, b, c);
    }
    match (a > 12, b > 12) {
        (true, false) => iso(c, b, a),
        (false, true) => iso(c, a, b),
        _ => None,
    }
}

/// Reads a date out of `s` (a meta value or a short visible text such as "Published March 3, 2025").
/// ISO strings come back unchanged; other forms as `YYYY-MM-DD`. None when no unambiguous date.
pub(crate) fn parse(s: &str) -> Option<String> {
    let s = s.trim();
    if let Some(i) = leading_iso(s) {
        return Some(i);
    }
    let toks: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    for (i, t) in toks.iter().enumerate() {
        if let Some(d) = leading_iso(t).or_else(|| numeric(t)) {
            return Some(d[..10.min(d.len())].to_string());
        }
        let Some(m) = month(t) else { continue };
        let year_at = |j: usize| {
            toks.get(j)
                .and_then(|y| number(y))
                .filter(|y| YEARS.contains(y))
        };
        // "March 3, 2025" / "Dec 17th 2025"
        if let (Some(d), Some(y)) = (toks.get(i + 1).and_then(|d| number(d)), year_at(i + 2)) {
            if let Some(r) = iso(y, m, d) {
                return Some(r);
            }
        }
        // "3 March 2025" / "3. März 2025"
        if let (Some(d), Some(y)) = (
            i.checked_sub(1).and_then(|j| number(toks[j])),
            year_at(i + 1),
        ) {
            if let Some(r) = iso(y, m, d) {
                return Some(r);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn common_forms() {
        let cases = [
            ("2024-03-01T10:00:00Z", Some("2024-03-01T10:00:00Z")),
            ("March 11, 2026", Some("2026-03-11")),
            ("Published: Dec 17th 2025", Some("2025-12-17")),
            ("13/11/2025 09:21:40", Some("2025-11-13")),
            ("2019/08/16", Some("2019-08-16")),
            ("3. März 2025", Some("2025-03-03")),
            ("le 4 août 2025", Some("2025-08-04")),
            ("Updated on 2025-04-19", Some("2025-04-19")),
            ("05/06/2025", None),
            ("May I help you", None),
            ("Chapter 3 of 2025 pages", None),
        ];
        for (input, want) in cases {
            assert_eq!(parse(input).as_deref(), want, "{input}");
        }
    }
}
