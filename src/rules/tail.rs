//! The end of an article: short headings that open what follows the story (comment threads,
//! "related" grids, author boxes, like buttons) rather than a section of it.
//!
//! Why: on news and blog pages the column the scorer picks often runs on past the story into
//! a comment form, a "you might also like" list or an author bio. Their blocks are prose-like
//! (comments are sentences, teasers have commas), so link density and the hierarchy vote keep
//! them; but their headings say plainly what they are. trafilatura corpus: 323 of the 476
//! "without" snippets kept sit after the last "with" snippet of their page.

use crate::rules::vocab::Terms;

// Marker tables are `words!` tables (crate root): one phrase per line, compared with a block's
// text lowercased, with digits and punctuation removed and spaces collapsed ("Kommentare (12)"
// → "kommentare", "Autor:innen" → "autor innen"). A phrase ending in `+` also matches a text
// that starts with it and a space ("5 thoughts on “Title”"). One string, not a slice of
// structs: the 12-byte pointer/length/flag records of 213 phrases gzip poorly in the wasm
// (−543 B gz). The lookups read them re-laid with length bytes (`rules::len_prefixed`): a
// block's marker test runs on every short line, and finding each phrase's newline cost +5.9 %
// of wcxb-dev's instructions.

/// Marker phrases in several languages. A comment thread, a related-stories list, an author
/// box and a like/share row each open with one of these in blog and news templates
/// (WordPress, Drupal, newspaper CMSs).
const END_WORDS: &str = words![
    // Comment threads and forms.
    "comments",
    "comment",
    "leave a reply",
    "leave a comment",
    "post a comment",
    "add a comment",
    "join the discussion",
    "responses to+",
    "thoughts on+",
    "kommentare",
    "kommentar schreiben",
    "kommentar verfassen",
    "schreibe einen kommentar",
    "schreiben sie einen kommentar",
    "hinterlasse einen kommentar",
    "hinterlasse jetzt einen kommentar",
    "bisher keine kommentare",
    "commentaires",
    "laisser un commentaire",
    "laissez un commentaire",
    "comentarios",
    "deja un comentario",
    "deja tu comentario",
    "commenti",
    "lascia un commento",
    "komentarze",
    "dodaj komentarz",
    "reacties",
    "laat een reactie achter",
    "комментарии",
    "comentários",
    "deixe um comentário",
    // Comment forms and prompts seen after stories (trafilatura corpus, session 6).
    "neuer kommentar",
    "kommentieren",
    "hinterlassen sie eine antwort",
    "hinterlasse eine antwort",
    "vos réactions",
    "be part of the conversation",
    // WordPress's German comment title, "11 Antworten zu “Titel”", "Keine Kommentare for
    // “Titel”" (session 12: two kept "without" snippets each the title line).
    "antworten zu+",
    "keine kommentare+",
    // Related and recommended stories.
    "related posts",
    "related articles",
    "related stories",
    "related content",
    "you may also like",
    "you might also like",
    "more stories",
    "read next",
    "recommended for you",
    "ähnliche beiträge",
    "ähnliche artikel",
    "das könnte sie auch interessieren",
    "das könnte dich auch interessieren",
    "auch interessant",
    "weitere artikel",
    "neueste artikel",
    "verwandte artikel",
    "vous aimerez aussi",
    "sur le même sujet",
    "dans la même rubrique",
    "te puede interesar",
    "le puede interesar",
    "también te puede interesar",
    "noticias relacionadas",
    "artículos relacionados",
    "potrebbe interessarti",
    "articoli correlati",
    "zobacz także",
    "zobacz też",
    "przeczytaj również",
    "gerelateerde artikelen",
    "похожие статьи",
    // Session 25: related-story headings in the languages the table had none or one of
    // (Portuguese, French, Polish, Spanish WordPress themes' "Entradas relacionadas").
    "artigos relacionados",
    "notícias relacionadas",
    "articles similaires",
    "podobne artykuły",
    "entradas relacionadas",
    "читайте также",
    // "More on this" and "read also" headings that open teaser lists after a story; each
    // was the line before kept "without" snippets on the trafilatura corpus (session 6).
    "mehr zum thema",
    "mehr zu diesem thema",
    "lesen sie auch",
    "lesen sie auch die folgenden beiträge",
    "weiterführende artikel zu diesem thema",
    "verwandte beiträge",
    "empfohlene beiträge",
    "schon gelesen",
    "weitere meldungen",
    "weitere themen",
    "mehr themen",
    "die redaktion empfiehlt",
    "meistgelesene artikel",
    "artikel und videos zum thema",
    "diese artikel könnten euch auch interessieren",
    "das thema könnte dich auch interessieren",
    "aktuelle berichte aus dieser kategorie",
    "verwandte themenbereiche",
    "articles liés",
    "articles les plus lus",
    "aller plus loin",
    "editors recommendations",
    "explore further",
    "keep reading",
    "veja também",
    "lue aiheesta lisää",
    "mehr zu+",
    "beliebte inhalte beiträge",
    "redaktionstipp",
    "lesetipps",
    "entdecke weitere+",
    "audios et vidéos sur le sujet",
    // Session 12 (trafilatura corpus): "more from" and "recommended" headings over teaser
    // rows ("Mehr aus der Sendung", "Mehr aus dem Channel", "Mehr aus Thüringen" on
    // broadcaster pages; "Empfehlungen aus der Redaktion", "… aus dem Shop" on magazines),
    // each itself a kept "without" snippet.
    "mehr aus+",
    "empfehlungen aus+",
    "weitere beiträge+",
    "weitere aktuelle themen+",
    "mehr kolumnen+",
    "vorschau auf den nächsten artikel",
    // Rating and feedback prompts under a story or a help page ("War der Artikel nützlich?",
    // "Was this page helpful?"): four wcxb-dev and one trafilatura "without" snippet.
    "war der artikel nützlich",
    "war dieser artikel hilfreich",
    "was this article helpful",
    "was this page helpful",
    "hier ist ihre meinung gefragt",
    // "Further information", downloads, press contacts and tags that close press releases
    // and agency pages after the text (trafilatura corpus, session 6).
    "weitere informationen",
    "weiterführende informationen",
    "zusatzinformationen",
    "fragen zu diesem artikel",
    "downloadbereich",
    "pressekontakt",
    "schlagworte",
    "temas",
    // The source list under a finance or health explainer (smartasset, industryselect;
    // wcxb-dev golds end with the story). Bare "Sources"/"References" stay: reports, wikis and
    // cleaneval's papers keep their references in the gold.
    "article sources",
    // Support and membership appeals.
    "unterstützung",
    "we need your help",
    // Author boxes.
    "about the author",
    "über den autor",
    "über die autorin",
    "autor innen",
    "à propos de l auteur",
    "sobre el autor",
    "o autorze",
    "sobre o autor",
    // Session 15 (`art15`): English headings of the same boxes, which the table had fewer of
    // than German. Each was the first line after the story in our wcxb-dev article output
    // and is absent from the golds: "Recommended Reading" (nerdwallet-style guides), "More
    // from CFR" / "More from SewCanShe:" (prefix), "Related reads:",
    // "More to read:", "Up Next", "Watch Next", "Recent posts on blogs I like:", "Did you find
    // this content helpful?", and the medical reviewer's box of health sites (harvard health
    // "About the Reviewer"). Left out: "Explore more" (BBC's technology front page heads a
    // section of its listing so), "Related Topics" and "About the expert"/"About the writer"
    // (britannica, cartalk and a festival guide keep them), "About the authors" (First Monday
    // papers keep the authors' notes and the references after it).
    "recommended reading",
    "recommended articles",
    "recommended posts",
    "more from+",
    "related reads",
    "related reading",
    "more to read",
    "up next",
    "watch next",
    "recent posts+",
    "did you find this content helpful",
    "did you find this article helpful",
    "was this helpful",
    "about the reviewer",
    // Closing byline boxes: "Written by" / "Reviewed by," over the writer's or the reviewer's
    // name, title and biography at the story's end (agencyanalytics, prosper, petmd,
    // thesocialshepherd, insight2wealth); a byline above the story has under
    // `MIN_PROSE_BEFORE` before it or the story after it, and then only its own short,
    // link-dense box can go (`drop_inline_box`).
    "written by+",
    "reviewed by+",
    // Like and share rows (WordPress "Gefällt mir:" / "Like this:").
    "like this",
    "gefällt mir",
    "share this",
    "teilen mit",
    "diesen beitrag teilen",
];
/// [`END_WORDS`] as the lookups read it.
pub(crate) const END_MARKERS: &[u8] = &crate::rules::len_prefixed::<{ END_WORDS.len() }>(END_WORDS);

/// On a product page (declared `Product`), the headings that open its customer reviews, the
/// product page's comment thread. Why: wcxb-dev product golds keep the title, price and
/// description; one of these lines sits in our output on 40 of the 119 product pages and in
/// the gold of 13 (mostly a summary line or a tab label, rarely the reviews). Only on product
/// pages: "Review" heads sections of articles, and collection tiles say "12 Reviews".
const REVIEW_WORDS: &str = words![
    "reviews",
    "review",
    "customer reviews",
    "product reviews",
    "ratings reviews",
    "ratings and reviews",
    "reviews and ratings",
    "guest ratings reviews",
    "reviews for+",
    "write a review",
    "leave a review",
    "add a review",
    "be the first to review+",
    "kundenbewertungen",
    "bewertungen",
    "avis clients",
    "opiniones",
    "recensioni",
    "beoordelingen",
];
/// [`REVIEW_WORDS`] as the lookups read it.
pub(crate) const REVIEW_MARKERS: &[u8] =
    &crate::rules::len_prefixed::<{ REVIEW_WORDS.len() }>(REVIEW_WORDS);

/// On a product page, the class/id words (whole tokens) of the box holding its customer
/// reviews (`classify/noise.rs` `review_box`, `extract/stages.rs` `reviews_won`). Why: the
/// reviews are the page's longest prose and won the selection over the spec list and
/// description the golds keep (wcxb-dev REI `product-reviews__reviews-list`, IKEA
/// `pipf-seo-reviews__reviews`, Thomann `product-reviews-detail-teaser`); a review heading
/// cuts them only when they follow the selection's start (`REVIEW_MARKERS`). Whole tokens:
/// "preview" names image boxes.
pub(crate) const REVIEW_BOX_TERMS: &Terms = terms![x("review"), x("reviews")];

/// Review prose after a product's review heading may be this share of the prose before it:
/// reviews are sentences, and a product's description is often short; above it the heading
/// sits near the top (a store page's review summary over its description) and only the line
/// goes. wcxb-dev product 0.6176 → 0.6288 at 1.5; at 3.0 0.6255 (a course page's
/// "Reviews" over its syllabus).
pub(crate) const REVIEW_PROSE_AFTER_SHARE: f32 = 1.5;

/// Ids of the box holding a story's comment thread, compared whole and case-insensitively.
/// Why: WordPress themes (`<div id="comments" class="comments-area">`, Genesis's
/// `entry-comments`, wpDiscuz inside it), Blogger templates and most blog engines put the
/// thread under the post in a box with this id, the target of the "N comments" link; its
/// heading is often missing, a count alone, or longer than a marker (Jetpack's
/// "59 Comments on “Title”"). wcxb-dev: stylebyemilyhenderson, whitecoatinvestor, shawnhymel,
/// bennadel, an outdoorsgeek product page; their golds end with the post.
pub(crate) const COMMENT_THREAD_IDS: &[&str] = &["comments"];

/// Prose (chars) the selection must hold before the comment thread for the thread to end the
/// article: a forum topic's first post is short (warriorforum, squarespace's Invision board
/// also put their replies in `id="comments"`, and those replies are the content).
pub(crate) const COMMENTS_MIN_PROSE_BEFORE: u32 = 1000;

/// The thread's prose may be at most this share of the story's for the thread to go. Longer
/// threads stay: the 2004–2008 blogs of cleaneval (aseigo.blogspot, syriablog, 7nights)
/// keep their comments in the gold, with threads 1.7–3.8 times the post, and so do the
/// forum pages whose topic outweighs the opening post (wallstreetoasis: 3.7).
pub(crate) const COMMENTS_AFTER_SHARE: f32 = 1.5;

/// Text (chars) of a schema.org author `Person` box (`itemprop="author"` with a `Person`
/// `itemtype`) after the story's opening prose that makes it a biography, dropped with the
/// box (`extract/tail.rs` `drop_author_bios`); a byline ("By Jane Doe", a date) is shorter.
/// Why: author-box plugins mark the author up so (Simple Author Box `saboxplugin-wrap`,
/// Starbox `abh_box`, theme bio boxes): wcxb-dev ambujayoga 0.89 → 0.99, cnx-software,
/// leftbrainbuddha, the-shooting-star; trafilatura 3 kept "without" snippets fewer. Golds
/// keep the story and leave the biography out.
pub(crate) const AUTHOR_BIO_MIN_CHARS: u32 = 150;

/// Class/id words of an author box that is not marked up as a schema.org `Person`: the same
/// biography (a picture, the writer's name, a paragraph about them) under the story, named
/// by the theme or plugin that draws it, and dropped the same way (at least
/// [`AUTHOR_BIO_MIN_CHARS`], after the story's opening prose). Why: WordPress author-box
/// plugins and themes (`saboxplugin-wrap` when the theme strips the microdata,
/// `tdb-author-box`, `author-box`, `entry-author-info`, `cs-entry__author-info`), Elementor,
/// HubSpot and custom CMSs (`article-author-box`, `author-bio`, `author-card`,
/// `author-block`, `about-the-author`): wcxb-dev freightwaves, crmaids, leadfeeder, em360tech,
/// turbotax, optimantra, blockrenovation, talkandroid, monday, consumerreports, klaviyo,
/// grimdarkmagazine, homegrounds, eridehero, primermagazine, storegrowers, redfin, aihr and
/// proserveit (`author-section`), digit.in, docker and more (49 sites); 40 such
/// boxes are "without" snippets of the trafilatura corpus, none a "with". Only boxes: a
/// paragraph or an inline run named so is part of the text (cleaneval's golds keep
/// `p.authorbio` notes under essays).
pub(crate) const AUTHOR_BOX_TERMS: &Terms = terms![
    t("author-box"),
    t("authorbox"),
    t("author-bio"),
    t("authorbio"),
    t("author__bio"),
    t("author-info"),
    t("authorinfo"),
    t("author-card"),
    t("author-block"),
    t("author-profile"),
    t("author-desc"),
    t("authordesc"),
    t("about-author"),
    t("about-the-author"),
    t("saboxplugin"),
    t("abh_box"),
    t("author-detail"),
    t("author-wrap"),
    t("author__about"),
    t("author-section"),
    t("authors-section"),
    t("authorssection"),
    t("author-container"),
    t("author__container"),
    t("author-about"),
    t("about_author"),
    t("author_detail"),
    t("author_wrap"),
    t("author_content"),
];

/// Markers are headings or short lines: a block with more text than this is not one. A line
/// that is mostly link text is not one either (Q&A sites put an "Add a comment" link under
/// every answer), nor a table header cell (a "Comment" column).
pub(crate) const MARKER_MAX_CHARS: u32 = 60;

/// Prose (chars of sentence paragraphs) the selection must hold before a marker: the story
/// comes first. A page that opens with "Comments" is a comment page. Session 6: 400 → 100;
/// with [`MAX_PROSE_AFTER_SHARE`] guarding the other side, a short post (a poem, a joke, a
/// photo note of 120 chars) followed by a like row and "Related posts" is still a story
/// (trafilatura corpus: 5 such WordPress pages kept their like rows).
pub(crate) const MIN_PROSE_BEFORE: u32 = 100;

/// Prose after the marker may be at most this share of the prose before it: a forum thread or
/// a Q&A page whose replies outweigh the question keeps them (its replies are the content), and
/// so does a blog's front page, where "Related posts" closes only the first of its posts
/// (cleaneval at 1.0: a front page and two blog threads lost half their text).
pub(crate) const MAX_PROSE_AFTER_SHARE: f32 = 0.5;

/// Text (besides the marker) of a box a marker opens inside the story, when the story goes on
/// after it: an inline "related" box of a few teaser titles, mostly links. Longer, or mostly
/// plain text, it is a section of the story and only the marker line goes.
pub(crate) const INLINE_BOX_MAX_CHARS: u32 = 600;

/// `text` reduced for comparison with [`END_MARKERS`]: lowercase letters, single spaces.
pub(crate) fn marker_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_alphabetic() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.extend(crate::lower_char(c));
        } else {
            space = true;
        }
    }
    out
}

/// True when `text` is one of `markers` (whole, or as a prefix where the marker allows it).
pub(crate) fn is_marker_in(markers: &[u8], text: &str) -> bool {
    let key = marker_key(text);
    let key = key.as_bytes();
    crate::rules::prefixed_words(markers).any(|mk| match mk.split_last() {
        Some((b'+', phrase)) => key
            .strip_prefix(phrase)
            .is_some_and(|rest| rest.first().is_none_or(|&c| c == b' ')),
        _ => key == mk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{prefixed_words, table_words};

    #[test]
    fn every_marker_is_its_own_key() {
        // A phrase only matches a key: lowercase letters and single spaces; `+` only last.
        assert_eq!(
            prefixed_words(END_MARKERS).count(),
            table_words(END_WORDS).count()
        );
        assert_eq!(prefixed_words(REVIEW_MARKERS).count(), 19);
        for mk in table_words(END_WORDS).chain(table_words(REVIEW_WORDS)) {
            let phrase = mk.strip_suffix('+').unwrap_or(mk);
            assert_eq!(marker_key(phrase), phrase, "{mk}");
            assert!(is_marker_in(END_MARKERS, phrase) || is_marker_in(REVIEW_MARKERS, phrase));
        }
        assert!(is_marker_in(REVIEW_MARKERS, "Reviews for Blue Kettle (12)"));
        assert!(!is_marker_in(REVIEW_MARKERS, "Reviewsfor"));
    }

    fn is_end_marker(text: &str) -> bool {
        is_marker_in(END_MARKERS, text)
    }

    #[test]
    fn markers_match_headings_with_counts_and_punctuation() {
        assert!(is_end_marker("Kommentare (12)"));
        assert!(is_end_marker("12 Comments"));
        assert!(is_end_marker("Gefällt mir:"));
        assert!(is_end_marker("Autor:innen"));
        assert!(is_end_marker("5 thoughts on “Why we read”"));
        assert!(is_end_marker("Mehr zum Thema"));
        assert!(is_end_marker("Lesen Sie auch:"));
        assert!(!is_end_marker(
            "Mehr zum Thema Klimaschutz im nächsten Heft"
        ));
        assert!(!is_end_marker(
            "Comments on the new law were mixed, the minister said."
        ));
        assert!(!is_end_marker("Kommentar: Warum die Bahn scheitert"));
        assert!(!is_end_marker("Related work"));
        assert!(is_end_marker("Mehr aus der Sendung"));
        assert!(is_end_marker("Empfehlungen aus der Redaktion"));
        assert!(is_end_marker("11 Antworten zu „Sunday Thoughts“"));
        assert!(!is_end_marker("Mehrausgaben im Haushalt"));
        assert!(is_end_marker("Was this page helpful?"));
        assert!(is_end_marker("Article Sources:"));
        // English headings of session 15.
        assert!(is_end_marker("Recommended Reading"));
        assert!(is_end_marker("More from SewCanShe:"));
        assert!(is_end_marker("Recent posts on blogs I like:"));
        assert!(is_end_marker("Did you find this content helpful?"));
        assert!(is_end_marker("About the Reviewer"));
        assert!(!is_end_marker("Moreover, from then on"));
        assert!(!is_end_marker("Explore more"));
        assert!(!is_end_marker("About the Authors"));
        assert!(is_end_marker("Written by Cassidy Horton"));
        assert!(is_end_marker("Reviewed by,"));
        assert!(!is_end_marker("Handwritten by the author"));
        assert!(!is_end_marker("References"));
        assert!(is_end_marker("War der Artikel nützlich?"));
        assert!(!is_end_marker(
            "Was this page helpful to the committee, she asked"
        ));
        assert!(is_end_marker("Podobne artykuły"));
        assert!(is_end_marker("Articles similaires"));
        assert!(is_end_marker("ARTIGOS RELACIONADOS"));
        assert!(is_end_marker("Sobre o autor"));
        assert!(!is_end_marker("Artigos relacionados com o clima em 2020"));
        // Bare "Related" heads inline boxes in the middle of articles too.
        assert!(!is_end_marker("Related:"));
    }

    #[test]
    fn review_markers_match_review_headings() {
        let review = |t| is_marker_in(REVIEW_MARKERS, t);
        assert!(review("Reviews (76)"));
        assert!(review("Ratings & Reviews"));
        assert!(review("Reviews for this item (76)"));
        assert!(review("Be the first to review this item"));
        assert!(review("Kundenbewertungen"));
        assert!(!review("Review highlights from our editors"));
        assert!(!is_end_marker("Customer Reviews"));
    }
}
