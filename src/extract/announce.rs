//! Lists a sentence announces: "The following options are available:" then a `ul`/`ol`.
//!
//! Why: documentation (MDN, the Python and PostgreSQL manuals, Redis, Django, Sphinx and
//! Asciidoctor sites) introduces its lists of options, steps and further-reading links with a
//! prose line ending in a colon; those lists are link-dense or short-itemed and read as menus
//! to link density and seed 001's link-list rule, yet they are the text the sentence promised.
//! A site menu has no such sentence; one inside a `nav`/`header`/`footer`/`aside` landmark is
//! labelled noise before anything asks (the noise stage labels whole subtrees).

use crate::extract::blocks::Features;
use crate::rules::{self, limits};
use crate::snapshot::{NodeId, NodeKind, Side, Snapshot};

/// The element before `id` among its siblings, skipping blank text; `None` when `id` comes
/// first or text stands between them.
fn previous_element(snap: &Snapshot, id: NodeId) -> Option<NodeId> {
    let parent = snap.node(snap.node(id).parent?);
    let at = parent.children.iter().position(|&c| c == id)?;
    for &c in parent.children[..at].iter().rev() {
        let n = snap.node(c);
        match n.kind {
            NodeKind::Element => return Some(c),
            NodeKind::Text if !n.text.trim().is_empty() => return None,
            _ => {}
        }
    }
    None
}

/// The last element child of `id`, if any.
fn last_element(snap: &Snapshot, id: NodeId) -> Option<NodeId> {
    let node = snap.node(id);
    let children = node.children.iter().rev();
    children
        .copied()
        .find(|&c| snap.node(c).kind == NodeKind::Element)
}

/// `list` (a `ul`/`ol`/`dl`) follows a paragraph announcing it: a `p` of a few words, mostly
/// not links, ending in a colon, or a heading or `p` titling it as further reading
/// (`rules::ANNOUNCING_TITLES`: MDN's "See also" section, Sphinx's `seealso` admonition). The list may sit alone in a wrapper (Asciidoctor's
/// `div.ulist`), the paragraph at the end of one (`div.paragraph > p`).
pub(crate) fn announced(snap: &Snapshot, f: &Features, list: NodeId) -> bool {
    let mut at = list;
    let mut before = previous_element(snap, at);
    for _ in 0..limits::ANNOUNCE_LEVELS {
        if before.is_some() {
            break;
        }
        let Some(p) = snap.node(at).parent else {
            return false;
        };
        if last_element(snap, p) != Some(at) || f.text_len[p.index()] != f.text_len[at.index()] {
            return false;
        }
        at = p;
        before = previous_element(snap, at);
    }
    let Some(mut para) = before else {
        return false;
    };
    let titles = |n: NodeId| snap.node(n).is("p") || rules::is_heading(snap.node(n).tag.as_str());
    for _ in 0..limits::ANNOUNCE_LEVELS {
        if titles(para) {
            break;
        }
        match last_element(snap, para) {
            Some(c) => para = c,
            None => return false,
        }
    }
    let i = para.index();
    if !titles(para) {
        return false;
    }
    let text = snap.text_of(para);
    if f.text_len[i] <= limits::ANNOUNCE_TITLE_MAX_CHARS
        && rules::ANNOUNCING_TITLES.contains(&rules::tail::marker_key(&text).as_str())
    {
        return true;
    }
    if !snap.node(para).is("p")
        || f.own_words[i] < limits::ANNOUNCE_MIN_WORDS
        || f.link_len[i] * 2 > f.text_len[i]
    {
        return false;
    }
    matches!(text.trim_end().chars().next_back(), Some(':' | '：'))
}

/// `out[id]`: `id` is in a list that a paragraph announces ([`announced`]), under `roots`;
/// empty when no list is.
pub(crate) fn announced_lists(snap: &Snapshot, f: &Features, roots: &[NodeId]) -> Side<bool> {
    let mut out = Side(Vec::new());
    for &r in roots {
        for &id in f.subtree(r) {
            let n = snap.node(id);
            if !(n.is("ul") || n.is("ol") || n.is("dl")) || !announced(snap, f, id) {
                continue;
            }
            out.0.resize(snap.len(), false);
            for &d in f.subtree(id) {
                out[d.index()] = true;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;

    /// `title` (tag, text) then a wrapper holding only a list of links: is the list announced?
    fn list_after(tag: &str, text: &str) -> bool {
        let mut b = Builder::new();
        let mut list = NodeId(0);
        b.el("section", &[], |b| {
            b.el(tag, &[], |b| {
                b.text(text);
            });
            b.el("div", &[("class", "section-content")], |b| {
                list = b.el("ul", &[], |b| {
                    for name in ["Promise()", "Using promises"] {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "/docs/x")], |b| {
                                b.text(name);
                            });
                        });
                    }
                });
            });
        });
        let s = b.finish();
        announced(&s, &crate::extract::blocks::compute(&s), list)
    }

    #[test]
    fn a_colon_sentence_or_a_see_also_title_announces_a_list() {
        assert!(list_after(
            "p",
            "Redis implements the following data types:"
        ));
        assert!(list_after("h2", "See also"));
        assert!(list_after("p", "See also:"));
        assert!(!list_after("h2", "Related posts"));
        assert!(!list_after("h2", "The following data types:"));
        assert!(!list_after("p", "Tags:"));
        assert!(!list_after(
            "p",
            "Redis implements the following data types."
        ));
    }
}
