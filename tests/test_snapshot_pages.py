"""The stored form of a memory snapshot (js/storage/snapshot-pages.js): exact round trips and refusals, run in Node."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.node_words import run_module

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "web" / "js" / "storage" / "snapshot-pages.js").as_uri()

SCRIPT = """
import { PAGE, packPages, unpackPages } from %(module)s;
const results = {};
function memory(length, filled) {
  const m = new Uint8Array(length);
  for (const p of filled) {
    for (let i = p * PAGE; i < Math.min((p + 1) * PAGE, length); i += 977) m[i] = (i * 31) & 255 || 1;
  }
  return m;
}
function same(a, b) { return a.length === b.length && a.every((x, i) => x === b[i]); }
const cases = {
  mixed: memory(10 * PAGE + 128, [0, 3, 4, 9, 10]),
  empty: memory(5 * PAGE, []),
  full: memory(3 * PAGE, [0, 1, 2]),
  lastPartialOnly: memory(2 * PAGE + 5, [2]),
};
for (const [name, m] of Object.entries(cases)) {
  const packed = packPages(m);
  results[name] = {same: same(unpackPages(packed), m), packed: packed.length, full: m.length};
}
const packed = packPages(cases.mixed);
const refusals = {};
const tries = {
  cut: packed.subarray(0, packed.length - 10),
  longer: new Uint8Array([...packed, 0]),
  garbage: new Uint8Array(4096).fill(7),
  tooShort: packed.subarray(0, 5),
  badTable: (() => { const c = packed.slice(); new DataView(c.buffer).setUint32(16, 999, true); return c; })(),
};
for (const [name, bytes] of Object.entries(tries)) {
  try { unpackPages(bytes); refusals[name] = null; } catch (err) { refusals[name] = err.message; }
}
console.log(JSON.stringify({results, refusals}));
"""


@pytest.fixture(scope="module")
def outcome() -> dict:
    return run_module(SCRIPT % {"module": json.dumps(MODULE)})


def test_every_memory_comes_back_byte_for_byte(outcome: dict) -> None:
    for name, result in outcome["results"].items():
        assert result["same"], name


def test_zero_pages_are_left_out(outcome: dict) -> None:
    results = outcome["results"]
    page = 65536
    assert results["empty"]["packed"] == 16  # the header only
    assert results["mixed"]["packed"] == 16 + 4 * 5 + 4 * page + 128  # five kept pages, the last one 128 bytes
    assert results["full"]["packed"] == 16 + 4 * 3 + 3 * page
    assert results["lastPartialOnly"]["packed"] == 16 + 4 + 5


def test_a_form_that_is_not_one_is_refused(outcome: dict) -> None:
    for name, message in outcome["refusals"].items():
        assert message, f"{name} was accepted"
