//! Reads rendered HTML back and checks every tag and attribute is one the renderer may emit.
//! Used by the unit tests, the hostile-input tests and the fuzz targets.

use crate::article::markup::{tokens, Token};
use crate::article::url::scheme;
use crate::article::{embed, math};

const TAGS: &[&str] = &[
    "article",
    "div",
    "p",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "figure",
    "figcaption",
    "img",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "br",
    "a",
    "em",
    "strong",
    "sup",
    "sub",
    "span",
];

fn attr_ok(tag: &str, k: &str, v: &str) -> bool {
    match (tag, k) {
        (_, "lang") => v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
        (_, "dir") => matches!(v, "ltr" | "rtl" | "auto"),
        ("a", "href") => {
            v.starts_with('#') || matches!(scheme(v).as_deref(), Some("http" | "https" | "mailto"))
        }
        ("a", "rel") => v == "noopener noreferrer",
        ("img", "src") => {
            matches!(scheme(v).as_deref(), Some("http" | "https"))
                || (v.starts_with("data:image/") && !v.starts_with("data:image/svg"))
        }
        ("img", "alt" | "width" | "height") => true,
        ("img", "loading") => v == "lazy",
        // A video placeholder (see `article::embed`): the player address a reader may frame on
        // request, on a known player host only, and the provider's name.
        ("figure", "data-embed") => embed::player_allowed(v),
        ("figure", "data-provider") => embed::provider_known(v),
        ("code", "class") => v.starts_with("language-"),
        ("span", "class") => v == "visually-hidden",
        ("span", "id") => true,
        ("span", "aria-hidden") => v == "true",
        ("th", "scope") => matches!(v, "col" | "row" | "colgroup" | "rowgroup"),
        ("th" | "td", "colspan" | "rowspan") => v.parse::<u32>().is_ok(),
        _ => false,
    }
}

/// Every tag or attribute in `html` that Lectern's HTML renderer never emits, as readable
/// strings; empty for any [`to_html`](crate::to_html) output.
pub fn violations(html: &str) -> Vec<String> {
    let mut bad = Vec::new();
    let mut in_math = 0usize;
    for t in tokens(html) {
        match t {
            Token::Start {
                name,
                attrs,
                self_closing,
            } => {
                let is_math = name == "math" || in_math > 0;
                if name == "math" && !self_closing {
                    in_math += 1;
                }
                let tag_ok = if is_math {
                    math::element_allowed(&name)
                } else {
                    TAGS.contains(&name.as_str())
                };
                if !tag_ok {
                    bad.push(format!("tag <{name}>"));
                }
                for (k, v) in attrs {
                    let ok = if is_math {
                        math::attribute_allowed(&name, &k, &v) || (name == "math" && k == "xmlns")
                    } else {
                        attr_ok(&name, &k, &v)
                    };
                    if !ok {
                        bad.push(format!("<{name} {k}=\"{v}\">"));
                    }
                }
            }
            Token::End(name) if name == "math" => in_math = in_math.saturating_sub(1),
            _ => {}
        }
    }
    bad
}
