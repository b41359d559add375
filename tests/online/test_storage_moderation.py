"""Bans, chat mutes and reports on both engines (SQLite and PostgreSQL): kept across a
restart of the store, lifted, and a ban for a time running out."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.postgres import postgres, store_place

from ninetynine_audio.online.storage import Store, open_store
from ninetynine_audio.online.storage.moderation import ACCOUNT, ADDRESS

__all__ = ["postgres", "store_place"]  # fixtures: the session's cluster, both engines


@pytest.fixture
def store(store_place: tuple[Path, str | None]) -> Iterator[Store]:
    opened = open_store(*store_place)
    try:
        yield opened
    finally:
        opened.close()


def test_bans_hold_across_a_restart_until_lifted(store_place: tuple[Path, str | None]) -> None:
    first = open_store(*store_place)
    try:
        assert first.banned_until(ACCOUNT, "account:sam") is None
        first.ban(ACCOUNT, "account:sam", None, "account:boss")
        first.ban(ADDRESS, "203.0.113.7", time.time() + 3600, "account:boss")
        first.mute("account:tim", None, "account:boss")
        first.flush()
    finally:
        first.close()
    again = open_store(*store_place)
    try:
        assert again.banned_until(ACCOUNT, "account:sam") == float("inf")
        until = again.banned_until(ADDRESS, "203.0.113.7")
        assert until is not None and time.time() + 3500 < until <= time.time() + 3600
        assert again.banned_until(ADDRESS, "203.0.113.8") is None
        assert again.banned_until(ACCOUNT, "203.0.113.7") is None  # an address is no account
        assert again.muted_until("account:tim") == float("inf")
        assert again.unban(ACCOUNT, "account:sam") and not again.unban(ACCOUNT, "account:sam")
        assert again.banned_until(ACCOUNT, "account:sam") is None
        assert again.unmute("account:tim") and again.muted_until("account:tim") is None
    finally:
        again.close()


def test_a_ban_for_a_time_runs_out_and_a_new_one_replaces_it(store: Store) -> None:
    store.ban(ACCOUNT, "account:sam", time.time() - 1, "account:boss")
    assert store.banned_until(ACCOUNT, "account:sam") is None
    store.ban(ACCOUNT, "account:sam", None, "account:boss")
    assert store.banned_until(ACCOUNT, "account:sam") == float("inf")
    store.mute("account:sam", time.time() - 1, "account:boss")
    assert store.muted_until("account:sam") is None


def test_reports_are_kept_newest_first_with_their_chat(store: Store) -> None:
    assert store.reports() == []
    store.add_report(("guest:aa", "Ann"), ("guest:bb", "Ben"), "123456", "rude", ["Ben: hi"])
    store.add_report(("guest:bb", "Ben"), ("account:cat", "Cat"), None, "cheating", [])
    found = store.reports()
    assert [(r.reporter_name, r.reported_name, r.reason) for r in found] == [
        ("Ben", "Cat", "cheating"),
        ("Ann", "Ben", "rude"),
    ]
    assert found[1].reporter == "guest:aa" and found[1].reported == "guest:bb"
    assert found[1].table == "123456" and found[1].chat == ("Ben: hi",)
    assert found[0].table is None and found[0].chat == ()
    assert abs(found[0].made - time.time()) < 600
    assert len(store.reports(1)) == 1
