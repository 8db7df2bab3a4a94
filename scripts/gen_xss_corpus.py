"""Generates the XSS corpus in tests/xss/ (pages + manifest.json). Edit the vectors here, rerun:
    python3 scripts/gen_xss_corpus.py
Every payload that could run calls top.__xss(ID); every resource URL points at /beacon/."""
import os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "xss"))
import json, html
P = ("The harbour committee met on Tuesday evening to discuss the long delayed repairs to the old pier, "
     "and after a lengthy debate the members agreed that the work should begin before the winter storms arrive.")
def X(i): return f"top.__xss('{i}')"
pages = {
 "script-forms": ("Scripts in every form", [
   ("script-inline", f"<script>{X('script-inline')}</script>"),
   ("script-upper", f"<SCRIPT>{X('script-upper')}</SCRIPT>"),
   ("script-src", "<script src=\"/beacon/script-src.js\"></script>"),
   ("script-module", f"<script type=module>{X('script-module')}</script>"),
   ("script-split", f"<scr<script>ipt>{X('script-split')}</scr</script>ipt>"),
   ("script-svg", f"<svg><script>{X('script-svg')}</script></svg>"),
   ("script-svg-href", "<svg><script href=\"/beacon/svg-script.js\"></script></svg>"),
   ("script-template", f"<template><script>{X('script-template')}</script></template>"),
   ("script-in-pre", f"<pre><code></code></pre><script>{X('script-in-pre')}</script>"),
   ("script-escaped-text", f"Escaped text stays text: &lt;script&gt;{X('script-escaped-text')}&lt;/script&gt;"),
   ("script-noscript", f"<noscript><script>{X('script-noscript')}</script></noscript>"),
   ("script-json-ld", "<script type=application/ld+json>{\"@type\":\"NewsArticle\",\"headline\":\"</script><img src=x onerror=" + X('script-json-ld') + ">\"}</script>"),
 ]),
 "event-handlers": ("Event handlers", [
   ("img-onerror", f"<img src=x onerror=\"{X('img-onerror')}\" alt=broken>"),
   ("img-onerror-upper", f"<IMG SRC=x ONERROR=\"{X('img-onerror-upper')}\">"),
   ("img-onload", f"<img src=\"/beacon/ok.png\" onload=\"{X('img-onload')}\" alt=ok>"),
   ("svg-onload", f"<svg onload=\"{X('svg-onload')}\"><circle r=1></circle></svg>"),
   ("body-onload", f"<body onload=\"{X('body-onload')}\">"),
   ("details-ontoggle", f"<details open ontoggle=\"{X('details-ontoggle')}\"><summary>More</summary>Hidden words.</details>"),
   ("input-onfocus", f"<input autofocus onfocus=\"{X('input-onfocus')}\">"),
   ("video-onerror", f"<video><source onerror=\"{X('video-onerror')}\"></video>"),
   ("audio-onerror", f"<audio src=x onerror=\"{X('audio-onerror')}\"></audio>"),
   ("p-onclick", f"<p onclick=\"{X('p-onclick')}\" onmouseover=\"{X('p-onmouseover')}\">Click this paragraph, which has handlers.</p>"),
   ("a-onmouseover", f"<a href=\"https://example.org/\" onmouseover=\"{X('a-onmouseover')}\">a link with a handler</a>"),
   ("marquee-onstart", f"<marquee onstart=\"{X('marquee-onstart')}\">scrolling</marquee>"),
   ("handler-entities", "<img src=x onerror=\"&#116;&#111;&#112;.__xss('handler-entities')\">"),
   ("handler-slash", f"<img/src=x/onerror=\"{X('handler-slash')}\">"),
   ("object-onerror", f"<object data=x onerror=\"{X('object-onerror')}\"></object>"),
 ]),
 "urls": ("Dangerous URLs", [
   ("a-javascript", f"<a href=\"javascript:{X('a-javascript')}\">plain javascript link</a>"),
   ("a-javascript-case", f"<a href=\"JaVaScRiPt:{X('a-javascript-case')}\">mixed case</a>"),
   ("a-javascript-space", f"<a href=\"  javascript:{X('a-javascript-space')}\">leading space</a>"),
   ("a-javascript-tab", f"<a href=\"java\tscript:{X('a-javascript-tab')}\">tab inside</a>"),
   ("a-javascript-newline", f"<a href=\"java\nscript:{X('a-javascript-newline')}\">newline inside</a>"),
   ("a-javascript-control", f"<a href=\"\x01javascript:{X('a-javascript-control')}\">control char</a>"),
   ("a-vbscript", "<a href=\"vbscript:msgbox(1)\">vbscript link</a>"),
   ("a-data-html", f"<a href=\"data:text/html,&lt;script&gt;{X('a-data-html')}&lt;/script&gt;\">data html link</a>"),
   ("a-data-base64", "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">data base64 link</a>"),
   ("img-javascript", f"<img src=\"javascript:{X('img-javascript')}\" alt=js>"),
   ("img-data-svg", f"<img src=\"data:image/svg+xml,&lt;svg xmlns='http://www.w3.org/2000/svg' onload='{X('img-data-svg')}'/&gt;\" alt=svg>"),
   ("img-srcset", "<img src=\"/beacon/srcset-fallback.png\" srcset=\"javascript:alert(1) 1x\" alt=srcset>"),
   ("img-beacon", "<figure><img src=\"/beacon/allowed-image.png\" alt=\"an allowed image\"><figcaption>An image request is allowed.</figcaption></figure>"),
   ("iframe-javascript", f"<iframe src=\"javascript:{X('iframe-javascript')}\"></iframe>"),
   ("iframe-beacon", "<iframe src=\"/beacon/iframe.html\"></iframe>"),
   ("object-beacon", "<object data=\"/beacon/object.swf\"></object>"),
   ("embed-beacon", "<embed src=\"/beacon/embed.swf\">"),
   ("link-stylesheet", "<link rel=stylesheet href=\"/beacon/style.css\">"),
   ("area-javascript", f"<map name=m><area href=\"javascript:{X('area-javascript')}\" shape=rect coords=0,0,9,9></map>"),
   ("a-protocol-relative", "<a href=\"//example.org/path\">protocol relative</a>"),
 ]),
 "namespaces": ("SVG and MathML namespace tricks", [
   ("svg-a-javascript", f"<svg><a href=\"javascript:{X('svg-a-javascript')}\"><text>svg link</text></a></svg>"),
   ("svg-xlink", f"<svg><a xlink:href=\"javascript:{X('svg-xlink')}\"><text>xlink</text></a></svg>"),
   ("svg-animate", f"<svg><animate onbegin=\"{X('svg-animate')}\" attributeName=x dur=1s></animate></svg>"),
   ("svg-set-href", f"<svg><a><set attributeName=href to=\"javascript:{X('svg-set-href')}\"></set><text>set</text></a></svg>"),
   ("svg-foreignobject", f"<svg><foreignObject><img src=x onerror=\"{X('svg-foreignobject')}\"></foreignObject></svg>"),
   ("svg-style-mxss", f"<svg></p><style><a id=\"</style><img src=1 onerror={X('svg-style-mxss')}>\"></a></style></svg>"),
   ("svg-use", "<svg><use href=\"/beacon/sprite.svg#x\"></use></svg>"),
   ("math-href", f"<math href=\"javascript:{X('math-href')}\"><mi>x</mi></math>"),
   ("math-maction", f"<math><maction actiontype=statusline xlink:href=\"javascript:{X('math-maction')}\"><mi>y</mi></maction></math>"),
   ("math-annotation-html", f"<math><semantics><mi>z</mi><annotation-xml encoding=\"text/html\"><img src=x onerror=\"{X('math-annotation-html')}\"></annotation-xml></semantics></math>"),
   ("math-mglyph-style", f"<math><mtext><table><mglyph><style><img src=x onerror=\"{X('math-mglyph-style')}\"></style></mglyph></table></mtext></math>"),
   ("math-form-mxss", f"<form><math><mtext></form><form><mglyph><style></math><img src onerror=\"{X('math-form-mxss')}\">"),
   ("math-onclick", f"<math onclick=\"{X('math-onclick')}\"><mi onmouseover=\"{X('math-mi-onmouseover')}\">w</mi></math>"),
 ]),
 "head-and-forms": ("Base, refresh, srcdoc and forms", [
   ("base-javascript", "<base href=\"javascript:/\">"),
   ("base-relative-link", "<a href=\"relative/path.html\">a relative link under a hostile base</a>"),
   ("meta-refresh", f"<meta http-equiv=refresh content=\"0;url=javascript:{X('meta-refresh')}\">"),
   ("meta-refresh-data", "<meta http-equiv=refresh content=\"3600;url=data:text/html,hi\">"),
   ("iframe-srcdoc", f"<iframe srcdoc=\"&lt;script&gt;{X('iframe-srcdoc')}&lt;/script&gt;\"></iframe>"),
   ("iframe-srcdoc-img", f"<iframe srcdoc=\"&lt;img src=x onerror=&quot;{X('iframe-srcdoc-img')}&quot;&gt;\"></iframe>"),
   ("form-action", f"<form action=\"javascript:{X('form-action')}\"><input type=submit value=Send><button>Go</button></form>"),
   ("button-formaction", f"<form><button formaction=\"javascript:{X('button-formaction')}\">Formaction</button></form>"),
   ("input-image", "<input type=image src=\"/beacon/input-image.png\">"),
   ("isindex", f"<isindex action=\"javascript:{X('isindex')}\" type=image>"),
   ("frameset-in-body", f"<frameset onload=\"{X('frameset-in-body')}\"><frame src=\"/beacon/frame.html\"></frameset>"),
 ]),
 "css": ("CSS expression and url()", [
   ("style-expression", f"<p style=\"width:expression({X('style-expression')})\">A paragraph with an old IE expression in its style.</p>"),
   ("style-url-javascript", f"<div style=\"background:url('javascript:{X('style-url-javascript')}')\">Background with a script URL.</div>"),
   ("style-url-beacon", "<div style=\"background-image:url(/beacon/style-attr-bg.png)\">Background image from a style attribute.</div>"),
   ("style-element-import", "<style>@import '/beacon/import.css';</style>"),
   ("style-element-font", "<style>@font-face{font-family:x;src:url(/beacon/font.woff)} p{font-family:x}</style>"),
   ("style-element-bg", "<style>article{background:url(/beacon/style-element-bg.png)}</style>"),
   ("style-moz-binding", "<p style=\"-moz-binding:url(/beacon/binding.xml#x)\">Old Firefox binding.</p>"),
   ("style-in-svg", "<svg><style>@import url(/beacon/svg-import.css);</style></svg>"),
   ("font-face-attr", "<font face=\"x\" color=red>old font tag</font>"),
 ]),
 "mutation": ("Mutation XSS: markup that re-parses differently", [
   ("noscript-title", f"<noscript><p title=\"</noscript><img src=x onerror={X('noscript-title')}>\"></noscript>"),
   ("xmp", f"<xmp><img src=x onerror=\"{X('xmp')}\"></xmp>"),
   ("textarea", f"<textarea><img src=x onerror=\"{X('textarea')}\"></textarea>"),
   ("title-in-body", f"<title><img src=x onerror=\"{X('title-in-body')}\"></title>"),
   ("iframe-text", f"<iframe><img src=x onerror=\"{X('iframe-text')}\"></iframe>"),
   ("noembed", f"<noembed><img src=x onerror=\"{X('noembed')}\"></noembed>"),
   ("noframes", f"<noframes><img src=x onerror=\"{X('noframes')}\"></noframes>"),
   ("comment-break", f"<!--><img src=x onerror=\"{X('comment-break')}\">-->"),
   ("cdata-html", f"<![CDATA[><img src=x onerror=\"{X('cdata-html')}\">]]>"),
   ("attr-break", f"<a href=\"https://example.org/\" title=\"&quot; onmouseover=&quot;{X('attr-break')}\">quoted title</a>"),
   ("backtick", f"<img src=`x` onerror=`{X('backtick')}`>"),
   ("code-breakout", f"<pre><code>&lt;/code&gt;&lt;/pre&gt;&lt;img src=x onerror={X('code-breakout')}&gt;</code></pre>"),
   ("code-class", f"<pre><code class=\"language-js&quot; onmouseover=&quot;{X('code-class')}\">let x = 1;</code></pre>"),
   ("alt-breakout", f"<img src=\"/beacon/alt.png\" alt=\"&quot;&gt;&lt;img src=x onerror={X('alt-breakout')}&gt;\">"),
   ("table-breakout", f"<table><tr><td>cell</td><img src=x onerror=\"{X('table-breakout')}\"></tr></table>"),
   ("plaintext", f"<plaintext><img src=x onerror=\"{X('plaintext')}\">"),
 ]),
 "entities": ("Entity-encoded variants", [
   ("ent-decimal-href", "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;top.__xss('ent-decimal-href')\">decimal entities</a>"),
   ("ent-hex-href", "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;top.__xss('ent-hex-href')\">hex entities</a>"),
   ("ent-padded-href", "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058top.__xss('ent-padded-href')\">padded, no semicolons</a>"),
   ("ent-colon-href", "<a href=\"javascript&colon;top.__xss('ent-colon-href')\">named colon</a>"),
   ("ent-tab-href", "<a href=\"java&Tab;script:top.__xss('ent-tab-href')\">named tab</a>"),
   ("ent-newline-href", "<a href=\"java&NewLine;script:top.__xss('ent-newline-href')\">named newline</a>"),
   ("ent-img-src", "<img src=\"&#106;avascript:top.__xss('ent-img-src')\" alt=ent>"),
   ("ent-text-script", "&lt;script&gt;top.__xss('ent-text-script')&lt;/script&gt; and &amp;lt;b&amp;gt; double-escaped"),
   ("ent-text-img", "&#60;img src=x onerror=top.__xss('ent-text-img')&#62; as numeric entities"),
   ("ent-unicode-escape", "<a href=\"\\u006Aavascript:top.__xss('ent-unicode-escape')\">backslash-u</a>"),
   ("ent-percent", "<a href=\"javascript%3Atop.__xss('ent-percent')\">percent-encoded colon</a>"),
   ("ent-bidi", "Bidi override \u202e gnp.exe and a zero width\u200bspace."),
 ]),
}
manifest = {"description": "XSS corpus: article pages that embed hostile markup. Every payload that could run calls top.__xss(ID); any request to /beacon/ other than an image is a leak. Used by tests/xss/run.mjs (npm html output and live-DOM extraction) and reusable by the extension's tests.", "sentinel": "top.__xss(id)", "beacon": "/beacon/", "pages": []}
for name, (title, vectors) in pages.items():
    body = []
    for i, (vid, v) in enumerate(vectors):
        if i % 3 == 0:
            body.append(f"<p>{P}</p>")
        body.append(f"<p>Vector {html.escape(vid)}: {v} and the text around it continues with ordinary words.</p>" if not v.startswith(("<p","<div","<pre","<figure","<table","<details","<form","<style","<base","<meta","<link","<frameset","<svg></p>","<plaintext")) else v)
    # plaintext swallows everything after it: keep it last
    head_extra = "".join(v for vid, v in vectors if vid in ("base-javascript","meta-refresh","link-stylesheet"))
    doc = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{html.escape(title)} — Lectern XSS corpus</title>
{head_extra}
</head>
<body>
<nav><a href="/">Home</a> <a href="javascript:top.__xss('nav-{name}')">Nav script link</a></nav>
<article>
<h1>{html.escape(title)}</h1>
<p>{P}</p>
{chr(10).join(body)}
<p>{P}</p>
</article>
<footer><p onclick="top.__xss('footer-{name}')">Footer</p></footer>
</body>
</html>
"""
    if any(vid == "plaintext" for vid, _ in vectors):
        # <plaintext> never ends: move it to the very end of the article
        pt = [v for vid, v in vectors if vid == "plaintext"][0]
        doc = doc.replace(pt, "").replace(f"<p>{P}</p>\n</article>", f"<p>{P}</p>\n{pt}</article>")
    open(f"{name}.html", "w").write(doc)
    manifest["pages"].append({"file": f"{name}.html", "title": title, "vectors": [vid for vid, _ in vectors]})
open("manifest.json", "w").write(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
print(len(manifest["pages"]), sum(len(p["vectors"]) for p in manifest["pages"]))
