// @ts-check
// Headless Chromium driven over its DevTools protocol, for the status
// site's test (chromium.mjs) and bench (bench.mjs): the browser started
// with a new profile in a temporary folder, one page attached, and the
// profile removed when it stops. CHROMIUM names the browser (default
// /usr/bin/chromium); nothing is downloaded. Needs node --experimental-websocket
// where WebSocket is not yet a global.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { removeProfile } from "../../plugin/bench/chromium/profile.mjs";

/**
 * Starts Chromium and attaches to a new blank page (its Page domain
 * enabled): the page's DevTools calls, the listeners of every event, and
 * navigate, evaluate and stop.
 */
export async function launch() {
  const browser = process.env.CHROMIUM ?? "/usr/bin/chromium";
  const profile = mkdtempSync(path.join(tmpdir(), "pc-site-chromium-"));
  const child = spawn(browser, [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--remote-debugging-port=0", `--user-data-dir=${profile}`,
    "--window-size=1400,1000", "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const wsURL = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("chromium: no DevTools address after 30 s\n" + stderr)), 30_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (c) => {
      stderr = (stderr + c).slice(-20_000);
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on("error", (e) => reject(e));
  });

  // A minimal DevTools client: one socket to the browser, sessions flattened.
  const ws = new WebSocket(String(wsURL));
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  let nextId = 1;
  const pending = new Map();
  /** @type {((msg: any) => void)[]} */
  const listeners = [];
  ws.onmessage = (ev) => {
    const msg = JSON.parse(String(ev.data));
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(JSON.stringify(msg.error))); else resolve(msg.result);
    } else if (msg.method) {
      for (const l of [...listeners]) l(msg);
    }
  };
  /** @returns {Promise<any>} */
  function send(method, params = {}, sessionId = undefined) {
    const id = nextId++;
    ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  }
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  /** @type {(method: string, params?: object) => Promise<any>} */
  const page = (method, params = {}) => send(method, params, sessionId);
  await page("Page.enable");
  return {
    page,
    listeners,
    sessionId,
    /** Opens url in the page and waits for its load event. @param {string} url */
    async navigate(url) {
      const loaded = new Promise((resolve) => listeners.push(function once(msg) {
        if (msg.sessionId === sessionId && msg.method === "Page.loadEventFired") { listeners.splice(listeners.indexOf(once), 1); resolve(undefined); }
      }));
      await page("Page.navigate", { url });
      await loaded;
    },
    /** The value of an expression in the page, promises awaited. @param {string} expression */
    async evaluate(expression) {
      const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.text} ${r.exceptionDetails.exception?.description ?? ""}`);
      return r.result.value;
    },
    async stop() {
      ws.close();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const hard = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(hard);
      await removeProfile(profile);
    },
  };
}
