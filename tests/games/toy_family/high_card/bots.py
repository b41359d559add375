"""High card's computer players: Easy plays at random, Normal its highest card when it can
still win the round, else its lowest."""

from __future__ import annotations

import random

from high_card import Play, View, strength
from ninetynine_audio.bots.base import register_level


class Easy:
    level = "easy"

    def choose(self, view: View, rng: random.Random) -> Play:
        return Play(view.seat, rng.choice(view.hand))


class Normal:
    level = "normal"

    def choose(self, view: View, rng: random.Random) -> Play:
        best = max((strength(card) for _, card in view.played), default=-1)
        high = max(view.hand, key=strength)
        return Play(view.seat, high if strength(high) > best else min(view.hand, key=strength))


register_level("high_card", "easy", Easy, strength=10)
register_level("high_card", "normal", Normal, strength=20)
