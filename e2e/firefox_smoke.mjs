// Firefox smoke suite: the built site in a second browser engine (Debian's firefox-esr), driven by puppeteer-core
// over WebDriver BiDi. Run by e2e/test_firefox.py (part of `make e2e`), or by hand:
//
//   node e2e/firefox_smoke.mjs [site dir] [firefox executable]
//
// It serves the site itself (tools/serve.py on a free port) so that it can stop the server for the offline check.
// Checks, in order, each printed as one JSON line {"check", "ok", ...}; the exit code is 0 only if all passed:
//   1. every game starts from its Play button and the human plays three moves through the engine;
//   2. with the server stopped, a reload is answered by the service worker and the last game resumes and plays;
//   3. a rules page's teaching widget starts and steps forward.
// Page errors (uncaught exceptions, console errors) fail the run. Waits are on conditions, never on sleeps.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import puppeteer from "puppeteer-core";

const ROOT = resolve(import.meta.dirname, "..");
const SITE = resolve(process.argv[2] || `${ROOT}/site`);
const FIREFOX = process.argv[3] || process.env.FIREFOX || "/usr/bin/firefox-esr";
const PYTHON = existsSync(`${ROOT}/.venv/bin/python`) ? `${ROOT}/.venv/bin/python` : "python3";
const ENGINE_MS = 120_000; // a cold Pyodide start in Firefox on a busy 2-core machine
const BOARDS = { skipbo: ".sb", topspot: ".ts", level8: ".l8", etalage: ".et" };

let failed = 0;
function report(check, ok, extra = {}) {
  if (!ok) failed += 1;
  console.log(JSON.stringify({ check, ok, ...extra }));
}

function serve() {
  return new Promise((ok, no) => {
    const child = spawn(PYTHON, [`${ROOT}/tools/serve.py`, "--port", "0", "--dir", SITE], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) ok({ child, url: m[1] });
    });
    child.on("exit", (code) => no(new Error(`tools/serve.py exited (${code}) before serving`)));
  });
}

const errors = [];
function watch(page) {
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message || err}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
}

// Before leaving a page, wait until its engine has no background work left: after a normal start the engine worker
// makes the next visit's snapshot in a worker of its own one second after "ready" (js/worker/worker.js). A navigation
// that ends that worker while it is still loading its scripts makes Firefox log "A ServiceWorker intercepted the
// request and encountered an unexpected error" for the cut load: harmless for a player (the next visit makes the
// snapshot again), but a page error for this suite, which has to stay able to catch the real ones.
async function settled(page) {
  const t0 = Date.now();
  try {
    await page.waitForFunction(
      () => {
        const e = window.__app && window.__app.engine;
        return !!e && !!e.start && (e.start.path === "snapshot" || !!e.snapshot);
      },
      { timeout: ENGINE_MS, polling: 100 },
    );
  } catch (err) {
    // Say what the engine had reported when the wait gave up, so a failure in CI can be read from its log alone.
    const seen = await page.evaluate(() => {
      const e = window.__app && window.__app.engine;
      return { url: location.href, engine: document.body.dataset.engine || null,
        hasEngine: !!e, start: e ? e.start || null : null, snapshot: e ? e.snapshot || null : null,
        timings: e ? e.timings || null : null, sinceReady: e && e.readyAt ? Math.round(performance.now() - e.readyAt) : null };
    }).catch((e2) => ({ unreadable: String(e2) }));
    // Whether the engine worker still answers at all (the stats probe of js/worker/worker-shared.js), within 5 s.
    seen.probe = await page.evaluate(() => new Promise((done) => {
      const w = window.__app.engine.worker;
      const t = setTimeout(() => done("no answer within 5 s"), 5000);
      w.addEventListener("message", (ev) => {
        if (ev.data && ev.data.type === "stats") { clearTimeout(t); done(ev.data); }
      });
      w.postMessage({ type: "pygame_rules:stats" });
    })).catch((e3) => String(e3));
    console.error(`not settled after ${Date.now() - t0} ms: ${JSON.stringify(seen)}`);
    throw err;
  }
  const snap = await page.evaluate(() => window.__app.engine.snapshot || null);
  console.error(`settled after ${Date.now() - t0} ms: ${JSON.stringify(snap)}`);
  if (snap && snap.stored === false && /^no report within/.test(snap.reason || "")) makerCut = true;
}

// Set when the engine worker had to end a snapshot maker that never reported (js/worker/snapshot-report.js SNAPSHOT_LIMIT_MS): its
// cut script loads may then be logged as interception errors, which is that safeguard working, not a page error.
let makerCut = false;
const CUT_LOAD = /A ServiceWorker intercepted the request and encountered an unexpected error/;
const MAKER_FILES = /snapshot-worker\.js|snapshot-pages\.js|pyodide-start\.js|fetch-progress\.js|storage-room\.js|build-info\.js|\/pyodide\//;

async function myTurn(page) {
  await page.waitForFunction(
    () => {
      const c = window.__app && window.__app.controller;
      return !!c && (c.table?.result || (c.myTurn && !c.busy && !c._running));
    },
    { timeout: ENGINE_MS, polling: 100 },
  );
}

async function playMoves(page, count) {
  let played = 0;
  for (let i = 0; i < count; i++) {
    await myTurn(page);
    const over = await page.evaluate(() => !!window.__app.controller.table.result);
    if (over) break;
    const before = await page.evaluate(() => window.__app.controller.log.length);
    await page.evaluate(() => {
      const c = window.__app.controller;
      c.play(c.moves[0].action);
    });
    await page.waitForFunction((n) => window.__app.controller.log.length > n, { timeout: ENGINE_MS, polling: 100 },
      before);
    played += 1;
  }
  return played;
}

const server = await serve();
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
  extraPrefsFirefox: { "browser.cache.disk.enable": true },
});
try {
  const page = await browser.newPage();
  watch(page);
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(server.url, { waitUntil: "load" });
  await page.waitForSelector("body[data-engine=ready]", { timeout: ENGINE_MS });
  report("engine ready", true, { userAgent: await browser.userAgent() });
  await settled(page);

  for (const [game, board] of Object.entries(BOARDS)) {
    try {
      await page.goto(server.url, { waitUntil: "load" });
      await page.waitForSelector("body[data-engine=ready]", { timeout: ENGINE_MS });
      await page.click(`.game-tile[data-game=${game}] .play-now`);
      // the previous game is still in progress: the app asks before replacing it (js/app/main.js mayReplace)
      await page.waitForSelector(`#board ${board}, #pass-screen, #replace-dialog`, { timeout: ENGINE_MS });
      if (await page.$("#replace-dialog")) await page.click("#replace-confirm");
      await page.waitForSelector(`#board ${board}, #pass-screen`, { timeout: ENGINE_MS });
      await page.select("#speed", "instant");
      const played = await playMoves(page, 3);
      const seen = await page.evaluate(() => window.__app.controller.log.length);
      report(`play ${game}`, played > 0 && seen > 0, { played, logLines: seen });
      await settled(page);
    } catch (err) {
      report(`play ${game}`, false, { error: String(err) });
    }
  }

  // Offline: the service worker must hold everything once a visit has completed.
  try {
    await page.waitForSelector("body[data-offline=ready]", { timeout: ENGINE_MS });
    server.child.kill();
    await new Promise((ok) => server.child.once("exit", ok));
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector("body[data-engine=ready]", { timeout: ENGINE_MS });
    // the last game (Etalage) was on screen: the reload resumes it from the worker's save
    await page.waitForSelector("#board .et", { timeout: ENGINE_MS });
    const played = await playMoves(page, 1);
    const start = await page.evaluate(() => document.body.dataset.start || null);
    report("offline reload", played > 0, { played, start });
  } catch (err) {
    report("offline reload", false, { error: String(err) });
  }
} finally {
  await browser.close();
  if (server.child.exitCode === null) server.child.kill();
}

// The widget runs in a fresh browser against a fresh server (the offline check stopped the first one).
const server2 = await serve();
const browser2 = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
try {
  const page = await browser2.newPage();
  watch(page);
  await page.goto(`${server2.url}rules/skipbo.en.html`, { waitUntil: "load" });
  // a widget draws its first board before any Python starts; the engine starts at the first interaction, and a
  // Next pressed meanwhile waits for it and then plays the step
  await page.evaluate(() => document.querySelector("rules-scenario").scrollIntoView());
  await page.waitForSelector("rules-scenario[data-state=painted]", { timeout: 30_000 });
  await page.click("rules-scenario .rw-next");
  await page.waitForSelector("rules-scenario[data-step='1']", { timeout: ENGINE_MS });
  report("widget", true);
} catch (err) {
  report("widget", false, { error: String(err) });
} finally {
  await browser2.close();
  server2.child.kill();
}

const pageErrors = errors.filter((e) => !(makerCut && CUT_LOAD.test(e) && MAKER_FILES.test(e)));
if (pageErrors.length < errors.length) console.error(`ignored after a cut snapshot maker: ${errors.length - pageErrors.length}`);
report("no page errors", pageErrors.length === 0, { errors: pageErrors.slice(0, 10) });
process.exit(failed ? 1 : 0);
