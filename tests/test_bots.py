"""Bots across games: levels are registered, every level is fair (sees only its view), hard plays legal moves,
and the arena is reproducible from its seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_rules import arena
from pygame_rules.bots import app_budget_ms, bot_levels, make_bot
from pygame_rules.bots.samplers import SAMPLERS, sample_state
from pygame_rules.bots.search import SearchBot
from pygame_rules.cli import main
from pygame_rules.core.game import State
from pygame_rules.registry import GAMES, new_game

PLAYERS = {"skipbo": 2, "topspot": 3, "etalage": 4, "level8": 2}
SMALL = {"iterations": 10, "worlds": 3}  # a tiny search budget: tests check behaviour, never strength or time


def _options(game: str) -> dict[str, Any] | None:
    return {"games": 1} if game == "topspot" else None


def _players(game: str) -> int:
    return PLAYERS.get(game, 3)


def _bot(game: str, level: str) -> Any:
    return make_bot(game, level, **SMALL) if level.startswith("hard") else make_bot(game, level)


def _positions(game: str, count: int, seed: int = 0) -> list[State]:
    """``count`` mid-game positions with a real choice (more than one legal action) for the player to move."""
    out: list[State] = []
    players = _players(game)
    bots = [make_bot(game, "normal") for _ in range(players)]
    rng = random.Random(seed)
    g = 0
    while len(out) < count:
        state = new_game(game, players=players, seed=f"pos/{seed}/{g}", options=_options(game))
        g += 1
        step = 0
        while not state.is_over() and len(out) < count:
            seat = state.current_player
            if step % 11 == 5 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
            step += 1
    return out


@pytest.mark.parametrize("game", GAMES)
def test_levels_offered_for_every_game(game: str) -> None:
    levels = bot_levels(game, all_levels=True)
    assert levels[:1] == ["random"]
    for level in ("easy", "normal", "hard"):
        assert level in levels
    assert make_bot(game, "hard", budget_ms=50).max_ms == 50
    with pytest.raises(ValueError, match="no bot level"):
        make_bot(game, "grandmaster")


def _twin(state: State, seat: int) -> State:
    """Another full state in which ``seat`` sees exactly the same thing but the hidden cards differ."""
    view = state.view(seat)
    for i in range(20):
        other = sample_state(view, random.Random(f"twin/{i}"))
        if other.to_json()["data"] != state.to_json()["data"]:
            return other
    raise AssertionError("could not re-deal the hidden cards")


@pytest.mark.parametrize("game", sorted(SAMPLERS))
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "hard-is"])
def test_fairness_hidden_cards_do_not_change_the_choice(game: str, level: str) -> None:
    """Two states that differ only in cards the seat cannot see get the same move from the same seed."""
    for state in _positions(game, 2, seed=1):
        seat = state.current_player
        twin = _twin(state, seat)
        assert twin.view(seat) == {k: v for k, v in state.view(seat).items() if k != "match"}
        assert twin.legal_actions() == state.legal_actions()
        hidden_differs = twin.to_json()["data"] != state.to_json()["data"]
        assert hidden_differs
        a = _bot(game, level).choose(state.view(seat), state.legal_actions(), random.Random(99))
        b = _bot(game, level).choose(twin.view(seat), twin.legal_actions(), random.Random(99))
        assert a == b


@pytest.mark.parametrize("game", sorted(SAMPLERS))
def test_hard_returns_a_legal_action_and_searches(game: str) -> None:
    searched = 0
    for state in _positions(game, 3, seed=2):
        seat = state.current_player
        bot = make_bot(game, "hard", **SMALL)
        legal = state.legal_actions()
        action = bot.choose(state.view(seat), legal, random.Random(5))
        assert action in legal
        state.apply(action)  # really legal in the engine
        searched += bot.stats.get("searched", False)
    assert searched, "hard never searched: every position was judged obvious"


def test_hard_with_a_time_cap_still_answers() -> None:
    state = _positions("topspot", 1, seed=3)[0]
    seat = state.current_player
    action = make_bot("topspot", "hard", budget_ms=1).choose(state.view(seat), state.legal_actions(),
                                                              random.Random(1))
    assert action in state.legal_actions()


@pytest.mark.parametrize("game", sorted(SAMPLERS))
def test_a_ceiling_cuts_the_search_short_and_still_answers_legally(game: str) -> None:
    """Anytime search: with a ceiling far below one batch of rollouts the bot stops within the first batch (or
    plays the prior before any) and says so; without one it spends its whole rollout budget. No time is asserted:
    a 0.001 ms ceiling is passed by any first batch on any machine."""
    cut = full = 0
    # (Level 8 searches only the discard of a seat that has not laid out: most positions are not searched)
    for state in _positions(game, 60 if game == "level8" else 10, seed=4):
        if cut >= 2 and full >= 2:
            break
        seat = state.current_player
        legal = state.legal_actions()
        tight = make_bot(game, "hard", budget_ms=0.001)
        action = tight.choose(state.view(seat), legal, random.Random(3))
        assert action in legal
        state.clone().apply(action)
        if tight.stats.get("searched"):
            cut += 1
            assert tight.stats["cut"] is True
            if isinstance(tight, SearchBot):
                assert tight.stats["rollouts"] < tight.iterations
            else:  # Skip-Bo: a sampled deal the ceiling cuts is dropped; with none left, the planner's own plan
                assert tight.stats["worlds"] <= 1
        free = make_bot(game, "hard", **SMALL)
        free.choose(state.view(seat), legal, random.Random(3))
        if free.stats.get("searched"):
            full += 1
            assert free.stats["cut"] is False
    assert cut and full, "no position was searched: the test proves nothing"


def test_the_app_gives_searching_levels_a_ceiling_and_others_none() -> None:
    for game in GAMES:
        assert app_budget_ms(game, "normal") is None
        hard = app_budget_ms(game, "hard")
        assert hard is not None and hard > 0
        with pytest.raises(ValueError, match="no bot level"):
            make_bot(game, "hard-fast")  # the hint is answered by "hard" itself: no shorter search level is left


def test_hard_plays_whole_games_in_a_match() -> None:
    """Top Spot's default is a match: the hard bot sees a match view and plays on through the next deals."""
    state = new_game("topspot", players=3, seed=4)
    bots = [make_bot("topspot", "hard", iterations=4, worlds=2), make_bot("topspot", "easy"),
            make_bot("topspot", "easy")]
    rng = random.Random(0)
    while not state.is_over():
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    assert state.result()["winners"]


# ----- arena ----------------------------------------------------------------------------------------------------
def test_wilson_interval() -> None:
    low, high = arena.wilson(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert arena.wilson(0, 10)[0] == 0.0 and arena.wilson(10, 10)[1] == pytest.approx(1.0)


def test_lineup_rotates_every_seat() -> None:
    seen = {tuple(arena.lineup(["hard", "normal", "normal"], 3, i)) for i in range(3)}
    assert seen == {("hard", "normal", "normal"), ("normal", "hard", "normal"), ("normal", "normal", "hard")}


def _strip(summary: dict[str, Any]) -> Any:
    """The reproducible part of a summary (times are wall-clock and never reproducible)."""
    rows = [{k: v for k, v in r.items() if not k.endswith("_ms")} for r in summary["rows"]]
    return rows, summary["outcomes"]


def test_arena_is_reproducible_and_independent_of_jobs() -> None:
    one = arena.run_arena("etalage", 3, ["normal", "easy"], 3, seed="rep", options=None)
    two = arena.run_arena("etalage", 3, ["normal", "easy"], 3, seed="rep", options=None)
    par = arena.run_arena("etalage", 3, ["normal", "easy"], 3, seed="rep", jobs=2, options=None)
    assert _strip(one) == _strip(two) == _strip(par)
    other = arena.run_arena("etalage", 3, ["normal", "easy"], 3, seed="other", options=None)
    assert _strip(other) != _strip(one)
    assert sum(r["wins"] for r in one["rows"]) == pytest.approx(3)
    assert [o["lineup"] for o in one["outcomes"]] == [arena.lineup(["normal", "easy"], 3, i) for i in range(3)]


def test_arena_with_hard_is_reproducible() -> None:
    params = {"iterations": 4, "worlds": 2}
    a = arena.run_arena("topspot", 3, ["hard", "easy"], 2, seed="h", options={"games": 1}, params=params)
    b = arena.run_arena("topspot", 3, ["hard", "easy"], 2, seed="h", options={"games": 1}, params=params)
    assert _strip(a) == _strip(b)
    assert a["rows"][0]["decisions"] > 0


def test_arena_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "etalage", "--players", "3", "--bots", "normal,easy", "--games", "2", "--seed", "t"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "normal" in out and "easy" in out
    assert main(["arena", "etalage", "--players", "3", "--bots", "normal,nobody", "--games", "1"]) == 2


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_arena_results_do_not_depend_on_string_hashing(game: str) -> None:
    """Bots must not let Python's per-process string hashing (set order) steer a choice, or a seeded arena run
    gives other results in another process. Two interpreters with different hash seeds play the same moves."""
    import os
    import subprocess
    import sys

    code = (
        "import random\nfrom pygame_rules.bots import make_bot\nfrom pygame_rules.registry import new_game\n"
        f"state = new_game({game!r}, players={_players(game)}, seed='hash', options={_options(game)!r})\n"
        f"bots = [make_bot({game!r}, 'normal' if i % 2 == 0 else 'easy') for i in range({_players(game)})]\n"
        "rng = random.Random(7)\nmoves = []\n"
        "while not state.is_over() and len(moves) < 3000:\n"
        "    seat = state.current_player\n"
        "    action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)\n"
        "    moves.append(repr(action))\n"
        "    state.apply(action)\n"
        "print(moves)\n"
    )
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                             cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        runs.append(out.stdout)
    assert runs[0].count(",") > 20 and runs[0] == runs[1]


def test_hard_is_offered_only_where_the_measured_ladder_shows_it_stronger() -> None:
    """``SEARCH_PROVEN`` (hard in the app, search hints) must match docs/bots.json: a game is listed only if its
    hard-vs-normal match-up was played with at least 400 games and hard's 95% interval lies above its parity."""
    import json
    from pathlib import Path

    from pygame_rules.bots import SEARCH_PROVEN

    store = json.loads((Path(__file__).resolve().parents[1] / "docs" / "bots.json").read_text(encoding="utf-8"))
    proven = set()
    for item in store.values():
        summary = item["summary"]
        if summary["bots"][0] != "hard" or "normal" not in summary["bots"]:
            continue
        hard = next(r for r in summary["rows"] if r["bot"] == "hard")
        if summary["games"] >= 400 and hard["ci95"][0] > hard["parity"]:
            proven.add(summary["game"])
    assert set(SEARCH_PROVEN) == proven


def test_the_ladder_page_keeps_its_hand_written_sections(tmp_path: Any) -> None:
    """`arena ladder --out` regenerates the tables and keeps what follows the hand-written marker unchanged."""
    from pygame_rules import arena

    page = tmp_path / "bots.md"
    assert arena._hand_written_part(str(page)) == ""
    page.write_text("# old tables\n\n" + arena.HAND_WRITTEN + "\n\n## By hand\nkept\n", encoding="utf-8")
    tail = arena._hand_written_part(str(page))
    assert tail.startswith("\n" + arena.HAND_WRITTEN) and tail.endswith("## By hand\nkept\n")
    assert "old tables" not in tail
