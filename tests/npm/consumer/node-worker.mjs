// A Node worker thread: the "node" entry loads the wasm synchronously in each thread.
import { parentPort, workerData } from "node:worker_threads";
import { extractHtml } from "lectern";

parentPort.postMessage(extractHtml(workerData, { url: "https://coastal-ledger.example/tide-pools" })?.title);
