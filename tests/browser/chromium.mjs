// Debian's headless Chromium with the flags every run here needs (closed network, shared machine).
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
  "--disable-quic"];

export function launchChromium() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}
