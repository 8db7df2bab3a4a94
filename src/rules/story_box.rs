//! Story boxes: a box whose class/id reads as furniture ("left-navigation-wrapper",
//! "TestReport__Section--Ads", "js-lightbox-gallery", AEM's "cmp-text", "socialicons-sticky")
//! but which holds several prose paragraphs is the story, not that furniture.
//!
//! Why: class vocabulary names how a box behaves or is styled (a share bar pinned beside it, a
//! lightbox on its pictures, an ad slot reserved in it, a component library's prefix), and
//! site builders put it on the wrapper of the article itself. Menus, share bars, ad slots,
//! cookie notices and sign-up boxes hold short lines and links, not paragraphs of sentences.
//! A box also named with the soft negative vocabulary (`vocab::NEGATIVE_TERMS`: comments,
//! teasers, cards) keeps its label: a "social-comments" pane holds the readers' prose (readability
//! aclu). A story box is examined further down like any other, so its furniture is still labelled.

use super::vocab::Terms;

/// Names that say what a box holds rather than how it behaves: a consent shell keeps its
/// overlay label however much prose it holds. Why: a cookie preference centre explains each
/// category in paragraphs (trafilatura battery-news: Enfold's `avia-cookie-consent-wrap`,
/// 4,300 chars in nine `<p>`, outscored the story). A cookie policy page names its text
/// otherwise (`entry-content`); read from the class only (`classify::noise`).
/// A disclaimer box holds the small print under a product or a page — financing terms,
/// trade-in and warranty conditions, trademark and test-condition footnotes — in paragraphs
/// as long as a story's, so the story-box exception kept them (wcxb-dev: iRobot's
/// `pdp-disclaimer` under a product, NIDDK's closing `disclaimer` box; their golds leave them
/// out, GEICO's travel-insurance gold keeps its policy notes).
pub(crate) const NOT_STORY_TERMS: &Terms = terms![
    t("cookie"),
    t("consent"),
    t("gdpr"),
    t("onetrust"),
    t("didomi"),
    t("disclaimer"),
];

/// Prose paragraphs (`<p>` elements with a sentence or more, `limits::SIBLING_PARAGRAPH_CHARS`
/// chars, link density under `limits::PROSE_MAX_LINK_DENSITY`) a story box holds at least ...
/// Only `<p>`: a comment thread sets each comment in a `div`/`span` (Stack Overflow's
/// "follow-ups-container" under each answer: any prose block counted, wcxb forum −0.0019).
/// Two, not three: a shop category's SEO copy is two long paragraphs in a box named for where
/// it sits ("field-seofootercopy": wcxb-dev famousfootwear 4190, 1,065 chars, the page's
/// content); `MIN_PROSE_CHARS` still keeps a sidebar's short "about us" pair furniture.
pub(crate) const MIN_PARAGRAPHS: u32 = 2;

/// ... with at least this many chars together (a teaser card's blurb or an author box is shorter) ...
pub(crate) const MIN_PROSE_CHARS: u32 = 600;

/// ... making at least this share of the box's text (a footer or sidebar with one "about us"
/// paragraph among its link lists stays furniture).
pub(crate) const MIN_PROSE_SHARE: f32 = 0.5;

/// A `<form>` holding at least this many prose blocks ... Why: forum software wraps the thread
/// in one form (Invision Community's multi-quote/moderation checkboxes: wcxb-dev corsair, the
/// posts were labelled interactive and the page came out empty); search, login, comment and
/// sign-up forms hold labels and at most one line of small print.
pub(crate) const FORM_MIN_PARAGRAPHS: u32 = 2;

/// ... of at least this many chars together.
pub(crate) const FORM_MIN_PROSE_CHARS: u32 = 300;

/// Input types a reader does not type into: a form holding only these (hidden CSRF tokens,
/// moderation checkboxes) around prose is a thread; one with a text, email or phone field, a
/// `<textarea>` or a `<select>` is a form whatever its small print (wcxb-dev: a Gravity Forms
/// lead form whose field notes read as prose, psafinancial 0.91 -> 0.65 without this guard).
pub(crate) const NON_ENTRY_INPUTS: &[&str] = &[
    "hidden", "checkbox", "radio", "submit", "button", "image", "reset",
];
