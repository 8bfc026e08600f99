"""One property suite for every game and variant, matches included (random play, hypothesis-chosen seeds).

At every step: cards are conserved, the state survives a JSON round trip equal to itself, a clone equals the
original and is independent of it, and a legal action exists until the game ends. On a sample of steps: every
listed action applies (also from its JSON form), every action seen earlier in the game that is not listed now, and
every listed action from the wrong seat, is refused with the state byte-identical, ``check`` agrees with the list,
and no seat's view shows a card hidden from it. Every game terminates within a cap.
Per-game suites beside this one pin each game's own rules; this one pins the contract they all share.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import textwrap
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules as pr
from pygame_rules.core.match import MatchState
from pygame_rules.registry import game_class
from tests import test_etalage_properties as etalage_props
from tests import test_level8_properties as level8_props
from tests import test_skipbo_properties as skipbo_props
from tests import test_topspot_properties as topspot_props
from tests.reference import VARIANTS, canonical

# Random play ends every game, but a Level 8 game of three can take more than 6,000 actions (index 12, seed 752:
# between 6,000 and 30,000 with this policy), so the cap is a generous bound, not a typical length.
STEP_CAP = 30_000
SAMPLE_EVERY = 17


def inner(state: pr.State) -> Any:
    """The game being played (the current game of a match)."""
    return state.inner if isinstance(state, MatchState) else state


def _skipbo_cards(s: Any) -> bool:
    return Counter(s.all_cards()) == skipbo_props.FULL_DECK


def _level8_cards(s: Any) -> bool:
    return s.all_cards() == Counter(s.deck())


def _topspot_cards(s: Any) -> bool:
    seen: Counter[str] = Counter()
    for pile in [*s.hands, *(stack for w in s.won for stack in w), s.unclaimed, s.aside, s.pot]:
        seen.update(pile)
    for play in s.plays:
        seen.update(play["cards"])
    return seen == s.full_deck()


def _etalage_cards(s: Any) -> bool:
    etalage_props.check_conservation(s)
    return True


CONSERVED: dict[str, Callable[[Any], bool]] = {
    "skipbo": _skipbo_cards, "level8": _level8_cards, "topspot": _topspot_cards, "etalage": _etalage_cards,
}


def _skipbo_hidden(state: pr.State, rng: random.Random) -> None:
    game = inner(state)
    for seat in range(state.players):
        other = skipbo_props.hidden_shuffle(game, seat, rng)
        assert other.view(seat) == game.view(seat), "a Skip-Bo view depends on a hidden card"


def _level8_hidden(state: pr.State, rng: random.Random) -> None:
    game = inner(state)
    for seat in range(state.players):
        shown = level8_props._strings(game.view(seat), set())
        assert not shown & level8_props._hidden_cards(game, seat), "a Level 8 view shows a hidden card"


def _topspot_hidden(state: pr.State, rng: random.Random) -> None:
    topspot_props._hidden_ok(inner(state))


def _etalage_hidden(state: pr.State, rng: random.Random) -> None:
    for seat in range(state.players):
        etalage_props.check_view(inner(state), seat)


HIDDEN: dict[str, Callable[[pr.State, random.Random], None]] = {
    "skipbo": _skipbo_hidden, "level8": _level8_hidden, "topspot": _topspot_hidden, "etalage": _etalage_hidden,
}


def frozen(state: pr.State) -> str:
    """The whole state as one text: refusals must leave it byte-identical."""
    return canonical(state.to_json())


def round_trip_and_clone(state: pr.State) -> None:
    text = json.dumps(state.to_json())
    loaded = pr.load_state(json.loads(text))
    assert loaded == state and json.dumps(loaded.to_json()) == text
    copy = state.clone()
    assert copy == state and type(copy) is type(state)
    if not state.is_over():  # the copy goes its own way without touching the original
        copy.apply(copy.legal_actions()[0])
        assert json.dumps(state.to_json()) == text


def deep_checks(state: pr.State, seen: set[pr.Action], rng: random.Random) -> None:
    before = frozen(state)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    for action in legal:
        copy = state.clone()
        copy.apply(action.to_json(), player=state.current_player)
        assert state.check(action) == action
    others = [a for a in seen if a not in set(legal)]
    for action in rng.sample(others, min(40, len(others))):
        try:
            state.apply(action)
        except pr.IllegalAction as exc:
            assert exc.message and exc.code
        else:
            raise AssertionError(f"{action} is not listed but was accepted")
        assert frozen(state) == before
    wrong = (state.current_player + 1) % state.players
    for action in legal[:3]:
        try:
            state.apply(action, player=wrong)
        except pr.NotYourTurn:
            pass
        else:
            raise AssertionError("an action from the wrong seat was accepted")
        assert frozen(state) == before
    HIDDEN[state.game](state, rng)


# moves that bring a game nearer its end; random play prefers them so that long games (Level 8) finish
PROGRESS = {"lay_out", "add", "play_stock"}


def choose(legal: list[pr.Action], rng: random.Random) -> pr.Action:
    """Random play, eager for progress four times out of five."""
    eager = [a for a in legal if a.kind in PROGRESS]
    return rng.choice(eager if eager and rng.random() < 0.8 else legal)


def play_variant(index: int, seed: int) -> None:
    game, players, options, _, _ = VARIANTS[index]
    state = pr.new_game(game, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    seen: set[pr.Action] = set()
    for step in range(STEP_CAP):
        assert CONSERVED[game](inner(state)), "cards are not conserved"
        round_trip_and_clone(state)
        if state.is_over():
            assert state.legal_actions() == [] and state.current_player is None
            assert set(state.result()) >= {"scores", "winners"}
            return
        legal = state.legal_actions()
        assert legal, "no legal action while the game is not over"
        if step % SAMPLE_EVERY == seed % SAMPLE_EVERY:
            deep_checks(state, seen, rng)
        seen.update(legal)
        state.apply(choose(legal, rng))
    raise AssertionError(f"{game} did not end within {STEP_CAP} actions")


@settings(max_examples=3 * len(VARIANTS), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(index=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 10**6))
def test_every_variant_keeps_the_shared_contract(index: int, seed: int) -> None:
    play_variant(index, seed)


def test_every_variant_is_covered_once() -> None:
    for index in range(len(VARIANTS)):
        play_variant(index, 1000 + index)


@settings(max_examples=2 * len(VARIANTS), deadline=None, suppress_health_check=list(HealthCheck))
@given(index=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 10**6))
def test_quiet_play_follows_the_same_rules_as_apply(index: int, seed: int) -> None:
    """``play`` (no events, for rollouts and the bench) leaves exactly the state that ``apply_listed`` leaves."""
    game, players, options, _, _ = VARIANTS[index]
    loud = pr.new_game(game, players=players, seed=seed, options=options)
    quiet = loud.clone()
    rng = random.Random(seed)
    for _ in range(STEP_CAP):
        assert quiet == loud
        assert quiet.legal_actions() == loud.legal_actions()
        if loud.is_over():
            assert quiet.is_over() and quiet.result() == loud.result()
            return
        legal = loud.legal_actions()
        pick = legal.index(choose(legal, rng))
        loud.apply_listed(legal[pick])
        quiet.play(quiet.legal_actions()[pick])
    raise AssertionError(f"{game} did not end within {STEP_CAP} actions")


# positions between two comparisons with the reference lister (it asks the checker about every candidate: slow)
REFERENCE_EVERY = 7


@settings(max_examples=len(VARIANTS), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(index=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 10**6))
def test_every_fast_lister_equals_the_reference_lister(index: int, seed: int) -> None:
    """Each game's fast ``legal_actions`` is exactly "every candidate the checker accepts", in every variant."""
    game, players, options, _, _ = VARIANTS[index]
    state = pr.new_game(game, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for step in range(STEP_CAP):
        if state.is_over():
            return
        if step % REFERENCE_EVERY == 0:
            table = inner(state)
            fast, reference = table.legal_actions(), table.reference_legal_actions()
            assert set(fast) == set(reference), (
                f"step {step}: listed but refused {sorted(map(str, set(fast) - set(reference)))}; "
                f"accepted but not listed {sorted(map(str, set(reference) - set(fast)))}")
        state.apply(choose(state.legal_actions(), rng))
    raise AssertionError(f"{game} did not end within {STEP_CAP} actions")


def test_every_game_has_one_apply_path_and_none_of_the_cores_machinery() -> None:
    """Each game writes its rules once: ``_perform`` (one path for the page, bots and the bench), ``_list_legal``
    and ``candidates``; the blank table, clone, legal cache, quiet play and JSON are the core's, never a game's."""
    for game in pr.GAMES:
        cls = game_class(game)
        # (read from the source: the core installs its generated __init__ and clone on the class when first used)
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
        assert isinstance(tree, ast.ClassDef)
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        copies = defined & {"_apply", "play", "legal_actions", "__init__", "clone", "to_json", "_blank", "apply_listed"}
        assert not copies, f"{game} writes the core's {sorted(copies)} again"
        assert {"_perform", "_list_legal", "candidates"} <= defined, game
        source = inspect.getsource(inspect.getmodule(cls))  # type: ignore[arg-type]
        assert "_quiet" not in source, game
