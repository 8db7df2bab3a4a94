//! The fuzz properties (`fuzz/check.rs`) in CI, bounded: every kept crasher and seed under
//! `tests/fuzz-regressions/` and every fixture page replayed, then a property test over
//! generated hostile markup. The open-ended search is `./build.sh fuzz SECONDS`.

#![cfg(all(feature = "html", not(target_arch = "wasm32")))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../fuzz/check.rs"]
mod check;

use std::path::{Path, PathBuf};

use proptest::prelude::*;

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `f` on every file, naming the file that panics.
fn replay(files: &[PathBuf], f: fn(&[u8])) {
    for path in files {
        let data = std::fs::read(path).unwrap();
        if std::panic::catch_unwind(|| f(&data)).is_err() {
            panic!("{} breaks a fuzz property", path.display());
        }
    }
}

#[test]
fn kept_crashers_and_seeds_replay_clean() {
    let dir = root().join("tests/fuzz-regressions");
    let parse = files_under(&dir.join("parse_render"));
    let snap = files_under(&dir.join("snapshot_render"));
    assert!(
        !parse.is_empty() && !snap.is_empty(),
        "regression fixtures missing"
    );
    replay(&parse, check::parse_render);
    replay(&snap, check::snapshot_render);
}

#[test]
fn fixture_pages_replay_clean() {
    let pages: Vec<PathBuf> = [root().join("tests/fixtures"), root().join("tests/xss")]
        .iter()
        .flat_map(|d| files_under(d))
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    assert!(pages.len() > 10, "{} pages", pages.len());
    replay(&pages, check::parse_render);
}

/// Pieces of markup chosen for trouble: unbalanced and misnested tags, foreign content,
/// raw-text elements, entities, hostile URLs and attributes, odd bytes.
const PIECES: &[&str] = &[
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<article>",
    "</article>",
    "<h1>",
    "<h3>",
    "</h2>",
    "<table>",
    "<tr>",
    "<td colspan=99999999999>",
    "<th scope=evil>",
    "</table>",
    "<ul><li>",
    "</li>",
    "<ol start=-1>",
    "<pre>",
    "<code class=\"language-\"\">",
    "<blockquote>",
    "<figure>",
    "<figcaption>",
    "<img src=x onerror=alert(1)>",
    "<img src=\"javascript:alert(1)\">",
    "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
    "<img src=https://e.org/a.png alt=\"\\\" onload=\">",
    "<a href=\"javascript:alert(1)\">",
    "<a href=\" jAvAsCrIpT:alert(1)\">",
    "<a href=\"java&#x09;script:x\">",
    "<a href=\"vbscript:msgbox\">",
    "<a href=\"data:text/html,<script>\">",
    "<a href=#frag>",
    "<a href=/rel>",
    "</a>",
    "<svg><script>alert(1)</script>",
    "<svg><foreignObject><p>",
    "</svg>",
    "<math><mi>x</mi>",
    "<math><annotation-xml encoding=\"text/html\"><img src=x onerror=alert(1)>",
    "</math>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    "<template><p>t</template>",
    "<script>alert(1)</script>",
    "<style>*{x:expression(alert(1))}</style>",
    "<iframe srcdoc=\"<script>\">",
    "<base href=javascript:/>",
    "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
    "<form action=javascript:alert(1)><button>",
    "<object data=x>",
    "<embed src=x>",
    "<textarea>",
    "</textarea>",
    "<title>",
    "</title>",
    "<plaintext>",
    "<xmp>",
    "<!--",
    "-->",
    "<![CDATA[",
    "]]>",
    "<!doctype html>",
    "<?xml?>",
    "&amp;",
    "&lt;script&gt;",
    "&#0;",
    "&#x110000;",
    "&",
    "<",
    ">",
    "\"",
    "'",
    "\u{0}",
    "\u{feff}",
    "\u{202e}",
    "\r\n",
    "\t",
    "<span lang=\"en\" dir=rtl>",
    "<bdo dir=rtl>",
    "<sup>",
    "<sub>",
    "<em>",
    "<strong>",
    "<b>",
    "<i>",
    "<br>",
    "<hr>",
    "<p style=\"background:url(javascript:x)\">",
    "<html>",
    "<body onload=alert(1)>",
    "<frameset>",
    "<frame src=x>",
    "<select><option>",
    "The committee met to discuss the harbour plan at length, and members agreed. ",
    "Short words. ",
    "日本語のテキスト。",
    "مرحبا بالعالم ",
];

fn markup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(PIECES).prop_map(str::to_string),
            1 => "[ -~]{0,12}",
        ],
        0..120,
    )
    .prop_map(|v| v.concat())
}

/// The snapshot JSON with the `cut`-th parent link pointed elsewhere (a detached node, a
/// cycle, an out-of-range id).
fn relink(json: &str, cut: usize) -> String {
    let key = "\"parent\":";
    let at: Vec<usize> = json
        .match_indices(key)
        .map(|(i, _)| i + key.len())
        .collect();
    let Some(&start) = at.get(cut % at.len().max(1)) else {
        return json.to_string();
    };
    let end = start + json[start..].find([',', '}']).unwrap_or(0);
    format!(
        "{}{}{}",
        &json[..start],
        cut * 7 % (at.len() + 2),
        &json[end..]
    )
}

proptest! {
    // 256 generated pages of up to ~120 pieces: well under a minute in a debug build.
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_hostile_markup_holds_the_fuzz_properties(page in markup()) {
        check::parse_render(page.as_bytes());
    }

    #[test]
    fn generated_snapshot_json_holds_the_fuzz_properties(page in markup(), cut in 0usize..64) {
        // A real snapshot, then the same JSON with one structural edit that validate must catch
        // or extraction must survive.
        let snap = lectern::parse_html(&page, &check::options());
        if let Ok(snap) = snap {
            let json = serde_json::to_string(&snap).unwrap();
            check::snapshot_render(json.as_bytes());
            check::snapshot_render(relink(&json, cut).as_bytes());
        }
    }
}
