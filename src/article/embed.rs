//! Embedded players from a short list of known providers, kept as inert placeholders.
//!
//! A page's `<iframe>` never reaches the article: it can load anything and run anything. An iframe
//! whose address is a video on a known provider becomes a [`Block::Embed`](super::Block::Embed)
//! instead: the provider's name, the video's id, a link to the original and the
//! privacy-preserving player address a reader may frame **after** the user asks for it (the
//! extension's reader shows a "Load video from …" button; nothing is requested before the click).
//! Any other iframe stays dropped.

use super::url;

/// A known provider: which iframe addresses it serves, and the two addresses Lectern builds from
/// the video id (never the page's own, so nothing the page wrote reaches the output but the id).
pub(crate) struct Provider {
    /// Name shown to the reader ("Load video from YouTube").
    pub name: &'static str,
    /// Hosts whose iframes are this provider's players (lowercase, exact).
    pub hosts: &'static [&'static str],
    /// Path prefix before the id (`/embed/` in `https://www.youtube.com/embed/ID`).
    pub path: &'static str,
    /// The id's allowed characters and length: anything else is not this provider's video.
    pub id: fn(&str) -> bool,
    /// The player to frame on request; `{id}` is replaced. Its host must be in [`PLAYER_HOSTS`].
    pub player: &'static str,
    /// The original video page, for the placeholder's link; `{id}` is replaced.
    pub page: &'static str,
}

/// The providers, each with why it is on the list and why its player address is the one used.
pub(crate) const PROVIDERS: &[Provider] = &[
    // YouTube: by far the most embedded video host in articles. Played from
    // youtube-nocookie.com, YouTube's privacy-enhanced mode: no cookies are set until the viewer
    // plays the video. Ids are 11 characters of base64url.
    Provider {
        name: "YouTube",
        hosts: &[
            "www.youtube.com",
            "youtube.com",
            "m.youtube.com",
            "www.youtube-nocookie.com",
            "youtube-nocookie.com",
        ],
        path: "/embed/",
        id: |s| {
            s.len() == 11
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        },
        player: "https://www.youtube-nocookie.com/embed/{id}",
        page: "https://www.youtube.com/watch?v={id}",
    },
    // Vimeo: the second most common article video host (news, documentaries, talks). `dnt=1` asks
    // the player not to track the session (no cookies, no analytics). Ids are decimal.
    Provider {
        name: "Vimeo",
        hosts: &["player.vimeo.com"],
        path: "/video/",
        id: |s| (1..=12).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()),
        player: "https://player.vimeo.com/video/{id}?dnt=1",
        page: "https://vimeo.com/{id}",
    },
];

/// Every host a reader may frame: the hosts of the providers' `player` addresses. The extension's
/// reader page allows exactly these in its CSP `frame-src` (a test keeps the two equal), and its
/// allowlist checker accepts a placeholder's player address only on these hosts.
pub(crate) const PLAYER_HOSTS: &[&str] = &["www.youtube-nocookie.com", "player.vimeo.com"];

/// A recognised embed: what [`Block::Embed`](super::Block::Embed) holds.
#[derive(Debug, PartialEq)]
pub(crate) struct Found {
    pub provider: &'static str,
    pub id: String,
    pub player: String,
    pub page: String,
}

/// The known-provider video behind an iframe address (`src`, or a lazy loader's `data-src`),
/// resolved against `base`; `None` for anything else.
pub(crate) fn recognise(src: &str, base: Option<&str>) -> Option<Found> {
    let abs = url::resolve(base, src.trim())?;
    if !matches!(url::scheme(&abs).as_deref(), Some("http" | "https")) {
        return None;
    }
    let host = url::host(&abs)?;
    // The path: after the authority, up to the query or fragment.
    let after_scheme = abs.split_once("//")?.1;
    let path_start = after_scheme.find('/')?;
    let path = after_scheme[path_start..]
        .split(['?', '#'])
        .next()
        .unwrap_or_default();
    PROVIDERS.iter().find_map(|p| {
        if !p.hosts.contains(&host.as_str()) {
            return None;
        }
        let id = path.strip_prefix(p.path)?.trim_end_matches('/');
        (p.id)(id).then(|| Found {
            provider: p.name,
            id: id.to_string(),
            player: p.player.replace("{id}", id),
            page: p.page.replace("{id}", id),
        })
    })
}

/// True when `player` is an https address on one of [`PLAYER_HOSTS`] (the allowlist checker's
/// rule for a placeholder's `data-embed`).
pub(crate) fn player_allowed(player: &str) -> bool {
    url::scheme(player).as_deref() == Some("https")
        && url::host(player).is_some_and(|h| PLAYER_HOSTS.contains(&h.as_str()))
        && !player.contains(['"', '<', '>', '\'', ' '])
}

/// True when `name` is one of the providers' names.
pub(crate) fn provider_known(name: &str) -> bool {
    PROVIDERS.iter().any(|p| p.name == name)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn recognises_known_players_and_builds_private_addresses() {
        let yt = recognise(
            "//www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
            Some("https://news.example/a"),
        )
        .unwrap();
        assert_eq!(yt.provider, "YouTube");
        assert_eq!(
            yt.player,
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
        );
        assert_eq!(yt.page, "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
        let vimeo =
            recognise("https://player.vimeo.com/video/76979871?h=8272103f6e", None).unwrap();
        assert_eq!(
            vimeo.player,
            "https://player.vimeo.com/video/76979871?dnt=1"
        );
        assert_eq!(vimeo.page, "https://vimeo.com/76979871");
    }

    #[test]
    fn anything_else_is_not_an_embed() {
        for src in [
            "https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ",
            "https://evil.example/www.youtube.com/embed/dQw4w9WgXcQ",
            "javascript:'//www.youtube.com/embed/dQw4w9WgXcQ'",
            "https://www.youtube.com/embed/dQw4w9WgXc\"><script>",
            "https://www.youtube.com/embed/short",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://player.vimeo.com/video/12ab",
            "https://ads.example/frame.html",
            "/beacon/iframe.html",
            "",
        ] {
            assert_eq!(recognise(src, Some("https://news.example/")), None, "{src}");
        }
    }

    #[test]
    fn every_player_host_is_listed_and_allowed() {
        for p in PROVIDERS {
            let player = p.player.replace("{id}", "x");
            assert!(player_allowed(&player), "{}: {player}", p.name);
        }
        assert!(!player_allowed("http://www.youtube-nocookie.com/embed/x"));
        assert!(!player_allowed("https://www.youtube.com/embed/x"));
        assert!(!player_allowed(
            "https://player.vimeo.com/video/1\"onload=x"
        ));
    }

    /// The extension's reader frames exactly the player hosts: its CSP `frame-src` lists them.
    #[test]
    fn extension_csp_frames_exactly_the_player_hosts() {
        let manifest = include_str!("../../extension/manifest.json");
        let csp = manifest
            .split("\"extension_pages\":")
            .nth(1)
            .and_then(|s| s.split('"').nth(1))
            .unwrap();
        let frame_src: Vec<&str> = csp
            .split(';')
            .map(str::trim)
            .find_map(|d| d.strip_prefix("frame-src "))
            .unwrap()
            .split_whitespace()
            .collect();
        let want: Vec<String> = PLAYER_HOSTS
            .iter()
            .map(|h| format!("https://{h}"))
            .collect();
        assert_eq!(frame_src, want);
    }
}
