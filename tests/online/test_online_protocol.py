"""The online protocol: every message survives encoding, and bad frames are refused by code."""

from __future__ import annotations

import pytest

from ninetynine_audio.online import protocol as p

CLIENT_EXAMPLES: list[p.ClientMessage] = [
    p.Hello(protocol=p.PROTOCOL_VERSION, name="Ben", password="pw", verbosity="brief"),
    p.Key(key="ctrl+h", seq=4),
    p.Command(command="speak_hand", seq=5),
    p.Answer(text="hello all"),
    p.Answer(text=None),
    p.Heard(seq=9, remaining=1.5),
    p.Settings(verbosity="full", words_per_minute=320),
    p.Create(game="classic", seats=["human", "human", "normal"], options={"x": 1}, private=True),
    p.Join(code="1234567"),
    p.Start(),
    p.Ping(seq=3),
    p.Admin(command="ban Sam 60"),
    p.Note(text="Ping: 12 milliseconds"),
]
SERVER_EXAMPLES: list[p.ServerMessage] = [
    p.Welcome(protocol=1, name="Ben", account=False, guest_token="abc"),
    p.Phrase(text="Your turn.", priority="now", cue="your_turn", pan=-0.5, seq=2, answer_to=4),
    p.Speech(action="skip"),
    p.Cue(name="card_played", pan=1.0),
    p.Display(title="Lobby", lines=["a", "b"], highlight=1, busy=True),
    p.Ask(prompt="Say what?", secret=False),
    p.TableInfo(code="472913", game="classic", seat=0, state="waiting"),
    p.Error(code="bad_json", text="The message is not JSON."),
    p.Bye(text="The server stops.", retry=True),
    p.Pong(seq=3),
    p.Moved(url="wss://cards.example.org/p2/ws", code="123456"),
    p.Moved(),
]


@pytest.mark.parametrize("message", CLIENT_EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_client_message_round_trips(message: p.ClientMessage) -> None:
    assert p.decode_client(p.encode(message)) == message


@pytest.mark.parametrize("message", SERVER_EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_server_message_round_trips(message: p.ServerMessage) -> None:
    assert p.decode_server(p.encode(message)) == message


def test_every_kind_of_message_has_an_example() -> None:
    client = {type(m) for m in CLIENT_EXAMPLES}
    server = {type(m) for m in SERVER_EXAMPLES}
    assert client == set(p.ClientMessage.__args__)  # type: ignore[attr-defined]
    assert server == set(p.ServerMessage.__args__)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "nonsense"}', "bad_message"),
        ('{"key": "return"}', "bad_message"),
        ('{"type": "key"}', "bad_message"),
        ('{"type": "key", "key": 5}', "bad_message"),
        ('{"type": "key", "key": "a", "extra": 1}', "bad_message"),
        ('{"type": "join", "code": "12ab56"}', "bad_message"),
        ('{"type": "heard", "seq": -1}', "bad_message"),
        ('{"type": "welcome", "protocol": 1, "name": "x", "account": false}', "bad_message"),
        ('{"type": "key", "key": "' + "a" * 100 + '"}', "bad_message"),
        ('{"type": "key", "key": "' + "a" * 20000 + '"}', "too_big"),
    ],
)
def test_bad_client_frames_are_refused_with_a_code(frame: str, code: str) -> None:
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_client(frame)
    assert caught.value.code == code
    assert caught.value.text.endswith(".")


def test_defaults_are_left_out_of_frames() -> None:
    assert p.encode(p.Phrase(text="Hi.")) == '{"type":"phrase","text":"Hi."}'


def test_a_server_address_is_read_as_a_player_writes_it() -> None:
    from ninetynine_audio.online.client import server_url

    # The address the server prints, the page's address and a bare host all reach /ws.
    assert server_url("ws://127.0.0.1:9999/ws") == "ws://127.0.0.1:9999/ws"
    assert server_url(" ws://127.0.0.1:9999 ") == "ws://127.0.0.1:9999/ws"
    assert server_url("127.0.0.1:9999") == "ws://127.0.0.1:9999/ws"
    assert server_url("http://cards.example.org/") == "ws://cards.example.org/ws"
    assert server_url("HTTPS://cards.example.org") == "wss://cards.example.org/ws"
    # A path of its own (behind a proxy) is kept.
    assert server_url("wss://example.org/cards/ws") == "wss://example.org/cards/ws"
