"""Friends, blocks, wins and leaderboard places as both engines keep them (SQLite, and a
PostgreSQL cluster of the tests' own): kept across a restart of the store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.postgres import postgres, store_place

from ninetynine_audio.online.storage import Store, open_store

__all__ = ["postgres", "store_place"]  # fixtures: the session's cluster, both engines


@pytest.fixture
def store(store_place: tuple[Path, str | None]) -> Iterator[Store]:
    opened = open_store(*store_place)
    try:
        for name in ("Ann", "Bea", "Cy"):
            opened.sign_in(name, f"{name}'s")
        yield opened
    finally:
        opened.close()


def pairs(store: Store, name: str) -> list[tuple[str, str]]:
    store.flush()
    return [(f.name, f.state) for f in store.friends(name)]


def test_a_request_is_friends_once_the_other_says_yes_and_both_keep_it(
    store: Store, store_place: tuple[Path, str | None]
) -> None:
    store.ask_friend("Ann", "bea")
    assert pairs(store, "Ann") == [("Bea", "asked")]
    assert pairs(store, "Bea") == [("Ann", "asking")]
    store.answer_friend("Bea", "Ann", True)
    assert pairs(store, "Ann") == [("Bea", "friend")]
    store.ask_friend("Cy", "Ann")
    store.answer_friend("Ann", "Cy", False)
    assert pairs(store, "Ann") == [("Bea", "friend")]
    assert pairs(store, "Cy") == []
    store.close()
    again = open_store(*store_place)
    try:
        assert pairs(again, "bea") == [("Ann", "friend")]
        again.end_friendship("Bea", "Ann")
        assert pairs(again, "Ann") == []
    finally:
        again.close()


def test_asking_someone_who_asked_you_makes_you_friends(store: Store) -> None:
    store.ask_friend("Ann", "Bea")
    store.ask_friend("Bea", "Ann")
    assert pairs(store, "Ann") == [("Bea", "friend")]
    assert pairs(store, "Bea") == [("Ann", "friend")]


def test_a_block_ends_a_friendship_and_is_kept_until_lifted(
    store: Store, store_place: tuple[Path, str | None]
) -> None:
    store.ask_friend("Ann", "Bea")
    store.answer_friend("Bea", "Ann", True)
    store.set_blocked("Bea", "ANN", True)
    assert pairs(store, "Ann") == []
    assert store.blocked("Bea") == ["ann"]
    assert store.blocked("Ann") == []
    store.close()
    again = open_store(*store_place)
    try:
        assert again.blocked("bea") == ["ann"]
        again.set_blocked("Bea", "Ann", False)
        again.flush()
        assert again.blocked("Bea") == []
    finally:
        again.close()


def test_wins_and_places_on_a_leaderboard(store: Store) -> None:
    store.record_result("AAAA", "classic", [], [["Ann"], ["Bea"], ["Cy"]])
    store.record_result("BBBB", "classic", [], [["Ann"], ["Cy"], ["Bea"]])
    store.flush()
    board = {r.name: (r.wins, r.games) for r in store.leaderboard("classic")}
    assert board == {"Ann": (2, 2), "Bea": (0, 2), "Cy": (0, 2)}
    first = store.standing("ann", "classic")
    assert first is not None and (first.place, first.of) == (1, 3)
    last = store.standing("Bea", "classic")
    assert last is not None and last.place in (2, 3) and last.of == 3
    assert store.standing("Ann", "tricks") is None
