//! Byte → text decoding for `parse_bytes`: BOM, then UTF-16 without a BOM, then a `<meta>`
//! prescan, then UTF-8, then windows-1252 (a simplified version of the HTML spec's encoding
//! sniffing, plus the UTF-16 check browsers leave out).

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// The spec prescans only the start of the document for a `<meta>` declaration.
const PRESCAN_BYTES: usize = 1024;

/// Bytes looked at to recognise UTF-16 without a BOM, and the share of code units that must
/// look like ASCII-range UTF-16 (one zero byte, one printable byte). Why: HTML markup is mostly
/// ASCII, so real UTF-16 pages score near 100 %; no single-byte or UTF-8 text has NULs that regular.
const UTF16_SNIFF_BYTES: usize = 512;
const UTF16_ASCII_SHARE: f64 = 0.9;

/// Lowercased attribute name and raw value of one `<meta>` attribute.
type MetaAttr = (Vec<u8>, Vec<u8>);

/// Decodes page bytes to text and names the encoding used.
pub(crate) fn decode(bytes: &[u8]) -> (Cow<'_, str>, &'static Encoding) {
    let (encoding, skip) = sniff(bytes);
    let (text, _had_errors) = encoding.decode_without_bom_handling(&bytes[skip..]);
    (text, encoding)
}

/// The encoding to use and how many leading BOM bytes to skip.
fn sniff(bytes: &[u8]) -> (&'static Encoding, usize) {
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        return (encoding, bom_len);
    }
    if let Some(encoding) = utf16_without_bom(&bytes[..bytes.len().min(UTF16_SNIFF_BYTES)]) {
        return (encoding, 0);
    }
    if let Some(encoding) = prescan(&bytes[..bytes.len().min(PRESCAN_BYTES)]) {
        if encoding != UTF_8 && transcoded_to_utf8(bytes) {
            return (UTF_8, 0);
        }
        return (encoding, 0);
    }
    if std::str::from_utf8(bytes).is_ok() {
        return (UTF_8, 0);
    }
    // The web's legacy default for undeclared, non-UTF-8 pages.
    (WINDOWS_1252, 0)
}

/// Non-ASCII characters a page must hold, all valid UTF-8, before a legacy `<meta>` charset is
/// overruled. Why: crawlers, proxies and CMS exports re-encode pages to UTF-8 and keep the old
/// declaration (readability's qq.com page says gb2312 and is UTF-8: read as GBK every word is
/// mojibake); text really in GBK, Shift_JIS or windows-1252 almost never forms this many valid
/// UTF-8 sequences, since each needs a lead byte followed by exactly the right continuations.
const TRANSCODED_MIN_NON_ASCII: usize = 8;

/// True when `bytes` are valid UTF-8 with enough non-ASCII characters to be sure of it.
fn transcoded_to_utf8(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|s| {
        s.chars()
            .filter(|c| !c.is_ascii())
            .take(TRANSCODED_MIN_NON_ASCII)
            .count()
            >= TRANSCODED_MIN_NON_ASCII
    })
}

/// UTF-16 saved without a byte-order mark (the spec does not sniff it; read as windows-1252 it
/// would be NUL-strewn garbage that the binary check rejects): most code units are ASCII.
fn utf16_without_bom(head: &[u8]) -> Option<&'static Encoding> {
    let units = head.len() / 2;
    if units < 8 {
        return None;
    }
    let ascii = |hi: u8, lo: u8| hi == 0 && (lo.is_ascii_graphic() || lo.is_ascii_whitespace());
    let (mut le, mut be) = (0usize, 0usize);
    for pair in head.chunks_exact(2) {
        le += usize::from(ascii(pair[1], pair[0]));
        be += usize::from(ascii(pair[0], pair[1]));
    }
    let share = |n: usize| n as f64 / units as f64 >= UTF16_ASCII_SHARE;
    if share(le) {
        Some(UTF_16LE)
    } else if share(be) {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Looks for `<meta charset=…>` or `<meta http-equiv=content-type content="…charset=…">`.
fn prescan(head: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    while pos < head.len() {
        let rest = &head[pos..];
        if rest.starts_with(b"<!--") {
            pos += find(rest, b"-->").map_or(rest.len(), |end| end + 3);
        } else if starts_with_ci(rest, b"<meta")
            && rest.get(5).is_some_and(|&b| is_space_or_slash(b))
        {
            let (attrs, used) = meta_attributes(&rest[5..]);
            if let Some(encoding) = encoding_from_meta(&attrs) {
                return Some(encoding);
            }
            pos += 5 + used;
        } else {
            pos += 1;
        }
    }
    None
}

fn encoding_from_meta(attrs: &[MetaAttr]) -> Option<&'static Encoding> {
    let get = |name: &[u8]| {
        attrs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    };
    let label = match get(b"charset") {
        Some(charset) => charset,
        None => {
            let is_content_type =
                get(b"http-equiv").is_some_and(|v| v.eq_ignore_ascii_case(b"content-type"));
            if !is_content_type {
                return None;
            }
            charset_in_content(get(b"content")?)?
        }
    };
    let encoding = Encoding::for_label(label)?;
    // Spec: a meta declaring UTF-16 is wrong (it could not have been read as ASCII), so UTF-8;
    // x-user-defined in a meta means windows-1252.
    Some(if encoding == UTF_16LE || encoding == UTF_16BE {
        UTF_8
    } else if encoding == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        encoding
    })
}

/// `text/html; charset=shift_jis` → `shift_jis`.
fn charset_in_content(content: &[u8]) -> Option<&[u8]> {
    let at = find_ci(content, b"charset")?;
    let rest = trim_start(&content[at + 7..]);
    let rest = trim_start(rest.strip_prefix(b"=")?);
    let (quote, rest) = match rest.first() {
        Some(&q @ (b'"' | b'\'')) => (Some(q), &rest[1..]),
        _ => (None, rest),
    };
    let end = rest
        .iter()
        .position(|&b| match quote {
            Some(q) => b == q,
            None => b == b';' || b.is_ascii_whitespace(),
        })
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|v| !v.is_empty())
}

/// Reads the attributes of a tag until `>`; returns them and the bytes consumed.
fn meta_attributes(tag: &[u8]) -> (Vec<MetaAttr>, usize) {
    let mut attrs = Vec::new();
    let mut i = 0;
    loop {
        while i < tag.len() && is_space_or_slash(tag[i]) {
            i += 1;
        }
        if i >= tag.len() || tag[i] == b'>' {
            return (attrs, i);
        }
        let start = i;
        while i < tag.len() && !is_space_or_slash(tag[i]) && !matches!(tag[i], b'=' | b'>') {
            i += 1;
        }
        let name = tag[start..i].to_ascii_lowercase();
        while i < tag.len() && tag[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = Vec::new();
        if tag.get(i) == Some(&b'=') {
            i += 1;
            while i < tag.len() && tag[i].is_ascii_whitespace() {
                i += 1;
            }
            let (v, used) = attribute_value(&tag[i..]);
            value = v.to_vec();
            i += used;
        }
        attrs.push((name, value));
    }
}

/// A quoted or unquoted attribute value and the bytes consumed.
fn attribute_value(rest: &[u8]) -> (&[u8], usize) {
    match rest.first() {
        Some(&q @ (b'"' | b'\'')) => {
            let end = rest[1..].iter().position(|&b| b == q);
            match end {
                Some(end) => (&rest[1..1 + end], end + 2),
                None => (&rest[1..], rest.len()),
            }
        }
        _ => {
            let end = rest
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == b'>')
                .unwrap_or(rest.len());
            (&rest[..end], end)
        }
    }
}

fn is_space_or_slash(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'/'
}

fn trim_start(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &s[n..]
}

fn starts_with_ci(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_8859_2, SHIFT_JIS};

    #[test]
    fn utf8_bom_wins_over_meta() {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice("<meta charset=shift_jis><p>é".as_bytes());
        let (text, enc) = decode(&bytes);
        assert_eq!(enc, UTF_8);
        assert_eq!(text, "<meta charset=shift_jis><p>é");
    }

    #[test]
    fn utf16_boms() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("<p>hé".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&le), (Cow::from("<p>hé"), UTF_16LE));
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("<p>hé".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&be), (Cow::from("<p>hé"), UTF_16BE));
    }

    #[test]
    fn utf16_without_bom_is_recognised() {
        let page = "<html><body><p>h\u{e9} 東京</p></body></html>";
        let le: Vec<u8> = page.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&le), (Cow::from(page), UTF_16LE));
        let be: Vec<u8> = page.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(decode(&be), (Cow::from(page), UTF_16BE));
        // A few stray NULs in a UTF-8 page are not UTF-16.
        assert_eq!(
            decode(b"<p>a\0b\0 plain text with a couple of NULs").1,
            UTF_8
        );
        assert_eq!(decode(b"<p>\0").1, UTF_8);
    }

    #[test]
    fn utf8_page_keeping_a_legacy_meta_is_read_as_utf8() {
        let page = "<meta charset=gb2312><title>人工智能迈上新台阶</title><p>谷歌收购的公司";
        let (text, encoding) = decode(page.as_bytes());
        assert_eq!(encoding, UTF_8);
        assert_eq!(text, page);
        // A few stray non-ASCII characters are not enough to overrule the declaration.
        let (_, encoding) = decode("<meta charset=windows-1252><p>café".as_bytes());
        assert_eq!(encoding, WINDOWS_1252);
        // Real GBK bytes are not valid UTF-8: the declaration stands.
        let (gbk, _, _) =
            encoding_rs::GBK.encode("<meta charset=gb2312><p>人工智能迈上新台阶谷歌收购");
        assert_eq!(decode(&gbk).1, encoding_rs::GBK);
    }

    #[test]
    fn meta_charset_shift_jis() {
        let (body, _, _) = SHIFT_JIS.encode("<p>日本語</p>");
        let mut bytes = b"<html><head><meta charset=\"Shift_JIS\"></head>".to_vec();
        bytes.extend_from_slice(&body);
        let (text, enc) = decode(&bytes);
        assert_eq!(enc, SHIFT_JIS);
        assert!(text.ends_with("<p>日本語</p>"));
    }

    #[test]
    fn meta_http_equiv_iso_8859_1_means_windows_1252() {
        let bytes = b"<meta http-equiv='Content-Type' content='text/html; charset=ISO-8859-1'>caf\xe9 \x93q\x94";
        let (text, enc) = decode(bytes);
        // The Encoding Standard maps the iso-8859-1 label to windows-1252.
        assert_eq!(enc, WINDOWS_1252);
        assert!(text.ends_with("café \u{201c}q\u{201d}"));
    }

    #[test]
    fn meta_http_equiv_other_encoding_and_attribute_order() {
        let bytes = b"<META content=\"text/html;charset=iso-8859-2\" HTTP-EQUIV=content-type>\xb1";
        assert_eq!(decode(bytes).1, ISO_8859_2);
    }

    #[test]
    fn meta_utf16_label_means_utf8() {
        let bytes = "<meta charset=utf-16><p>é".as_bytes();
        assert_eq!(decode(bytes).1, UTF_8);
    }

    #[test]
    fn meta_inside_comment_is_ignored() {
        let bytes = b"<!-- <meta charset=shift_jis> --><p>plain";
        assert_eq!(decode(bytes).1, UTF_8);
    }

    #[test]
    fn meta_after_prescan_window_is_ignored() {
        let mut bytes = vec![b' '; PRESCAN_BYTES];
        bytes.extend_from_slice(b"<meta charset=shift_jis>");
        assert_eq!(decode(&bytes).1, UTF_8);
    }

    #[test]
    fn valid_utf8_without_declaration() {
        assert_eq!(
            decode("<p>naïve".as_bytes()),
            (Cow::from("<p>naïve"), UTF_8)
        );
    }

    #[test]
    fn invalid_utf8_falls_back_to_windows_1252() {
        let (text, enc) = decode(b"<p>caf\xe9 \x80 \xff");
        assert_eq!(enc, WINDOWS_1252);
        assert_eq!(text, "<p>café € ÿ");
    }

    #[test]
    fn unknown_meta_label_is_ignored() {
        assert_eq!(decode(b"<meta charset=klingon>ok").1, UTF_8);
    }
}
