//! Trailing link paragraphs: a short paragraph that is one link, after the story's last prose
//! paragraph ("Hier das Einzel-Tableau", "DTB nominiert …", "zurück zur Übersicht").
//!
//! Why: the end of a story is where publishers append links to other stories or documents as
//! plain paragraphs, with no box or label a class or keyword rule could read; a paragraph that
//! is wholly a link says where to go, not what the story says. Inside the story, between its
//! paragraphs, such a line can be part of it (Readability's gold keeps CNN's inline "Related:"
//! lines), so only paragraphs with no prose paragraph after them are left out; and only after a
//! story (a prose paragraph before them among their siblings): a lone linked paragraph in its
//! own box is a teaser of a news list, content on a front page (styled-dev's gold, cometlog).

/// A paragraph is "a link" from this share of link text on.
pub(crate) const MIN_LINK_DENSITY: f32 = 0.9;

/// ... and when it is at most this long (chars): longer is a linked quote or a list.
pub(crate) const MAX_CHARS: u32 = 200;

/// A later sibling counts as story prose from this many chars on (a sentence or two) ...
pub(crate) const PROSE_MIN_CHARS: u32 = 80;

/// ... and below this link density.
pub(crate) const PROSE_MAX_LINK_DENSITY: f32 = 0.3;

/// Contact and address boxes: a short paragraph of lines (at least this many `<br>`, so three
/// lines) whose last line is a link spelled as a web address ("www.nakyma.fi", "https://…"),
/// alone on its line — an address with opening hours, a press contact, a letter's signature
/// with phone and site. Why: it says where to reach someone, not what the page says
/// (styled-dev's gold: environmentalart.net's gallery address and its "Best Regards … Tel …
/// www…" signature; cleaneval's: ftad.osu.edu's office address). Trafilatura-corpus press
/// contacts ("Pressekontakt … www.naturstrom.de") go too; its snippets test none. A labelled line ("URL: www…", a product box's facts in cleaneval's pcworld review) and a
/// reference under its title (two lines) stay. Cost: a page of event venues (cleaneval's
/// idsachicago.org) loses its addresses.
pub(crate) const ADDRESS_MIN_BREAKS: usize = 2;

/// ... and when it is at most this long (chars): longer is prose with a link at its end.
pub(crate) const ADDRESS_MAX_CHARS: u32 = 320;

/// How a contact box spells the "@" of an e-mail address on its last line ("info@…", and the
/// spam-guarded "info(at)koliartfestival.fi", "name [at] host.org").
pub(crate) const MAIL_AT_SIGNS: &str = words!["@", "(at)", "[at]"];

/// An e-mail address alone on a line, as the last line of a contact box after the web address
/// (styled-dev environmentalart.net's festival contact: "Project Manager …", the festival's
/// name, "www.koliartfestival.fi", "info(at)koliartfestival.fi"; the same box as the address
/// boxes above, with the mail line last). One word: a local part, the sign, a dotted host.
pub(crate) fn is_mail_address(line: &str) -> bool {
    line.len() <= 80
        && !line.contains(char::is_whitespace)
        && super::table_words(MAIL_AT_SIGNS).any(|at| {
            line.split_once(at)
                .is_some_and(|(user, host)| !user.is_empty() && host.contains('.'))
        })
}
