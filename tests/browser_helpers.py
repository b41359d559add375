"""A real headless Chromium for the browser page's tests, and ways to read what it announced.

Chromium and chromedriver are Debian's (``chromium``, ``chromium-driver``), driven by
selenium; axe-core is the npm package, installed by ``.ci/run``. Nothing is downloaded while
the tests run. Every phrase the page puts in its two live regions is recorded in the page
(``window.__heard``, with the time), by an observer set up before the page's own scripts run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = (390, 844)
DESKTOP = (1280, 800)

# Set up before the page's scripts: records every paragraph added to a live region.
RECORDER = """
window.__heard = [];
window.__keysAt = [];
document.addEventListener('keydown', (e) => window.__keysAt.push(performance.now()), true);
const watch = () => {
  for (const [id, region] of [['say-polite', 'polite'], ['say-assertive', 'assertive']]) {
    const node = document.getElementById(id);
    if (!node) continue;
    new MutationObserver((changes) => {
      for (const change of changes) for (const added of change.addedNodes) {
        window.__heard.push({text: added.textContent, region, at: performance.now()});
      }
    }).observe(node, {childList: true});
  }
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
else watch();
"""


def axe_source() -> str:
    """axe-core's script, from the npm package installed globally (``.ci/run`` does it)."""
    root = subprocess.run(
        ["npm", "root", "-g"], capture_output=True, text=True, timeout=60, check=True
    ).stdout.strip()
    return (Path(root) / "axe-core" / "axe.min.js").read_text(encoding="utf-8")


@contextmanager
def chromium(size: tuple[int, int] = DESKTOP, *, touch: bool = False) -> Iterator[WebDriver]:
    """A fresh headless Chromium with its own profile, closed (and its profile removed) after."""
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--autoplay-policy=no-user-gesture-required",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(60)
        driver.set_script_timeout(60)
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": touch},
        )
        if touch:
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def fresh_page(driver: WebDriver, size: tuple[int, int], *, touch: bool) -> None:
    """Leave the last test's page (its connection closes with it) and put the browser's size
    and looks back as :func:`chromium` set them, for the next test in the same browser."""
    driver.get("about:blank")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": touch},
    )
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch})


def heard(driver: WebDriver) -> list[dict[str, Any]]:
    """Every phrase the page announced so far: ``{"text", "region", "at"}``."""
    return list(driver.execute_script("return window.__heard || [];"))


def wait_for(
    check: Callable[[], Any], timeout: float = 30.0, what: str = "the page", step: float = 0.05
) -> Any:
    """Poll ``check`` until it returns something true; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(step)


def wait_heard(
    driver: WebDriver, pattern: str, *, since: int = 0, timeout: float = 30.0
) -> dict[str, Any]:
    """Wait until a phrase containing ``pattern`` is announced after the first ``since``."""

    def check() -> dict[str, Any] | None:
        for phrase in heard(driver)[since:]:
            if pattern.lower() in phrase["text"].lower():
                return phrase
        return None

    found: dict[str, Any] = wait_for(check, timeout, f"the page to say {pattern!r}")
    return found


def touch(driver: WebDriver, kind: str, points: list[tuple[float, float]]) -> None:
    """One touch event through the DevTools protocol (``touchStart``, ``touchMove``...)."""
    driver.execute_cdp_cmd(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
        },
    )


def swipe(
    driver: WebDriver, centre: tuple[float, float], dx: float, dy: float, fingers: int
) -> None:
    """A swipe of ``fingers`` fingers from ``centre`` by (dx, dy), in five steps."""
    x, y = centre
    starts = [(x + 30 * i, y) for i in range(fingers)]
    touch(driver, "touchStart", starts)
    for step in range(1, 6):
        f = step / 5
        touch(driver, "touchMove", [(sx + dx * f, sy + dy * f) for sx, sy in starts])
    touch(driver, "touchEnd", [])


def double_tap(driver: WebDriver, centre: tuple[float, float]) -> None:
    """Two quick taps of one finger."""
    for _ in range(2):
        touch(driver, "touchStart", [centre])
        touch(driver, "touchEnd", [])
        time.sleep(0.05)


def centre_of(driver: WebDriver, element_id: str) -> tuple[float, float]:
    """The middle of an element in the viewport (scrolled into view first)."""
    box = driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.scrollIntoView({block: 'center'});"
        "const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
        element_id,
    )
    return float(box[0]), float(box[1])


def run_axe(driver: WebDriver, source: str) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2 A and AA, and best practice)."""
    if not driver.execute_script("return typeof window.axe !== 'undefined';"):
        driver.execute_script(source)
    # Colours are measured once no transition is running (a menu item fading out of the
    # highlight is not the page's look).
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const limit = performance.now() + 5000;"
        "const still = () => document.getAnimations().every((a) => a.playState !== 'running');"
        "const audit = () => axe.run(document, {resultTypes: ['violations']})"
        ".then((r) => done(JSON.stringify(r.violations)))"
        ".catch((e) => done(JSON.stringify([{id: 'axe-error', impact: 'critical',"
        " description: String(e), nodes: []}])));"
        "const wait = () =>"
        " (still() || performance.now() > limit ? audit() : setTimeout(wait, 20));"
        "wait();"
    )
    violations: list[dict[str, Any]] = json.loads(result)
    return violations


def ax_names(driver: WebDriver) -> list[tuple[str, str]]:
    """(role, name) of every node of the browser's accessibility tree (name "" if none)."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    found: list[tuple[str, str]] = []
    for node in tree.get("nodes", []):
        if node.get("ignored"):
            continue
        role = (node.get("role") or {}).get("value", "")
        name = (node.get("name") or {}).get("value", "")
        found.append((str(role), str(name)))
    return found


def snapshot_kept(driver: Any) -> bool:
    """Whether the page has kept the snapshot of Python its next visit starts from."""
    return bool(
        driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "caches.open('ninetynine-audio-snapshot').then((c) => c.keys())"
            ".then((keys) => done(keys.length > 0), () => done(false));"
        )
    )


def key_down(driver: WebDriver, code: str, key: str, mods: dict[str, bool], **more: bool) -> bool:
    """A keydown on the game's keys as the browser makes it; whether the page took it from
    the browser (``defaultPrevented``)."""
    taken: bool = driver.execute_script(
        "const e = new KeyboardEvent('keydown', Object.assign("
        "{code: arguments[0], key: arguments[1], bubbles: true, cancelable: true},"
        " arguments[2]));"
        "document.getElementById('keys').focus();"
        "return !document.getElementById('keys').dispatchEvent(e);",
        code,
        key,
        {**mods, **more},
    )
    return taken
