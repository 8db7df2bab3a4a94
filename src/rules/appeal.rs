//! Appeal and disclaimer lines: a short block that opens by asking the reader for something
//! (support, a subscription, an app, a follow) or by disclaiming the page (affiliate links,
//! the author's opinion, a licence, a comment policy), with no box or class naming it so.
//!
//! Why: publishers set these lines between or after a story's paragraphs as plain prose, so
//! link density and class vocabulary keep them; they address the reader about the site, not
//! the topic. trafilatura corpus: each phrase below opened a kept "without" snippet on one of
//! its pages, and none occurs in any gold text of wcxb-dev, cleaneval, big9-dev or
//! readability (nor in a trafilatura "with" snippet). Matched only at the start of a short
//! block, so prose that quotes such words stays. Not "we want to hear what you think"
//! (cleaneval's gold keeps a site's invitation to discuss).

/// Openings (lowercase), several languages.
pub(crate) const OPENINGS: &str = words![
    // Affiliate and opinion disclaimers.
    "für links auf dieser seite",
    "this post contains references to products",
    "dieser beitrag gibt die meinung",
    "dieser text wurde veröffentlicht unter",
    "alle angaben ohne gewähr",
    // Support, membership and subscription appeals.
    "sie lesen gern",
    "sie wollen mehr von uns",
    "gefällt dir unser",
    "kennt ihr schon unseren",
    "we rely on your support",
    "if you enjoyed reading this post",
    "sign up to get the best",
    "do you want to be informed",
    "hazte miembro",
    "pour accéder en illimité",
    "zapraszamy też do subskrypcji",
    // App and social-media appeals.
    "for the latest stories and breaking news",
    "síguenos en",
    "siguenos en",
    // Session 12: eleven "without" snippets (trafilatura, wcxb-dev) hold it, no gold line opens
    // with it.
    "follow us on",
    // Session 12: newsletter, app and support appeals ("subscribe to our newsletter" is in 20
    // "without" snippets across the corpora and opens no gold line; "Get the latest news
    // straight to your phone with the … app"; "Unterstütze RosaMag …").
    "subscribe to our newsletter",
    "get the latest news",
    "unterstütze ",
    // Comment policies (the form's notes, not the comments).
    "we welcome reader comments",
    "please understand that comments",
    "we ask that comments",
    "you must be logged in to post a comment",
    "sie müssen sich anmelden um kommentare",
    // Session 14: a forum's or Q&A site's appeal to guests under a thread (Stack Exchange's
    // "You must log in to answer this question." and "Start asking to get answers" box,
    // Invision Community's "Create an account or sign in to comment" panel): 11 wcxb-dev
    // forum pages kept them, no gold line holds them.
    "you must log in to answer",
    "start asking to get answers",
    "find the answer to your question by asking",
    "create an account or sign in to",
    "you need to be a member in order to",
    "sign up for a new account in our community",
    "already have an account? sign in",
    // An embed's consent placeholder and a recipe card's buttons.
    "wir respektieren deine privatsphäre",
    "jump to recipe",
    "rezept drucken",
];

/// An appeal is a line or two: a block with more text than this is prose.
pub(crate) const MAX_CHARS: u32 = 300;

/// Punctuation skipped before the opening: "(Alle Angaben ohne Gewähr)", "*Werbung".
const OPENERS: &[char] = &['(', '[', '*', '¡', '¿'];

/// True when `text` opens with one of [`OPENINGS`].
pub(crate) fn is_appeal_line(text: &str) -> bool {
    const PAIRS: crate::rules::Openings = crate::rules::Openings::of(OPENINGS);
    const WORDS: &[u8] = &crate::rules::len_prefixed::<{ OPENINGS.len() }>(OPENINGS);
    let head = text.trim_start().trim_start_matches(OPENERS);
    PAIRS.may_open(head) && crate::rules::table_opens(WORDS, &crate::lower(head))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appeal_lines_open_with_an_appeal_or_disclaimer() {
        assert!(is_appeal_line("Sie lesen gern Achgut.com?"));
        assert!(is_appeal_line(
            "Für Links auf dieser Seite erhält CHIP ggf. eine Provision vom Händler."
        ));
        assert!(is_appeal_line("(Alle Angaben ohne Gewähr)"));
        assert!(is_appeal_line("¡Síguenos en Telegram!"));
        assert!(!is_appeal_line(
            "Viele Leser sagen: Sie lesen gern lange Texte, wenn sie gut sind."
        ));
        assert!(!is_appeal_line("We rely on"));
        assert!(is_appeal_line("Follow us on Instagram and Facebook."));
        assert!(is_appeal_line("You must be logged in to post a comment."));
        assert!(!is_appeal_line("Fans follow us on every tour, she said."));
        assert!(is_appeal_line("Unterstütze RosaMag bereits mit 2,50 €!"));
        assert!(is_appeal_line("You must log in to answer this question."));
        assert!(is_appeal_line("Create an account or sign in to comment"));
        assert!(!is_appeal_line(
            "Start asking questions early: the answers shape the design."
        ));
        assert!(!is_appeal_line(
            "Unterstützer der Initiative trafen sich am Montag."
        ));
    }
}
