"""Arithmetic that gives every computer player the same answer in every Python.

A computer player's choice is replayed by the referee, by the page (Python compiled to
WebAssembly, its own version and its own C maths library) and by the desktop, and each must
choose alike. Sums, products and divisions of floats are rounded the same way everywhere
(IEEE 754), but two things are not:

- the C library's ``exp``, ``log`` and ``pow`` (``math.exp``, ``math.log``, ``x ** 0.5``) may
  differ in their last bit from one library to the next, and a near tie between two choices
  then tips;
- ``sum()`` of floats is compensated since Python 3.12 (more exact than adding in turn), so
  the same sum of three or more floats can differ between versions.

Decision code therefore computes what it compares from ``+``, ``-``, ``*`` and ``/`` alone
(this module), or from integers, and adds floats with a loop or ``math.fsum`` (exact in every
version), never with a bare ``sum()`` over floats.
"""

from __future__ import annotations

from collections.abc import Iterable

HALVINGS = 10
"""``exp(-x)`` is taken as ``exp(-x / 2**HALVINGS)`` squared that many times."""

TERMS = 7
"""Terms of the series for the small argument: its error is far below a float's last bit."""

CUTOFF = 60.0
"""Past this ``x``, ``exp(-x)`` is below 1e-26: taken as its floor, which no choice can tell
apart from nothing."""


def exp_neg(x: float) -> float:
    """``exp(-x)`` for ``x >= 0``, the same to the last bit in every Python and on every
    machine: a short series on ``x / 2**HALVINGS`` (only ``+``, ``*`` and ``/``, which IEEE 754
    rounds alike everywhere), squared back. Within a few parts in 10**12 of ``math.exp``."""
    if x < 0:
        raise ValueError("exp_neg takes x >= 0")
    x = min(x, CUTOFF)
    small = -x / (1 << HALVINGS)
    term = 1.0
    total = 1.0
    for k in range(1, TERMS + 1):
        term = term * small / k
        total += term
    for _ in range(HALVINGS):
        total *= total
    return total


def add_in_turn(values: Iterable[float]) -> float:
    """The floats of ``values`` added one after the other from the first, as ``sum()`` did
    before Python 3.12 and as every Python's ``+`` does: the same total in every version."""
    total = 0.0
    for value in values:
        total += value
    return total
