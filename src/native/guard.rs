//! Cheap checks run before parsing: oversized input and obvious binary data.

use crate::Error;

/// How much of the input the binary check looks at: enough to see past a header, cheap on 30 MB.
const SNIFF_CHARS: usize = 4096;

/// Share of control characters above which the input is binary. Text pages have essentially
/// none; compressed or random data decoded byte-per-char has 28/256 ≈ 11%, images more.
const MAX_CONTROL_SHARE: f64 = 0.05;

/// File signatures of formats people commonly hand to a reader by mistake.
const MAGIC: &[(&[u8], &str)] = &[
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"%PDF-", "a PDF file"),
    (b"PK\x03\x04", "a ZIP archive (or an Office/EPUB file)"),
    (b"\x1f\x8b", "gzip-compressed data (decompress it first)"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\x00asm", "a WebAssembly module"),
    (b"\x7fELF", "an executable"),
    (b"(\xb5/\xfd", "zstd-compressed data (decompress it first)"),
];

/// `Err(InputTooLarge)` past the limit.
pub(crate) fn check_size(len: usize, limit: usize) -> Result<(), Error> {
    if len > limit {
        return Err(Error::InputTooLarge { size: len, limit });
    }
    Ok(())
}

/// `Err(NotADocument)` for raw bytes that start with a known binary signature.
pub(crate) fn check_magic(bytes: &[u8]) -> Result<(), Error> {
    for (magic, what) in MAGIC {
        if bytes.starts_with(magic) {
            return Err(Error::NotADocument(format!("it looks like {what}")));
        }
    }
    if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        return Err(Error::NotADocument("it looks like a WebP image".into()));
    }
    Ok(())
}

/// `Err(NotADocument)` when the start of decoded text is full of control characters. Counted per
/// character after decoding, so UTF-16 and legacy encodings are judged like UTF-8.
pub(crate) fn check_text(text: &str) -> Result<(), Error> {
    let (mut seen, mut control) = (0usize, 0usize);
    for c in text.chars().take(SNIFF_CHARS) {
        seen += 1;
        control += usize::from(is_binary_control(c));
    }
    let share = control as f64 / seen.max(1) as f64;
    if share > MAX_CONTROL_SHARE {
        return Err(Error::NotADocument(format!(
            "{}% of its first {seen} characters are control characters, so it is binary data, not HTML",
            // An integer percentage: printing a float would link the float formatter into the wasm.
            (control * 100 + seen / 2) / seen.max(1)
        )));
    }
    Ok(())
}

/// C0 controls other than the whitespace HTML allows (tab, LF, FF, CR).
fn is_binary_control(c: char) -> bool {
    c < ' ' && !matches!(c, '\t' | '\n' | '\x0c' | '\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_limit() {
        assert!(check_size(10, 10).is_ok());
        assert_eq!(
            check_size(11, 10),
            Err(Error::InputTooLarge {
                size: 11,
                limit: 10
            })
        );
    }

    #[test]
    fn magic_numbers() {
        assert!(check_magic(b"\x89PNG\r\n\x1a\n....").is_err());
        assert!(check_magic(b"%PDF-1.7\n").is_err());
        assert!(check_magic(b"\x1f\x8b\x08\x00").is_err());
        assert!(check_magic(b"RIFF\0\0\0\0WEBPVP8 ").is_err());
        assert!(check_magic(b"<!doctype html>").is_ok());
        assert!(check_magic(b"").is_ok());
    }

    #[test]
    fn control_share() {
        assert!(check_text("<p>hello\tworld\r\n\x0c</p>").is_ok());
        assert!(check_text("").is_ok());
        let junk: String = (0u8..64).map(|b| char::from(b % 32)).collect();
        let err = check_text(&junk);
        assert!(matches!(err, Err(Error::NotADocument(m)) if m.contains("control characters")));
        // One stray NUL in a page is tolerated.
        assert!(check_text("<p>some ordinary text\0 here</p>").is_ok());
    }
}
