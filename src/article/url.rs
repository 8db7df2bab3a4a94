//! A small RFC 3986 reference resolver (section 5.2), enough for links and images in an article.
//!
//! Why not the `url` crate: it brings IDNA tables (~200 KB of wasm) for host normalisation the
//! reader view never needs; resolving a reference against a base is ~100 lines.

/// The five components of a URI reference (RFC 3986 §3); `None` means "undefined".
#[derive(Debug, Default, PartialEq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Splits a reference into its components (RFC 3986 appendix B, without regexes).
fn split(s: &str) -> Parts<'_> {
    let mut rest = s;
    let mut p = Parts::default();
    if let Some(i) = rest.find('#') {
        p.fragment = Some(&rest[i + 1..]);
        rest = &rest[..i];
    }
    if let Some(i) = rest.find('?') {
        p.query = Some(&rest[i + 1..]);
        rest = &rest[..i];
    }
    if let Some(i) = rest.find(':') {
        let scheme = &rest[..i];
        let valid = scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if valid && !rest[..i].contains('/') {
            p.scheme = Some(scheme);
            rest = &rest[i + 1..];
        }
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        p.authority = Some(&after[..end]);
        rest = &after[end..];
    }
    p.path = rest;
    p
}

/// RFC 3986 §5.2.4.
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len().saturating_sub(1);
    for (i, seg) in segments.iter().enumerate() {
        if i == 0 && absolute {
            continue;
        }
        match *seg {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// RFC 3986 §5.2.3.
fn merge(base: &Parts<'_>, rel_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{rel_path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{}", &base.path[..=i], rel_path),
        None => rel_path.to_string(),
    }
}

fn recompose(
    scheme: &str,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    frag: Option<&str>,
) -> String {
    let mut s = format!("{}:", scheme.to_ascii_lowercase());
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(&a.to_ascii_lowercase());
    }
    s.push_str(path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = frag {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// Cleans an attribute value the way browsers do before parsing it: trims ASCII whitespace,
/// removes tabs and newlines, turns `\` into `/` (WHATWG, for http-like URLs) and escapes spaces.
fn clean(reference: &str) -> String {
    reference
        .trim_matches(|c: char| c.is_ascii_whitespace() || c.is_control())
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .map(|c| if c == '\\' { '/' } else { c })
        .fold(String::new(), |mut s, c| {
            match c {
                ' ' => s.push_str("%20"),
                '"' => s.push_str("%22"),
                '<' => s.push_str("%3C"),
                '>' => s.push_str("%3E"),
                c => s.push(c),
            }
            s
        })
}

/// Resolves `reference` against the absolute URL `base` (RFC 3986 §5.2.2). Returns `None` when
/// neither is absolute.
pub(crate) fn resolve(base: Option<&str>, reference: &str) -> Option<String> {
    let reference = clean(reference);
    let r = split(&reference);
    if let Some(scheme) = r.scheme {
        let path = remove_dot_segments(r.path);
        return Some(recompose(scheme, r.authority, &path, r.query, r.fragment));
    }
    let base_owned = clean(base?);
    let b = split(&base_owned);
    let scheme = b.scheme?;
    let (authority, path, query) = if r.authority.is_some() {
        (r.authority, remove_dot_segments(r.path), r.query)
    } else if r.path.is_empty() {
        (b.authority, b.path.to_string(), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (b.authority, remove_dot_segments(r.path), r.query)
    } else {
        (
            b.authority,
            remove_dot_segments(&merge(&b, r.path)),
            r.query,
        )
    };
    // An http(s) URL with an authority always has at least "/" as its path.
    let path = if authority.is_some() && path.is_empty() {
        "/".to_string()
    } else {
        path
    };
    Some(recompose(scheme, authority, &path, query, r.fragment))
}

/// The lowercase scheme of an absolute URL, if any.
pub(crate) fn scheme(url: &str) -> Option<String> {
    split(url).scheme.map(|s| s.to_ascii_lowercase())
}

/// The host of an absolute URL (without port or user info), lowercase.
pub(crate) fn host(url: &str) -> Option<String> {
    let auth = split(url).authority?;
    let auth = auth.rsplit('@').next().unwrap_or(auth);
    let host = auth.split(':').next().unwrap_or(auth);
    Some(host.to_ascii_lowercase())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const BASE: &str = "http://a/b/c/d;p?q";

    /// RFC 3986 §5.4.1 normal examples and §5.4.2 abnormal ones.
    #[test]
    fn rfc3986_examples() {
        let cases = [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g/"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
        ];
        for (r, want) in cases {
            assert_eq!(resolve(Some(BASE), r).as_deref(), Some(want), "ref {r:?}");
        }
    }

    #[test]
    fn browser_cleanups_and_failures() {
        assert_eq!(
            resolve(Some("https://x.org/a/"), "  img\\b c.png\n").as_deref(),
            Some("https://x.org/a/img/b%20c.png")
        );
        assert_eq!(resolve(None, "/a"), None);
        assert_eq!(
            resolve(None, "HTTPS://X.org/a").as_deref(),
            Some("https://x.org/a")
        );
        assert_eq!(
            resolve(Some("https://x.org"), "b").as_deref(),
            Some("https://x.org/b")
        );
        assert_eq!(
            host("https://u@Example.com:8080/p").as_deref(),
            Some("example.com")
        );
        assert_eq!(scheme("MailTo:a@b").as_deref(), Some("mailto"));
    }
}
