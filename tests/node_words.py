"""Run the page's modules in Node from the tests: the wording modules (web/js/words/log-words.js, i18n.js) on data from
Python, for the tests that hold the page's words and the Python describer's (pygame_rules/words.py) together, and any
module script that prints one JSON answer (:func:`run_module`).

The page fetches its catalogues as ``i18n/<lang>.json`` beside ``js/`` (the site's build copies them there from
``pygame_rules/i18n``); in a source checkout the shim below answers those requests from the package's catalogues.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOG_WORDS = (ROOT / "web" / "js" / "words" / "log-words.js").as_uri()
I18N = (ROOT / "web" / "js" / "words" / "i18n.js").as_uri()

# Prepended to every script: fetch() of a file: URL reads the file; web/i18n/ is the package's catalogue folder.
PRELUDE = """
import { readFile } from "node:fs/promises";
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  const u = new URL(String(url));
  if (u.protocol !== "file:") return realFetch(url, ...rest);
  const path = decodeURIComponent(u.pathname).replace(/\\/web\\/i18n\\//, "/pygame_rules/i18n/");
  return new Response(await readFile(path, "utf8"), { headers: { "content-type": "application/json" } });
};
"""


def run_node(script: str, data: Any, tmp: Path) -> Any:
    """Run ``script`` (an ES module body after :data:`PRELUDE`; ``process.argv[1]`` is a JSON file of ``data``) and
    return the JSON it prints. Skips the test when Node is not installed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    path = tmp / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([node, "--no-warnings", "--input-type=module", "-e", PRELUDE + script, str(path)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(run.stdout)


def run_module(script: str, timeout: float = 60) -> Any:
    """Run ``script`` (a whole ES module body, no prelude) in Node and return the JSON it prints. Skips the test when
    Node is not installed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", script], check=True, capture_output=True, text=True,
                         timeout=timeout)
    return json.loads(run.stdout)
