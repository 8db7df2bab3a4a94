//! Date and byline lines: a short box named for the article's metadata ("article__date",
//! "entry__meta", "byline", "dateline").
//!
//! Why: the publication date and the author line describe the article rather than say what
//! it says; Readability.js lifts the byline out of the text, and the trafilatura corpus
//! leaves both out (28 of its kept "without" snippets were such lines, 12 at the head).
//! Matched by whole class/id token and only on short boxes, so a text about dates stays.
//! Never on a heading: a date heading (Blogger's `<h2 class="date-header">`) opens the posts
//! of that day on a blog's front page, where it is part of the content (styled-dev's gold).

use super::vocab::{x, Term};

/// Class/id tokens of date and byline boxes.
pub(crate) const META_TERMS: &[Term] = &[
    x("date"),
    x("datetime"),
    x("dateline"),
    x("pubdate"),
    x("published"),
    x("timestamp"),
    x("byline"),
    x("author"),
    x("meta"),
];

/// A date or byline is short: a longer box so named is an author bio or a teaser.
pub(crate) const META_MAX_CHARS: u32 = 80;

/// Names of a poster's signature or user card under a forum post ("signature",
/// phpBB/vBulletin; "message-signature", XenForo; "ipsSignature" or
/// `data-role="memberSignature"`, Invision; "post-signature", Stack Exchange's
/// asked/answered-by card with reputation and badges). Why: the box describes the poster,
/// not the thread; wcxb-dev's forum golds leave it out (30 of its 113 forum pages name such
/// boxes, mostly inside a box the positive vocabulary names "post"/"message", which shields
/// it from the special-information terms). Any part of a class name or `data-role` (not the
/// id: ids are made from headings, "…(PGP_signature)"), whatever the positive terms around
/// it.
pub(crate) const SIGNATURE_TERMS: &[Term] = &[super::vocab::t("signature")];
