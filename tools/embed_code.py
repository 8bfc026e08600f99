"""The compact, URL-safe scenario code of the widgets (``embed.html?s=<code>``, ``<rules-scenario code=...>``).

Format (docs/embedding.md): ``"z" + base64url_without_padding(deflate_raw(utf8(json)))``. The browser side is
``encodeSpec`` / ``decodeSpec`` in js/widgets/widget.js (CompressionStream "deflate-raw"); this module is the codec
in Python, for scripts that write embed links and for the tests.

Run: ``python tools/embed_code.py web/scenarios/demo-topspot.json [--base https://example.org/]`` prints the code
(or the embed URL when ``--base`` is given).
"""

from __future__ import annotations

import argparse
import base64
import json
import zlib
from pathlib import Path
from typing import Any

MAX_DECODED = 256 * 1024  # the browser refuses more than this once inflated


def encode(spec: Any) -> str:
    """The compact code of a scenario file (any JSON value; the widget checks its shape)."""
    raw = json.dumps(spec, separators=(",", ":"), ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return "z" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code: str) -> Any:
    """The scenario file a code stands for; ``ValueError`` when the code is damaged or too large."""
    if not isinstance(code, str) or not code.startswith("z"):
        raise ValueError("a scenario code starts with 'z'")
    body = code[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_DECODED + 1)
    except (ValueError, zlib.error) as exc:
        raise ValueError(f"damaged scenario code: {exc}") from exc
    if len(raw) > MAX_DECODED or unpacker.unconsumed_tail:
        raise ValueError("the scenario code inflates to more than 256 KB")
    return json.loads(raw.decode())


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Print the compact code (or embed URL) of a scenario file")
    parser.add_argument("file")
    parser.add_argument("--base", help="site root, e.g. https://example.org/: print the embed.html URL")
    args = parser.parse_args()
    code = encode(json.loads(Path(args.file).read_text()))
    print(f"{args.base.rstrip('/')}/embed.html?s={code}" if args.base else code)


if __name__ == "__main__":
    main()
