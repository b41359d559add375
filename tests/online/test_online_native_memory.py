"""The server's memory after a stream of password checks: each Argon2 check's block goes back
to the system, not into the arena of the thread that ran it (a process of its own, so that
nothing else in the test run has moved the C library's threshold before)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

KEPT = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from ninetynine_audio.online.passwords import PasswordDesk
    from ninetynine_audio.online.storage import open_store

    def rss_mb():
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise SystemExit("no VmRSS")

    async def main():
        store = open_store(Path(sys.argv[1]))
        desk = PasswordDesk(store, workers=3, queue_size=64, per_address=64)
        await desk.sign_in("127.0.0.1", "Warm", "a password")
        before = rss_mb()
        checks = [
            desk.sign_in(f"127.0.0.{n % 3}", f"Player{n % 4}", f"guess {n}") for n in range(24)
        ]
        await asyncio.gather(*checks)
        print(rss_mb() - before)
        desk.close()
        store.close()

    asyncio.run(main())
    """
)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_password_checks_on_threads_keep_no_memory(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", KEPT, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    grown_mb = float(done.stdout.strip().splitlines()[-1])
    # One check holds 19 MiB while it runs; three threads kept one each without the fix.
    assert grown_mb < 12, f"24 password checks on 3 threads kept {grown_mb:.1f} MB"
