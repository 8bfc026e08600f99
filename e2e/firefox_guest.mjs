// A Firefox guest at a Chromium host's table (docs/multiplayer.md): run by e2e/test_multiplayer.py, which drives
// the host. Debian's firefox-esr through puppeteer-core (WebDriver BiDi), as in e2e/firefox_smoke.mjs.
//
//   node e2e/firefox_guest.mjs <invite link> [firefox executable]
//
// Prints one JSON line per step: {"answer": code} once the join screen shows this device's answer code, {"table":
// true} when the host has dealt, then plays this seat's moves (stock plays first) until the game is over and prints
// {"verdict": {...}, "words": ..., "moves": n, "errors": [...]}. The exit code is 0 when the deal verified.
import puppeteer from "puppeteer-core";

const [link, FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr"] = process.argv.slice(2);
const say = (obj) => console.log(JSON.stringify(obj));
const errors = [];
const browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
let verified = false;
try {
  const page = await browser.newPage();
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message || err}`));
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(`console: ${msg.text()}`); });
  await page.goto(link);
  const code = await page.waitForSelector("#net-answer-code", { timeout: 120_000 });
  say({ answer: await code.evaluate((el) => el.value) });
  await page.waitForSelector("#board .sb", { timeout: 120_000 });
  say({ table: true });
  let moves = 0;
  for (;;) {
    const state = await page.evaluate(() => {
      const c = window.__net.guest.controller;
      if (!c || !c.table) return "wait";
      if (c.table.over) return "over";
      return c.myTurn && !c.busy && !c._running ? "move" : "wait";
    });
    if (state === "over") break;
    if (state === "move") {
      await page.evaluate(async () => {
        const c = window.__net.guest.controller;
        const rank = (a) => a.type === "play_stock" ? 0 : a.type.startsWith("play") ? 1 : a.type === "discard" ? 2 : 3;
        await c.play(c.table.legal.slice().sort((a, b) => rank(a) - rank(b))[0]);
      });
      moves += 1;
    } else await new Promise((resolve) => setTimeout(resolve, 30));
  }
  await page.waitForFunction(() => !!window.__net.guest.verdict, { timeout: 120_000 });
  const verdict = await page.evaluate(() => window.__net.guest.verdict);
  const words = await page.evaluate(() => document.querySelector("#net-verify").textContent);
  verified = verdict.ok === true;
  say({ verdict, words, moves, errors });
} catch (err) {
  say({ error: String(err && err.message || err), errors });
} finally {
  await browser.close();
}
process.exit(verified ? 0 : 1);
