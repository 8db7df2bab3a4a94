// The renderer's allowlist, checked on the DOM the browser actually built from Lectern's html
// (so markup that re-parses differently is judged as parsed). The tag and MathML lists are read
// from the Rust sources, so this check cannot drift from the renderer's own checker.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function stringList(file, constName, min = 5) {
  const src = fs.readFileSync(path.join(root, file), "utf8");
  // A slice of strings (`&[&str] = &[…]`) or one table string built by `words![…]`.
  const m =
    src.match(new RegExp(`const ${constName}: &\\[&str\\] = &\\[([^\\]]*)\\]`)) ??
    src.match(new RegExp(`const ${constName}: &str = words!\\[([^\\]]*)\\]`));
  if (!m) throw new Error(`${constName} not found in ${file}`);
  const list = [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
  if (list.length < min) throw new Error(`${constName} in ${file} looks wrong: ${list}`);
  return list;
}

const providerNames = () => {
  const src = fs.readFileSync(path.join(root, "src/article/embed.rs"), "utf8");
  const names = [...src.matchAll(/^\s*name: "([^"]+)",$/gm)].map((m) => m[1]);
  if (names.length < 1) throw new Error("no provider names in src/article/embed.rs");
  return names;
};

export const lists = {
  tags: stringList("src/render/allowlist.rs", "TAGS"),
  // Video placeholders (src/article/embed.rs): the renderer writes a figure carrying the player
  // address a reader frames only on the user's click (https on these hosts only) and the
  // provider's name; it never writes an iframe.
  playerHosts: stringList("src/article/embed.rs", "PLAYER_HOSTS", 1),
  providers: providerNames(),
  mathElements: stringList("src/article/math.rs", "ELEMENTS"),
  mathAttributes: stringList("src/article/math.rs", "ATTRIBUTES"),
};

/// Runs in the page: every violation under the given roots, as strings.
export function domViolations({ roots, tags, mathElements, mathAttributes, playerHosts, providers }) {
  const HTML = "http://www.w3.org/1999/xhtml";
  const MATHML = "http://www.w3.org/1998/Math/MathML";
  const bad = [];
  const urlOk = (v, schemes) => {
    if (!new RegExp(`^(${schemes.join("|")}):`, "i").test(v)) return false;
    try {
      return schemes.includes(new URL(v, document.baseURI).protocol.slice(0, -1));
    } catch {
      return false;
    }
  };
  const htmlAttrOk = (tag, k, v) => {
    if (k === "lang") return /^[A-Za-z0-9-]+$/.test(v);
    if (k === "dir") return ["ltr", "rtl", "auto"].includes(v);
    switch (`${tag} ${k}`) {
      case "a href": return v.startsWith("#") || urlOk(v, ["http", "https", "mailto"]);
      case "a rel": return v === "noopener noreferrer";
      case "img src":
        return urlOk(v, ["http", "https"]) || (/^data:image\//i.test(v) && !/^data:image\/svg/i.test(v));
      case "img alt": case "img width": case "img height": return true;
      case "img loading": return v === "lazy";
      case "figure data-embed":
        try {
          const u = new URL(v);
          return u.protocol === "https:" && playerHosts.includes(u.hostname) && !/["'<>\s]/.test(v);
        } catch {
          return false;
        }
      case "figure data-provider": return providers.includes(v);
      case "code class": return v.startsWith("language-") && !/[\s"'<>]/.test(v);
      case "span class": return v === "visually-hidden";
      case "span id": return true;
      // Shown text kept from assistive technology (Inline::VisualOnly: the visible twin of an
      // sr-only label), as src/render/allowlist.rs accepts it.
      case "span aria-hidden": return v === "true";
      case "th scope": return ["col", "row", "colgroup", "rowgroup"].includes(v);
      case "th colspan": case "th rowspan": case "td colspan": case "td rowspan": return /^\d+$/.test(v);
      default: return false;
    }
  };
  for (const id of roots) {
    for (const el of document.getElementById(id).querySelectorAll("*")) {
      const tag = el.localName;
      const inMath = el.namespaceURI === MATHML;
      if (!inMath && el.namespaceURI !== HTML) bad.push(`${id}: <${tag}> in namespace ${el.namespaceURI}`);
      else if (inMath ? !mathElements.includes(tag) : !tags.includes(tag)) bad.push(`${id}: tag <${tag}>`);
      for (const { name, value } of el.attributes) {
        const ok = inMath
          ? (mathAttributes.includes(name) && !(tag === "annotation" && name === "encoding" && !/^(application\/x-tex|tex)$/i.test(value)))
            || (tag === "math" && name === "xmlns")
          : htmlAttrOk(tag, name, value);
        if (!ok) bad.push(`${id}: <${tag} ${name}="${value.slice(0, 80)}">`);
      }
    }
  }
  return bad;
}
