// Lectern's service worker: the toolbar button and the keyboard shortcut (_execute_action) inject
// the thin content script, which toggles reader mode. Messages from the reader view (an extension
// page framed in the tab) are relayed to the content script of the tab's top frame: the page never
// sees them.
const api = globalThis.browser ?? globalThis.chrome;

async function toggle(tab) {
  if (tab?.id === undefined) return;
  try {
    await api.scripting.executeScript({ target: { tabId: tab.id }, files: ["content.js"] });
  } catch (e) {
    // Pages the browser keeps extensions off (its own pages, the web store) cannot be read.
    await api.action.setBadgeText({ tabId: tab.id, text: "!" });
    await api.action.setTitle({ tabId: tab.id, title: `Lectern cannot read this page: ${e.message || e}` });
  }
}

api.action.onClicked.addListener(toggle);

// Only these message types are relayed from the reader frame to the top frame of its own tab.
const RELAYED = new Set(["lectern:payload", "lectern:close", "lectern:override", "lectern:forget", "lectern:debug"]);

api.runtime.onMessage.addListener((msg, sender, respond) => {
  if (sender.id !== api.runtime.id || !RELAYED.has(msg?.type) || sender.tab?.id === undefined) return false;
  api.tabs
    .sendMessage(sender.tab.id, msg, { frameId: 0 })
    .then(respond, (e) => respond({ error: String(e?.message || e) }));
  return true; // respond asynchronously
});
