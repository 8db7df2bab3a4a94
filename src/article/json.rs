//! A tiny, tolerant JSON reader for JSON-LD metadata.
//!
//! Why not serde_json: it is not in the extension's wasm, and JSON-LD in the wild is often not
//! valid JSON (raw newlines inside strings, trailing commas, HTML comments around it, several
//! objects back to back). This reader accepts those and gives up quietly (`None`) on the rest.

/// A JSON value. Objects keep their key order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// Deepest nesting read; JSON-LD is rarely deeper than 6, this keeps the parser's stack bounded.
const MAX_DEPTH: usize = 64;

impl Json {
    /// The value of `key` in an object.
    pub(crate) fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// This value as a list: arrays are themselves, anything else a list of one.
    pub(crate) fn items(&self) -> Vec<&Json> {
        match self {
            Json::Arr(a) => a.iter().collect(),
            Json::Null => Vec::new(),
            v => vec![v],
        }
    }
}

/// Parses every top-level value in `text` (one script may hold several, or an HTML comment).
pub(crate) fn parse_all(text: &str) -> Vec<Json> {
    let mut p = Parser {
        s: text.as_bytes(),
        src: text,
        i: 0,
    };
    let mut out = Vec::new();
    loop {
        p.skip_noise();
        if p.i >= p.s.len() {
            break;
        }
        let start = p.i;
        match p.value(0) {
            Some(v) => out.push(v),
            None => {
                if p.i == start {
                    p.i += 1;
                }
            }
        }
    }
    out
}

struct Parser<'a> {
    s: &'a [u8],
    src: &'a str,
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Skips whitespace, commas between top-level values, `<!--`/`-->` and `;`.
    fn skip_noise(&mut self) {
        loop {
            self.skip_ws();
            let rest = &self.s[self.i.min(self.s.len())..];
            if rest.starts_with(b"<!--") {
                self.i += 4;
            } else if rest.starts_with(b"-->") {
                self.i += 3;
            } else if matches!(self.peek(), Some(b',' | b';')) {
                self.i += 1;
            } else {
                return;
            }
        }
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Option<Json> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_ws();
        match self.peek()? {
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'"' => self.string().map(Json::Str),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => self.number(),
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Option<Json> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Some(v)
        } else {
            None
        }
    }

    fn number(&mut self) -> Option<Json> {
        let start = self.i;
        while matches!(
            self.peek(),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.i += 1;
        }
        crate::num::parse_decimal(self.src.get(start..self.i)?).map(Json::Num)
    }

    fn array(&mut self, depth: usize) -> Option<Json> {
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            match self.peek()? {
                b']' => {
                    self.i += 1;
                    return Some(Json::Arr(items));
                }
                b',' => self.i += 1,
                _ => items.push(self.value(depth + 1)?),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Option<Json> {
        self.i += 1;
        let mut kv = Vec::new();
        loop {
            self.skip_ws();
            match self.peek()? {
                b'}' => {
                    self.i += 1;
                    return Some(Json::Obj(kv));
                }
                b',' => self.i += 1,
                b'"' => {
                    let k = self.string()?;
                    self.skip_ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    let v = self.value(depth + 1)?;
                    kv.push((k, v));
                }
                _ => return None,
            }
        }
    }

    /// A string; raw control characters inside are accepted (common in hand-made JSON-LD).
    fn string(&mut self) -> Option<String> {
        self.i += 1;
        let mut out = String::new();
        loop {
            let start = self.i;
            while !matches!(self.peek()?, b'"' | b'\\') {
                self.i += 1;
            }
            out.push_str(self.src.get(start..self.i)?);
            if self.peek()? == b'"' {
                self.i += 1;
                return Some(out);
            }
            self.i += 1;
            self.escape(&mut out)?;
        }
    }

    fn escape(&mut self, out: &mut String) -> Option<()> {
        let c = self.peek()?;
        self.i += 1;
        match c {
            b'n' => out.push('\n'),
            b't' => out.push('\t'),
            b'r' => out.push('\r'),
            b'b' | b'f' => out.push(' '),
            b'u' => {
                let hi = self.hex4()?;
                let ch = if (0xD800..0xDC00).contains(&hi) && self.s[self.i..].starts_with(b"\\u") {
                    self.i += 2;
                    let lo = self.hex4()?;
                    char::from_u32(
                        0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF),
                    )
                } else {
                    char::from_u32(hi)
                };
                out.push(ch.unwrap_or('\u{FFFD}'));
            }
            _ => {
                // `\"`, `\\`, `\/` and any unknown escape: keep the character (tolerant).
                let rest = self.src.get(self.i - 1..)?;
                let ch = rest.chars().next()?;
                self.i += ch.len_utf8() - 1;
                out.push(ch);
            }
        }
        Some(())
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.src.get(self.i..self.i + 4)?;
        self.i += 4;
        u32::from_str_radix(h, 16).ok()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reads_json_ld_with_common_defects() {
        let text = "<!--\n{\"@type\": \"NewsArticle\", \"headline\": \"Line\nbreak \\u00e9\\ud83d\\ude00\",\n \"author\": [{\"name\": \"A\"}, \"B\",], \"n\": -1.5e2}\n-->";
        let v = parse_all(text);
        assert_eq!(v.len(), 1);
        let o = &v[0];
        assert_eq!(
            o.get("headline").and_then(Json::as_str),
            Some("Line\nbreak é😀")
        );
        assert_eq!(o.get("author").map(|a| a.items().len()), Some(2));
        assert_eq!(o.get("n"), Some(&Json::Num(-150.0)));
    }

    #[test]
    fn garbage_and_depth_do_not_panic() {
        assert!(parse_all("{\"a\": ").is_empty());
        let deep = "[".repeat(10_000);
        assert!(parse_all(&deep).is_empty());
        assert_eq!(parse_all("{} {\"x\":true}").len(), 2);
    }
}
