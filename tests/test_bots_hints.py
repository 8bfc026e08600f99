"""Hints say why: the API's hint carries a reason code and parameters from the bot's own evaluation, and every code
is worded in the four catalogues with exactly its parameters as placeholders."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules import api
from pygame_rules.bots import make_bot
from pygame_rules.bots.reasons import CODES, explain
from pygame_rules.bots.skipbo_plan import PlanSearchBot
from pygame_rules.words import CATALOGUE_DIR

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "nl", "de", "fr")
CATALOGUES = {lang: json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def call(**req: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(api.handle(json.dumps(req)))
    return out


def worded(lang: str, reason: dict[str, Any], move: str = "MOVE") -> str:
    """The hint line as the page builds it (table.js): ``table.hint_reason`` around ``hint.<code>``."""
    text = CATALOGUES[lang][f"hint.{reason['code']}"]
    for key, value in reason["params"].items():
        text = text.replace("{" + key + "}", str(value))
    line: str = CATALOGUES[lang]["table.hint_reason"].replace("{move}", move).replace("{reason}", text)
    return line


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_is_worded_with_exactly_its_parameters(lang: str) -> None:
    for code, params in CODES.items():
        text = CATALOGUES[lang].get(f"hint.{code}")
        assert isinstance(text, str) and text.strip(), f"{lang}: hint.{code} missing"
        assert set(PLACEHOLDER.findall(text)) == set(params), f"{lang}: hint.{code}"
    assert set(PLACEHOLDER.findall(CATALOGUES[lang]["table.hint_reason"])) == {"move", "reason"}


@pytest.mark.parametrize("game,players,options", [
    ("skipbo", 2, None), ("topspot", 3, {"games": 1}), ("etalage", 4, None), ("level8", 2, None)])
def test_the_api_hint_carries_a_reason_worded_in_four_languages(game: str, players: int,
                                                                 options: dict[str, Any] | None) -> None:
    new = call(op="new", game=game, players=players, seed=11, seat=0, options=options or {})
    assert new["ok"], new
    sid = new["session"]
    codes = set()
    for _ in range(6):
        table = call(op="table", session=sid, seat=0)["table"]
        if table["over"]:
            break
        seat = table["current_player"]
        hint = call(op="hint", session=sid, seat=seat, budget_ms=60)
        assert hint["ok"], hint
        reason = hint["reason"]
        assert reason["code"] in CODES and set(reason["params"]) == set(CODES[reason["code"]])
        codes.add(reason["code"])
        lines = {lang: worded(lang, reason) for lang in LANGS}
        for lang, line in lines.items():
            assert "{" not in line and "hint." not in line, (lang, line)
        assert len(set(lines.values())) == 4  # four languages, four different sentences
        call(op="act", session=sid, seat=seat, action=hint["action"])
    assert codes


def _skipbo(**kw: Any) -> Any:
    base: dict[str, Any] = {"players": 2, "current_player": 0, "hands": [[3, 4, 9, 11, 12], [5, 6, 7, 8, 10]],
                            "stocks": [[7, 5], [10, 10]], "discards": [[[], [], [], []], [[], [], [], []]],
                            "building": [[1, 2], [], [], []], "seed": 5}
    base.update(kw)
    return pr.from_scenario("skipbo", base)


def _why(state: Any, bot: Any | None = None) -> tuple[Any, dict[str, Any]]:
    bot = bot or PlanSearchBot(worlds=4)
    view, legal = state.view(0), state.legal_actions()
    action = bot.choose(view, legal, random.Random(1))
    return action, explain("skipbo", bot, view, legal, action)


def test_skipbo_reasons_come_from_the_chosen_plan() -> None:
    action, reason = _why(_skipbo())  # pile at 2, hand 3 and 4, stock 5: the chain to the stock
    assert action.kind == "play_hand" and reason == {"code": "skipbo.stock_next", "params": {"stock": 5}}
    state = _skipbo(building=[[1, 2, 3, 4], [], [], []])
    action, reason = _why(state)
    assert action.kind == "play_stock" and reason["code"] == "skipbo.stock"
    action, reason = _why(_skipbo(stocks=[[4], [10, 10]], building=[[1, 2, 3], [], [], []]))
    assert reason["code"] == "skipbo.win"
    # nothing reaches the stock 7 from a pile at 5 without a 6: the discard keeps what leads up to it
    state = _skipbo(hands=[[9, 11, 12, 12, 10], [5, 6, 7, 8, 10]], stocks=[[7, 7], [10, 10]],
                    building=[[1, 2, 3, 4, 5], [], [], []])
    action, reason = _why(state)
    assert action.kind == "discard" and reason["code"].startswith("skipbo.discard")


def test_a_followed_plan_still_has_its_reason() -> None:
    bot = PlanSearchBot(worlds=4)
    state = _skipbo()
    first, reason = _why(state, bot)
    state.apply(first)
    second, again = _why(state, bot)
    assert bot.stats.get("followed") is True
    assert again == reason == {"code": "skipbo.stock_next", "params": {"stock": 5}}


def test_a_skipbo_card_on_the_stock_is_never_named_as_card_0() -> None:
    """A plan that plays hand cards before the Skip-Bo card on its stock used to say "clears the way for your stock
    card 0" (0 is the engine's number for a Skip-Bo card, which the page printed as it was)."""
    for hand, building in (([1, 3, 7, 9, 12], [[1], [], [], []]), ([3, 4, 9, 11, 12], [[1, 2], [], [], []]),
                           ([1, 2, 9, 11, 12], [[], [], [], []])):
        action, reason = _why(_skipbo(hands=[hand, [5, 6, 7, 8, 10]], stocks=[[7, 0], [10, 10]],
                                      building=building))
        assert action.kind == "play_hand", action
        assert reason == {"code": "skipbo.stock_next_wild", "params": {}}
        for lang in LANGS:
            assert "Skip-Bo" in worded(lang, reason), lang


@pytest.mark.parametrize("lang", LANGS)
def test_a_search_reason_over_one_game_reads_right(lang: str) -> None:
    """A short search in the browser may play out a single game per move: "in 1 games" is wrong in every language
    (the count sits apart from the plural noun now)."""
    plural_after_one = re.compile(r"\b1 (games|spellen|Partien|parties|gespielten|von hier|vanaf hier)\b")
    for code in ("search_best", "search_kept"):
        line = worded(lang, {"code": code, "params": {"moves": 3, "games": 1}})
        assert not plural_after_one.search(line), line


def test_search_reasons_name_the_games_played_out() -> None:
    state = pr.new_game("etalage", players=4, seed="why")
    bot: Any = make_bot("etalage", "hard", iterations=40, worlds=4)
    for _ in range(20):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action = bot.choose(view, legal, random.Random(3))
        reason = explain("etalage", bot, view, legal, action)
        if bot.stats.get("searched"):
            assert reason["code"] in ("search_best", "search_kept")
            assert reason["params"]["games"] >= 1 and reason["params"]["moves"] == len(bot.stats["counts"])
            return
        state.apply(action)
    raise AssertionError("no searched decision")


def test_first_turn_hint_does_not_throw_away_the_one() -> None:
    """Issue 24 item 13: first turn, a 1 and a 2 in hand, empty building piles. The hint used to discard the 1:
    every single discard scored the same and the first listed (the lowest card) won the tie. Among otherwise equal
    discards the planner now parts with the highest card, as the normal bot does; the reason names what it keeps."""
    from pygame_rules.games.skipbo import Discard

    for hand, stock, rival in (([1, 2, 3, 5, 6], 9, 7), ([1, 2, 2, 3, 11], 7, 4)):
        state = _skipbo(hands=[hand, [4, 8, 9, 10, 12]], stocks=[[5, stock], [10, rival]],
                        building=[[], [], [], []])
        bot: Any = make_bot("skipbo", "hard")
        action, reason = _why(state, bot)
        assert not (isinstance(action, Discard) and action.card == 1), (hand, action)
        assert reason["code"] in CODES
        if isinstance(action, Discard):
            assert action.card == max(c for c in hand if c != 0)
            assert reason == {"code": "skipbo.keep_for_stock", "params": {"card": 1, "stock": stock}}
