// The Firefox build (dist/firefox) in Debian's Firefox ESR, headless, through geckodriver's
// WebDriver API (no extra npm dependency): the add-on installs as a temporary add-on (its manifest
// loads), its reader page runs under the extension CSP, and
// the extension's wasm compiles and extracts there ('wasm-unsafe-eval').
// Usage: node tests/extension/firefox.mjs [dist/firefox]   (GECKODRIVER, FIREFOX override the paths)
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const extDir = path.resolve(process.argv[2] || path.join(root, "dist", "firefox"));
const geckodriver = process.env.GECKODRIVER || path.join(os.homedir(), ".cargo", "bin", "geckodriver");
const firefox = process.env.FIREFOX || "/usr/bin/firefox-esr";
const ADDON_ID = "lectern@lectern.invalid";
// A fixed internal UUID, so the test knows the add-on's moz-extension:// origin.
const UUID = "5b1e2a40-7c1d-4f0e-9a53-1ec7e2a0b001";

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// WebDriver may not navigate to moz-extension:// itself; a loopback page does, to the reader page
// and the wasm the manifest makes web-accessible.
const server = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/html" })
  .end("<!doctype html><title>start</title><p>start</p>"));
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const start = `http://127.0.0.1:${server.address().port}/`;

const port = await freePort();
const driver = spawn(geckodriver, [`--port=${port}`, "--host=127.0.0.1"], { stdio: ["ignore", "ignore", "inherit"] });
const wd = `http://127.0.0.1:${port}`;
async function call(method, url, body) {
  const res = await fetch(wd + url, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push(true);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push(false);
    console.log(`FAIL ${name}\n     ${String(e?.message || e).split("\n").slice(0, 4).join("\n     ")}`);
  }
}

let session = null;
try {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${wd}/status`);
      break;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  session = (await call("POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "firefox",
        "moz:firefoxOptions": {
          binary: firefox,
          args: ["-headless"],
          prefs: {
            "extensions.webextensions.uuids": JSON.stringify({ [ADDON_ID]: UUID }),
            // The machine has no internet: no update, telemetry or remote-settings traffic.
            "app.update.disabledForTesting": true,
            "datareporting.policy.dataSubmissionEnabled": false,
            "toolkit.telemetry.enabled": false,
            "network.captive-portal-service.enabled": false,
            "network.connectivity-service.enabled": false,
          },
        },
      },
    },
  })).sessionId;
  const s = `/session/${session}`;
  const version = await call("POST", `${s}/execute/sync`, { script: "return navigator.userAgent", args: [] });
  console.log(`     ${version}`);
  const origin = `moz-extension://${UUID}`;
  // Polls a script in the current page until it returns something other than null.
  const until = async (script, what, args = []) => {
    for (let i = 0; i < 100; i++) {
      const v = await call("POST", `${s}/execute/sync`, { script, args }).catch(() => null);
      if (v !== null) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  await check("dist/firefox installs as a temporary add-on (the manifest loads)", async () => {
    const id = await call("POST", `${s}/moz/addon/install`, { path: extDir, temporary: true });
    if (id !== ADDON_ID) throw new Error(`installed id ${id}`);
  });

  const open = async (file) => {
    await call("POST", `${s}/url`, { url: start });
    await call("POST", `${s}/execute/sync`, { script: `location.href = arguments[0]; return true;`, args: [`${origin}/${file}`] });
    await until(`return location.href === arguments[0] && document.readyState === "complete" ? true : null;`, file, [`${origin}/${file}`]);
  };

  await check("reader page runs under the extension CSP (no tab: it says so instead of an empty view)", async () => {
    await open("reader.html");
    const state = await until(`return document.body.dataset.state || null;`, "the reader state");
    if (state !== "error" && state !== "none") throw new Error(`reader state ${state}`);
  });

  await check("the extension's wasm compiles and extracts in Firefox (wasm-unsafe-eval)", async () => {
    await open("reader.html");
    const out = await call("POST", `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1];
        (async () => {
          const m = await import("/pkg/lectern.js");
          await m.default();
          // An article of its own in this extension page (the options text is too short to count).
          const art = document.createElement("article");
          const h1 = document.createElement("h1");
          h1.textContent = "Tide pools in Firefox";
          art.append(h1);
          for (let i = 1; i <= 6; i++) {
            const p = document.createElement("p");
            p.textContent = "Paragraph " + i + " of a test article: the pools stay cool in the shade, " +
              "the snails gather under the overhangs, and the crabs move along the cracks that stay wet at low tide.";
            art.append(p);
          }
          document.body.replaceChildren(art);
          const a = m.extract(document);
          return { title: a?.title ?? null, words: a?.wordCount ?? 0 };
        })().then(done, (e) => done({ error: String(e) }));`,
      args: [],
    });
    if (out.error) throw new Error(out.error);
    if (!out.title || out.words < 100) throw new Error(JSON.stringify(out));
    console.log(`     extract(): ${JSON.stringify(out)}`);
  });
} catch (e) {
  results.push(false);
  console.log(`FAIL Firefox session: ${e?.message || e}`);
} finally {
  if (session) await call("DELETE", `/session/${session}`).catch(() => {});
  driver.kill();
  server.close();
}
const failed = results.filter((r) => !r).length;
console.log(`firefox extension: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed || results.length === 0 ? 1 : 0);
