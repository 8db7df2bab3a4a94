// Options page: shows and clears what Lectern keeps in storage.local.
import * as settings from "./settings.js";

const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);

async function refresh() {
  const { overrides = {} } = await api.storage.local.get("overrides");
  const n = Object.keys(overrides).length;
  $("overrides-count").textContent =
    n === 0 ? "No site has a picked article." : `${n} site${n === 1 ? " has" : "s have"} a picked article.`;
  $("clear-overrides").disabled = n === 0;
  const all = await api.storage.local.get(null);
  const sites = Object.keys(all).filter((k) => k.startsWith("memory:"));
  const bytes = sites.reduce((sum, k) => sum + (all[k]?.json?.length || 0), 0);
  $("memory-count").textContent =
    sites.length === 0 ? "Nothing learned yet." : `${sites.length} site${sites.length === 1 ? "" : "s"} remembered (${Math.ceil(bytes / 1024)} KiB).`;
  $("clear-memory").disabled = sites.length === 0;
  $("debug").checked = (await settings.load()).debug;
}

$("clear-memory").addEventListener("click", async () => {
  const all = await api.storage.local.get(null);
  await api.storage.local.remove([...Object.keys(all).filter((k) => k.startsWith("memory:")), "memoryIndex"]);
  $("status").textContent = "Site memory cleared.";
  await refresh();
});
$("debug").addEventListener("change", async () => {
  await settings.save({ ...(await settings.load()), debug: $("debug").checked });
  $("status").textContent = $("debug").checked ? "Debug overlay offered in the reader." : "Debug overlay hidden.";
});

$("clear-overrides").addEventListener("click", async () => {
  await api.storage.local.remove("overrides");
  $("status").textContent = "Picked articles forgotten.";
  await refresh();
});
$("reset-settings").addEventListener("click", async () => {
  await settings.save(settings.DEFAULTS);
  $("status").textContent = "Appearance reset.";
});

settings.apply(document, await settings.load());
await refresh();
