"""The page hears exactly one start-snapshot report per visit (js/worker/snapshot-report.js), run in Node with a short
limit: when the snapshot maker reports, never reports, fails or says something else first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.node_words import run_module

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "web" / "js" / "worker" / "snapshot-report.js").as_uri()

# Each case runs with a limit of LIMIT ms and is read back after three limits (timers fire in the order they are due,
# so the limit's own timer has fired by then whatever the machine's load).
SCRIPT = """
import * as mod from %(module)s;
const LIMIT = 200;
// a browser only logs an uncaught error: what matters here is whether the page heard a report
process.on("unhandledRejection", () => {});
process.on("uncaughtException", () => {});
const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
const settle = (posts, extra = () => ({})) => later(3 * LIMIT).then(() => ({ posts, ...extra() }));

function makerCase(drive) {
  const posts = [];
  const maker = { terminated: 0, terminate() { this.terminated += 1; } };
  mod.relayMaker(maker, (msg) => posts.push(msg), LIMIT);
  drive(maker);
  return settle(posts, () => ({ terminated: maker.terminated }));
}

const fault = (event) => ({ ...event, preventDefault() {} });
const cases = {
  makerReports: () => makerCase((m) => m.onmessage({ data: { type: "snapshot", stored: true, bytes: 7 } })),
  makerSilent: () => makerCase(() => {}),
  makerChatty: () => makerCase((m) => m.onmessage({ data: { type: "bytes", done: 1, total: 2 } })),
  makerFails: () => makerCase((m) => m.onerror(fault({ message: "script failed" }))),
  makerGarbles: () => makerCase((m) => m.onmessageerror(fault({}))),
};
const out = {};
for (const [name, run] of Object.entries(cases)) {
  try { out[name] = await run(); } catch (err) { out[name] = { error: String(err) }; }
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def outcome() -> dict:
    return run_module(SCRIPT % {"module": json.dumps(MODULE)})


def only_report(outcome: dict, name: str) -> dict:
    case = outcome[name]
    assert "error" not in case, case
    assert len(case["posts"]) == 1, case
    report = case["posts"][0]
    assert report["type"] == "snapshot"
    return report


def test_a_background_maker_always_ends_in_one_report(outcome: dict) -> None:
    assert only_report(outcome, "makerReports") == {"type": "snapshot", "stored": True, "bytes": 7}
    assert outcome["makerReports"]["terminated"] >= 1
    for name in ("makerSilent", "makerChatty"):
        report = only_report(outcome, name)
        assert report["stored"] is False and report["reason"] == "no report within 0.2 s", name
        assert outcome[name]["terminated"] >= 1, name
    assert only_report(outcome, "makerFails")["reason"] == "script failed"
    assert only_report(outcome, "makerGarbles")["stored"] is False
    assert outcome["makerGarbles"]["terminated"] >= 1
