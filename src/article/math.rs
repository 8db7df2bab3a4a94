//! Math: MathML kept as (allowlisted) markup; KaTeX and MathJax reduced to their MathML, or to
//! their TeX source when the page has no MathML.

use super::markup::{escape, tokens, Token};
use crate::snapshot::{Namespace, NodeId, NodeKind, Snapshot};

/// Presentation MathML elements plus `semantics`/`annotation` (which carry the TeX source).
/// `annotation-xml` is left out: it may embed HTML or SVG.
const ELEMENTS: &str = words![
    "math",
    "mi",
    "mn",
    "mo",
    "ms",
    "mspace",
    "mtext",
    "mrow",
    "mfrac",
    "msqrt",
    "mroot",
    "mstyle",
    "merror",
    "mpadded",
    "mphantom",
    "mfenced",
    "menclose",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mmultiscripts",
    "mprescripts",
    "none",
    "mtable",
    "mtr",
    "mtd",
    "mlabeledtr",
    "semantics",
    "annotation",
];

/// Presentation attributes; nothing that loads, links or scripts (`href`, `src`, `on*`, `style`).
const ATTRIBUTES: &str = words![
    "display",
    "mathvariant",
    "mathsize",
    "displaystyle",
    "scriptlevel",
    "fence",
    "separator",
    "stretchy",
    "symmetric",
    "largeop",
    "movablelimits",
    "accent",
    "accentunder",
    "lspace",
    "rspace",
    "minsize",
    "maxsize",
    "linethickness",
    "columnalign",
    "rowalign",
    "columnspan",
    "rowspan",
    "columnlines",
    "rowlines",
    "columnspacing",
    "rowspacing",
    "frame",
    "notation",
    "open",
    "close",
    "separators",
    "width",
    "height",
    "depth",
    "voffset",
    "encoding",
    "dir",
    "bevelled",
    "form",
    "align",
];

/// Deepest MathML nesting kept (real formulas stay under 30).
const MAX_DEPTH: usize = 128;

pub(crate) fn element_allowed(name: &str) -> bool {
    crate::rules::table_has(ELEMENTS, name)
}

pub(crate) fn attribute_allowed(element: &str, name: &str, value: &str) -> bool {
    if !crate::rules::table_has(ATTRIBUTES, name) {
        return false;
    }
    // Only TeX annotations: other encodings may hold markup the allowlist does not cover.
    element != "annotation" || name != "encoding" || is_tex_encoding(value)
}

fn is_tex_encoding(v: &str) -> bool {
    v.eq_ignore_ascii_case("application/x-tex") || v.eq_ignore_ascii_case("TeX")
}

/// Serialises the `math` element `id` with the allowlist; unknown elements are replaced by their
/// text content, unknown attributes dropped. `display` is forced to `block` or `inline`.
pub(crate) fn serialize(snap: &Snapshot, id: NodeId, block: bool) -> String {
    let mut out = String::new();
    let display = if block { "block" } else { "inline" };
    out.push_str(&format!(
        "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"{display}\">"
    ));
    for &c in &snap.node(id).children {
        write_node(snap, c, 1, &mut out);
    }
    out.push_str("</math>");
    out
}

fn write_node(snap: &Snapshot, id: NodeId, depth: usize, out: &mut String) {
    let n = snap.node(id);
    match n.kind {
        NodeKind::Text => out.push_str(&escape(&n.text)),
        NodeKind::Element if depth < MAX_DEPTH => {
            let ok = element_allowed(&n.tag)
                && (n.ns == Namespace::Math || n.ns == Namespace::Html)
                && (n.tag != "annotation" || n.attr("encoding").is_some_and(is_tex_encoding));
            if !ok {
                if n.tag != "annotation" && n.tag != "annotation-xml" {
                    out.push_str(&escape(&snap.text_of(id)));
                }
                return;
            }
            out.push('<');
            out.push_str(&n.tag);
            for (k, v) in &n.attrs {
                if attribute_allowed(&n.tag, k, v) {
                    out.push_str(&format!(" {k}=\"{}\"", escape(v)));
                }
            }
            out.push('>');
            for &c in &n.children {
                write_node(snap, c, depth + 1, out);
            }
            out.push_str(&format!("</{}>", n.tag));
        }
        _ => {}
    }
}

/// MathML for a TeX source when the page has no MathML: converted by [`super::tex`] for the common
/// subset (unknown commands stay as `mtext`), and the source kept as an annotation so a math
/// renderer (or a reader copying it) gets it.
pub(crate) fn from_tex(tex: &str, block: bool) -> String {
    let display = if block { "block" } else { "inline" };
    let t = escape(tex.trim());
    let body = Some(super::tex::to_mathml(tex.trim()))
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| "<mrow></mrow>".into());
    format!(
        "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"{display}\"><semantics>{body}<annotation encoding=\"application/x-tex\">{t}</annotation></semantics></math>"
    )
}

/// Re-checks MathML markup against the allowlist (the renderer never trusts stored strings).
pub(crate) fn sanitize(mathml: &str) -> String {
    let mut out = String::new();
    let mut open: Vec<String> = Vec::new();
    let mut skip_depth = 0usize;
    for t in tokens(mathml) {
        match t {
            Token::Start {
                name,
                attrs,
                self_closing,
            } => {
                let ok = element_allowed(&name)
                    && (name != "annotation"
                        || attrs
                            .iter()
                            .any(|(k, v)| k == "encoding" && is_tex_encoding(v)));
                if skip_depth > 0 {
                    skip_depth += usize::from(!self_closing);
                    continue;
                }
                if !ok {
                    // Foreign annotations hold markup: skip their whole content.
                    let foreign = name == "annotation" || name == "annotation-xml";
                    if foreign && !self_closing {
                        skip_depth = 1;
                    }
                    continue;
                }
                out.push('<');
                out.push_str(&name);
                if name == "math" {
                    out.push_str(" xmlns=\"http://www.w3.org/1998/Math/MathML\"");
                }
                for (k, v) in attrs.iter().filter(|(k, v)| attribute_allowed(&name, k, v)) {
                    out.push_str(&format!(" {k}=\"{}\"", escape(v)));
                }
                if self_closing {
                    out.push_str(&format!("></{name}>"));
                } else {
                    out.push('>');
                    open.push(name);
                }
            }
            Token::End(name) => {
                if skip_depth > 0 {
                    skip_depth -= 1;
                } else if open.last() == Some(&name) {
                    open.pop();
                    out.push_str(&format!("</{name}>"));
                }
            }
            Token::Text(t) if skip_depth == 0 => {
                out.push_str(&escape(&super::markup::decode_entities(&t)));
            }
            Token::Text(_) => {}
        }
    }
    while let Some(name) = open.pop() {
        out.push_str(&format!("</{name}>"));
    }
    out
}

/// The TeX source in a MathML string, if it carries one.
pub(crate) fn tex(mathml: &str) -> Option<String> {
    let mut in_tex = false;
    let mut out = String::new();
    for t in tokens(mathml) {
        match t {
            Token::Start { name, attrs, .. } if name == "annotation" => {
                in_tex = attrs
                    .iter()
                    .any(|(k, v)| k == "encoding" && is_tex_encoding(v));
            }
            Token::End(name) if name == "annotation" && in_tex => {
                return Some(out.trim().to_string());
            }
            Token::Text(t) if in_tex => out.push_str(&super::markup::decode_entities(&t)),
            _ => {}
        }
    }
    None
}

/// Readable text of MathML: the TeX source if present, else the token text.
pub(crate) fn plain(mathml: &str) -> String {
    if let Some(t) = tex(mathml) {
        return t;
    }
    tokens(mathml)
        .into_iter()
        .filter_map(|t| match t {
            Token::Text(t) => Some(super::markup::decode_entities(&t)),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;

    #[test]
    fn serializes_with_allowlist() {
        let mut b = Builder::new();
        let m = b.el("math", &[("onclick", "x"), ("display", "block")], |b| {
            b.el(
                "mi",
                &[("href", "javascript:x"), ("mathvariant", "bold")],
                |b| {
                    b.text("x<");
                },
            );
            b.el("annotation-xml", &[], |b| {
                b.el("div", &[], |b| {
                    b.text("evil");
                });
            });
        });
        let mut s = b.finish();
        for n in &mut s.nodes {
            if n.tag.starts_with('m') || n.tag.starts_with('a') {
                n.ns = Namespace::Math;
            }
        }
        let out = serialize(&s, m, true);
        assert_eq!(
            out,
            "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\"><mi mathvariant=\"bold\">x&lt;</mi></math>"
        );
        assert_eq!(sanitize(&out), out);
    }

    #[test]
    fn sanitize_strips_foreign_markup_and_tex_roundtrips() {
        let dirty = "<math><mi onclick=\"x\" style=\"a\">a</mi><script>alert(1)</script><annotation encoding=\"text/html\"><b>x</b></annotation></math>";
        assert_eq!(
            sanitize(dirty),
            "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>a</mi>alert(1)</math>"
        );
        let m = from_tex("\\frac{a}{b} < c", true);
        assert_eq!(tex(&m).as_deref(), Some("\\frac{a}{b} < c"));
        assert_eq!(plain(&m), "\\frac{a}{b} < c");
    }
}
