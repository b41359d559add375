"""The game in the browser with no server: the worker's session (:mod:`.session`), the
stand-in for msgspec it uses (:mod:`.structs`) and the build of the static folder
(:mod:`.build`, ``ninetynine-audio build-web``). See ``docs/browser.md``."""
