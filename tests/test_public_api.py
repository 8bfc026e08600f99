"""The public API contract and every error path: bad names, options, scenarios, actions, seats, saves."""

from __future__ import annotations

import json

import pytest

import pygame_rules as pr
from pygame_rules import api
from pygame_rules.core.actions import parse_action
from pygame_rules.games.skipbo import ACTIONS, PlayHand


def test_games_are_registered_and_each_declares_itself():
    assert "skipbo" in pr.GAMES
    for name in pr.GAMES:
        info = pr.game_info(name)
        assert info.name == name
        assert info.min_players <= info.max_players
        json.dumps(info.to_json())


def test_contract_surface_on_a_fresh_game():
    state = pr.new_game("skipbo", players=2, seed=1)
    assert state.game == "skipbo"
    assert state.current_player in (0, 1)
    actions = state.legal_actions()
    assert actions and all(isinstance(a, pr.Action) for a in actions)
    clone = state.clone()
    assert clone == state and clone is not state
    clone.apply(actions[0])
    assert clone != state  # the clone is independent
    assert not state.is_over()
    json.dumps(state.view(0))
    assert pr.load_state(state.to_json()) == state


def test_applying_json_equals_applying_the_action():
    a = pr.new_game("skipbo", players=3, seed=4)
    b = a.clone()
    action = a.legal_actions()[-1]
    assert a.apply(action) == b.apply(action.to_json())
    assert a == b


def test_actions_are_hashable_values_with_round_tripping_json():
    action = PlayHand(7, 2)
    assert action.to_json() == {"type": "play_hand", "card": 7, "pile": 2}
    assert parse_action(action.to_json(), ACTIONS, "Skip-Bo") == action
    assert len({action, PlayHand(7, 2)}) == 1


@pytest.mark.parametrize("name", ["chess", "", None, 3])
def test_unknown_game_names(name):
    with pytest.raises(pr.UnknownGame, match="unknown game"):
        pr.new_game(name, players=2, seed=1)
    with pytest.raises(ValueError):
        pr.from_scenario(name, {})


@pytest.mark.parametrize(
    "players,options,message",
    [
        (1, None, "2 to 6 players"),
        (7, None, "2 to 6 players"),
        ("2", None, "players must be a whole number"),
        (2, {"stock_size": 0}, "at least 1"),
        (2, {"stock_size": "30"}, "must be int"),
        (2, {"colour": "red"}, "no option"),
        (6, {"stock_size": 30}, "do not fit"),
        (3, {"partnership": True}, "4 or 6 players"),
        (2, {"partnership": 1}, "must be bool"),
        (2, {"match_target": 0}, "at least 1"),
        (2, {"first_player": 2}, "first_player"),
        (2, [1, 2], "options must be an object"),
    ],
)
def test_bad_options(players, options, message):
    with pytest.raises(pr.BadOptions, match=message):
        pr.new_game("skipbo", players=players, seed=1, options=options)


def test_bad_seed():
    with pytest.raises(pr.BadOptions, match="seed"):
        pr.new_game("skipbo", players=2, seed=1.5)


def test_scenario_must_be_an_object():
    with pytest.raises(pr.BadScenario, match="JSON object"):
        pr.from_scenario("skipbo", [1, 2])


@pytest.mark.parametrize(
    "action,error,message",
    [
        ({"type": "fly"}, pr.MalformedAction, "no action type 'fly'"),
        ({"card": 5}, pr.MalformedAction, "needs a string field 'type'"),
        ({"type": "play_hand", "card": 5}, pr.MalformedAction, "missing the field 'pile'"),
        ({"type": "play_hand", "card": "5", "pile": 0}, pr.MalformedAction, "whole number"),
        ({"type": "play_hand", "card": True, "pile": 0}, pr.MalformedAction, "whole number"),
        ({"type": "play_hand", "card": 5, "pile": 0, "x": 1}, pr.MalformedAction, "unknown field"),
        ("discard", pr.MalformedAction, "JSON object"),
        (None, pr.MalformedAction, "JSON object"),
        ({"type": "play_hand", "card": 99, "pile": 0}, pr.IllegalAction, "no 99 in your hand"),
    ],
)
def test_malformed_and_illegal_actions_leave_state_unchanged(action, error, message):
    state = pr.new_game("skipbo", players=2, seed=1)
    before = state.to_json()
    with pytest.raises(error, match=message) as info:
        state.apply(action)
    assert isinstance(info.value, pr.IllegalAction)
    assert isinstance(info.value, ValueError)
    assert info.value.code
    assert state.to_json() == before


def test_wrong_seat_is_refused_both_ways():
    state = pr.new_game("skipbo", players=3, seed=2)
    other = (state.current_player + 1) % 3
    action = state.legal_actions()[0]
    before = state.to_json()
    with pytest.raises(pr.NotYourTurn) as info:
        state.apply(action, player=other)
    assert info.value.code == "not_your_turn"
    with pytest.raises(pr.NotYourTurn):
        state.apply(dict(action.to_json(), player=other))
    with pytest.raises(pr.NotYourTurn):
        state.apply(dict(action.to_json(), player="me"))
    assert state.to_json() == before
    state.apply(action, player=state.current_player)


def test_game_over_refuses_actions():
    state = pr.from_scenario("skipbo", {"players": 2, "hands": [[5], [6]], "stocks": [[1], [9]]})
    state.apply({"type": "play_stock", "owner": 0, "pile": 0})
    assert state.is_over()
    with pytest.raises(pr.GameOverError) as info:
        state.apply({"type": "discard", "card": 5, "discard": 0})
    assert info.value.code == "game_over"


def test_result_before_the_end_is_refused():
    with pytest.raises(pr.IllegalAction, match="not over"):
        pr.new_game("skipbo", players=2, seed=1).result()


def test_view_of_a_bad_seat_is_refused():
    with pytest.raises(ValueError, match="seat"):
        pr.new_game("skipbo", players=2, seed=1).view(2)


def corrupt(mutate):
    data = pr.new_game("skipbo", players=2, seed=1).to_json()
    mutate(data)
    return data


@pytest.mark.parametrize(
    "data,message",
    [
        ("not a dict", "JSON object"),
        ({}, "not a saved pygame_rules game"),
        (corrupt(lambda d: d.update(version=99)), "version"),
        (corrupt(lambda d: d.update(game="chess")), "unknown game"),
        (corrupt(lambda d: d["data"]["hands"][0].append(5)), "corrupt"),
        (corrupt(lambda d: d["data"]["draw"].pop()), "missing|appears"),
        (corrupt(lambda d: d["data"].pop("stocks")), "corrupt"),
        (corrupt(lambda d: d["data"].update(current=7)), "corrupt"),
        (corrupt(lambda d: d.update(rng={"seed": 1})), "corrupt"),
        (corrupt(lambda d: d["data"]["building"].__setitem__(0, [2])), "not a valid sequence"),
        (corrupt(lambda d: d.update(players=9)), "corrupt"),
    ],
)
def test_corrupt_saves_give_clear_errors(data, message):
    with pytest.raises(pr.BadState, match=message) as info:
        pr.load_state(data)
    assert info.value.code == "bad_state"


def test_load_continues_identically_including_the_rng():
    state = pr.new_game("skipbo", players=2, seed=8, options={"stock_size": 3})
    copy = pr.load_state(json.loads(json.dumps(state.to_json())))
    for _ in range(200):
        if state.is_over():
            break
        action = state.legal_actions()[0]
        state.apply(action)
        copy.apply(action.to_json())
    assert copy == state


# ----- the JSON boundary ---------------------------------------------------------------------------------------
def call(**req):
    return json.loads(api.handle(json.dumps(req)))


def test_api_new_act_undo_bot_save_load():
    games = call(id=1, op="games")
    assert games["ok"] and {g["name"] for g in games["games"]} >= {"skipbo"}
    new = call(id=2, op="new", game="skipbo", players=2, seed=3, seat=0, keep="test-slot")
    assert new["ok"] and new["id"] == 2
    sid = new["session"]
    table = new["table"]
    seat = table["current_player"]
    table = call(op="table", session=sid, seat=seat)["table"]
    play = next((a for a in table["legal"] if a["type"] == "play_hand"), None)
    if play is not None:
        after = call(op="act", session=sid, seat=seat, action=play)
        assert after["ok"]
        assert after["table"]["undoable"] == after["table"]["view"]["undoable"]
    bad = call(op="act", session=sid, seat=1 - seat, action=table["legal"][0])
    assert not bad["ok"] and bad["error"]["code"] == "not_your_turn"
    check = call(op="check", session=sid, seat=seat, action={"type": "play_hand", "card": 99, "pile": 0})
    assert check["ok"] and not check["legal"] and "99" in check["message"]
    hint = call(op="hint", session=sid, seat=seat, level="normal")
    assert hint["ok"] and hint["action"]["type"]
    moved = call(op="bot", session=sid, seat=0, level="normal")
    assert moved["ok"] and moved["player"] == seat
    assert "save" not in moved and "save" not in moved["table"]  # the save stays in the worker
    saves = dict(json.loads(api.pending_saves()))
    assert json.loads(api.pending_saves()) == []  # handed over once per change
    loaded = call(op="load", save=saves["test-slot"], seat=0)
    assert loaded["ok"]
    assert loaded["table"]["view"] == moved["table"]["view"]
    assert loaded["table"]["log_length"] == moved["table"]["log_length"]


def test_api_undo_only_when_the_engine_allows():
    scenario = {"players": 2, "hands": [[1, 2, 9, 9, 9], [5]], "stocks": [[7, 4], [9]], "seed": 2}
    sid = call(op="scenario", game="skipbo", scenario=scenario, seat=0)["session"]
    before = call(op="table", session=sid, seat=0)["table"]
    assert not before["undoable"]
    played = call(op="act", session=sid, seat=0, action={"type": "play_hand", "card": 1, "pile": 0})["table"]
    assert played["undoable"] and played["log"][0]["type"] == "play_hand"
    undone = call(op="undo", session=sid, seat=0)["table"]
    assert undone["view"] == before["view"]
    assert undone["log_length"] == 0
    call(op="act", session=sid, seat=0, action={"type": "play_stock", "owner": 0, "pile": 0})
    refused = call(op="undo", session=sid, seat=0)
    assert not refused["ok"] and refused["error"]["code"] == "no_undo"


@pytest.mark.parametrize(
    "request_text,code",
    [
        ("{not json", "bad_request"),
        (json.dumps([1]), "bad_request"),
        (json.dumps({"op": "fly"}), "bad_request"),
        (json.dumps({"op": "table", "session": "nope"}), "no_session"),
        (json.dumps({"op": "new", "game": "chess", "players": 2}), "unknown_game"),
        (json.dumps({"op": "new", "game": "skipbo", "players": 9}), "bad_options"),
        (json.dumps({"op": "scenario", "game": "skipbo", "scenario": {"players": 2, "hands": [[14], []]}}),
         "bad_scenario"),
        (json.dumps({"op": "load", "save": "{"}), "bad_state"),
        (json.dumps({"op": "load", "save": {"format": "pygame_rules.save", "state": {}, "log": []}}), "bad_state"),
    ],
)
def test_api_refusals_are_answers_with_codes(request_text, code):
    answer = json.loads(api.handle(request_text))
    assert answer["ok"] is False
    assert answer["error"]["code"] == code
    assert answer["error"]["message"]


def test_api_log_hides_other_seats_draws():
    new = call(op="new", game="skipbo", players=2, seed=5, seat=0, options={"first_player": 0})
    sid = new["session"]
    hand = new["table"]["view"]["hand"]
    discard = {"type": "discard", "card": hand[0], "discard": 0}
    mine = call(op="act", session=sid, seat=0, action=discard)["table"]["log"]
    draw = [e for e in mine if e["type"] == "draw"]
    assert draw and draw[0]["player"] == 1 and "cards" not in draw[0] and "private" not in draw[0]
    theirs = call(op="table", session=sid, seat=1)["table"]
    drawn = [e for e in theirs["log"] if e["type"] == "draw"][0]["cards"]
    assert sorted(drawn) == sorted(theirs["view"]["hand"])  # seat 1 had no cards: it drew its whole hand


def test_hint_auto_uses_the_games_strongest_measured_level():
    from pygame_rules.bots import SEARCH_PROVEN, bot_levels, hint_level

    for game in pr.GAMES:
        listed = bot_levels(game)
        assert ("hard" in listed) == (game in SEARCH_PROVEN)  # "hard" is offered only where it measured stronger
        assert "hard" in bot_levels(game, all_levels=True)
        assert hint_level(game) == ("hard" if game in SEARCH_PROVEN else "normal")
    sid = call(op="new", game="skipbo", players=2, seed=3, seat=0)["session"]
    seat = call(op="table", session=sid, seat=0)["table"]["current_player"]
    hint = call(op="hint", session=sid, seat=seat)
    assert hint["ok"] and hint["level"] == hint_level("skipbo")
    assert hint["action"] in call(op="table", session=sid, seat=seat)["table"]["legal"]


def test_a_session_keeps_one_bot_per_seat_and_level():
    """Bots live as long as the session (as in the arena), so a bot may follow its own plan between moves."""
    sid = call(op="new", game="skipbo", players=2, seed=5, seat=0)["session"]
    for _ in range(6):
        if call(op="table", session=sid, seat=0)["table"]["over"]:
            break
        assert call(op="bot", session=sid, seat=0, level="hard")["ok"]
    bots = api._sessions[sid].bots
    assert set(bots) <= {(0, "hard"), (1, "hard")} and bots
    first = dict(bots)
    call(op="bot", session=sid, seat=0, level="hard")
    assert all(api._sessions[sid].bots[k] is v for k, v in first.items())
    assert call(op="bot", session=sid, seat=0, level="nonsense")["ok"] is False
    assert all(level != "nonsense" for _, level in api._sessions[sid].bots)
