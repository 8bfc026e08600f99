"""A seeded fuzz of the JSON boundary (issue 16): per game, 10,000+ requests mixing valid play, mutated requests,
hostile values, deep nesting, huge strings and damaged saves. Every answer must be valid JSON of the documented
shape (docs/api.md), no answer may be ``internal_error``, no refused request may change any session, and no answer
may carry a save or anything but the asking seat's table."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from pygame_rules import api

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "10000"))
GAMES = ("skipbo", "topspot", "level8", "etalage")
CODES = {"bad_request", "no_session", "unknown_game", "bad_options", "bad_scenario", "bad_state", "illegal_action",
         "malformed_action", "not_your_turn", "game_over", "no_undo", "not_over", "claim_first", "play_first"}
TABLE_KEYS = {"game", "seat", "view", "current_player", "over", "legal", "undoable", "log", "log_length"}
HOSTILE: list[Any] = [None, True, False, 0, -1, 1.5, -0.0, 1e308, 2**60, -(2**60), 10**400, "", "s1", "\ud800",
                      "x" * 65, "x" * 5000, [], [[]], {}, {"a": {"b": []}}, [1, "2", None], "hard2", "normal", 99]
SHORT_BOTS = ("random", "easy")  # the fuzz is about the boundary, not about the bots' thinking time


def call(req: Any) -> dict[str, Any]:
    """Send a request as the worker does (JSON text) and check the answer's shape."""
    text = req if isinstance(req, str) else json.dumps(req)
    answer_text = api.handle(text)
    answer = json.loads(answer_text)  # valid JSON, always
    check_shape(answer, req)
    return answer


def check_shape(answer: dict[str, Any], req: Any) -> None:
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool) and "id" in answer, answer
    if not answer["ok"]:
        error = answer["error"]
        assert error["code"] != "internal_error", (str(req)[:300], error)
        assert error["code"] in CODES, error
        assert isinstance(error["message"], str) and error["message"]
        assert set(answer) == {"id", "ok", "error"}
        return
    op = req["op"] if isinstance(req, dict) else json.loads(req)["op"]
    assert "save" not in answer and "state" not in answer
    if op in ("new", "load", "scenario", "table", "act", "bot", "undo"):
        table = answer["table"]
        assert TABLE_KEYS <= set(table) <= TABLE_KEYS | {"result"}, set(table)
        assert isinstance(table["log"], list) and len(table["log"]) <= api.LOG_WINDOW
        assert all("private" not in e for e in table["log"])
        assert table["legal"] == [] or table["current_player"] == table["seat"]
    if op == "bot":
        assert set(answer) == {"id", "ok", "action", "player", "ms", "table"}
    if op == "check":
        assert isinstance(answer["legal"], bool) and isinstance(answer["message"], str)


def snapshot() -> dict[str, Any]:
    """Everything a request could change: every session's state, log, undo stack, slot and bot stream."""
    return {sid: (json.dumps(s.state.to_json(), sort_keys=True), len(s.log), len(s.undo_stack), s.keep, s.bot_calls)
            for sid, s in api._sessions.items()}


def deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


class Fuzzer:
    def __init__(self, game: str, seed: int) -> None:
        self.game = game
        self.rng = random.Random(f"fuzz/{game}/{seed}")
        self.sessions: list[str] = []
        self.saves: list[str] = []
        self.refused = self.accepted = 0

    def new_session(self) -> str:
        info = next(g for g in call({"op": "games"})["games"] if g["name"] == self.game)
        players = self.rng.randint(info["min_players"], info["max_players"])
        seed = self.rng.choice([self.rng.randrange(10**6), f"seed-{self.rng.randrange(100)}"])
        answer = call({"id": 1, "op": "new", "game": self.game, "players": players, "seed": seed,
                       "seat": self.rng.randrange(players), "keep": f"slot{self.rng.randrange(3)}"})
        assert answer["ok"], answer
        self.sessions.append(answer["session"])
        if len(self.sessions) > 3:
            old = self.sessions.pop(0)
            call({"op": "drop", "session": old})
        return answer["session"]

    def current(self, sid: str) -> dict[str, Any] | None:
        session = api._sessions.get(sid)
        if session is None or session.state.is_over():
            return None
        seat = session.state.current_player
        return call({"op": "table", "session": sid, "seat": seat, "since": len(session.log)})["table"]

    def valid(self) -> dict[str, Any]:
        if not self.sessions or self.rng.random() < 0.01:
            self.new_session()
        sid = self.rng.choice(self.sessions)
        table = self.current(sid)
        if table is None:
            self.sessions.remove(sid)
            return {"op": "drop", "session": sid}
        seat = table["current_player"]
        roll = self.rng.random()
        if roll < 0.45 and table["legal"]:
            return {"id": self.rng.randrange(1000), "op": "act", "session": sid, "seat": seat,
                    "action": self.rng.choice(table["legal"])}
        if roll < 0.75:
            return {"op": "bot", "session": sid, "seat": self.rng.randrange(api._sessions[sid].state.players),
                    "level": self.rng.choice(SHORT_BOTS)}
        if roll < 0.85:
            return {"op": "undo", "session": sid, "seat": self.rng.randrange(api._sessions[sid].state.players)}
        if roll < 0.92 and table["legal"]:
            return {"op": "check", "session": sid, "seat": seat, "action": self.rng.choice(table["legal"])}
        return {"op": "table", "session": sid, "seat": seat, "since": self.rng.randrange(50)}

    def mutate(self, req: dict[str, Any]) -> Any:
        req = dict(req)
        roll = self.rng.random()
        keys = [k for k in req if k != "op"] or ["op"]
        if roll < 0.3:
            req[self.rng.choice(keys)] = self.rng.choice(HOSTILE)
        elif roll < 0.4:
            del req[self.rng.choice(keys)]
        elif roll < 0.5:
            name = self.rng.choice(["extra", "save", "since", "keep", "level", "seed", "options"])
            req[name] = self.rng.choice(HOSTILE)
        elif roll < 0.6:
            req["op"] = self.rng.choice([*api.OPS, "resume", "nope", ""])
        elif roll < 0.75 and isinstance(req.get("action"), dict) and req["action"]:
            action = dict(req["action"])
            action[self.rng.choice([*action, "extra"])] = self.rng.choice(HOSTILE)
            req["action"] = action
        elif roll < 0.85:
            req["seat"] = self.rng.choice([0, 1, 2, 3, 5, 1.0, -1, True, "0"])
        else:
            req[self.rng.choice(["game", "players", "scenario", "options"])] = self.rng.choice(HOSTILE)
            req["op"] = self.rng.choice(["new", "scenario"])
        return req

    def text_attack(self) -> str:
        roll = self.rng.random()
        sid = self.sessions[0] if self.sessions else "s1"
        depth = self.rng.choice([api.MAX_DEPTH - 2, api.MAX_DEPTH + 1, 100, 3000, 5000])
        field = deep(depth, self.rng.choice(["list", "object"]))
        if roll < 0.4:
            name = self.rng.choice(["action", "scenario", "options", "seed", "session", "save", "id"])
            return json.dumps({"op": "act", "session": sid, "seat": 0})[:-1] + f', "{name}": {field}}}'
        if roll < 0.55:
            return field
        if roll < 0.7:
            return json.dumps({"op": "new", "game": self.game, "players": 2, "seed": "9" * self.rng.choice(
                [64, 65, 100_000])})
        if roll < 0.8:
            return '{"op": "table", "session": "' + "\\" * self.rng.randrange(1, 6) + '[[[[", "seat": 0}'
        if roll < 0.9:
            return self.rng.choice(["", "{", "nul", "NaN", '{"op": "games", "id": NaN}', '{"op": "games", "id": 1e999}',
                                    '{"op": "table", "session": "\\ud800"}', "[" * 10 + "]" * 9, "\x00"])
        return json.dumps({"op": "games"}) + " " * self.rng.choice([1, api.MAX_REQUEST_CHARS])

    def load_attack(self) -> dict[str, Any]:
        if not self.saves or self.rng.random() < 0.2:
            self.saves.extend(text for _, text in json.loads(api.pending_saves()))
            self.saves = self.saves[-6:]
        if not self.saves:
            return {"op": "load", "save": "{}"}
        text = self.rng.choice(self.saves)
        roll = self.rng.random()
        if roll < 0.25:
            save: Any = text[: self.rng.randrange(len(text))]
        elif roll < 0.5:
            i = self.rng.randrange(len(text))
            save = text[:i] + chr(self.rng.randrange(32, 127)) + text[i + 1:]
        else:
            data = json.loads(text)
            self.poke(data)
            save = data if self.rng.random() < 0.5 else json.dumps(data)
        return {"op": "load", "save": save, "seat": self.rng.randrange(3), "keep": "fuzzed"}

    def poke(self, data: Any) -> None:
        """Replace or delete one value somewhere inside a parsed save."""
        node = data
        for _ in range(self.rng.randrange(1, 7)):
            children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) \
                if isinstance(node, list) else []
            containers = [(k, v) for k, v in children if isinstance(v, (dict, list)) and v]
            if not containers or self.rng.random() < 0.25:
                break
            _, node = self.rng.choice(containers)
        if isinstance(node, dict) and node:
            key = self.rng.choice(list(node))
            if self.rng.random() < 0.3:
                del node[key]
            else:
                node[key] = self.rng.choice(HOSTILE[:20])
        elif isinstance(node, list) and node:
            i = self.rng.randrange(len(node))
            node[i] = self.rng.choice(HOSTILE[:20]) if self.rng.random() < 0.7 else node[i - 1]

    def step(self) -> None:
        roll = self.rng.random()
        if roll < 0.45:
            req: Any = self.valid()
        elif roll < 0.75:
            req = self.mutate(self.valid())
        elif roll < 0.87:
            req = self.text_attack()
        elif roll < 0.95:
            req = self.load_attack()
        else:
            req = {"op": self.rng.choice(list(api.OPS)), **{self.rng.choice(list(api.FIELDS)): self.rng.choice(HOSTILE)
                                                         for _ in range(self.rng.randrange(4))}}
        before = snapshot()
        answer = call(req)
        if answer["ok"]:
            self.accepted += 1
        else:
            self.refused += 1
            assert snapshot() == before, f"a refused request changed state: {str(req)[:300]} -> {answer['error']}"
        for sid in [s for s in api._sessions if s not in self.sessions]:  # keep the snapshots small
            del api._sessions[sid]


@pytest.mark.parametrize("game", GAMES)
def test_fuzz_the_json_boundary(game: str) -> None:
    fuzzer = Fuzzer(game, 16)
    for _ in range(REQUESTS):
        fuzzer.step()
    # the mix reached both sides of the boundary in earnest
    assert fuzzer.accepted > REQUESTS // 4 and fuzzer.refused > REQUESTS // 4, (fuzzer.accepted, fuzzer.refused)
    for sid in fuzzer.sessions:
        call({"op": "drop", "session": sid})
