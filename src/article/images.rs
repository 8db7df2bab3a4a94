//! Images as the page meant them: lazy-loading attributes, `srcset`, `<picture>`, `<noscript>`
//! copies; tracking pixels and placeholders left out.

use super::markup::{tokens, Token};
use super::text::squash;
use super::url::{resolve, scheme};
use super::Image;

/// Attributes lazy-loading scripts put the real URL in, best first. `data-src` is the common
/// convention (lazysizes, lozad); `data-lazy-src` (WP Rocket) and `data-original` (jQuery lazyload).
const LAZY_SRC: &[&str] = &["data-src", "data-lazy-src", "data-original", "data-url"];
/// Pseudo-attribute the live capture adds to an `img`: the browser's `currentSrc`, when it chose a
/// source other than `src` (from `srcset` or `<picture>`).
pub(crate) const CURRENT_SRC: &str = "currentsrc";
/// Attributes holding a `srcset` list, lazy one first.
const SRCSET: &[&str] = &["data-srcset", "data-lazy-srcset", "srcset"];
/// URL fragments of placeholder images that lazy loaders show before the real one
/// (seen in the readability corpus' lazy-image pages).
const PLACEHOLDER_HINTS: &[&str] = &[
    "blank.gif",
    "spacer.gif",
    "pixel.gif",
    "placeholder",
    "lazy-load",
    "grey.gif",
    "transparent.gif",
];
/// `data:` URLs shorter than this are placeholders (a 1×1 GIF is ~80 characters).
const TINY_DATA_URL: usize = 256;

/// Reads an image from `img` (or `source`) attributes, resolving against `base`.
/// `None` for trackers (any declared dimension ≤ 1 px) and images without a usable source.
pub(crate) fn from_attrs(attrs: &[(String, String)], base: Option<&str>) -> Option<Image> {
    let get = |k: &str| attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let width = get("width").and_then(dimension);
    let height = get("height").and_then(dimension);
    if width.is_some_and(|w| w <= 1) || height.is_some_and(|h| h <= 1) {
        return None;
    }
    let src = best_source(&get, base)?;
    let decorative = matches!(get("role"), Some("presentation" | "none"));
    let alt = if decorative {
        String::new()
    } else {
        squash(get("alt").or(get("title")).unwrap_or(""))
    };
    Some(Image {
        src,
        alt,
        width,
        height,
    })
}

/// The sharpest real source: what the browser shows (`currentSrc`, live DOM), else the largest
/// `srcset` candidate, else lazy attributes, else `src`.
fn best_source<'a>(get: &dyn Fn(&str) -> Option<&'a str>, base: Option<&str>) -> Option<String> {
    let current = get(CURRENT_SRC)
        .filter(|u| !is_placeholder(u))
        .and_then(|u| allowed(u, base));
    if current.is_some() {
        return current;
    }
    let from_srcset = SRCSET
        .iter()
        .filter_map(|k| get(k))
        .find_map(largest_candidate);
    let lazy = LAZY_SRC.iter().filter_map(|k| get(k));
    from_srcset
        .into_iter()
        .map(str::to_string)
        .chain(lazy.map(str::to_string))
        .chain(get("src").map(str::to_string))
        .filter(|u| !is_placeholder(u))
        .find_map(|u| allowed(&u, base))
}

/// Resolves `u` and keeps it only if it is http(s) or a raster `data:image/`.
pub(crate) fn allowed(u: &str, base: Option<&str>) -> Option<String> {
    let u = u.trim();
    let lower = u.get(..16).unwrap_or(u).to_ascii_lowercase();
    if lower.starts_with("data:") {
        let raster = lower.starts_with("data:image/") && !lower.starts_with("data:image/svg");
        return raster.then(|| u.to_string());
    }
    let abs = resolve(base, u)?;
    matches!(scheme(&abs).as_deref(), Some("http" | "https")).then_some(abs)
}

fn is_placeholder(u: &str) -> bool {
    let u = u.trim();
    if u.is_empty() || u == "#" || u.eq_ignore_ascii_case("about:blank") {
        return true;
    }
    if u.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:")) {
        return u.len() < TINY_DATA_URL;
    }
    let lower = u.to_ascii_lowercase();
    PLACEHOLDER_HINTS.iter().any(|h| lower.contains(h))
}

/// A width/height attribute as pixels (`"640"`, `"640px"`); percentages and junk are `None`.
fn dimension(v: &str) -> Option<u32> {
    let v = v.trim();
    let digits: &str = &v[..v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len())];
    let rest = v[digits.len()..].trim();
    if digits.is_empty() || !(rest.is_empty() || rest == "px" || rest.starts_with('.')) {
        return None;
    }
    digits.parse().ok()
}

/// The candidate URL with the largest width (`w`) or density (`x`) descriptor in a `srcset`.
/// URLs may contain commas (image CDNs use them), so a candidate ends at whitespace, then its
/// descriptor ends at a comma — the HTML spec's parsing order.
pub(crate) fn largest_candidate(srcset: &str) -> Option<&str> {
    let mut best: Option<(f64, &str)> = None;
    let mut rest = srcset;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            break;
        }
        let end = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let mut url = &rest[..end];
        rest = &rest[end..];
        let mut descriptor = "";
        if url.ends_with(',') {
            url = url.trim_end_matches(',');
        } else {
            let d_end = rest.find(',').unwrap_or(rest.len());
            descriptor = rest[..d_end].trim();
            rest = &rest[d_end..];
        }
        let size = descriptor_size(descriptor);
        if best.is_none_or(|(s, _)| size > s) {
            best = Some((size, url));
        }
    }
    best.map(|(_, u)| u).filter(|u| !u.is_empty())
}

/// Comparable size of a descriptor: widths as pixels, densities as 1000 px per `x` (a typical
/// 1x article image is under 1000 px wide), missing as `1x`.
fn descriptor_size(d: &str) -> f64 {
    let num = |s: &str| crate::num::parse_decimal(s.trim()).unwrap_or(0.0);
    if let Some(w) = d.strip_suffix('w') {
        num(w)
    } else if let Some(x) = d.strip_suffix('x') {
        num(x) * 1000.0
    } else {
        1000.0
    }
}

/// Images in the raw text of a `<noscript>` (the snapshot keeps it as text, unparsed).
pub(crate) fn from_noscript(text: &str, base: Option<&str>) -> Vec<Image> {
    tokens(text)
        .into_iter()
        .filter_map(|t| match t {
            Token::Start { name, attrs, .. } if name == "img" => from_attrs(&attrs, base),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn attrs(a: &[(&str, &str)]) -> Vec<(String, String)> {
        a.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    const BASE: Option<&str> = Some("https://ex.org/post/");

    #[test]
    fn current_src_from_the_live_dom_wins_unless_a_placeholder() {
        let a = attrs(&[
            ("src", "small.jpg"),
            ("srcset", "small.jpg 400w, big.jpg 1600w"),
            (CURRENT_SRC, "https://ex.org/post/mid.jpg"),
        ]);
        assert_eq!(
            from_attrs(&a, BASE).unwrap().src,
            "https://ex.org/post/mid.jpg"
        );
        let a = attrs(&[
            ("data-src", "real.jpg"),
            (CURRENT_SRC, "https://ex.org/blank.gif"),
        ]);
        assert_eq!(
            from_attrs(&a, BASE).unwrap().src,
            "https://ex.org/post/real.jpg"
        );
    }

    #[test]
    fn lazy_attributes_beat_placeholder_src() {
        let a = attrs(&[
            ("src", "data:image/gif;base64,R0lGODlhAQABAAAAACw="),
            ("data-src", "real.jpg"),
            ("alt", "  A  cat "),
        ]);
        let img = from_attrs(&a, BASE).unwrap();
        assert_eq!(img.src, "https://ex.org/post/real.jpg");
        assert_eq!(img.alt, "A cat");
    }

    #[test]
    fn srcset_largest_candidate_with_commas_in_urls() {
        let s =
            "https://cdn/x/w_100,h_50/a.jpg 100w, https://cdn/x/w_800,h_400/a.jpg 800w,b.jpg 700w";
        assert_eq!(
            largest_candidate(s),
            Some("https://cdn/x/w_800,h_400/a.jpg")
        );
        assert_eq!(largest_candidate("a.jpg, b.jpg 3x"), Some("b.jpg"));
        assert_eq!(largest_candidate(" , "), None);
    }

    #[test]
    fn trackers_and_unsafe_sources_dropped() {
        assert!(from_attrs(
            &attrs(&[("src", "t.gif"), ("width", "1"), ("height", "1")]),
            BASE
        )
        .is_none());
        assert!(from_attrs(&attrs(&[("src", "javascript:alert(1)")]), BASE).is_none());
        let svg = format!("data:image/svg+xml,{}", "x".repeat(300));
        assert!(from_attrs(&attrs(&[("src", &svg)]), BASE).is_none());
        let png = format!("data:image/png;base64,{}", "A".repeat(300));
        assert!(from_attrs(&attrs(&[("src", &png)]), BASE).is_some());
        let deco = from_attrs(
            &attrs(&[("src", "a.png"), ("alt", "x"), ("role", "presentation")]),
            BASE,
        );
        assert_eq!(deco.unwrap().alt, "");
    }

    #[test]
    fn noscript_copy_is_read() {
        let imgs = from_noscript(
            "\n<img src=\"/full.jpg\" alt=\"Full\" width=\"640px\">\n",
            BASE,
        );
        assert_eq!(imgs.len(), 1);
        assert_eq!(imgs[0].src, "https://ex.org/full.jpg");
        assert_eq!(imgs[0].width, Some(640));
    }
}
