// Reader settings: defaults, persistence in extension storage (storage.local), and how they apply
// to the reader document (data attributes + CSS custom properties read by reader.css).
const api = globalThis.browser ?? globalThis.chrome;

/** Every setting with its default; the options page and the reader share this list. */
export const DEFAULTS = Object.freeze({
  theme: "auto", // auto (prefers-color-scheme) | light | sepia | dark | contrast
  font: "serif", // serif | sans | mono | dyslexic
  size: 19, // px, 14–32
  width: 68, // characters per line, 40–100
  lineHeight: 1.6, // 1.2–2.4
  letterSpacing: 0, // em, 0–0.2
  wordSpacing: 0, // em, 0–0.6
  align: "start", // start | justify
  images: true, // show images and figures
  debug: false, // offer the debug overlay (engine trace over the page) in the reader
});

export const LIMITS = Object.freeze({
  size: [14, 32, 1],
  width: [40, 100, 2],
  lineHeight: [1.2, 2.4, 0.1],
  letterSpacing: [0, 0.2, 0.01],
  wordSpacing: [0, 0.6, 0.05],
});

const CHOICES = Object.freeze({
  theme: ["auto", "light", "sepia", "dark", "contrast"],
  font: ["serif", "sans", "mono", "dyslexic"],
  align: ["start", "justify"],
});

/** Stored values, checked against the defaults' types and ranges (bad values fall back). */
export function sanitize(raw) {
  const out = { ...DEFAULTS };
  for (const [k, def] of Object.entries(DEFAULTS)) {
    const v = raw?.[k];
    if (typeof v !== typeof def) continue;
    if (CHOICES[k] && !CHOICES[k].includes(v)) continue;
    if (LIMITS[k] && (v < LIMITS[k][0] || v > LIMITS[k][1])) continue;
    out[k] = v;
  }
  return out;
}

export async function load() {
  const { settings } = await api.storage.local.get("settings");
  return sanitize(settings);
}

export async function save(settings) {
  await api.storage.local.set({ settings: sanitize(settings) });
}

export function apply(doc, s) {
  const root = doc.documentElement;
  root.dataset.theme = s.theme;
  root.dataset.font = s.font;
  root.dataset.align = s.align;
  root.dataset.images = s.images ? "on" : "off";
  root.style.setProperty("--size", `${s.size}px`);
  root.style.setProperty("--measure", `${s.width}ch`);
  root.style.setProperty("--leading", String(s.lineHeight));
  root.style.setProperty("--tracking", `${s.letterSpacing}em`);
  root.style.setProperty("--word-spacing", `${s.wordSpacing}em`);
}
