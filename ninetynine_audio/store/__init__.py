"""Files on disk: paths, atomic JSON, settings (saved matches and statistics build on these)."""
