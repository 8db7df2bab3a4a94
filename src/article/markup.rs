//! A small tag scanner: enough to read `<img ...>` tags out of `<noscript>` text, to re-check
//! MathML before rendering and to verify rendered HTML in tests. Not an HTML parser: it only
//! splits markup into start tags (with attributes), end tags and text.

/// One token of markup.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// `<name attr=value ...>`; `self_closing` for `/>`. Names are lowercased.
    Start {
        name: String,
        attrs: Vec<(String, String)>,
        self_closing: bool,
    },
    /// `</name>`.
    End(String),
    /// Text between tags, entities left as written.
    Text(String),
}

/// Splits `s` into tokens. Comments, doctypes and processing instructions are skipped.
pub(crate) fn tokens(s: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let Some(lt) = s[i..].find('<').map(|p| p + i) else {
            out.push(Token::Text(s[i..].to_string()));
            break;
        };
        if lt > i {
            out.push(Token::Text(s[i..lt].to_string()));
        }
        i = scan_markup(s, lt, &mut out);
    }
    out
}

/// Reads the construct starting at `<` (at `lt`); returns the index after it.
fn scan_markup(s: &str, lt: usize, out: &mut Vec<Token>) -> usize {
    let rest = &s[lt..];
    if let Some(body) = rest.strip_prefix("<!--") {
        return body.find("-->").map_or(s.len(), |e| lt + 4 + e + 3);
    }
    if rest.starts_with("<!") || rest.starts_with("<?") {
        return rest.find('>').map_or(s.len(), |e| lt + e + 1);
    }
    let (closing, name_at) = if rest.starts_with("</") {
        (true, lt + 2)
    } else {
        (false, lt + 1)
    };
    let name_len = s[name_at..]
        .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
        .unwrap_or(s.len() - name_at);
    let name = &s[name_at..name_at + name_len];
    if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.push(Token::Text("<".into()));
        return lt + 1;
    }
    let name = name.to_ascii_lowercase();
    let (attrs, self_closing, end) = scan_attrs(s, name_at + name_len);
    out.push(if closing {
        Token::End(name)
    } else {
        Token::Start {
            name,
            attrs,
            self_closing,
        }
    });
    end
}

/// Reads attributes up to the closing `>`: `name`, `name=value`, `name="v"`, `name='v'`.
fn scan_attrs(s: &str, mut i: usize) -> (Vec<(String, String)>, bool, usize) {
    let b = s.as_bytes();
    let mut attrs = Vec::new();
    let mut self_closing = false;
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            self_closing = b[i] == b'/';
            i += 1;
        }
        if i >= b.len() {
            return (attrs, self_closing, i);
        }
        if b[i] == b'>' {
            return (attrs, self_closing, i + 1);
        }
        self_closing = false;
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'=' | b'>' | b'/') {
            i += 1;
        }
        let name = s[start..i].to_ascii_lowercase();
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = String::new();
        if i < b.len() && b[i] == b'=' {
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            let (v, next) = scan_value(s, i);
            value = decode_entities(v);
            i = next;
        }
        if !name.is_empty() {
            attrs.push((name, value));
        }
    }
}

fn scan_value(s: &str, i: usize) -> (&str, usize) {
    let b = s.as_bytes();
    match b.get(i) {
        Some(&q @ (b'"' | b'\'')) => match s[i + 1..].find(q as char) {
            Some(e) => (&s[i + 1..i + 1 + e], i + 2 + e),
            None => (&s[i + 1..], s.len()),
        },
        _ => {
            let e = s[i..]
                .find(|c: char| c.is_ascii_whitespace() || c == '>')
                .map_or(s.len(), |e| i + e);
            (&s[i..e], e)
        }
    }
}

/// Decodes the entities that matter in attribute values and short texts: numeric ones and the
/// few named ones URLs and prose actually use.
pub(crate) fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        // Bytes, not `&rest[..12]`: byte 12 may fall inside a multi-byte character (fuzz find).
        let semi = rest.bytes().take(12).position(|b| b == b';');
        let decoded = semi.and_then(|e| entity(&rest[1..e]));
        match (decoded, semi) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => return None,
    })
}

/// Escapes text for HTML content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn scans_noscript_img_tags() {
        let t = tokens(
            "<!-- x --><img src=\"/a.jpg?x=1&amp;y=2\" alt='A &quot;b&quot;' data-x=raw /><p>t</p>",
        );
        assert_eq!(
            t[0],
            Token::Start {
                name: "img".into(),
                attrs: vec![
                    ("src".into(), "/a.jpg?x=1&y=2".into()),
                    ("alt".into(), "A \"b\"".into()),
                    ("data-x".into(), "raw".into()),
                ],
                self_closing: true
            }
        );
        assert_eq!(t[2], Token::Text("t".into()));
        assert_eq!(t[3], Token::End("p".into()));
    }

    #[test]
    fn broken_markup_is_text_not_panic() {
        let t = tokens("a < b <img src=\"x");
        assert_eq!(t[1], Token::Text("<".into()));
        assert!(matches!(t.last(), Some(Token::Start { .. })));
        assert_eq!(decode_entities("&#x41;&#66;&bogus;&"), "AB&bogus;&");
        assert_eq!(escape("<a href='x'>&"), "&lt;a href=&#39;x&#39;&gt;&amp;");
    }
}
