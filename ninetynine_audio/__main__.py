"""Allow ``python -m ninetynine_audio``."""

from __future__ import annotations

from ninetynine_audio.cli import main

raise SystemExit(main())
