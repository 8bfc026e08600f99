"""The core's ways to act agree: ``apply`` of a listed action, ``apply`` of its JSON, ``apply_listed``, ``play``.

``State.apply`` takes an action that IS one of the objects of the cached legal list without parsing it or asking
the checker again (the list is the check), and a match applies and plays through its current game's own path.
These tests hold that those shortcuts change nothing a caller can see: the same events, the same state, the same
refusals for a wrong seat or a finished match.
"""

from __future__ import annotations

import random

import pytest

import pygame_rules as pr
from pygame_rules.core.match import MatchState

GAMES = [("skipbo", 2), ("topspot", 3), ("etalage", 4), ("level8", 2)]


@pytest.mark.parametrize("game, players", GAMES)
def test_a_listed_action_applies_as_its_json_and_as_apply_listed(game: str, players: int) -> None:
    listed = pr.new_game(game, players=players, seed=11)
    parsed, trusted, quiet = listed.clone(), listed.clone(), listed.clone()
    rng = random.Random(game)
    for _ in range(300):
        if listed.is_over():
            break
        legal = listed.legal_actions()
        pick = legal.index(rng.choice(legal))
        seat = listed.current_player
        events = listed.apply(legal[pick], player=seat)
        assert parsed.apply(dict(legal[pick].to_json(), player=seat)) == events
        assert trusted.apply_listed(trusted.legal_actions()[pick]) == events
        quiet.play(quiet.legal_actions()[pick])
        assert listed == parsed == trusted == quiet
    assert listed.is_over() == parsed.is_over() == trusted.is_over()


@pytest.mark.parametrize("game, players", GAMES)
def test_apply_listed_checks_an_action_that_is_not_from_the_list(game: str, players: int) -> None:
    """``apply_listed`` is ``apply``: an action that is not one of the listed objects (here an illegal one, a move
    of an earlier position) is refused with its reason and changes nothing, instead of being performed unchecked."""
    state = pr.new_game(game, players=players, seed=7)
    rng = random.Random(game)
    for _ in range(200):
        stale = rng.choice(state.legal_actions())
        state.apply(stale)
        if not state.is_over() and stale not in state.legal_actions():
            break
    assert not state.is_over() and stale not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(pr.IllegalAction):
        state.apply_listed(stale)
    assert state.to_json() == before


@pytest.mark.parametrize("game, players", GAMES)
def test_a_listed_action_for_the_wrong_seat_is_refused_and_changes_nothing(game: str, players: int) -> None:
    state = pr.new_game(game, players=players, seed=5)
    before = state.to_json()
    seat = state.current_player
    assert seat is not None
    action = state.legal_actions()[0]
    with pytest.raises(pr.NotYourTurn):
        state.apply(action, player=(seat + 1) % players)
    assert state.to_json() == before
    assert state.apply(action, player=seat) is not None


def test_a_finished_match_refuses_even_an_action_of_its_last_list() -> None:
    match = pr.new_game("topspot", players=3, seed=2)
    assert isinstance(match, MatchState)
    rng = random.Random(2)
    kinds: list[str] = []
    last = None
    while not match.is_over():
        last = rng.choice(match.legal_actions())
        kinds += [event["type"] for event in match.apply(last)]
    assert kinds.count("game_end") == 3 and kinds[-1] == "match_end"
    assert match.legal_actions() == []
    with pytest.raises(pr.GameOverError):
        match.apply(last)
