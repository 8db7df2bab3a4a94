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
}

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
