//! Page metadata: title, authors, dates, site, language and direction, excerpt, lead image.
//!
//! Sources, best first: JSON-LD (what publishers fill for search engines), Open Graph / Twitter
//! meta tags (what they fill for sharing), other meta conventions, then the markup itself.

use super::build::has_class;
use super::dates;
use super::images;
use super::json::{parse_all, Json};
use super::text::squash;
use super::url::{host, resolve};
use crate::snapshot::{NodeId, NodeKind, Snapshot};

/// Separators sites put between the article title and the site name in `<title>`.
const TITLE_SEPARATORS: &[&str] = &[
    " | ", " - ", " – ", " — ", " :: ", " / ", " · ", " • ", " » ",
];
/// Meta keys for the title, best first (Dublin Core is the most deliberate; Parse.ly last).
const TITLE_KEYS: &[&str] = &[
    "dc.title",
    "dcterms.title",
    "og:title",
    "twitter:title",
    "parsely-title",
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
    "dc.creator",
    "dcterms.creator",
    "author",
    "article:author",
    // The same key with an `og:` prefix (BBC and others).
    "og:article:author",
    "parsely-author",
    "sailthru.author",
    "citation_author",
    "byl",
];
/// Class names of byline elements (WordPress, common news templates).
const BYLINE_CLASSES: &[u8] = prefixed![
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
/// Nodes (document order) within which several author elements still make one byline.
const BYLINE_SPREAD: usize = 40;
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
    /// `(key, content)` of every `meta`; key is `property`, `name`, `itemprop` or `http-equiv`,
    /// lowercase. Those keyed by `property` come first (see [`Sources::property_metas`]).
    metas: Vec<(String, String)>,
    /// How many leading `metas` are keyed by `property` (RDFa / Open Graph).
    property_metas: usize,
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
    let authors = authors(&src, roots);
    let title = title(&src, site_name.as_deref(), page, roots, &authors);
    Metadata {
        authors,
        published: ld_or_meta(&src, "datePublished", PUBLISHED_KEYS)
            .or_else(|| time_datetime(snap, roots))
            .or_else(|| visible_date(snap, roots)),
        modified: ld_or_meta(&src, "dateModified", MODIFIED_KEYS),
        lang: lang(&src),
        dir: dir(snap, roots),
        excerpt: src
            .first_meta(&DESCRIPTION_KEYS)
            .or_else(|| src.ld_str("description")),
        lead_image: lead_image(&src, base.as_deref()),
        title,
        site_name,
        base,
    }
}

/// Meta keys of the page's own summary, in order of preference (the excerpt and the
/// `select` stage's standfirst read the same ones).
const DESCRIPTION_KEYS: [&str; 3] = ["description", "og:description", "twitter:description"];

/// The page's own summary (`<meta name="description">` and its Open Graph / Twitter twins).
/// One plain walk over the metas: the `select` stage asks before the metadata is read, and a
/// second [`collect`] (JSON-LD parse included) would cost time and wasm size.
pub(crate) fn description(snap: &Snapshot) -> Option<String> {
    // The first non-empty meta of the best key found wins.
    let mut best: Option<(usize, &str)> = None;
    for d in snap.descendants(NodeId::ROOT) {
        let n = snap.node(d);
        let Some(v) = n
            .is("meta")
            .then(|| n.attr("content"))
            .flatten()
            .filter(|v| !v.trim().is_empty())
        else {
            continue;
        };
        let named = |k: &str| {
            ["name", "property"]
                .iter()
                .any(|a| n.attr(a).is_some_and(|x| x.eq_ignore_ascii_case(k)))
        };
        if let Some(rank) = DESCRIPTION_KEYS.iter().position(|k| named(k)) {
            if best.is_none_or(|(b, _)| rank < b) {
                best = Some((rank, v));
            }
            if rank == 0 {
                break;
            }
        }
    }
    best.map(|(_, v)| squash(v))
}

fn collect(snap: &Snapshot) -> Sources<'_> {
    let mut metas = Vec::new();
    let mut other_metas = Vec::new();
    let mut ld = Vec::new();
    for d in snap.descendants(NodeId::ROOT) {
        let n = snap.node(d);
        if n.is("meta") {
            let key = ["property", "name", "itemprop", "http-equiv"]
                .iter()
                .find_map(|k| n.attr(k).map(|v| (*k, v)));
            if let (Some((attr, k)), Some(v)) = (key, n.attr("content")) {
                // Why property first: a page that states a key both as RDFa `property` and as
                // `name` (`dc:creator` and `DC.creator`) means the `property` one; the other is
                // a legacy copy that may spell the value differently.
                let into = if attr == "property" {
                    &mut metas
                } else {
                    &mut other_metas
                };
                // `property="og:title twitter:title"` names several keys at once.
                for k in k.split_ascii_whitespace() {
                    into.push((meta_key(k), v.to_string()));
                }
            }
        } else if crate::classify::page_type::is_ld_json(n) {
            for v in parse_all(&snap.text_of(d)) {
                flatten_ld(v, &mut ld, 0);
            }
        }
    }
    let property_metas = metas.len();
    metas.append(&mut other_metas);
    Sources {
        snap,
        metas,
        property_metas,
        ld,
    }
}

/// A meta key, lowercase, with the Dublin Core spellings (`dc:`, `dcterm:`, `dcterms:`) folded to
/// `dc.` and `dcterms.` so one table entry covers them all.
fn meta_key(k: &str) -> String {
    let k = k.trim().to_ascii_lowercase();
    for (from, to) in [
        ("dcterms:", "dcterms."),
        ("dcterm:", "dcterms."),
        ("dcterm.", "dcterms."),
        ("dc:", "dc."),
    ] {
        if let Some(rest) = k.strip_prefix(from) {
            return format!("{to}{rest}");
        }
    }
    k
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
        .flat_map(crate::lower_char)
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
/// `authors` (normalized) also name a suffix: a personal site is called after its author
/// ("Covering your code | Jane Doe").
fn strip_site(raw: &str, sites: &[String], h1s: &[String], authors: &[String]) -> String {
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
    if let Some((left, inner)) = bracket_suffix(raw) {
        if names_site(inner, sites) && !left.is_empty() {
            return left.to_string();
        }
    }
    for sep in TITLE_SEPARATORS {
        if let Some(pos) = raw.rfind(sep) {
            let (left, right) = (raw[..pos].trim(), raw[pos + sep.len()..].trim());
            let by_author = authors.iter().any(|a| *a == norm(right));
            if (names_site(right, sites) || by_author) && !left.is_empty() {
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

/// A trailing bracketed part of a title and what precedes it: "Story [Example Site]" →
/// ("Story", "Example Site").
fn bracket_suffix(t: &str) -> Option<(&str, &str)> {
    let inner = t.trim_end().strip_suffix(']')?;
    let at = inner.rfind(" [")?;
    Some((inner[..at].trim(), inner[at + 2..].trim()))
}

/// The last part of a head title across a separator (or in a trailing bracket) and its length
/// share: "Story about things :: Example ::" → "Example ::".
fn last_segment(t: &str) -> Option<&str> {
    let by_sep = TITLE_SEPARATORS
        .iter()
        .filter_map(|sep| t.rfind(sep).map(|p| &t[p + sep.len()..]))
        .min_by_key(|r| r.len());
    let by_bracket = bracket_suffix(t).map(|(_, inner)| inner);
    [by_sep, by_bracket]
        .into_iter()
        .flatten()
        .filter(|r| !norm(r).is_empty())
        .min_by_key(|r| r.len())
}

/// The site name an h1 outside the content shows as its logo: the h1 names the last segment of
/// the head title, and that segment is shorter than the title before it ("痞客邦 PIXNET" for
/// "A trip to the mountains :: 痞客邦 PIXNET ::", "Archive of Our Own beta" for "Chapter 1 |
/// Some Fandom [Archive of Our Own]"). Why: sites without `og:site_name` still close their head
/// title with their name and show it as the page's only `h1`; the headline is then not an h1.
fn logo_segment(head: &str, h1: &str) -> Option<String> {
    let seg = last_segment(head)?;
    let rest = head.len() - seg.len();
    (seg.chars().count() * 2 <= rest && names_site(h1, &[norm(seg)])).then(|| seg.to_string())
}

fn title(
    src: &Sources<'_>,
    site: Option<&str>,
    page: Option<&str>,
    roots: &[NodeId],
    authors: &[String],
) -> Option<String> {
    let snap = src.snap;
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
    let meta_title = src.first_meta(TITLE_KEYS);
    if let (Some(head), Some(meta)) = (&head_title, &meta_title) {
        sites.extend(site_part(head, meta).map(|p| norm(&p)));
    }
    // An h1 that is exactly the site's name is its logo, not this page's title ("Mozilla" on a
    // Mozilla page whose og:title is the product's headline; a blog's name above every post).
    let mut h1s: Vec<String> = Vec::new();
    let mut site_words: Vec<String> = site.map(title_words).unwrap_or_default();
    for (h, in_content) in headings(snap, roots) {
        let logo = (!in_content)
            .then(|| head_title.as_deref().and_then(|t| logo_segment(t, &h)))
            .flatten();
        if let Some(seg) = logo {
            site_words.extend(title_words(&seg));
            sites.push(norm(&seg));
        } else if !sites.contains(&norm(&h)) {
            h1s.push(h);
        }
    }
    let author_keys: Vec<String> = authors
        .iter()
        .filter(|a| a.split_whitespace().count() >= 2)
        .map(|a| norm(a))
        .collect();
    let ld_headline = src.ld_str("headline");
    let ld_name = src.ld_str("name");
    // Nothing but the head title names this page: its short last segment is the site's name.
    let head_only =
        h1s.is_empty() && meta_title.is_none() && ld_headline.is_none() && ld_name.is_none();
    let head_title = head_title.map(|t| match head_only {
        true => without_short_suffix(&t).to_string(),
        false => t,
    });
    let candidates: Vec<String> = [ld_headline, meta_title, head_title, ld_name]
        .into_iter()
        .flatten()
        // Decoded once more: WordPress and others escape `&` twice in head titles ("Q&#038;A").
        .map(|c| crate::article::markup::decode_entities(&c))
        .map(|c| strip_site(&c.replace('\u{a0}', " "), &sites, &h1s, &author_keys))
        .filter(|c| !c.is_empty())
        .collect();
    let candidates = untruncated(candidates);
    let matching_h1 = h1s
        .iter()
        .find(|h| candidates.iter().any(|c| norm(c) == norm(h)));
    // The visible headline beats the search-engine variant in the head, when it is clearly a title
    // of the same page (most of its words are in one of the head titles); a logo h1 is not.
    let main_h1 = h1s.first().filter(|h| {
        candidates
            .iter()
            .any(|c| shared_words(h, c, &site_words) >= H1_TITLE_OVERLAP)
    });
    matching_h1
        .or(main_h1)
        .cloned()
        .or_else(|| candidates.into_iter().next())
        .or_else(|| h1s.into_iter().next())
}

/// Most words of a head title's last segment that [`without_short_suffix`] takes for a site name.
const MAX_SUFFIX_WORDS: usize = 3;
/// Fewest words the rest of the head title keeps: shorter titles ("Plain Title - Subtitle") are
/// left whole, their last part may be half the headline.
const MIN_TITLE_WORDS: usize = 3;

/// A head title without its last segment across a title separator, when that segment is short
/// (≤ [`MAX_SUFFIX_WORDS`] words, at most half as long as the rest) and the rest has at least
/// [`MIN_TITLE_WORDS`] words: "Lorem ipsum dolor sit amet – My website" → "Lorem ipsum dolor sit
/// amet". Why: used only when the head title is the page's sole title source (no h1, no meta or
/// JSON-LD title); sites close `<title>` with their name, and with nothing to confirm it, a short
/// closing segment is far more often that name than a part of the headline.
fn without_short_suffix(t: &str) -> &str {
    let cut = TITLE_SEPARATORS
        .iter()
        .filter(|sep| **sep != " / ")
        .filter_map(|sep| t.rfind(sep).map(|p| (p, p + sep.len())))
        .max_by_key(|(p, _)| *p);
    let Some((at, after)) = cut else { return t };
    let (rest, seg) = (t[..at].trim(), t[after..].trim());
    let seg_words = seg.split_whitespace().count();
    let short = seg_words > 0 && seg_words <= MAX_SUFFIX_WORDS && seg.len() * 2 <= rest.len();
    match short && rest.split_whitespace().count() >= MIN_TITLE_WORDS {
        true => rest,
        false => t,
    }
}

/// A JSON-LD headline at least this long that is the start of another title candidate was cut
/// by its plugin (Yoast and others cut `headline` near 110 characters).
const TRUNCATED_HEADLINE_CHARS: usize = 100;

/// Candidates with a cut one replaced by the longer candidate it starts ("… Solutions
/// (Including" → "… Solutions (Including One Universal Trick That 9/10 Works)"). Why: search
/// engines once limited `headline` to 110 characters, and SEO plugins still cut it there,
/// mid-phrase; the meta and head titles keep the whole title.
fn untruncated(candidates: Vec<String>) -> Vec<String> {
    candidates
        .iter()
        .map(|c| {
            let long_enough = c.chars().count() >= TRUNCATED_HEADLINE_CHARS;
            let whole = candidates
                .iter()
                .find(|o| o.len() > c.len() && o.starts_with(c.trim_end()));
            match whole {
                Some(o) if long_enough => o.clone(),
                _ => c.clone(),
            }
        })
        .collect()
}

/// Most words a site name has: a longer part a head title adds to the meta title is a subtitle.
const MAX_SITE_WORDS: usize = 4;

/// What the head title adds to the meta title across a title separator: the site's name, when
/// short ("Silicon Exposed" for head "Silicon Exposed: Open Verilog flow" and og:title "Open
/// Verilog flow"). Why: pages without `og:site_name` still name themselves this way, and the
/// blog's name is often the page's only h1.
fn site_part(head: &str, meta: &str) -> Option<String> {
    let (head, meta) = (head.trim(), meta.trim());
    if meta.is_empty() || head == meta {
        return None;
    }
    let rest = if let Some(r) = head.strip_prefix(meta) {
        TITLE_SEPARATORS.iter().chain(&[": "]).find_map(|sep| {
            r.strip_prefix(sep.trim_start())
                .or_else(|| r.strip_prefix(*sep))
        })?
    } else {
        let r = head.strip_suffix(meta)?;
        TITLE_SEPARATORS.iter().chain(&[": "]).find_map(|sep| {
            r.strip_suffix(sep.trim_end())
                .or_else(|| r.strip_suffix(*sep))
        })?
    };
    let rest = rest.trim();
    let words = rest.split_whitespace().count();
    (words > 0 && words <= MAX_SITE_WORDS).then(|| rest.to_string())
}

/// Share of an h1's words that a head title must contain for the h1 to be taken as the title.
const H1_TITLE_OVERLAP: f32 = 0.5;

/// Lowercase letter/digit runs of a title.
fn title_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(crate::lower)
        .collect()
}

/// Share of the words of `a` that also occur in `b`; none when every shared word is a word of
/// the site's name (`site_words`). Why: a logo h1 ("Minecraft News") shares only the site's
/// words with a head title that ends in the site name ("… - Minecraft Update News"); that is no
/// evidence that it is this page's headline.
fn shared_words(a: &str, b: &str, site_words: &[String]) -> f32 {
    let (wa, wb) = (title_words(a), title_words(b));
    let shared: Vec<&String> = wa.iter().filter(|w| wb.contains(w)).collect();
    if wa.is_empty() || shared.iter().all(|w| site_words.contains(w)) {
        return 0.0;
    }
    let hits = shared.len();
    hits as f32 / wa.len() as f32
}

/// A heading's text with a space for each `<br>`: "Product<br>Management" is two words.
fn heading_text(snap: &Snapshot, id: NodeId) -> String {
    let mut out = String::new();
    for d in snap.descendants(id) {
        let n = snap.node(d);
        if n.kind == NodeKind::Text {
            out.push_str(&n.text);
        } else if n.is("br") {
            out.push(' ');
        }
    }
    out
}

/// Glyphs documentation generators append to headings as permalink anchors ("Install¶" in
/// Sphinx, "§" and "🔗" elsewhere). Why: they are link targets, never part of the title.
const PERMALINK_GLYPHS: &[char] = &['¶', '§', '🔗', '⚓'];

/// Is `d` one of the content roots or inside one?
fn in_roots(snap: &Snapshot, roots: &[NodeId], d: NodeId) -> bool {
    snap.path_up(d).any(|c| roots.contains(&c))
}

/// `h1` texts, those inside the content first, each with whether it is inside the content.
fn headings(snap: &Snapshot, roots: &[NodeId]) -> Vec<(String, bool)> {
    let mut found: Vec<(String, bool)> = snap
        .descendants(NodeId::ROOT)
        .filter(|&d| snap.node(d).is("h1"))
        .map(|d| {
            // Decoded once more, as the head titles are: an h1 escaped twice shows "SQL &#x26;
            // AI" on the page, where the site meant "SQL & AI".
            let text = squash(&crate::article::markup::decode_entities(&heading_text(
                snap, d,
            )));
            let text =
                text.trim_end_matches(|c: char| PERMALINK_GLYPHS.contains(&c) || c.is_whitespace());
            (text.to_string(), in_roots(snap, roots, d))
        })
        .filter(|(t, _)| !t.is_empty())
        .collect();
    // Stable: the content's own h1s first, each group in document order.
    crate::order::by_key(&mut found, |(_, inside)| u64::from(!inside));
    found.truncate(8);
    found
}

fn authors(src: &Sources<'_>, roots: &[NodeId]) -> Vec<String> {
    let article = src.article();
    let by_creator = article.is_some_and(|a| a.get("author").is_none());
    let ld_authors: Vec<&Json> = article
        .and_then(|a| a.get("author").or_else(|| a.get("creator")))
        .map(|a| a.items().into_iter().map(|j| src.deref(j)).collect())
        .unwrap_or_default();
    let from_ld: Vec<String> = ld_authors.iter().filter_map(|j| src.name_of(j)).collect();
    // A publisher named as author ("USA TODAY") yields to a person's byline in the page; so does
    // a `creator` without an `author`: platforms fill it with the uploading account ("CC7567"),
    // where the page shows the writer's name.
    let only_orgs = !ld_authors.is_empty()
        && ld_authors
            .iter()
            .all(|j| j.get("@type").and_then(Json::as_str) == Some("Organization"));
    let from_ld = if only_orgs || (by_creator && !ld_authors.is_empty()) {
        Some(byline_elements(src.snap, roots))
            .filter(|b| !b.is_empty())
            .unwrap_or(from_ld)
    } else {
        from_ld
    };
    // The first key that names anyone; all its values (several `<meta name=author>` = several
    // authors), not a mix of conventions that often spell the same person twice.
    let from_meta = || {
        let (by_property, by_name) = src.metas.split_at(src.property_metas);
        let values = |metas: &[(String, String)], k: &str| -> Vec<String> {
            metas
                .iter()
                .filter(|(mk, v)| mk == k && !v.trim().is_empty())
                .map(|(_, v)| strip_url_note(v))
                .filter(|v| !v.contains("://") && !v.is_empty())
                .collect()
        };
        AUTHOR_KEYS
            .iter()
            .map(|k| {
                Some(values(by_property, k))
                    .filter(|v| !v.is_empty())
                    .unwrap_or_else(|| values(by_name, k))
            })
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    };
    let mut raw = from_ld;
    if raw.is_empty() {
        raw = from_meta();
    }
    if raw.is_empty() {
        raw = byline_elements(src.snap, roots);
    }
    if raw.is_empty() {
        raw = header_byline(src.snap, roots).into_iter().collect();
    }
    if raw.is_empty() {
        raw = lone_marked_author(src.snap).into_iter().collect();
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
    // Bylines sit above or inside the article; names after it belong to comments and teasers.
    let page: Vec<NodeId> = snap.descendants(NodeId::ROOT).collect();
    let content_end = roots
        .iter()
        .map(|&r| snap.descendants(r).last().unwrap_or(r))
        .filter_map(|last| page.iter().position(|&p| p == last))
        .max()
        .map_or(page.len(), |p| p + 1);
    let all = in_roots.chain(page[..content_end].iter().copied());
    let mut found = Vec::new();
    let mut first_at = None;
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
        // The ancestor walk last: it is the costly test, and few elements get this far.
        if !(rel_author || itemprop || byline_class(n)) || in_comments(snap, d) {
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
                .or_else(|| author_links(snap, d))
                .unwrap_or_else(|| snap.text_of(d)),
        };
        let text = squash(&text);
        // A URL (`<link rel=author content="https://…">` in the head) names no one; it must not
        // start the byline either, or the real one further down falls outside `BYLINE_SPREAD`.
        if text.contains("://") {
            continue;
        }
        let pos = page.iter().position(|&p| p == d);
        if found.is_empty() {
            first_at = pos;
        } else if let (Some(a), Some(b)) = (first_at, pos) {
            // Further names belong to the same byline only when they are close to the first;
            // farther ones are a thread's posters or a teaser list.
            if a.abs_diff(b) > BYLINE_SPREAD {
                continue;
            }
        }
        // "By" alone (its own element before the name's) names no one: look on.
        let names_someone = !clean_byline(&text).is_empty();
        if names_someone && text.chars().count() <= MAX_BYLINE_CHARS {
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

/// Class-name endings of byline elements in namespaced or BEM class schemes ("pb-byline",
/// "article__byline", "story_byline"). Why: the exact names in `BYLINE_CLASSES` miss the
/// prefixed forms most news templates use.
const BYLINE_CLASS_ENDINGS: &[&str] = &["-byline", "_byline"];
/// Class prefixes that state a property of a container ("has-byline", "is-byline-visible"):
/// such an element holds the whole header (dates, share buttons), not the names.
const STATE_CLASS_PREFIXES: &[u8] = prefixed!["has-", "is-", "no-", "with-"];

/// Does the element carry a byline class (`BYLINE_CLASSES`, or a `BYLINE_CLASS_ENDINGS` form
/// that is not a state class)?
fn byline_class(n: &crate::Node) -> bool {
    has_class(n, BYLINE_CLASSES)
        || n.attr("class").is_some_and(|c| {
            c.split_ascii_whitespace().any(|t| {
                BYLINE_CLASS_ENDINGS.iter().any(|e| t.ends_with(e))
                    && !crate::rules::table_opens(STATE_CLASS_PREFIXES, t)
            })
        })
}

/// The texts of author-page links inside a byline block, joined: "Ben Silverman" of a block that
/// also holds "Games Editor". Why: the link names the person; the block around it adds roles,
/// avatars' alt texts and dates.
fn author_links(snap: &Snapshot, block: NodeId) -> Option<String> {
    let names: Vec<String> = snap
        .descendants(block)
        .filter(|&c| {
            let n = snap.node(c);
            n.is("a")
                && n.attr("href")
                    .is_some_and(|h| AUTHOR_PATHS.iter().any(|p| h.contains(p)))
        })
        .map(|c| squash(&snap.text_of(c)))
        .filter(|t| !t.is_empty())
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// The one name the page marks as author with `itemprop=author` or `rel=author` anywhere outside
/// comment threads, when it marks exactly one (an author box after the article, an `<aside>`
/// "about me"). Why: the byline search stops at the end of the content, where comments and
/// teasers name other people; a single distinct marked name cannot be a list of those.
fn lone_marked_author(snap: &Snapshot) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    for d in snap.descendants(NodeId::ROOT) {
        let n = snap.node(d);
        let marked = |a: &str| {
            n.attr(a)
                .is_some_and(|r| r.split_ascii_whitespace().any(|t| t == "author"))
        };
        if n.kind != NodeKind::Element || !(marked("rel") || marked("itemprop")) {
            continue;
        }
        if in_comments(snap, d) {
            continue;
        }
        let name = clean_byline(&snap.text_of(d));
        if name.is_empty() || name.chars().count() > MAX_BYLINE_CHARS {
            continue;
        }
        if !names.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
            names.push(name);
        }
    }
    (names.len() == 1).then(|| names.remove(0))
}

/// Link paths of author pages (WordPress and most CMSs).
const AUTHOR_PATHS: &[&str] = &["/author/", "/authors/"];
/// Words that open a byline line ("By Ada Lovelace", "Written by …").
const BYLINE_OPENERS: &[u8] =
    prefixed!["by ", "written by ", "authored by", "author:", "posted by "];

/// The header window: nodes just before the content and at its start, in document order.
fn header_window(snap: &Snapshot, roots: &[NodeId]) -> Vec<NodeId> {
    let page: Vec<NodeId> = snap.descendants(NodeId::ROOT).collect();
    let Some(start) = roots
        .iter()
        .filter_map(|r| page.iter().position(|p| p == r))
        .min()
    else {
        return Vec::new();
    };
    let from = start.saturating_sub(HEADER_REACH);
    let to = (start + CONTENT_REACH).min(page.len());
    page[from..to].to_vec()
}

/// A byline written in the header without markup: an author-page link, or a short line that
/// opens with "By".
fn header_byline(snap: &Snapshot, roots: &[NodeId]) -> Option<String> {
    header_window(snap, roots).into_iter().find_map(|d| {
        let n = snap.node(d);
        if n.kind != NodeKind::Element {
            return None;
        }
        // Squashing keeps every byte but HTML (ASCII) spaces, and a character is at most four
        // bytes: a box with more of those bytes than four lines' worth is refused before its
        // text is squashed or its ancestors read (the window opens with the boxes round the
        // whole content: session 22, ~1 % of the time).
        let raw = snap.text_of(d);
        let mut solid = raw.bytes().filter(|b| !b.is_ascii_whitespace());
        if solid.nth(4 * MAX_DATE_LINE_CHARS).is_some() || in_comments(snap, d) {
            return None;
        }
        let text = squash(&raw);
        if text.is_empty() || text.chars().count() > MAX_DATE_LINE_CHARS {
            return None;
        }
        let author_link = n.is("a")
            && n.attr("href")
                .is_some_and(|h| AUTHOR_PATHS.iter().any(|p| h.contains(p)));
        let lower = crate::lower(&text);
        let opener = crate::rules::table_opens(BYLINE_OPENERS, &lower);
        // A name follows: "By the way…" is prose.
        let named = clean_byline(&text)
            .chars()
            .next()
            .is_some_and(char::is_uppercase);
        ((author_link || opener) && named).then_some(text)
    })
}

/// Inside a comment thread (an ancestor whose class or id says "comment")?
fn in_comments(snap: &Snapshot, d: NodeId) -> bool {
    snap.path_up(d).any(|c| {
        let says = |a: &str| {
            snap.node(c)
                .attr(a)
                .is_some_and(|v| v.to_ascii_lowercase().contains("comment"))
        };
        says("class") || says("id")
    })
}

/// Status words a CMS prints right after the byline, often glued to the name by markup without
/// spaces ("Reyan PerumalPublished …"). Why: they open the date line, never a name.
const BYLINE_STATUS_WORDS: &[&str] = &["Published", "Updated", "Posted", "Follow"];
/// Weekday names (English): a byline that is only one was cut from a date line ("Sat, 20 Dec").
const WEEKDAYS: &[u8] = prefixed![
    "mon",
    "monday",
    "tue",
    "tues",
    "tuesday",
    "wed",
    "wednesday",
    "thu",
    "thurs",
    "thursday",
    "fri",
    "friday",
    "sat",
    "saturday",
    "sun",
    "sunday",
];

/// Letters a date or time token may carry ("3rd", "12:22pm").
const DATE_TOKEN_LETTERS: &[u8] = prefixed!["", "st", "nd", "rd", "th", "am", "pm"];

/// A date, time or count token: digits and punctuation, with at most an ordinal or am/pm
/// suffix ("2025", "2,", "12:22", "3rd"); not a handle that holds digits ("user42", "Alphabyte1").
fn numeric_token(t: &str) -> bool {
    let letters: String = t
        .chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(crate::lower_char)
        .collect();
    t.chars().any(|c| c.is_ascii_digit()) && crate::rules::in_table(DATE_TOKEN_LETTERS, &letters)
}

/// Where a date or time starts after the name in a byline ("Jane Doe March 3, 2025", "… 12:22
/// PM"): the first numeric token after the first word, or a month name followed by a token that
/// opens with a digit ("Aug 08,2006#…"). Why:
/// bylines are often read from a block that also holds the date line; a month name is part of a
/// name when no number follows it ("Laura June Topolsky"), and a number first is part of the name
/// ("98 Buck Social").
fn date_start(s: &str) -> Option<usize> {
    let tokens: Vec<(usize, &str)> = s
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - s.as_ptr() as usize, t))
        .collect();
    tokens.iter().enumerate().skip(1).find_map(|(i, &(at, t))| {
        let month_then_number = dates::month(t.trim_end_matches(',')).is_some()
            && tokens
                .get(i + 1)
                .is_some_and(|&(_, n)| n.starts_with(|c: char| c.is_ascii_digit()));
        (numeric_token(t) || month_then_number).then_some(at)
    })
}

/// Where a status word (`BYLINE_STATUS_WORDS`) starts after a name: after a space, or glued to
/// a lowercase letter.
fn status_start(s: &str) -> Option<usize> {
    BYLINE_STATUS_WORDS
        .iter()
        .flat_map(|w| s.match_indices(w).map(|(p, _)| p))
        .filter(|&p| {
            p > 0
                && s[..p]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c == ' ' || c.is_lowercase())
        })
        .min()
}

/// Strips "By " and trailing date/role noise from a byline.
fn clean_byline(s: &str) -> String {
    // Entities first: a byline meta escaped twice ("Maria &amp;amp; Katerina") must not be split
    // at the `;` of its entity.
    let mut s = squash(&crate::article::markup::decode_entities(s).replace('\u{a0}', " "));
    if let Some(p) = status_start(&s) {
        s.truncate(p);
    }
    if let Some(p) = date_start(&s) {
        s.truncate(p);
    }
    for cut in [
        " | ",
        " • ",
        " · ",
        "\n",
        " on ",
        " Updated ",
        " Published ",
        " - ",
        // An editor credited after the author is not an author ("By A Edited by B").
        " Edited by ",
    ] {
        if let Some(p) = s.find(cut) {
            if p > 0 {
                s.truncate(p);
            }
        }
    }
    let lower = crate::lower(&s);
    for prefix in [
        "written by",
        "authored by",
        "posted by",
        // Credits that name the text's author in magazines ("Text by", "Words by").
        "text by",
        "words by",
        "story by",
        "author",
        "by",
        "von",
        "par",
        "por",
    ] {
        let rest = lower.strip_prefix(prefix);
        // "By" alone is an opener with its name in the next element: nothing is left.
        if rest.is_some_and(|r| r.is_empty() || r.starts_with([' ', ':'])) {
            s = s[prefix.len()..].trim_start_matches([' ', ':']).to_string();
            break;
        }
    }
    let s = s.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ':' | '|' | '@' | '·' | '•' | '—' | '–')
    });
    // What is left of a date line ("Sat" of "Sat, 20 Dec", "Aug" of "Aug 08, 2006"), or only
    // numbers (an id), is no name.
    let word = crate::lower(s.trim_end_matches([',', '.']));
    let date_word = crate::rules::in_table(WEEKDAYS, &word) || dates::month(&word).is_some();
    if date_word || s.split_whitespace().all(numeric_token) {
        return String::new();
    }
    s.to_string()
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
        // "page.head.extra.author": an unfilled template key, not a name.
        .filter(|p| p.contains(' ') || p.matches('.').count() < 2)
        .collect()
}

/// A name without a contact note in brackets: "Bradley M. Kuhn (http://ebb.org/bkuhn/)", "Jane
/// Doe <jane@example.com>" → the name. Why: author metas often carry the home page or mail
/// address, which is no part of the name (and a URL value alone is dropped elsewhere).
fn strip_url_note(v: &str) -> String {
    let mut out = v.to_string();
    for (open, close) in [('(', ')'), ('<', '>'), ('[', ']')] {
        if let (Some(a), Some(b)) = (out.find(open), out.rfind(close)) {
            let inner = &out[a..b];
            if a < b && (inner.contains("://") || inner.contains('@')) && a > 0 {
                out = format!("{}{}", &out[..a], &out[b + close.len_utf8()..]);
            }
        }
    }
    squash(&out)
}

/// A date from the article's JSON-LD, the meta keys, or any JSON-LD object (a `WebPage` often
/// carries the dates when the article object is missing), read as ISO 8601.
fn ld_or_meta(src: &Sources<'_>, ld_key: &str, keys: &[&str]) -> Option<String> {
    let any_ld = || {
        src.ld
            .iter()
            .filter_map(|j| j.get(ld_key).and_then(Json::as_str))
            .find_map(dates::parse)
    };
    src.ld_str(ld_key)
        .and_then(|d| dates::parse(&d))
        .or_else(|| {
            keys.iter()
                .filter_map(|k| src.meta(k))
                .find_map(|d| dates::parse(&d))
        })
        .or_else(any_ld)
}

/// Nodes before the content that still belong to its header (title, byline, date line).
const HEADER_REACH: usize = 60;
/// Nodes into the content searched for a date line.
const CONTENT_REACH: usize = 40;
/// A date line is short ("Published March 3, 2025 · 5 min read"); longer text is prose.
const MAX_DATE_LINE_CHARS: usize = 60;

/// A visible date line just before or at the start of the content.
fn visible_date(snap: &Snapshot, roots: &[NodeId]) -> Option<String> {
    header_window(snap, roots)
        .into_iter()
        .filter(|&d| snap.node(d).kind == NodeKind::Text)
        .map(|d| squash(&snap.node(d).text))
        .filter(|t| !t.is_empty() && t.chars().count() <= MAX_DATE_LINE_CHARS)
        .find_map(|t| dates::parse(&t))
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
    let in_content = times.iter().find(|&&t| in_roots(snap, roots, t));
    marked
        .or(in_content)
        .or(times.first())
        .and_then(|&t| snap.node(t).attr("datetime"))
        .and_then(|s| dates::parse(&squash(s)))
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

/// Direction of the content: the nearest computed `direction` on the first root or its
/// ancestors when captured with layout (a live capture reads it on block tags only; inherited),
/// else the nearest `dir` attribute there (up to `html`).
fn dir(snap: &Snapshot, roots: &[NodeId]) -> Option<String> {
    let start = roots.first().copied().or_else(|| snap.find_tag("body"))?;
    snap.path_up(start).find_map(|c| {
        let n = snap.node(c);
        let d = match &n.layout {
            Some(l) => l.direction.clone(),
            None => n.attr("dir")?.trim().to_ascii_lowercase(),
        };
        (d == "ltr" || d == "rtl").then_some(d)
    })
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
