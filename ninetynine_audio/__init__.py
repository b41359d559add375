"""Ninety-Nine Audio: five card games called Ninety-Nine, played by keyboard and speech."""

from __future__ import annotations

__version__ = "0.1.0"
