// Minimal SVG charts for the benchmark report (no dependencies): scatter plots and sorted-value
// curves, with optional log axes and reference lines.
const W = 640;
const H = 400;
const M = { l: 64, r: 150, t: 34, b: 48 };
export const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"];

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? String(+v.toFixed(1)) : String(+v.toPrecision(2)));

function axis(lo, hi, log) {
  if (log) {
    const a = Math.floor(Math.log10(lo));
    const b = Math.ceil(Math.log10(hi));
    const ticks = [];
    for (let e = a; e <= b; e++) {
      ticks.push(10 ** e);
      // Few decades: label 2× and 5× too.
      if (b - a <= 2 && e < b) ticks.push(2 * 10 ** e, 5 * 10 ** e);
    }
    return { lo: 10 ** a, hi: 10 ** b, ticks, map: (v) => (Math.log10(v) - a) / (b - a || 1) };
  }
  const span = hi - lo || 1;
  const step = 10 ** Math.floor(Math.log10(span / 5));
  const nice = [1, 2, 5, 10].map((k) => k * step).find((s) => span / s <= 6) || step * 10;
  const l = Math.floor(lo / nice) * nice;
  const h = Math.ceil(hi / nice) * nice;
  const ticks = [];
  for (let v = l; v <= h + nice / 2; v += nice) ticks.push(+v.toFixed(10));
  return { lo: l, hi: h, ticks, map: (v) => (v - l) / (h - l || 1) };
}

/**
 * series: [{label, points: [[x, y]...], line?: bool}], refs: [{label, f: x => y}].
 * Non-positive values are dropped on log axes.
 */
export function chart({ title, xLabel, yLabel, series, refs = [], logX = false, logY = false }) {
  const ok = (v, log) => Number.isFinite(v) && (!log || v > 0);
  const pts = series.flatMap((s) => s.points).filter(([x, y]) => ok(x, logX) && ok(y, logY));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const X = axis(Math.min(...xs, logX ? Infinity : 0), Math.max(...xs), logX);
  const Y = axis(Math.min(...ys, logY ? Infinity : 0), Math.max(...ys), logY);
  const pw = W - M.l - M.r;
  const ph = H - M.t - M.b;
  const px = (x) => M.l + X.map(x) * pw;
  const py = (y) => M.t + ph - Y.map(y) * ph;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - M.r / 2}" y="18" text-anchor="middle" font-size="13" font-weight="bold">${esc(title)}</text>`];
  for (const t of X.ticks) {
    out.push(`<line x1="${px(t)}" y1="${M.t}" x2="${px(t)}" y2="${M.t + ph}" stroke="#eee"/>`,
      `<text x="${px(t)}" y="${M.t + ph + 14}" text-anchor="middle">${fmt(t)}</text>`);
  }
  for (const t of Y.ticks) {
    out.push(`<line x1="${M.l}" y1="${py(t)}" x2="${M.l + pw}" y2="${py(t)}" stroke="#eee"/>`,
      `<text x="${M.l - 4}" y="${py(t) + 4}" text-anchor="end">${fmt(t)}</text>`);
  }
  out.push(`<rect x="${M.l}" y="${M.t}" width="${pw}" height="${ph}" fill="none" stroke="#444"/>`,
    `<text x="${M.l + pw / 2}" y="${H - 12}" text-anchor="middle">${esc(xLabel)}</text>`,
    `<text transform="translate(16 ${M.t + ph / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`);
  const clip = `<clipPath id="plot"><rect x="${M.l}" y="${M.t}" width="${pw}" height="${ph}"/></clipPath>`;
  out.push(clip, `<g clip-path="url(#plot)">`);
  refs.forEach((r, i) => {
    const n = 64;
    const seg = [];
    for (let k = 0; k <= n; k++) {
      const x = logX ? 10 ** (Math.log10(X.lo) + (Math.log10(X.hi) - Math.log10(X.lo)) * k / n) : X.lo + (X.hi - X.lo) * k / n;
      const y = r.f(x);
      if (ok(y, logY)) seg.push(`${px(x).toFixed(1)},${py(y).toFixed(1)}`);
    }
    out.push(`<polyline points="${seg.join(" ")}" fill="none" stroke="#555" stroke-dasharray="${i % 2 ? "2 3" : "6 4"}"/>`);
  });
  series.forEach((s, i) => {
    const c = s.color || COLORS[i % COLORS.length];
    const p = s.points.filter(([x, y]) => ok(x, logX) && ok(y, logY));
    if (s.line) out.push(`<polyline points="${p.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ")}" fill="none" stroke="${c}" stroke-width="1.8"/>`);
    else for (const [x, y] of p) out.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="2.6" fill="${c}" fill-opacity="0.7"/>`);
  });
  out.push("</g>");
  const legend = [...series.map((s, i) => ({ label: s.label, color: s.color || COLORS[i % COLORS.length], dash: null })),
    ...refs.map((r, i) => ({ label: r.label, color: "#555", dash: i % 2 ? "2 3" : "6 4" }))];
  legend.forEach((g, i) => {
    const y = M.t + 10 + i * 16;
    const x = M.l + pw + 10;
    out.push(g.dash ? `<line x1="${x}" y1="${y}" x2="${x + 16}" y2="${y}" stroke="${g.color}" stroke-dasharray="${g.dash}"/>`
      : `<rect x="${x}" y="${y - 5}" width="12" height="10" fill="${g.color}"/>`,
      `<text x="${x + 20}" y="${y + 4}">${esc(g.label)}</text>`);
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
