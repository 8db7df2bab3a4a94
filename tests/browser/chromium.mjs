// Debian's headless Chromium through playwright-core, with the flags this closed network needs
// (see ../shared/docs/TOOLCHAIN.md). Never downloads a browser.
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--no-first-run", "--disable-quic"];

export function launchChromium() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}
