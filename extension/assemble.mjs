// Assembles the per-browser extensions from the one source in extension/:
//   manifest.json (shared) + manifest.<browser>.json (fragment, merged over it) → dist/<browser>/
// with the extension's files, generated PNG icons and dist/lectern-<browser>.zip.
// Usage: node extension/assemble.mjs [--test-hosts]   (--test-hosts also writes dist/<browser>-test/
// whose manifest adds host_permissions for http://127.0.0.1/*, used only by the e2e tests.)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const src = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(src, "..");
const dist = path.join(root, "dist");
const BROWSERS = ["chrome", "firefox"];
// Files and folders shipped; everything else in extension/ (fragments, this script) is build input.
const SHIPPED = ["background.js", "content.js", "reader.html", "reader.css", "reader.js", "settings.js",
  "options.html", "options.js", "pkg", "pkg-js"];

function merge(base, over) {
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = v && typeof v === "object" && !Array.isArray(v) && typeof base[k] === "object" ? merge(base[k], v) : v;
  }
  return out;
}

// --- a small PNG writer for the icon: a rounded square with three "lines of text" ---------------
function png(size) {
  const px = Buffer.alloc(size * size * 4);
  const r = size * 0.2;
  const inRounded = (x, y) => {
    const cx = Math.min(Math.max(x, r), size - r);
    const cy = Math.min(Math.max(y, r), size - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const lines = [0.3, 0.48, 0.66].map((t) => [t * size, (t + 0.09) * size]);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if (!inRounded(x + 0.5, y + 0.5)) continue;
      const onLine = lines.some(([a, b], k) => y + 0.5 >= a && y + 0.5 < b && x >= size * 0.2 && x < size * (k === 2 ? 0.6 : 0.8));
      const [R, G, B] = onLine ? [255, 255, 255] : [11, 87, 208];
      px.set([R, G, B, 255], i);
    }
  }
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

// --- a small zip writer (deflate), enough for store uploads ---------------------------------------
function zip(dir, out) {
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dir);
  const parts = [];
  const central = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(path.relative(dir, f).split(path.sep).join("/"));
    const data = fs.readFileSync(f);
    const body = zlib.deflateRawSync(data, { level: 9 });
    const crc = zlib.crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, reproducible
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(name.length, 26);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    head.copy(cen, 8, 6, 28);
    cen.writeUInt32LE(offset, 42);
    parts.push(head, name, body);
    central.push(cen, name);
    offset += head.length + name.length + body.length;
  }
  const cenBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cenBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(out, Buffer.concat([...parts, cenBuf, end]));
}

function assemble(browser, { testHosts }) {
  const base = JSON.parse(fs.readFileSync(path.join(src, "manifest.json"), "utf8"));
  const frag = JSON.parse(fs.readFileSync(path.join(src, `manifest.${browser}.json`), "utf8"));
  const manifest = merge(base, frag);
  if (testHosts) manifest.host_permissions = ["http://127.0.0.1/*"];
  const out = path.join(dist, testHosts ? `${browser}-test` : browser);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(path.join(out, "icons"), { recursive: true });
  for (const f of SHIPPED) {
    const from = path.join(src, f);
    if (!fs.existsSync(from)) throw new Error(`missing ${from} (run ./build.sh build)`);
    fs.cpSync(from, path.join(out, f), { recursive: true, filter: (p) => !p.endsWith(".d.ts") });
  }
  for (const size of [16, 32, 48, 128]) fs.writeFileSync(path.join(out, "icons", `${size}.png`), png(size));
  fs.writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!testHosts) zip(out, path.join(dist, `lectern-${browser}.zip`));
  return out;
}

const testHosts = process.argv.includes("--test-hosts");
for (const b of BROWSERS) {
  console.log(assemble(b, { testHosts: false }));
  if (testHosts) console.log(assemble(b, { testHosts: true }));
}
