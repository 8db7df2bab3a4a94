//! Rules of the `prune` stage (`extract/prune.rs`: second copies of kept text) and of the
//! landing-page climb of the `select` stage (`extract/sections.rs`). Each number carries its
//! "why".

/// A kept leaf block whose own text (normalised: case and whitespace) equals that of a block
/// kept earlier on the page under another tag path is a second copy when it has at least this
/// many chars: a reply quoting an earlier post, the mobile and desktop twins of one panel.
/// Readers (and the corpora's gold) show the text once. Why 40: short repeats ("Reply",
/// "Posted March 5, 2024", "Add to cart", a spec label) are lines a page legitimately repeats;
/// 40 chars is past labels and dates into sentences (line-level simulation on wcxb-dev: 10,
/// 30, 60 chars all gain ~0.003; 40 sits between).
pub(crate) const REPEAT_MIN_CHARS: u32 = 40;

/// On a page declaring a product, a repeat under the same tag path is a second copy as well,
/// from this many chars: shop templates clone carousel slides and marquee strips ("Fast & Free
/// Shipping. Risk-free 99 Day Trial." three times on ridge.com, Samsung's feature carousel
/// four times, Steam's review snippets), and a product's own text seldom repeats a line.
pub(crate) const PRODUCT_REPEAT_MIN_CHARS: u32 = 20;

/// On a forum thread (a page declaring a discussion, JSON-LD `DiscussionForumPosting` or
/// `QAPage`, or showing forum user cards: phpBB's raspberrypi, bogleheads, virtualbox), a
/// line (a paragraph, or a run of one between line breaks) repeating an earlier line of the
/// article is left out from this many chars (`article/assemble.rs`): replies quote earlier
/// posts as plain lines of their own paragraphs (XenForo's head-fi and macrumors, Invision's
/// l-camera-forum), and posts repeat their author's signature. Why 10, below the product 20:
/// from 10 chars the per-post furniture lines go too ("Click to expand..." under XenForo
/// quotes, phpBB's "Code: Select all", Invision's "Link to post", a poster's name and a date
/// over each post): forum +0.0019 over 20, no other corpus or type moving (line-level
/// simulation on the declared threads: +0.0071 at 10, +0.0055 at 20, +0.0052 at 40).
pub(crate) const THREAD_REPEAT_MIN_CHARS: u32 = 10;

/// On a forum thread, a line (as above) that is only a post's furniture is left out too
/// (`article/assemble.rs`): a post counter ("#12", the permalink XenForo, vBulletin and SMF
/// print on every post), a like count ("3 Likes": Discourse under every post), a poster's post
/// count ("1,204 posts ·": VerticalScope's XenForo user cards) or a quote's toggle (XenForo's
/// "Click to expand..." / "Click to shrink..."). Why: wcxb-dev forum, 237 counters on 13
/// XenForo/vBulletin/SMF threads, 61 like counts on 10 Discourse threads, post counts on 5
/// threads (avsforum, watchuseek, mtbr, toyotanation, woodworkingtalk) and 11
/// first toggles (the repeat rule drops the later ones), none in any gold; readers show the
/// posts without them. Only on threads: a chart's or a best-seller list's "#1" is its rank
/// (line-level simulation everywhere: IMDb's chart −0.065, Amazon's best sellers −0.02).
pub(crate) const THREAD_CONTROL_LINES: &[&str] = &["click to expand...", "click to shrink..."];
/// The words a post's like count or its poster's post count ends with ("1 Like", "12 likes",
/// "1,204 posts"), a separator ("·") aside.
pub(crate) const POST_COUNT_WORDS: &[u8] = prefixed!["like", "likes", "post", "posts"];

/// True when `key` (a line, case and whitespace folded) is a post's furniture
/// ([`THREAD_CONTROL_LINES`], a `#` and a count, a count (`rules::is_count`) and one of [`POST_COUNT_WORDS`]).
#[inline(never)]
pub(crate) fn is_post_furniture(key: &str) -> bool {
    THREAD_CONTROL_LINES.contains(&key)
        || key.strip_prefix('#').is_some_and(super::is_count)
        || key.split_once(' ').is_some_and(|(n, w)| {
            super::is_count(n) && super::in_table(POST_COUNT_WORDS, w.trim_end_matches([' ', '·']))
        })
}

/// A vote widget's count is left out after the selection (`extract/prune.rs`): an element
/// whose `itemprop` is one of these schema.org `Comment`/`Answer` counts and holding at most
/// [`VOTE_COUNT_MAX_CHARS`]. Why: Q&A templates mark the number between a post's vote arrows so
/// (Stack Exchange's `js-vote-count` on every question and answer: stackoverflow, superuser,
/// serverfault, askubuntu, cooking, expatriates, electronics; NodeBB, Tom's Hardware and
/// Wall Street Oasis print it too), and it stayed a line of its own ("467") above each post;
/// no gold keeps it.
pub(crate) const VOTE_COUNT_ITEMPROPS: &[&str] = &["upvoteCount", "downvoteCount"];
/// A vote count is a number ("-2", "1.2k"): a longer box with the property holds more.
pub(crate) const VOTE_COUNT_MAX_CHARS: u32 = 8;

/// True when `node`, holding `text_len` chars, is a vote widget's count ([`VOTE_COUNT_ITEMPROPS`]).
pub(crate) fn is_vote_count(node: &crate::snapshot::Node, text_len: u32) -> bool {
    text_len > 0
        && text_len <= VOTE_COUNT_MAX_CHARS
        && node.attr("itemprop").is_some_and(|v| {
            v.split_whitespace()
                .any(|p| VOTE_COUNT_ITEMPROPS.contains(&p))
        })
}

/// An element drawn as an image (`role="img"`) holding at most this many chars of text is a
/// glyph standing for a picture, left out after the selection (`extract/prune.rs`). Why:
/// XenForo draws a poster without a photo as a letter avatar, `<span role="img"
/// aria-label="name">F</span>` (head-fi, studentdoctor, basenotes, cameraderie, mikeholt,
/// australianfrequentflyer, usingenglish, festoolownersgroup, avforums); the role makes its
/// children presentational (WAI-ARIA), so assistive technology reads the label, not the
/// letter, and the letter stayed a line of its own over each post. Letters and digits only:
/// an emoji marked so ("💻 Workflow Tip") is the author's; a longer text ("Rated 5 out of 5"
/// in a star box) is read out by the gold and stays.
pub(crate) const IMAGE_GLYPH_MAX_CHARS: u32 = 2;

/// True when `node` (element `id` of `snap`), holding `text_len` chars, is an image's letter
/// glyph ([`IMAGE_GLYPH_MAX_CHARS`]).
pub(crate) fn is_image_glyph(
    snap: &crate::snapshot::Snapshot,
    id: crate::snapshot::NodeId,
    text_len: u32,
) -> bool {
    text_len > 0
        && text_len <= IMAGE_GLYPH_MAX_CHARS
        && snap.node(id).attr("role") == Some("img")
        && snap
            .text_of(id)
            .trim()
            .bytes()
            .all(|b| b.is_ascii_alphanumeric())
}

/// Numbers of the landing-page rule of the `select` stage (`extract/sections.rs`).
pub(crate) mod sections {
    use crate::rules::vocab::Terms;

    /// A selection holding less than this share of the page's prose evidence (paragraph
    /// points outside noise) is one section of a landing page: service and company pages
    /// stack a dozen sections of similar weight, while an article's body holds most of its
    /// page's prose. Why 0.5 (session 12; 0.35 → 0.4 in session 7): service pages whose kept
    /// section (a hero, an FAQ list, one tab set) held 0.4–0.5 of it (wcxb-dev toptal 0.53 →
    /// 0.95, gooddata 0.72 → 0.94, digitalocean 0.53 → 0.81, progressive pet insurance 0.35 →
    /// 0.66; service 0.825 → 0.835, cleaneval +0.0014); the story test below keeps articles
    /// with a comment thread or feed where they are.
    pub const WEAK_SHARE: f32 = 0.5;
    /// …and this share when the selection is the page's `<main>` landmark: the author marked
    /// it as the content, and what lies outside it is the site's furniture (a forum's
    /// app-install prompt and push-notification help around a thread: wcxb-dev squarespace
    /// 0.76 → 0.46 at 0.5). The session-7 number.
    pub const LANDMARK_WEAK_SHARE: f32 = 0.4;
    /// …and this share on a page that declares `og:type` "article": a story of 1,800–2,500
    /// chars climbed into its comment thread or a feed of other stories between 0.35 and 0.4
    /// (readability pixnet 0.96 → 0.31, liberation-1 1.00 → 0.49; wcxb-dev portfolio 4273),
    /// while the service and product pages 0.4 gains declare "website" or nothing.
    pub const ARTICLE_WEAK_SHARE: f32 = 0.35;
    /// The selection climbs to the nearest ancestor holding at least this share of the
    /// page's prose evidence (the column of sections, up to `<body>`). A widget of sections
    /// (below) or one post of a page declaring a discussion (`page_type::DISCUSSION_TYPES`:
    /// its opening post, 0.5–0.7 of a short thread) climbs whenever it holds less.
    pub const COVER_SHARE: f32 = 0.7;
    /// A selection named as one widget of a landing page (whole class/id words or parts:
    /// its FAQ list, its testimonial carousel, one accordion panel) is one section whatever
    /// the page declares (`og:type` "article" included): it climbs while it holds under
    /// [`COVER_SHARE`] of the prose evidence. Why: a testimonial carousel won 101blockchains'
    /// course page (0.38 of the evidence, `og:type` article), Salesforce's CRM page kept its
    /// FAQ tabs (0.53), PSE&G's thermostat page one Bootstrap `panel-collapse` answer (0.53),
    /// a LibGuides page one `s-lg-box-collapse` box; their sections are the content (wcxb-dev
    /// 0.55 → 0.97, 0.75 → 0.89, 0.69 → 0.99, 0.61 → 0.91). Stories are not named so. More
    /// names (slider, swiper, slick, tabs, tabpanel, review) moved no page: left out.
    pub const SECTION_WIDGET_TERMS: &Terms = terms![
        t("faq"),
        t("testimonial"),
        t("carousel"),
        t("accordion"),
        x("collapse"),
    ];
    /// …unless that ancestor's text outside noise is mostly link text (a page wrapper holding
    /// a mega menu the noise stage left unlabelled).
    pub const MAX_LINK_DENSITY: f32 = 0.35;
    /// A long selection (`WEAK_SELECTION_CHARS` or more) with less prose than this (chars)
    /// between the page's `<h1>` and its start begins at the headline: a story, whose
    /// standfirst and byline may sit between (a paragraph of them, not a section).
    pub const HEADLINE_GAP_CHARS: u32 = 300;
    /// …and when less than this share of the prose evidence the climb would add sits under
    /// the tag paths of the story's own paragraphs, the addition is a comment thread or a feed
    /// of other stories: no climb. Forum posts and landing-page sections repeat the selection's
    /// paths (wcxb-dev pages the unbounded climb gained: 0.4–0.9 same-path; the story pages it
    /// lost, and readability's yahoo-3: 0.0–0.02).
    pub const SAME_PATH_SHARE: f32 = 0.3;
    /// Feed columns (layout only, `extract::sections::feed_columns`): a class name recurring
    /// this often inside the selection is part of its entries' template (title, date line,
    /// summary, "read more" row of each teaser)…
    pub const FEED_MIN_REPEATS: u32 = 3;
    /// …and a box of a column beside the selection holding this many of those class names
    /// holds the same entries: the same feed, which the page's layout cut into columns.
    /// Why: front pages of 2013 set their news and their opinion/blog/column boxes side by
    /// side, one Drupal Views template each (styled-dev dub.uu.nl: "Onderwijs", "Studenten",
    /// "Onderzoek" won; "Opinie", "Columns en Blogs", "De campuscolumnist" beside them hold 13
    /// of its classes; the Facebook box 2).
    pub const FEED_MIN_TEMPLATE: usize = 5;
    /// …unless this share of its text or more is hidden (`display: none`): a box of tabs
    /// showing one (dub.uu.nl "Nieuws en Opinie", 0.84), a widget rather than the feed.
    pub const FEED_MAX_HIDDEN_SHARE: f32 = 0.5;
}

#[cfg(test)]
mod tests {
    use super::is_post_furniture;

    #[test]
    fn post_furniture_is_counters_like_counts_and_quote_toggles() {
        for line in [
            "#12",
            "#1,204",
            "1 like",
            "12 likes",
            "1,204 posts ·",
            "1.2k likes",
            "click to expand...",
        ] {
            assert!(is_post_furniture(line), "{line}");
        }
        for line in [
            "#",
            "#tag",
            "12 people like this",
            "likes",
            "we like it",
            "click",
        ] {
            assert!(!is_post_furniture(line), "{line}");
        }
    }
}
