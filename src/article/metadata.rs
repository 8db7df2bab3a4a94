//! Page metadata: title, authors, dates, site, language and direction, excerpt, lead image.
//!
//! Sources, best first: JSON-LD (what publishers fill for search engines), Open Graph / Twitter
//! meta tags (what they fill for sharing), other meta conventions, then the markup itself.

use super::build::has_class;
use super::images;
use super::json::{parse_all, Json};
use super::text::squash;
use super::url::{host, resolve};
use crate::snapshot::{NodeId, NodeKind, Snapshot};

/// Separators sites put between the article title and the site name in `<title>`.
const TITLE_SEPARATORS: &[&str] = &[
    " | ", " - ", " – ", " — ", " :: ", " / ", " · ", " • ", " » ",
];
/// Meta keys for the publication date, best first (Open Graph, Dublin Core, CMS conventions).
const PUBLISHED_KEYS: &[&str] = &[
    "article:published_time",
    "og:published_time",
    "datepublished",
    "dc.date.issued",
    "dcterms.issued",
    "dc.date",
    "dcterms.date",
    "dcterms.created",
    "date",
    "publish-date",
    "publishdate",
    "pubdate",
    "sailthru.date",
    "parsely-pub-date",
    "article.published",
    "citation_publication_date",
    "citation_date",
];
/// Meta keys for the last modification date.
const MODIFIED_KEYS: &[&str] = &[
    "article:modified_time",
    "og:updated_time",
    "datemodified",
    "dc.date.modified",
    "dcterms.modified",
    "last-modified",
    "article.updated",
];
/// Meta keys naming authors (a URL value, as `article:author` often has, is ignored).
const AUTHOR_KEYS: &[&str] = &[
    "author",
    "article:author",
    "dc.creator",
    "dcterms.creator",
    "parsely-author",
    "sailthru.author",
    "citation_author",
    "byl",
];
/// Class names of byline elements (WordPress, common news templates).
const BYLINE_CLASSES: &[&str] = &[
    "byline",
    "author",
    "author-name",
    "authors",
    "article-author",
    "post-author",
    "entry-author",
    "byline__name",
    "byline-name",
    "c-byline__author",
    "author_name",
    "writer",
];
/// A byline longer than this is a paragraph, not a name list.
const MAX_BYLINE_CHARS: usize = 120;
/// Excerpts from the first paragraph are cut near this length (two lines in a link preview).
const EXCERPT_CHARS: usize = 300;

/// What the page says about itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Metadata {
    pub title: Option<String>,
    pub authors: Vec<String>,
    pub published: Option<String>,
    pub modified: Option<String>,
    pub site_name: Option<String>,
    pub lang: Option<String>,
    pub dir: Option<String>,
    pub excerpt: Option<String>,
    pub lead_image: Option<String>,
    /// Absolute base for relative URLs: `<base href>` against the page URL.
    pub base: Option<String>,
}

/// Everything read once from the page head.
struct Sources<'a> {
    snap: &'a Snapshot,
    /// `(key, content)` of every `meta`; key is `property`, `name`, `itemprop` or `http-equiv`, lowercase.
    metas: Vec<(String, String)>,
    /// JSON-LD objects, `@graph` members flattened.
    ld: Vec<Json>,
}

impl Sources<'_> {
    fn meta(&self, key: &str) -> Option<String> {
        self.metas
            .iter()
            .find(|(k, v)| k == key && !v.trim().is_empty())
            .map(|(_, v)| squash(v))
    }

    fn first_meta(&self, keys: &[&str]) -> Option<String> {
        keys.iter().find_map(|k| self.meta(k))
    }

    /// The JSON-LD object describing the article (a `*Article`/`*Posting` type, else one with a headline).
    fn article(&self) -> Option<&Json> {
        let is_article = |j: &&Json| {
            j.get("@type").is_some_and(|t| {
                t.items().iter().filter_map(|t| t.as_str()).any(|t| {
                    t.ends_with("Article")
                        || t.ends_with("Posting")
                        || t == "Report"
                        || t == "Recipe"
                })
            })
        };
        self.ld
            .iter()
            .find(is_article)
            .or_else(|| self.ld.iter().find(|j| j.get("headline").is_some()))
    }

    /// Follows `{"@id": ...}` references inside the graph.
    fn deref<'j>(&'j self, j: &'j Json) -> &'j Json {
        match (j.get("@id").and_then(Json::as_str), j.get("name")) {
            (Some(id), None) => self
                .ld
                .iter()
                .find(|n| {
                    n.get("@id").and_then(Json::as_str) == Some(id) && n.get("name").is_some()
                })
                .unwrap_or(j),
            _ => j,
        }
    }

    fn name_of(&self, j: &Json) -> Option<String> {
        match self.deref(j) {
            Json::Str(s) => Some(squash(s)),
            o => o.get("name").and_then(Json::as_str).map(squash),
        }
        .filter(|s| !s.is_empty())
    }

    fn ld_str(&self, key: &str) -> Option<String> {
        self.article()?
            .get(key)?
            .items()
            .into_iter()
            .find_map(|v| v.as_str().map(squash))
            .filter(|s| !s.is_empty())
    }
}

/// Reads the page metadata. `roots` are the content roots (for `dir`, bylines and dates near the
/// content); `page_url` is used when the snapshot carries none.
pub(crate) fn read(snap: &Snapshot, roots: &[NodeId], page_url: Option<&str>) -> Metadata {
    let src = collect(snap);
    let page = snap.url.as_deref().or(page_url);
    let base = snap
        .descendants(NodeId::ROOT)
        .find(|&d| snap.node(d).is("base") && snap.node(d).attr("href").is_some())
        .and_then(|d| snap.node(d).attr("href"))
        .and_then(|h| resolve(page, h))
        .or_else(|| page.and_then(|p| resolve(None, p)));
    let site_name = site_name(&src);
    let title = title(&src, site_name.as_deref(), page, roots);
    Metadata {
        authors: authors(&src, roots),
        published: ld_or_meta(&src, "datePublished", PUBLISHED_KEYS)
            .or_else(|| time_datetime(snap, roots)),
        modified: ld_or_meta(&src, "dateModified", MODIFIED_KEYS),
        lang: lang(&src),
        dir: dir(snap, roots),
        excerpt: src
            .first_meta(&["description", "og:description", "twitter:description"])
            .or_else(|| src.ld_str("description")),
        lead_image: lead_image(&src, base.as_deref()),
        title,
        site_name,
        base,
    }
}

fn collect(snap: &Snapshot) -> Sources<'_> {
    let mut metas = Vec::new();
    let mut ld = Vec::new();
    for d in snap.descendants(NodeId::ROOT) {
        let n = snap.node(d);
        if n.is("meta") {
            let key = ["property", "name", "itemprop", "http-equiv"]
                .iter()
                .find_map(|k| n.attr(k));
            if let (Some(k), Some(v)) = (key, n.attr("content")) {
                metas.push((k.trim().to_ascii_lowercase(), v.to_string()));
            }
        } else if n.is("script")
            && n.attr("type")
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
        {
            for v in parse_all(&snap.text_of(d)) {
                flatten_ld(v, &mut ld, 0);
            }
        }
    }
    Sources { snap, metas, ld }
}

/// Arrays and `@graph` containers become a flat list of objects.
fn flatten_ld(v: Json, out: &mut Vec<Json>, depth: usize) {
    if depth > 4 {
        return;
    }
    match v {
        Json::Arr(items) => items
            .into_iter()
            .for_each(|i| flatten_ld(i, out, depth + 1)),
        Json::Obj(_) => {
            if let Some(Json::Arr(g)) = v.get("@graph").cloned() {
                g.into_iter().for_each(|i| flatten_ld(i, out, depth + 1));
            }
            out.push(v);
        }
        _ => {}
    }
}

fn site_name(src: &Sources<'_>) -> Option<String> {
    src.meta("og:site_name")
        .or_else(|| {
            src.article()
                .and_then(|a| a.get("publisher"))
                .and_then(|p| src.name_of(p))
        })
        .or_else(|| {
            src.ld
                .iter()
                .find(|j| j.get("@type").and_then(Json::as_str) == Some("WebSite"))
                .and_then(|w| src.name_of(w))
        })
        .or_else(|| src.meta("application-name"))
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Does the title part `part` name the site? Equal, or the site name (or domain label) inside a
/// short part ("Example.com" for "Example").
fn names_site(part: &str, sites: &[String]) -> bool {
    let p = norm(part);
    !p.is_empty()
        && sites.iter().any(|s| {
            !s.is_empty() && (p == *s || (p.contains(s.as_str()) && p.len() <= s.len() + 8))
        })
}

/// Removes a site prefix or suffix from a title, when the other side names the site or is the h1.
fn strip_site(raw: &str, sites: &[String], h1s: &[String]) -> String {
    let is_h1 = |s: &str| h1s.iter().any(|h| norm(h) == norm(s));
    for sep in TITLE_SEPARATORS {
        for (pos, _) in raw.match_indices(sep) {
            let (left, right) = (raw[..pos].trim(), raw[pos + sep.len()..].trim());
            if is_h1(left) {
                return left.to_string();
            }
            if is_h1(right) {
                return right.to_string();
            }
        }
    }
    for sep in TITLE_SEPARATORS {
        if let Some(pos) = raw.rfind(sep) {
            let (left, right) = (raw[..pos].trim(), raw[pos + sep.len()..].trim());
            if names_site(right, sites) && !left.is_empty() {
                return left.to_string();
            }
        }
        if let Some(pos) = raw.find(sep) {
            let (left, right) = (raw[..pos].trim(), raw[pos + sep.len()..].trim());
            if names_site(left, sites) && !right.is_empty() {
                return right.to_string();
            }
        }
    }
    raw.to_string()
}

fn title(
    src: &Sources<'_>,
    site: Option<&str>,
    page: Option<&str>,
    roots: &[NodeId],
) -> Option<String> {
    let snap = src.snap;
    let h1s = headings(snap, roots);
    let mut sites: Vec<String> = site.map(norm).into_iter().collect();
    if let Some(h) = page.and_then(host) {
        let labels: Vec<&str> = h.split('.').filter(|l| *l != "www").collect();
        // The registrable label: "example" in www.example.co.uk or example.com.
        let label = labels.iter().rev().find(|l| l.len() > 3).or(labels.first());
        sites.extend(label.map(|l| norm(l)));
        sites.push(norm(&h));
    }
    let head_title = snap
        .find_tag("title")
        .map(|t| squash(&snap.text_of(t)))
        .filter(|t| !t.is_empty());
    let candidates: Vec<String> = [
        src.ld_str("headline"),
        src.meta("og:title"),
        src.meta("twitter:title"),
        head_title,
        src.ld_str("name"),
    ]
    .into_iter()
    .flatten()
    .map(|c| strip_site(&c, &sites, &h1s))
    .filter(|c| !c.is_empty())
    .collect();
    let matching_h1 = h1s
        .iter()
        .find(|h| candidates.iter().any(|c| norm(c) == norm(h)));
    matching_h1
        .cloned()
        .or_else(|| candidates.into_iter().next())
        .or_else(|| h1s.into_iter().next())
}

/// `h1` texts, those inside the content first.
fn headings(snap: &Snapshot, roots: &[NodeId]) -> Vec<String> {
    let in_roots = roots
        .iter()
        .flat_map(|&r| std::iter::once(r).chain(snap.descendants(r)));
    in_roots
        .chain(snap.descendants(NodeId::ROOT))
        .filter(|&d| snap.node(d).is("h1"))
        .map(|d| squash(&snap.text_of(d)))
        .filter(|t| !t.is_empty())
        .take(8)
        .collect()
}

fn authors(src: &Sources<'_>, roots: &[NodeId]) -> Vec<String> {
    let from_ld: Vec<String> = src
        .article()
        .and_then(|a| a.get("author").or_else(|| a.get("creator")))
        .map(|a| {
            a.items()
                .into_iter()
                .filter_map(|j| src.name_of(j))
                .collect()
        })
        .unwrap_or_default();
    let from_meta = || {
        AUTHOR_KEYS
            .iter()
            .flat_map(|k| src.metas.iter().filter(move |(mk, _)| mk == k))
            .map(|(_, v)| v.clone())
            .filter(|v| !v.contains("://"))
            .collect::<Vec<_>>()
    };
    let mut raw = from_ld;
    if raw.is_empty() {
        raw = from_meta();
    }
    if raw.is_empty() {
        raw = byline_elements(src.snap, roots);
    }
    let mut out: Vec<String> = Vec::new();
    for r in raw {
        for name in split_names(&clean_byline(&r)) {
            if !out.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
                out.push(name);
            }
        }
    }
    out
}

/// Texts of `rel=author` links, `itemprop=author` and byline-class elements, content first.
fn byline_elements(snap: &Snapshot, roots: &[NodeId]) -> Vec<String> {
    let in_roots = roots
        .iter()
        .flat_map(|&r| std::iter::once(r).chain(snap.descendants(r)));
    let all = in_roots.chain(snap.descendants(NodeId::ROOT));
    let mut found = Vec::new();
    for d in all {
        let n = snap.node(d);
        if n.kind != NodeKind::Element {
            continue;
        }
        let rel_author = n
            .attr("rel")
            .is_some_and(|r| r.split_ascii_whitespace().any(|t| t == "author"));
        let itemprop = n
            .attr("itemprop")
            .is_some_and(|r| r.split_ascii_whitespace().any(|t| t == "author"));
        if !(rel_author || itemprop || has_class(n, BYLINE_CLASSES)) {
            continue;
        }
        let name_child = snap
            .descendants(d)
            .find(|&c| snap.node(c).attr("itemprop") == Some("name"));
        let text = match name_child {
            Some(c) => snap
                .node(c)
                .attr("content")
                .map(str::to_string)
                .unwrap_or_else(|| snap.text_of(c)),
            None => n
                .attr("content")
                .map(str::to_string)
                .unwrap_or_else(|| snap.text_of(d)),
        };
        let text = squash(&text);
        if !text.is_empty() && text.chars().count() <= MAX_BYLINE_CHARS {
            found.push(text);
            if rel_author || itemprop {
                continue;
            }
            // A byline block: the names are all in it; stop at the first.
            break;
        }
    }
    found.truncate(8);
    found
}

/// Strips "By " and trailing date/role noise from a byline.
fn clean_byline(s: &str) -> String {
    let mut s = squash(s);
    for cut in [
        " | ",
        " • ",
        " · ",
        "\n",
        " on ",
        " Updated ",
        " Published ",
        " - ",
    ] {
        if let Some(p) = s.find(cut) {
            if p > 0 {
                s.truncate(p);
            }
        }
    }
    let lower = s.to_lowercase();
    for prefix in ["written by", "posted by", "by", "von", "par", "por"] {
        let rest = lower.strip_prefix(prefix);
        if rest.is_some_and(|r| r.starts_with([' ', ':'])) {
            s = s[prefix.len()..].trim_start_matches([' ', ':']).to_string();
            break;
        }
    }
    s.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '|'))
        .to_string()
}

/// Splits "A, B and C" into names; a comma split only when every part looks like a full name
/// (so "Smith, John" stays one).
fn split_names(s: &str) -> Vec<String> {
    let mut parts: Vec<String> = vec![s.to_string()];
    for sep in [";", " and ", " & ", " und ", " et ", " y "] {
        parts = parts
            .iter()
            .flat_map(|p| p.split(sep).map(str::to_string).collect::<Vec<_>>())
            .collect();
    }
    let comma: Vec<Vec<String>> = parts
        .iter()
        .map(|p| p.split(',').map(|x| x.trim().to_string()).collect())
        .collect();
    if comma
        .iter()
        .flatten()
        .all(|p| p.split_whitespace().count() >= 2)
    {
        parts = comma.into_iter().flatten().collect();
    }
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty() && p.chars().count() <= 80 && !p.contains("://"))
        .collect()
}

fn ld_or_meta(src: &Sources<'_>, ld_key: &str, keys: &[&str]) -> Option<String> {
    src.ld_str(ld_key).or_else(|| src.first_meta(keys))
}

/// `<time datetime>`: one marked as the publication date, else the first in the content.
fn time_datetime(snap: &Snapshot, roots: &[NodeId]) -> Option<String> {
    let times: Vec<NodeId> = snap
        .descendants(NodeId::ROOT)
        .filter(|&d| snap.node(d).is("time") && snap.node(d).attr("datetime").is_some())
        .collect();
    let marked = times.iter().find(|&&t| {
        let n = snap.node(t);
        n.attr("pubdate").is_some() || n.attr("itemprop") == Some("datePublished")
    });
    let in_content = times.iter().find(|&&t| {
        let mut cur = Some(t);
        while let Some(c) = cur {
            if roots.contains(&c) {
                return true;
            }
            cur = snap.node(c).parent;
        }
        false
    });
    marked
        .or(in_content)
        .or(times.first())
        .and_then(|&t| snap.node(t).attr("datetime"))
        .map(squash)
        .filter(|s| !s.is_empty())
}

fn lang(src: &Sources<'_>) -> Option<String> {
    let snap = src.snap;
    let html_lang = ["html", "body"]
        .iter()
        .filter_map(|t| snap.find_tag(t))
        .find_map(|h| snap.node(h).attr("lang").or(snap.node(h).attr("xml:lang")))
        .map(squash);
    html_lang
        .filter(|l| !l.is_empty())
        .or_else(|| {
            src.meta("content-language")
                .map(|l| l.split(',').next().unwrap_or("").trim().to_string())
        })
        .or_else(|| src.meta("og:locale").map(|l| l.replace('_', "-")))
        .or_else(|| src.ld_str("inLanguage"))
        .filter(|l| !l.is_empty())
}

/// Direction of the content: computed `direction` of the first root when captured with layout,
/// else the nearest `dir` attribute on the root or its ancestors (up to `html`).
fn dir(snap: &Snapshot, roots: &[NodeId]) -> Option<String> {
    let first = roots.first().copied();
    if let Some(l) = first.and_then(|r| snap.node(r).layout.as_ref()) {
        if matches!(l.direction.as_str(), "ltr" | "rtl") {
            return Some(l.direction.clone());
        }
    }
    let mut cur = first.or_else(|| snap.find_tag("body"));
    while let Some(c) = cur {
        if let Some(d) = snap
            .node(c)
            .attr("dir")
            .map(|d| d.trim().to_ascii_lowercase())
        {
            if d == "ltr" || d == "rtl" {
                return Some(d);
            }
        }
        cur = snap.node(c).parent;
    }
    None
}

fn lead_image(src: &Sources<'_>, base: Option<&str>) -> Option<String> {
    let og = src.first_meta(&["og:image:secure_url", "og:image:url", "og:image"]);
    let ld = src.article().and_then(|a| a.get("image")).and_then(|i| {
        i.items().into_iter().find_map(|v| match v {
            Json::Str(s) => Some(s.clone()),
            o => o.get("url").and_then(Json::as_str).map(str::to_string),
        })
    });
    let tw = src.first_meta(&["twitter:image", "twitter:image:src"]);
    [og, ld, tw]
        .into_iter()
        .flatten()
        .find_map(|u| images::allowed(&u, base).filter(|u| !u.starts_with("data:")))
}

/// A short excerpt from the first paragraph text: cut at a word boundary near [`EXCERPT_CHARS`].
pub(crate) fn excerpt_from(text: &str) -> Option<String> {
    let t = squash(text);
    if t.is_empty() {
        return None;
    }
    if t.chars().count() <= EXCERPT_CHARS {
        return Some(t);
    }
    let cut: String = t.chars().take(EXCERPT_CHARS).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    Some(format!("{}…", cut[..at].trim_end()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "metadata_tests.rs"]
mod tests;
