"""Each refusal carries its protocol code from where it is made, whatever language the
player hears it in: a client reads the code, the player hears the sentence in their own."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.server_inside import Clock, Link, inside_server

from ninetynine_audio.i18n import using
from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.refusal import Refusal
from ninetynine_audio.online.server import Server
from ninetynine_audio.present import online as words


def greet(server: Server, clock: Clock, name: str, language: str, address: str) -> Link:
    """A connection saying hello as ``name`` in ``language``; signed in."""
    link = Link(clock, address)
    server.connections.add(link)
    hello = p.Hello(protocol=p.PROTOCOL_VERSION, name=name, language=language)
    server.handle(link, p.encode(hello))
    assert link.session is not None
    return link


def send(server: Server, link: Link, message: p.ClientMessage) -> p.Error | None:
    """Send ``message``; the error it was refused with, if any."""
    before = len(link.frames)
    server.handle(link, p.encode(message))
    errors = [m for m in link.messages()[before:] if isinstance(m, p.Error)]
    assert len(errors) <= 1
    return errors[0] if errors else None


def sentence(language: str, make, *args) -> str:
    with using(language):
        return make(*args)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_refusal_of_a_table_carries_its_code_in_any_language(
    tmp_path: Path, language: str
) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        ann = greet(server, clock, "Ann", language, "192.0.2.1")
        ben = greet(server, clock, "Ben", language, "192.0.2.2")
        cat = greet(server, clock, "Cat", language, "192.0.2.3")
        dan = greet(server, clock, "Dan", language, "192.0.2.4")

        refused = send(server, ann, p.Create(game="no-such-game", seats=["human", "normal"]))
        assert refused is not None and refused.code == "bad_table"
        assert refused.text == sentence(language, words.no_game_text, "no-such-game")

        assert send(server, ann, p.Create(game="classic", seats=["human", "human"])) is None
        assert ann.session is not None and ann.session.table is not None
        code = ann.session.table.code

        # Starting: not the host, then the host with a seat still open.
        refused = send(server, ben, p.Start())
        assert refused is not None and refused.code == "not_host"
        assert refused.text == sentence(language, words.host_only_text)
        refused = send(server, ann, p.Start())
        assert refused is not None and refused.code == "not_now"
        assert refused.text == sentence(language, words.not_filled_text, 1)

        # Joining: a full table, a code that opens nothing, then codes tried too fast.
        assert send(server, ben, p.Join(code=code)) is None
        refused = send(server, cat, p.Join(code=code))
        assert refused is not None and refused.code == "no_table"
        assert refused.text == sentence(language, words.table_full_text)
        wrong = "1" * 6 if code != "1" * 6 else "2" * 6
        refused = send(server, dan, p.Join(code=wrong))
        assert refused is not None and refused.code == "no_table"
        assert refused.text == sentence(language, words.no_table_text)
        codes = [send(server, dan, p.Join(code=wrong)) for _ in range(5)]
        assert [error.code for error in codes if error] == ["no_table"] * 4 + ["join_limit"]
        assert codes[-1] is not None
        assert codes[-1].text == sentence(language, words.join_limit_text)
        # Every sentence above was said in the player's language, not in English.
        assert codes[-1].text != sentence("en", words.join_limit_text)
    finally:
        server.db.close()


def test_the_server_returns_each_refusal_with_its_code(tmp_path: Path) -> None:
    server, clock = inside_server(tmp_path / "data")
    try:
        ann = greet(server, clock, "Ann", "fr", "192.0.2.1")
        session = ann.session
        assert session is not None
        with using("fr"):
            refusal = server.join(session, "123456")
            assert refusal == Refusal("no_table", words.no_table_text())
            assert server.start_table(session) == Refusal("not_host", words.host_only_text())
            made = server.create_table(session, "classic", ["human"], {}, False, {})
            assert isinstance(made, Refusal) and made.code == "bad_table"
    finally:
        server.db.close()
