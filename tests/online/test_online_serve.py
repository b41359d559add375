"""The ``serve`` command: where it may listen, TLS, and a clean stop on SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import ssl
import subprocess
import threading
import time
from pathlib import Path

import aiohttp
import pytest
from helpers.online import WAIT_S, free_port

from ninetynine_audio.online import protocol as p
from ninetynine_audio.online.command import serve_main
from ninetynine_audio.online.server import Server, run_server

pytestmark = pytest.mark.usefixtures("private_home")


def serve_args(**changes: object) -> argparse.Namespace:
    """The ``serve`` command's arguments with some changed."""
    values: dict[str, object] = {
        "host": "127.0.0.1",
        "port": 0,
        "data": None,
        "cert": None,
        "key": None,
        "insecure": False,
        "no_guests": False,
    }
    values.update(changes)
    return argparse.Namespace(**values)


def test_a_public_address_without_tls_is_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = serve_main(serve_args(host="0.0.0.0", data=str(tmp_path)))
    assert status == 2
    err = capsys.readouterr().err
    assert "Refusing to listen on 0.0.0.0 without TLS" in err
    assert "Traceback" not in err


def test_a_certificate_without_its_key_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serve_main(serve_args(cert=str(tmp_path / "cert.pem"))) == 2
    assert "both --cert and --key" in capsys.readouterr().err


def test_with_a_certificate_the_server_speaks_tls(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    port = free_port()
    ready = threading.Event()
    stopped: list[asyncio.Event] = []
    loops: list[asyncio.AbstractEventLoop] = []

    async def main() -> None:
        stop = asyncio.Event()
        stopped.append(stop)
        loops.append(asyncio.get_running_loop())
        server = Server(tmp_path / "data")
        await run_server(server, "127.0.0.1", port, context, ready=lambda _: ready.set(), stop=stop)

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    assert ready.wait(WAIT_S)

    async def hello() -> p.ServerMessage:
        trust = ssl.create_default_context(cafile=str(cert))
        trust.check_hostname = False
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(f"wss://127.0.0.1:{port}/ws", ssl=trust) as ws,
        ):
            await ws.send_str(p.encode(p.Hello(protocol=p.PROTOCOL_VERSION, name="Ann")))
            frame = await ws.receive(timeout=WAIT_S)
            return p.decode_server(frame.data)

    async def plain() -> None:
        async with aiohttp.ClientSession() as http, http.ws_connect(f"ws://127.0.0.1:{port}/ws"):
            pass

    try:
        assert isinstance(asyncio.run(hello()), p.Welcome)
        with pytest.raises(aiohttp.ClientError):
            asyncio.run(plain())
    finally:
        loops[0].call_soon_threadsafe(stopped[0].set)
        thread.join(WAIT_S)
    assert not thread.is_alive()


def test_play_online_in_the_main_menu_asks_a_name_connects_and_remembers_it(
    tmp_path: Path,
) -> None:
    from helpers.online import ServerThread

    from ninetynine_audio.audio import RecorderBackend
    from ninetynine_audio.input.keynames import gesture_from_name
    from ninetynine_audio.ui.start import build_app

    with ServerThread(tmp_path / "data") as srv:
        recorder = RecorderBackend()
        args = argparse.Namespace(text=True, speech=None, bot_pause=0, log_events=None)
        app, _ = build_app(args, 1, backend=recorder)
        app.start(None)
        for key in ("end", "up", "up", "up", "return", "down"):  # Play online, 3 before Quit
            app.handle_gesture(gesture_from_name(key))
        app.handle_gesture("return")  # the server's address
        assert app.top.take_line(app, srv.url)
        assert recorder.spoken[-1] == f"Play online. Server: {srv.url}, 2 of 4"
        app.handle_gesture(gesture_from_name("up"))
        app.handle_gesture("return")  # Connect, before a name: the name is asked first
        assert recorder.spoken[-1] == "Type your name, then Enter."
        assert app.top.take_line(app, "Zed")
        assert recorder.spoken[-1] == "Play online. Connect, 1 of 4"
        app.handle_gesture("return")
        deadline = time.monotonic() + WAIT_S
        while "Connected as Zed, a guest." not in recorder.spoken:
            assert time.monotonic() < deadline, recorder.spoken[-4:]
            app.tick()
            time.sleep(0.01)
        assert app.settings.online_name == "Zed"
        assert app.settings.online_server == srv.url
        app.top.link.close()  # type: ignore[attr-defined]
