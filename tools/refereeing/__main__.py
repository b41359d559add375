"""``python -m refereeing LOG [LOG ...]`` from the ``tools`` folder."""

from __future__ import annotations

from .core import main

raise SystemExit(main())
