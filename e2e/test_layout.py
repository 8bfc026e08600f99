"""The table's layout late in a game (issue 24, item 4): nothing the player needs hides under the bars.

For every game, at 1280x800 and on a phone (375x812), at a late position (a scenario with grown piles and laid-out
combinations, or a dealt game played forward), these hold:

* at 1280x800 the whole table fits: the hand and every enabled control lie fully inside the viewport without
  scrolling, and ``document.elementFromPoint`` at each one's centre finds the element itself or a descendant (no bar,
  card or badge on top of it);
* on a phone the page may scroll, but each of them, brought into view the way the browser does for the keyboard
  (``scrollIntoView({block: "nearest"})``), lies fully inside the viewport and uncovered: never under the top bar or
  the dock;
* the top bar and the dock are opaque (the board never shows through them);
* every game's "More options" dialog fits the viewport in Dutch (the longest option words): no control is cut off.

Screenshots of each position are kept under artifacts/ (layout-<game>-<width>.png) for a look by eye.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ARTIFACTS, ENGINE_TIMEOUT, open_new_game, screenshot, wait_my_turn

SIZES = [(1280, 800), (375, 812)]
BOARDS = {"skipbo": ".sb", "topspot": ".ts", "level8": ".l8", "etalage": ".et"}
HAND = '#board [data-key^="hand:"], #board .ts-hand-card'
HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]

# Skip-Bo late in a game: both players' four discard piles have grown long (they fan out), building piles are up.
SKIPBO_LATE = {
    "players": 2, "current_player": 0, "seed": 3,
    "hands": [[3, 7, 0, 11, 9], [1, 2, 3, 4, 5]],
    "stocks": [[4, 8, 6], [12, 10]],
    "discards": [[[12, 11, 10, 9, 8, 7, 6, 5], [10, 9, 8, 7, 6], [12, 12, 11, 10, 9, 9, 8, 4],
                  [2, 5, 3, 1, 11, 6, 7, 9]],
                 [[12, 11, 10, 9, 8, 7, 6], [5, 4, 3, 2, 1, 1], [12, 11, 11, 10], [9, 8, 7, 7, 6, 6, 5, 5]]],
    "building": [[1, 2, 3], [1, 2, 3, 4, 5, 6, 7], [], [1]],
}

# Level 8 late in a game: the bot has laid out three parts and holds a discard pile; the player, on level 8, has
# drawn and can lay out (the lay-out builder with its suggestions and buttons is open).
LEVEL8_LATE = {
    "players": 2, "options": {"sheet": "one_star"}, "seed": 4, "dealer": 1, "turn": 0, "phase": "play",
    "levels": [8, 6], "laid_out": [False, True],
    "hands": [["R3", "G3", "B5", "Y5", "O5", "R9", "G9", "B9", "P9", "J", "O12", "P14"], ["R13", "Y2"]],
    "discards": [["B11", "G14"], ["Y7", "O10"]],
    "table": [[], [["set", "R1", "G1"], ["set", "B2", "G2", "O2"], ["set", "P4", "R4", "G4"]]],
    "deal_number": 4, "last_deal": {"deal": 3, "out": 1, "moves": [1, 2], "before": [7, 4], "after": [8, 6]},
}

# The controls a player can reach: enabled, drawn, not hidden for everyone (the skip link waits off screen until it
# has the focus; the move log aside is a scrolling region, checked like the rest).
CONTROLS_JS = """() => {
  const sel = 'button, select, input, textarea, a[href], summary, [tabindex]:not([tabindex="-1"])';
  const out = [];
  let n = 0;
  for (const el of document.querySelectorAll(sel)) {
    if (el.disabled || el.closest('[hidden], [inert], .sr-only, .skip-link')) continue;
    if (el.closest('dialog:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    el.dataset.e2eControl = String(n);
    out.push(String(n));
    n += 1;
  }
  return out;
}"""

# Where an element is and what is drawn at its centre: {inside, covered_by, box}.
PLACE_JS = """(el) => {
  const r = el.getBoundingClientRect();
  const inside = r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const ok = !!hit && (hit === el || el.contains(hit));
  const name = (e) => e ? `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`
    : 'nothing';
  return { inside, covered_by: ok ? null : name(hit), what: name(el) + ' ' + (el.getAttribute('aria-label') ||
    el.textContent || '').trim().slice(0, 40), box: [Math.round(r.left), Math.round(r.top), Math.round(r.right),
    Math.round(r.bottom)] };
}"""


def _problems(page: Any, selector: str, *, scroll: bool) -> list[str]:
    """Every element of ``selector`` that is not fully inside the viewport or is covered at its centre."""
    found = []
    for el in page.query_selector_all(selector):
        if scroll:
            el.evaluate("e => e.scrollIntoView({block: 'nearest', inline: 'nearest'})")
        place = el.evaluate(PLACE_JS)
        if not place["inside"]:
            found.append(f"outside the viewport: {place['what']} at {place['box']}")
        elif place["covered_by"]:
            found.append(f"covered by {place['covered_by']}: {place['what']} at {place['box']}")
    return found


def _check_table(page: Any, where: str) -> None:
    """The hand and every enabled control: inside the viewport and uncovered (see the module docstring)."""
    wide = page.viewport_size["width"] >= 1000
    page.evaluate("() => window.scrollTo(0, 0)") if wide else None
    assert page.locator(HAND).count() > 0, f"{where}: no hand drawn"
    problems = [f"hand: {p}" for p in _problems(page, HAND, scroll=not wide)]
    page.evaluate(CONTROLS_JS)
    problems += _problems(page, "[data-e2e-control]", scroll=not wide)
    if wide:
        overflow = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        if overflow > 0:
            problems.append(f"the page is {overflow} px taller than the window")
    alphas = page.evaluate("() => ['.topbar', '#dock'].map(s => getComputedStyle(document.querySelector(s))"
                           ".backgroundColor)")
    for colour in alphas:
        if colour.startswith("rgba") and not colour.rstrip(")").endswith(", 1"):
            problems.append(f"a bar is see-through ({colour}): the board shows through it")
    assert not problems, f"{where}:\n" + "\n".join(problems)


def _scenario(page: Any, game: str, scenario: dict[str, Any]) -> None:
    page.evaluate("([g, s, seats]) => window.__app.playScenario(g, s, seats)", [game, scenario, HUMAN_AND_BOT])
    page.wait_for_selector(f"#board {BOARDS[game]}", timeout=ENGINE_TIMEOUT)


def _play_forward(page: Any, moves: int) -> None:
    """Play the human's first legal move ``moves`` times (the bots answer at instant speed), stopping early before
    the game ends; leaves the human to move."""
    for _ in range(moves):
        wait_my_turn(page)
        nxt = page.evaluate("() => window.__app.controller.table.legal.length")
        if not nxt:
            break
        page.evaluate("() => { const c = window.__app.controller; c.play(c.table.legal[0]); }")
        page.wait_for_function("() => { const c = window.__app.controller; return (c.myTurn && !c.busy && !c._running)"
                               " || c.table.over || !!document.querySelector('#final-continue'); }", timeout=60_000)
        if page.evaluate("() => window.__app.controller.table.over || !!document.querySelector('#final-continue')"):
            raise AssertionError("the game ended before the late position was reached: play fewer moves")
    wait_my_turn(page)


def _late_position(page: Any, game: str) -> None:
    """Open ``game`` at a late position with the human to move."""
    if game == "skipbo":
        _scenario(page, game, SKIPBO_LATE)
    elif game == "level8":
        _scenario(page, game, LEVEL8_LATE)
        page.wait_for_selector("#layout-builder")
        page.click("#use-suggestion")  # the builder filled in: "Lay out" is enabled
    elif game == "topspot":
        open_new_game(page, game, seats=["human", "bot:normal", "bot:normal"], board=".ts", seed=21,
                      fill={"#opt-games": 1})
        _play_forward(page, 3)
        if page.locator(".ts-hand-card.fits").count():
            page.locator(".ts-hand-card.fits").first.click()  # a stack being built: its buttons show
    else:
        open_new_game(page, game, seats=["human", "bot:normal", "bot:normal"], board=".et", seed=21,
                      fill={"#opt-games": 1})
        _play_forward(page, 8)
    page.select_option("#speed", "instant")
    wait_my_turn(page)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x812"])
@pytest.mark.parametrize("game", list(BOARDS))
def test_hand_and_controls_are_on_screen_and_uncovered(page: Any, guard: Any, game: str,
                                                        size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _late_position(page, game)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    screenshot(page, f"layout-{game}-{size[0]}.png")
    _check_table(page, f"{game} at {size[0]}x{size[1]}")
    guard.check()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x812"])
def test_more_options_dialog_fits_in_dutch(page: Any, guard: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.select_option("#lang-select", "nl")
    problems = []
    for game in BOARDS:
        page.click(f".game-tile[data-game={game}] .new-game")
        page.wait_for_selector("#new-game-dialog[open]")
        page.select_option("#players", page.evaluate("() => [...document.querySelectorAll('#players option')]"
                                                     ".at(-1).value"))  # the most seats: the longest form
        page.locator("#replay-deal").evaluate("d => { d.open = true; }")
        page.select_option('select[data-seat="1"][data-role="kind"]', "bot")
        over = page.evaluate("() => { const d = document.querySelector('#new-game-dialog');"
                             " return d.scrollWidth - d.clientWidth; }")
        if over > 0:
            problems.append(f"{game}: the dialog is {over} px wider than its box (a horizontal scroll)")
        box = page.evaluate("() => { const r = document.querySelector('#new-game-dialog').getBoundingClientRect();"
                            " return [r.left, r.top, r.right, r.bottom]; }")
        if box[0] < 0 or box[2] > size[0]:
            problems.append(f"{game}: the dialog {box} leaves the {size} window")
        cut = page.evaluate("""() => {
          const d = document.querySelector('#new-game-dialog');
          const r = d.getBoundingClientRect();
          const out = [];
          for (const el of d.querySelectorAll('select, input, button, summary, label')) {
            if (el.closest('[hidden]')) continue;
            const b = el.getBoundingClientRect();
            if (b.width < 1) continue;
            if (b.left < r.left - 1 || b.right > r.right + 1 || b.right > innerWidth + 1) {
              out.push(`${el.tagName.toLowerCase()}#${el.id} ${(el.getAttribute('aria-label') || el.textContent)
                .trim().slice(0, 40)} [${Math.round(b.left)}, ${Math.round(b.right)}]`);
            }
          }
          return out;
        }""")
        problems += [f"{game}: cut off: {c}" for c in cut]
        screenshot(page, f"options-nl-{game}-{size[0]}.png")
        page.keyboard.press("Escape")
        page.wait_for_selector("#new-game-dialog", state="detached")
    assert not problems, "\n".join(problems)
    guard.check()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x812"])
def test_a_tiles_rules_and_lessons_links_line_up(page: Any, guard: Any, size: tuple[int, int]) -> None:
    """Under each tile's buttons, "Rules of X" and "Learn X step by step" start at the same left edge when they
    stack (the second was indented by a gap meant for standing beside the first) and share one line otherwise."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for tile in page.locator(".game-tile").all():
        rules, learn = tile.locator(".rules-link").bounding_box(), tile.locator(".learn-link").bounding_box()
        assert rules and learn
        stacked = learn["y"] >= rules["y"] + rules["height"] - 1
        if stacked:
            assert abs(learn["x"] - rules["x"]) <= 1, (tile.get_attribute("data-game"), rules, learn)
        else:
            assert learn["x"] > rules["x"] + rules["width"], (tile.get_attribute("data-game"), rules, learn)
    guard.check()


# For each of the dock's bot-speed choices: the width the select needs to show it whole (a copy of the select with
# only that choice and no width limit, beside it so the same rules apply) against the width it has.
SPEED_FIT_JS = """() => {
  const sel = document.querySelector('#dock #speed');
  const out = [];
  for (const opt of sel.options) {
    const copy = sel.cloneNode(false);
    copy.removeAttribute('id');
    copy.style.maxWidth = 'none';
    copy.style.width = 'auto';
    copy.style.position = 'absolute';
    copy.style.visibility = 'hidden';
    copy.append(new Option(opt.text, opt.value, true, true));
    sel.after(copy);
    out.push({text: opt.text, needs: copy.getBoundingClientRect().width, has: sel.getBoundingClientRect().width});
    copy.remove();
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_the_docks_bot_speed_shows_its_whole_value_on_a_phone(page: Any, guard: Any, lang: str) -> None:
    """On a phone the dock's bot-speed select shows every choice whole ("Normaal", "Immédiate"), not cut at its
    edge, and the dock's controls stay on screen beside it, in one row."""
    page.set_viewport_size({"width": 375, "height": 812})
    page.select_option("#lang-select", lang)
    open_new_game(page, "etalage", seats=["human", "bot:normal", "bot:normal"], board=".et", seed=21,
                  fill={"#opt-games": 1}, speed="normal")
    fits = page.evaluate(SPEED_FIT_JS)
    cut = [f for f in fits if f["needs"] > f["has"] + 0.5]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#dock").screenshot(path=str(ARTIFACTS / f"dock-speed-{lang}-375.png"))
    assert not cut, f"{lang}: the bot speed is cut off: {cut}"
    page.evaluate(CONTROLS_JS)
    problems = [p for p in _problems(page, "#dock [data-e2e-control]", scroll=False) if "outside" in p]
    assert not problems, problems
    spans = page.evaluate("() => [...document.querySelectorAll('#dock .controls > *')]"
                          ".filter((e) => e.getBoundingClientRect().width > 0)"
                          ".map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })")
    # one row: every control's top lies above every other's bottom
    assert max(t for t, _ in spans) < min(b for _, b in spans), f"{lang}: the dock's controls wrap: {spans}"
    guard.check()
