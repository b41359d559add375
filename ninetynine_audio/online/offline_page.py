"""The page with no server, offered by a table server: ``serve --offline-page DIR``.

``DIR`` is a folder ``ninetynine-audio build-web`` wrote; the server gives it at
``/offline/``, as any static host would, so that a player who found the server can keep the
game on the device (its service worker keeps every file) and play alone when the server is
gone. The served page shows its link ("Play offline on this device") when ``/offline/``
answers. The folder's page runs Python compiled to WebAssembly: its answers allow that
(``'wasm-unsafe-eval'``), and nothing else more than the served page's own.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

OFFLINE_PATH = "/offline/"
"""Where the folder is served."""

MARKER = "build.json"
"""The file every folder build-web writes (its version and files): the page looks for it."""


def is_offline_build(folder: Path) -> bool:
    """Whether ``folder`` is one build-web wrote (its page and its list of files)."""
    return (folder / "index.html").is_file() and (folder / MARKER).is_file()


def add_offline_page(application: web.Application, folder: Path) -> None:
    """Serve ``folder`` at :data:`OFFLINE_PATH`; call before a static route at ``/``."""
    page = folder / "index.html"

    async def to_folder(request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(OFFLINE_PATH)

    async def index(request: web.Request) -> web.StreamResponse:
        return web.FileResponse(page)

    async def allow_webassembly(request: web.Request, response: web.StreamResponse) -> None:
        policy = response.headers.get("Content-Security-Policy")
        if policy and request.path.startswith(OFFLINE_PATH):
            response.headers["Content-Security-Policy"] = policy.replace(
                "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1
            )

    application.router.add_get(OFFLINE_PATH.rstrip("/"), to_folder)
    application.router.add_get(OFFLINE_PATH, index)
    application.router.add_static(OFFLINE_PATH, folder)
    application.on_response_prepare.append(allow_webassembly)
