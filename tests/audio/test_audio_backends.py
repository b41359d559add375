"""Text output, backend selection and its fallback order, and screen reader detection.

No test here creates the screen reader or TTS backend for real: on Linux that would talk
to speech-dispatcher.  Selection is checked with the backends' factory replaced.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ninetynine_audio.audio import screenreader, selection
from ninetynine_audio.audio.backend import (
    BackendUnavailable,
    RecorderBackend,
    SpeechBackend,
    TextBackend,
)
from ninetynine_audio.audio.selection import (
    BackendOptions,
    create_backend,
    fallback_factories,
)
from ninetynine_audio.audio.speaker import Speaker
from ninetynine_audio.audio.utterance import Priority, Utterance


def test_text_backend_writes_one_line_per_phrase() -> None:
    out = io.StringIO()
    backend = TextBackend(out)
    backend.speak("Bot one plays\na four.", interrupt=True, pan=-1.0)
    backend.speak("Total 44.")
    assert out.getvalue() == "Bot one plays a four.\nTotal 44.\n"
    assert not backend.is_speaking()
    backend.stop()
    backend.braille("ignored")
    assert out.getvalue().count("\n") == 2


def test_text_backend_defaults_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    TextBackend().speak("Your turn.")
    assert capsys.readouterr().out == "Your turn.\n"


def test_speaker_through_text_backend_prints_in_priority_order() -> None:
    out = io.StringIO()
    speaker = Speaker(TextBackend(out), fallbacks=[])
    speaker.say(Utterance("one"))
    speaker.say(Utterance("two", Priority.NEXT))
    speaker.say(Utterance("three", Priority.NOW))
    assert out.getvalue().splitlines() == ["one", "two", "three"]


def test_create_backend_text_and_recorder() -> None:
    out = io.StringIO()
    backend = create_backend("text", options=BackendOptions(stream=out))
    assert isinstance(backend, TextBackend)
    backend.speak("hello")
    assert out.getvalue() == "hello\n"
    assert isinstance(create_backend("recorder"), RecorderBackend)


def test_create_backend_rejects_unknown_choices() -> None:
    with pytest.raises(ValueError, match="unknown speech backend"):
        create_backend("loudspeaker")


class FakeFactory:
    """Stands in for make_backend: records what was asked, fails for some names."""

    def __init__(self, unavailable: set[str]) -> None:
        self.asked: list[str] = []
        self.unavailable = unavailable

    def __call__(self, name: str, options: BackendOptions | None = None) -> SpeechBackend:
        self.asked.append(name)
        if name in self.unavailable:
            raise BackendUnavailable(f"{name} missing")
        return RecorderBackend(name=name)


def test_auto_skips_the_screen_reader_when_none_is_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    factory = FakeFactory(unavailable=set())
    monkeypatch.setattr(selection, "make_backend", factory)
    monkeypatch.setattr(screenreader, "screen_reader_running", lambda: False)
    backend = create_backend("auto")
    assert backend.name == "tts"
    assert factory.asked == ["tts"]


def test_auto_takes_a_running_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    factory = FakeFactory(unavailable=set())
    monkeypatch.setattr(selection, "make_backend", factory)
    monkeypatch.setattr(screenreader, "screen_reader_running", lambda: True)
    assert create_backend("auto").name == "screenreader"


def test_auto_falls_to_text_when_tts_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    factory = FakeFactory(unavailable={"tts"})
    monkeypatch.setattr(selection, "make_backend", factory)
    monkeypatch.setattr(screenreader, "screen_reader_running", lambda: False)
    assert create_backend("auto").name == "text"
    assert factory.asked == ["tts", "text"]


def test_a_named_backend_that_cannot_start_falls_along_the_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    factory = FakeFactory(unavailable={"screenreader"})
    monkeypatch.setattr(selection, "make_backend", factory)
    assert create_backend("screenreader").name == "tts"


def test_fallback_chain_after_each_backend() -> None:
    assert [name for name, _ in fallback_factories("screenreader")] == ["tts", "text"]
    assert [name for name, _ in fallback_factories("tts")] == ["text"]
    assert [name for name, _ in fallback_factories("text")] == []
    assert [name for name, _ in fallback_factories("recorder")] == ["text"]


def test_fallback_factory_makes_the_named_backend() -> None:
    out = io.StringIO()
    [(name, factory)] = fallback_factories("tts", BackendOptions(stream=out))
    backend = factory()
    backend.speak("works")
    assert name == "text"
    assert out.getvalue() == "works\n"


def fake_proc(root: Path, processes: dict[int, tuple[str, list[str]]]) -> Path:
    for pid, (comm, argv) in processes.items():
        folder = root / str(pid)
        folder.mkdir()
        (folder / "comm").write_text(comm + "\n")
        (folder / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    (root / "self").mkdir()  # not a process number: ignored
    return root


def test_screen_reader_found_by_process_name(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path, {1: ("systemd", ["/sbin/init"]), 42: ("orca", ["/usr/bin/orca"])})
    assert screenreader.linux_screen_reader_running(proc) is True


def test_screen_reader_found_by_script_name(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path, {7: ("python3", ["/usr/bin/python3", "/usr/bin/orca", "--replace"])})
    assert screenreader.linux_screen_reader_running(proc) is True


def test_no_screen_reader_among_other_processes(tmp_path: Path) -> None:
    proc = fake_proc(tmp_path, {1: ("bash", ["bash"]), 2: ("python3", ["python3", "orcas.py"])})
    assert screenreader.linux_screen_reader_running(proc) is False


def test_recorder_records_calls_and_can_fail() -> None:
    backend = RecorderBackend(fail_on={"stop"})
    backend.speak("a", True, 0.5)
    assert backend.spoken == ["a"]
    assert backend.calls[0].interrupt and backend.calls[0].pan == 0.5
    with pytest.raises(Exception, match="failed in stop"):
        backend.stop()


class FakeOutput:
    """An accessible_output2 output, as its Auto would pick it."""

    def __init__(self, system: bool) -> None:
        self.system = system
        self.silenced = 0
        self.closed = False
        self.name = "SAPI5" if system else "NVDA"

    def is_system_output(self) -> bool:
        return self.system

    def silence(self) -> None:
        self.silenced += 1

    def close(self) -> None:
        self.closed = True


def fake_ao2(monkeypatch: pytest.MonkeyPatch, system: bool) -> list[tuple[str, object]]:
    """Put a stand-in accessible_output2 in place, so nothing real is contacted."""
    calls: list[tuple[str, object]] = []
    output = FakeOutput(system)

    class Auto:
        def __init__(self) -> None:
            self.outputs = [output]

        def get_first_available_output(self) -> FakeOutput:
            return output

        def speak(self, text: str, interrupt: bool = False) -> None:
            calls.append(("speak", (text, interrupt)))

        def braille(self, text: str) -> None:
            calls.append(("braille", text))

    module = ModuleType("accessible_output2.outputs.auto")
    module.Auto = Auto  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", module)
    monkeypatch.setitem(sys.modules, "prism", None)  # prismatoid absent
    calls.append(("output", output))
    return calls


def test_screen_reader_backend_through_accessible_output2(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_ao2(monkeypatch, system=False)
    output = calls.pop()[1]
    backend = screenreader.ScreenReaderBackend()
    assert backend.is_screen_reader()
    assert not backend.reports_speaking
    backend.speak("Total 44", interrupt=True, pan=1.0)
    backend.braille("Total 44")
    backend.stop()
    backend.close()
    assert calls == [("speak", ("Total 44", True)), ("braille", "Total 44")]
    assert isinstance(output, FakeOutput)
    assert output.silenced == 1 and output.closed


def test_system_voice_is_not_taken_for_a_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_ao2(monkeypatch, system=True)
    monkeypatch.setattr(screenreader, "screen_reader_running", lambda: None)
    # Where processes cannot be checked, auto asks the library and skips a system voice.
    monkeypatch.setattr(selection, "make_backend", _real_then_fake)
    assert create_backend("auto").name == "tts"


def _real_then_fake(name: str, options: BackendOptions | None = None) -> SpeechBackend:
    if name == "screenreader":
        return screenreader.ScreenReaderBackend()
    return RecorderBackend(name=name)


def test_prismatoid_is_preferred_and_used_defensively(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[tuple[str, object]] = []

    class Features:
        is_supported_at_runtime = True
        supports_speak = True
        supports_braille = False  # braille is skipped, not attempted
        supports_stop = True

    class Backend:
        name = "NVDA"
        features = Features()

        def speak(self, text: str, interrupt: bool) -> None:
            said.append(("speak", (text, interrupt)))

        def stop(self) -> None:
            said.append(("stop", None))

    class Context:
        def acquire_best(self) -> Backend:
            return Backend()

    module = ModuleType("prism")
    module.Context = Context  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    backend = screenreader.ScreenReaderBackend()
    assert backend.library_output == "NVDA"
    assert backend.is_screen_reader()
    backend.speak("hello", interrupt=False)
    backend.braille("hello")
    backend.stop()
    assert said == [("speak", ("hello", False)), ("stop", None)]


def test_prismatoid_that_fails_falls_back_to_accessible_output2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = fake_ao2(monkeypatch, system=False)
    calls.pop()

    class Context:
        def __init__(self) -> None:
            raise OSError("native library missing")

    module = ModuleType("prism")
    module.Context = Context  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", module)
    backend = screenreader.ScreenReaderBackend()
    backend.speak("hi")
    assert calls == [("speak", ("hi", False))]
