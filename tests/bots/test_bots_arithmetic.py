"""Every computer player chooses alike in every Python: what decides a choice is computed from
operations IEEE 754 rounds the same everywhere (see ``bots/arithmetic.py``)."""

from __future__ import annotations

import ast
import builtins
import importlib
import math
import pkgutil
import sys
from pathlib import Path

import pytest

import ninetynine_audio.bots as bots_package
from ninetynine_audio.bots.arithmetic import exp_neg
from ninetynine_audio.bots.tournament import play_bot_game

BOTS = Path(bots_package.__file__).parent
# the tournament measures and reports (times, intervals); it decides nothing in a game
NOT_DECIDING = {"tournament.py"}
LIBM = {"exp", "expm1", "log", "log1p", "log2", "log10", "pow", "sin", "cos", "tan", "atan2"}


def decision_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages([str(BOTS)], "ninetynine_audio.bots."):
        if Path(info.name.replace(".", "/") + ".py").name not in NOT_DECIDING:
            names.append(info.name)
    return names


def test_no_decision_code_calls_the_c_librarys_exp_log_or_pow():
    found = []
    for name in decision_modules():
        module = importlib.import_module(name)
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "math"
                and node.attr in LIBM
            ):
                found.append(f"{name}:{node.lineno} math.{node.attr}")
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
                exponent = node.right
                value = (
                    exponent.value
                    if isinstance(exponent, ast.Constant)
                    else getattr(module, exponent.id, None)
                    if isinstance(exponent, ast.Name)
                    else None
                )
                if isinstance(value, float):
                    found.append(f"{name}:{node.lineno} ** {value!r}")
    assert found == []


@pytest.mark.parametrize("x", [0.0, 1e-9, 0.25, 0.5, 1.0, 1.5, 2.75, 4.0, 9.5, 30.0, 59.0])
def test_the_portable_exp_is_the_c_librarys_within_a_few_parts_in_a_trillion(x):
    assert exp_neg(x) == pytest.approx(math.exp(-x), rel=1e-11)


def test_the_portable_exp_refuses_a_negative_argument():
    with pytest.raises(ValueError):
        exp_neg(-1.0)


def _checking_sum(seen: list[str]):
    def checking(items, start=0):
        terms = list(items)
        if any(isinstance(t, float) for t in terms) and len(terms) + (start != 0) >= 3:
            caller = sys._getframe(1)
            seen.append(f"{caller.f_code.co_filename}:{caller.f_lineno}")
        return builtins.sum(terms, start)

    return checking


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "kinds", "options"),
    [
        ("classic", ["expert", "hard", "normal"], {}),
        ("tactical", ["expert", "hard", "normal", "expert"], {}),
        ("colours", ["expert", "hard", "normal"], {}),
        ("tricks", ["expert", "hard", "normal"], {"target": 20}),
    ],
)
def test_no_computer_player_adds_three_floats_with_sum(game, kinds, options, monkeypatch):
    # since Python 3.12 sum() of floats is compensated: three or more float terms can add up
    # differently in another version, and a near tie then tips
    seen: list[str] = []
    for name in decision_modules():
        monkeypatch.setattr(
            importlib.import_module(name), "sum", _checking_sum(seen), raising=False
        )
    record = play_bot_game(game, kinds, 3, options, keep_events=False, max_actions=400)
    assert record is not None
    assert sorted(set(seen)) == []
