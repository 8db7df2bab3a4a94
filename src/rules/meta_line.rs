//! Date and byline lines: a short box named for the article's metadata ("article__date",
//! "entry__meta", "byline", "dateline").
//!
//! Why: the publication date and the author line describe the article rather than say what
//! it says; Readability.js lifts the byline out of the text, and the trafilatura corpus
//! leaves both out (28 of its kept "without" snippets were such lines, 12 at the head).
//! Matched by whole class/id token and only on short boxes, so a text about dates stays.
//! Never on a heading: a date heading (Blogger's `<h2 class="date-header">`) opens the posts
//! of that day on a blog's front page, where it is part of the content (styled-dev's gold).

use super::vocab::Terms;

/// Class/id tokens of date and byline boxes.
pub(crate) const META_TERMS: &Terms = terms![
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

/// Parts of the class names of a category line: "Categorie: Hét Visblad", a post's or teaser's
/// link to the section it is filed under, the same target as an item of the site's menu. It
/// files the article rather than says anything, and repeats the navigation inside the text.
/// Joomla's `dl.article-info` > `dd.category-name` / `parent-category-name` (styled-dev
/// onderlijnenvooropzee.nl, whose gold keeps the teasers and calls the menu of those sections
/// LinkList), Drupal's `views-field-field-category` / `field--name-field-category` teaser labels
/// (dub.uu.nl), WordPress's `cat-links` and `post-categories`. Whole class-name parts, not the
/// token "category": WordPress names every post `category-<slug>` (wcxb-dev thebarnswallow's
/// shop tiles), and job boards call their badges `new-listing__categories__category`
/// (weworkremotely, where the golds keep them), Wikipedia its category index `mw-category`.
/// Only a box holding a link (the section's) is such a line.
pub(crate) const CATEGORY_CLASS_PARTS: &str = words![
    "category-name",
    "field-category",
    "cat-links",
    "post-categories",
    "entry-categories",
];

/// What a reading-time estimate says after its number ("5 min read", "3 minute read", "12 Min.
/// Lesezeit", "4 min de lecture"), lowercase. Why: blog and magazine templates print the
/// estimate beside the date (Wix blogs: sallytomatoes, profor, allendentalinc; newsweek, aihr,
/// mongodb, c2es, energysage; dev.to's and Netflix's feeds), and no gold of any corpus keeps
/// it, save hackernoon's feed, which keeps each card's "Mar 07, 2026 | 4 min read".
pub(crate) const READING_TIME: &str = words![
    "min read",
    "mins read",
    "min. read",
    "minute read",
    "minutes read",
    "min lesezeit",
    "min. lesezeit",
    "minuten lesezeit",
    "min de lecture",
    "minutes de lecture",
    "min de lectura",
    "minutos de lectura",
    "min di lettura",
    "minuti di lettura",
    "min leestijd",
];

/// True when `text` holds a reading-time estimate: a [`READING_TIME`] phrase right after a
/// number. Only short blocks are asked (`META_MAX_CHARS`), so prose about reading stays.
/// Every phrase opens with "min": other text is refused before anything is lowercased.
pub(crate) fn is_reading_time(text: &str) -> bool {
    const WORDS: &[u8] = &super::len_prefixed::<{ READING_TIME.len() }>(READING_TIME);
    // After an ASCII digit the next byte starts a character: the slice is safe.
    text.bytes().enumerate().any(|(i, b)| {
        b.is_ascii_digit() && {
            let rest = text[i + 1..].trim_start();
            rest.get(..3).is_some_and(|m| m.eq_ignore_ascii_case("min"))
                && super::table_opens(WORDS, &crate::lower(rest))
        }
    })
}

/// Class/id tokens of a byline box ("post-author vcard": Blogger's "Posted by …").
pub(crate) const BYLINE_TERMS: &Terms = terms![x("byline"), x("author")];

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
///
/// Also the poster's rank under the name ("usertitle": XenForo `userTitle`/`message-userTitle`,
/// FluxBB `usertitle`: "Member", "New Head-Fier", "Distinguished Member"), which the same
/// golds leave out while keeping the name above it.
///
/// Also the extra lines of XenForo 2's user card (`message-userExtras`: join date, message
/// count, reaction score, location, custom fields such as "Age" or "Diagnosis"), which print
/// as bare values when the theme draws the labels as icons or names a field no card label
/// covers (resetera, physicsforums, studentdoctor, avforums, basenotes, cameraderie,
/// alsforums, mikeholt, australianfrequentflyer, usingenglish: 531 words outside the golds,
/// 5 in them).
pub(crate) const SIGNATURE_TERMS: &Terms = terms![t("signature"), t("usertitle"), t("userextras")];

/// What follows a forum user-card label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StatValue {
    /// A count: digits with `,`/`.`/space groups, an optional K/M ("73,365", "1.2K").
    Count,
    /// A date: anything short holding a digit ("Jun 4, 2024", "2012-09-03").
    Date,
    /// A place or other short text.
    Text,
}

/// The labelled lines of a forum poster's card ("Joined Jun 4, 2024", "Posts: 98",
/// "Reaction score 38", "Location: SIN"), lowercased, by what their value must look like.
/// Why: the card describes the poster, not the thread; wcxb-dev's forum golds keep the
/// poster's name and the post's date and leave these lines out (XenForo `message-userExtras`
/// pairs: avforums, head-fi, studentdoctor, australianfrequentflyer, festoolownersgroup;
/// phpBB `profile-posts`/`profile-joined`: raspberrypi, virtualbox, bogleheads, nationstates;
/// FluxBB: archlinux; vBulletin `userinfo_extra`: webhostingtalk, flyertalk; XenForo 1
/// `extraUserInfo`: digitalpoint) — 159 "Posts" and 116 "Joined" lines in 113 forum pages.
/// Matched on text, not class names, because every forum engine names its card differently;
/// `core` labels gate the rule (below), the others count only on a page that has them.
pub(crate) const STAT_LABELS: &[(&str, StatValue, bool)] = &[
    ("posts", StatValue::Count, true),
    ("messages", StatValue::Count, true),
    ("joined", StatValue::Date, true),
    ("registered", StatValue::Date, true),
    ("member since", StatValue::Date, true),
    ("join date", StatValue::Date, true),
    ("reaction score", StatValue::Count, true),
    ("likes received", StatValue::Count, true),
    ("trophy points", StatValue::Count, true),
    ("best answers", StatValue::Count, true),
    ("solutions", StatValue::Count, false),
    ("likes", StatValue::Count, false),
    ("points", StatValue::Count, false),
    ("reputation", StatValue::Count, false),
    ("karma", StatValue::Count, false),
    ("location", StatValue::Text, false),
    ("beiträge", StatValue::Count, true),
    ("registriert", StatValue::Date, true),
    ("mitglied seit", StatValue::Date, true),
    ("dabei seit", StatValue::Date, true),
    ("wohnort", StatValue::Text, false),
    ("inscrit le", StatValue::Date, true),
    ("inscription", StatValue::Date, true),
    ("mensajes", StatValue::Count, true),
    ("registrado", StatValue::Date, true),
];

/// A user-card line is short: label and value in at most this many chars.
pub(crate) const STAT_MAX_CHARS: u32 = 60;

/// The rule runs only on a page showing at least this many user-card lines under at least
/// `STAT_MIN_CORE_LABELS` different core labels: a thread of posts with poster cards. A lone
/// "Location: Berlin" on a job advert or "Points: 12" on a quiz stays.
pub(crate) const STAT_MIN_LINES: usize = 2;
pub(crate) const STAT_MIN_CORE_LABELS: usize = 2;
/// …or one core label on this many posters' cards: a phpBB board showing only "Posts: 4032"
/// under each poster (forum.nationstates.net); one line on a job advert or a quiz stays.
pub(crate) const STAT_MIN_CORE_LINES: usize = 4;

/// Splits `text` (whitespace collapsed, lowercased) into a user-card label and what follows
/// it (a `:` after the label is dropped). The label must end at a word boundary.
pub(crate) fn stat_label(text: &str) -> Option<(usize, &str)> {
    STAT_LABELS
        .iter()
        .enumerate()
        .find_map(|(i, (label, _, _))| {
            let rest = text.strip_prefix(label)?;
            let rest = match rest.chars().next() {
                None => rest,
                Some(c) if c == ':' || c.is_whitespace() || c == '(' => rest,
                Some(_) => return None,
            };
            Some((i, rest.trim_start_matches(':').trim()))
        })
}

/// `text` opens with a card label, ASCII case ignored: the allocation-free test run on every
/// short text of the page before [`stat_label`] reads it.
pub(crate) fn opens_with_stat_label(text: &str) -> bool {
    let t = text.as_bytes();
    STAT_LABELS.iter().any(|(label, _, _)| {
        // The first word only: the text's spacing is collapsed later. Found with a byte scan,
        // not `split`: this runs for every short text of every page.
        let l = label.as_bytes();
        t.first()
            .is_some_and(|c| l.first() == Some(&c.to_ascii_lowercase()))
            && {
                let word = &l[..l.iter().position(|&b| b == b' ').unwrap_or(l.len())];
                t.get(..word.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(word))
            }
    })
}

/// `value` reads as what the label `i` of `STAT_LABELS` is followed by.
pub(crate) fn stat_value_fits(i: usize, value: &str) -> bool {
    if value.is_empty() || value.chars().count() > 40 {
        return false;
    }
    match STAT_LABELS[i].1 {
        StatValue::Count => super::is_count(value),
        StatValue::Date => value.chars().any(|c| c.is_ascii_digit()),
        StatValue::Text => true,
    }
}
