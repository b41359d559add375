"""The menus: main menu, choosing a game and its players, settings, and the pause menu."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ninetynine_audio.bots import levels
from ninetynine_audio.families import registered_families
from ninetynine_audio.games.base import HUMAN, SWITCH, GameSetup, OptionSpec
from ninetynine_audio.games.registry import all_games
from ninetynine_audio.games.saved import resume
from ninetynine_audio.i18n import _, family_in_language, language, offered_languages, set_language
from ninetynine_audio.present import results
from ninetynine_audio.present import screens as words
from ninetynine_audio.present.people import PEOPLE_HERE
from ninetynine_audio.store import paths
from ninetynine_audio.store.saves import load_match
from ninetynine_audio.store.settings import SPEECH_BACKENDS, VERBOSITY_LEVELS
from ninetynine_audio.ui import people
from ninetynine_audio.ui.draft import Draft
from ninetynine_audio.ui.reader import rules_in_language
from ninetynine_audio.ui.screen import Menu, MenuItem, ask

if TYPE_CHECKING:
    from ninetynine_audio.play.table import Resumed
    from ninetynine_audio.ui.host import Host as App


class MainMenu(Menu):
    """Continue (when a match is saved), Play, Rules, Keys, Statistics, Settings, Play online,
    Daily deal, Review a past game, Quit.

    The saved match is read again each time the menu comes back, so Continue appears after
    leaving a match and disappears once it is finished or thrown away.
    """

    def __init__(self, app: App) -> None:
        super().__init__(_(words.MAIN_MENU), [], on_back=_ask_to_quit)
        self.saved: Resumed | None = None
        self.problem: str | None = None
        self.start_at_top = False  # set when a match was left: Continue is then first
        self.rebuild(app)

    def rebuild(self, app: App) -> None:
        """Look for a saved match and list the items; a damaged save gives ``problem``."""
        resumed, problem = load_match(_resume)
        self.saved = resumed
        self.title = _(words.MAIN_MENU)  # in the language in use, which Settings may change
        if problem:
            self.problem = problem
        items: list[MenuItem] = []
        if resumed is not None:
            saved = resumed[0]
            label = results.continue_label(saved.setup.game, saved.level, saved.round)
            items.append(MenuItem(label, self._continue))
        items += [
            MenuItem(_(words.PLAY), self._play),
            MenuItem(_(words.RULES), lambda a: a.push(rules_menu())),
            MenuItem(_(words.KEYS), lambda a: a.open_keys()),
            MenuItem(_(results.STATISTICS), _open_statistics),
            MenuItem(_(words.SETTINGS), lambda a: a.push(settings_menu(a))),
        ]
        if app.plays_online:
            items.append(MenuItem(_(words.PLAY_ONLINE), _play_online))
        items += [
            MenuItem(_(words.DAILY_DEAL), _open_daily),
            MenuItem(_(words.PAST_GAMES), _open_past_games),
            MenuItem(_(words.QUIT), lambda a: a.quit()),
        ]
        # Stay on the item the player left from (its position moves when Continue comes or goes).
        current = self.items[self.index].text() if self.items else None
        labels = [item.text() for item in items]
        self.items = items
        self.index = labels.index(current) if current in labels else 0
        if self.start_at_top:
            self.start_at_top = False
            self.index = 0

    def take_problem(self) -> str | None:
        """The damaged save's sentence, once."""
        problem, self.problem = self.problem, None
        return problem

    def resume(self, app: App) -> None:
        """Back on the main menu: list again, say it, then any problem with the save."""
        self.rebuild(app)
        self.enter(app)
        problem = self.take_problem()
        if problem:
            app.say(problem, queue=True)

    def _continue(self, app: App) -> None:
        if self.saved is not None:
            app.continue_match(self.saved)

    def _play(self, app: App) -> None:
        if self.saved is None:
            app.push(game_menu())
            return

        def drop_and_play(a: App) -> None:
            # The saved match stays until the new game really starts (App.start_game): going
            # back from the game menu must still find it.
            a.push(game_menu())

        ask(app, _(results.NEW_GAME_QUESTION), drop_and_play)


def _play_online(app: App) -> None:
    # The network code loads only when online play is chosen: the offline start stays quick.
    from ninetynine_audio.online.client import open_online

    open_online(app)


def _ask_to_quit(app: App) -> None:
    """Escape on the main menu: a question first, No chosen, as for every choice that ends."""
    ask(app, _(words.QUIT_QUESTION), lambda a: a.quit())


def _open_daily(app: App) -> None:
    # The daily deal and the coach load when first opened.
    from ninetynine_audio.ui.daily import DailyMenu

    app.push(DailyMenu())


def _open_past_games(app: App) -> None:
    from ninetynine_audio.ui.daily import PastGamesMenu

    app.push(PastGamesMenu())


def _open_statistics(app: App) -> None:
    # The statistics screen (and the statistics file's reader) load when first opened.
    from ninetynine_audio.ui.results import StatisticsMenu

    app.push(StatisticsMenu(app))


def main_menu(app: App) -> MainMenu:
    """The main menu."""
    return MainMenu(app)


def _pop(app: App) -> None:
    app.pop()


def _resume(record: Any) -> Resumed:
    # Called only when a match is saved: the levels (and so the bots) load only then.
    return resume(record, known_kinds=known_kinds())


def known_kinds() -> tuple[str, ...]:
    """Every kind a seat may be in any game: human and each family's levels."""
    families = dict.fromkeys(spec.family for spec in all_games())
    found = dict.fromkeys([HUMAN, *(level for family in families for level in levels(family))])
    return tuple(found)


def rules_menu() -> Menu:
    """Which game's rules to read."""

    def read(app: App, game: str) -> None:
        app.open_rules(game)

    items = [
        MenuItem(words.game_title(spec.id), partial(read, game=spec.id)) for spec in all_games()
    ]
    return Menu(_(words.CHOOSE_RULES), items, on_back=_pop)


def game_menu() -> Menu:
    """Every registered game, by its summary."""
    items = [
        MenuItem(
            words.game_summary(spec.id),
            partial(_after_game, game=spec.id),
        )
        for spec in all_games()
    ]
    return Menu(_(words.CHOOSE_GAME), items, on_back=_pop)


def _after_game(app: App, game: str) -> None:
    draft = Draft(game, people_here=app.people_here)
    spec = draft.spec
    if spec.min_players == spec.max_players:
        draft.players = spec.min_players
        app.push(level_menu(draft))
    else:
        draft.players = min(max(draft.players, spec.min_players), spec.max_players)
        app.push(players_menu(draft))


def players_menu(draft: Draft) -> Menu:
    """The game's player counts, 4 first chosen where the game allows it."""
    spec = draft.spec
    counts = list(range(spec.min_players, spec.max_players + 1))

    def pick(app: App, count: int) -> None:
        draft.players = count
        app.push(level_menu(draft))

    items = [MenuItem(words.players_item(n), partial(pick, count=n)) for n in counts]
    start = counts.index(4) if 4 in counts else 0
    return Menu(_(words.CHOOSE_PLAYERS), items, on_back=_pop, index=start)


def level_menu(draft: Draft) -> Menu:
    """The computer players' level; games without options start at once."""
    known = list(levels(draft.spec.family))

    def pick(app: App, level: str) -> None:
        draft.level = level
        _start_or_options(app, draft)

    items = [MenuItem(words.level_name(lv), partial(pick, level=lv)) for lv in known]
    if people.offers_people(draft):
        items.append(MenuItem(_(PEOPLE_HERE), partial(_people, draft=draft)))
    # The menu starts on the level the game seats by default (Normal in the games today).
    default = next((kind for kind in draft.spec.default_kinds if kind != HUMAN), None)
    start = known.index(default) if default in known else 0
    return Menu(_(words.CHOOSE_LEVEL), items, on_back=_pop, index=start)


def _start_or_options(app: App, draft: Draft) -> None:
    if not draft.spec.options:
        app.start_game(draft.setup(app.new_seed()))
    else:
        app.push(options_menu(draft))


def _people(app: App, draft: Draft) -> None:
    """Hot seat: how many people and their names, then the computer seats' level."""

    def seated(a: App) -> None:
        if draft.humans < draft.players:
            a.push(level_menu(draft))
        else:
            _start_or_options(a, draft)

    app.push(people.people_menu(draft, seated))


def _cycle(values: tuple[Any, ...], current: Any) -> Any:
    index = values.index(current) if current in values else -1
    return values[(index + 1) % len(values)]


def _option_value_text(option: OptionSpec, value: Any, players: int) -> str:
    if option.kind == SWITCH:
        return words.on_off(bool(value))
    if value is None and option.default is None and option.game_default is not None:
        # Left to the game: say what that is for this many players.
        return f"{words.default_value()}, {option.game_default(players)}"
    if value is None:
        return words.default_value() if option.default is None else str(option.default)
    return str(value)


def options_menu(draft: Draft) -> Menu:
    """Start the game first; then the game's options, each changed by choosing it."""
    menu: Menu

    def start(app: App) -> None:
        app.start_game(draft.setup(app.new_seed()))

    def option_item(option: OptionSpec) -> MenuItem:
        def label() -> str:
            value = draft.options.get(option.name, option.default)
            shown = _option_value_text(option, value, draft.players)
            return words.setting_item(_(option.label), shown)

        def change(app: App) -> None:
            # A switch turns over; a number goes one up, and at the top stays there (Left
            # lowers it): Enter never jumps from the highest value to the lowest.
            if option.kind != SWITCH:
                adjust(app, 1)
                return
            current = draft.options.get(option.name, option.default)
            draft.options[option.name] = _cycle(option.menu_values(), current)
            menu.refresh(app)

        def adjust(app: App, step: int) -> None:
            # Right raises and Left lowers, as key help says; the ends are felt, not wrapped.
            current = draft.options.get(option.name, option.default)
            value, at_edge = step_value(option.menu_values(), current, step)
            if at_edge:
                app.say(menu.item_text(app), cue="menu_edge")
                return
            draft.options[option.name] = value
            menu.refresh(app)

        return MenuItem(label, change, adjust)

    items = [MenuItem(_(words.START_GAME), start)]
    items += [option_item(option) for option in draft.spec.options]
    menu = Menu(_(words.GAME_OPTIONS), items, on_back=_pop)
    return menu


def pause_menu(app: App) -> Menu:
    """Resume, New game, Sound on/off, Rules, Quit to menu."""
    table = app.paused_table
    menu: Menu

    def sound_label() -> str:
        return words.setting_item(
            words.setting_label("sound_enabled"), words.on_off(app.settings.sound_enabled)
        )

    def toggle_sound(a: App) -> None:
        a.update_settings(sound_enabled=not a.settings.sound_enabled)
        menu.refresh(a)

    def new_game(a: App) -> None:
        if table is None:
            return

        def start(b: App) -> None:
            b.start_game(b.next_setup(table.setup))  # which drops the saved match

        ask(a, _(results.LEAVE_MATCH_QUESTION), start)

    def rules(a: App) -> None:
        if table is not None:
            a.open_rules(table.setup.game)

    menu = Menu(
        _(words.PAUSE_MENU),
        [
            MenuItem(_(words.RESUME), _pop),
            MenuItem(_(words.NEW_GAME), new_game),
            MenuItem(sound_label, toggle_sound),
            MenuItem(_(words.RULES), rules),
            MenuItem(_(words.QUIT_TO_MENU), lambda a: a.back_to_main_menu()),
        ],
        on_back=_pop,
    )
    return menu


SPEECH_CHOICES = SPEECH_BACKENDS
VERBOSITY_CHOICES = VERBOSITY_LEVELS
VOLUME_STEPS = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
VOICE_VOLUME_STEPS = (20, 30, 40, 50, 60, 70, 80, 90, 100)
"""The voice is never set quieter than this: a silent voice would leave the player nowhere."""
RATE_STEPS = (100, 120, 140, 160, 180, 200, 225, 250, 275, 300, 350, 400)
READER_RATE_STEPS = (100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900)
PAUSE_STEPS = (0, 300, 600, 900, 1200, 1600, 2000, 3000)


def step_value(values: tuple[Any, ...], current: Any, step: int) -> tuple[Any, bool]:
    """The value one ``step`` (+1 or -1) from ``current`` in ``values``, never wrapping.

    Returns the new value and whether ``current`` was already at that end (the value then
    stays).  A number between two steps moves to the next step in the direction asked.
    """
    if current in values:
        index = values.index(current)
    elif all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        if step > 0:
            above = [i for i, v in enumerate(values) if v > current]
            return (values[above[0]], False) if above else (values[-1], True)
        below = [i for i, v in enumerate(values) if v < current]
        return (values[below[-1]], False) if below else (values[0], True)
    else:
        return values[0], False
    target = index + step
    if not 0 <= target < len(values):
        return current, True
    return values[target], False


def speech_menu(app: App) -> Menu:
    """The speech choices; choosing one switches to it at once and closes the list."""

    def pick(a: App, choice: str) -> None:
        a.pop()
        before = a.settings.speech_backend
        a.update_settings(speech_backend=choice)
        if a.settings.speech_backend == choice != before:
            # Heard through the new speech: it works, and it says what it speaks through.
            a.resume_top()

    items = [MenuItem(words.speech_choice_item(c), partial(pick, choice=c)) for c in SPEECH_CHOICES]
    current = SPEECH_CHOICES.index(app.settings.speech_backend)
    return Menu(words.setting_label("speech_backend"), items, on_back=_pop, index=current)


def english_games(code: str) -> list[str]:
    """The titles of the games said in English in ``code``: their family has no catalogue in
    it, or their rules are not written in it."""
    return [
        words.game_title(game.id)
        for entry in registered_families()
        for game in entry.games
        if not family_in_language(entry, code) or not rules_in_language(game.id, code)
    ]


def language_entry(code: str) -> str:
    """A language as Settings lists it, with the games it says in English."""
    return words.language_entry_text(code, english_games(code))


def language_menu(app: App) -> Menu:
    """The languages offered (and the one in use, when it was asked for by name), each by its
    own name; choosing one switches to it at once and says so in it."""

    def pick(a: App, code: str) -> None:
        a.pop()
        set_language(code)
        a.update_settings(language=code)
        a.say(words.language_chosen_text(code))

    codes = [entry.code for entry in offered_languages()]
    if language() not in codes:
        codes.append(language())
    items = [MenuItem(language_entry(code), partial(pick, code=code)) for code in codes]
    return Menu(words.setting_label("language"), items, on_back=_pop, index=codes.index(language()))


def keymap_files() -> list[Path]:
    """The keymap files in the config folder, other than the one used without choosing."""
    folder = paths.config_dir()
    try:
        found = sorted(folder.glob("*.toml"))
    except OSError:
        return []
    return [f for f in found if f.name != paths.USER_KEYMAP_FILE_NAME and f.is_file()]


@dataclass(frozen=True)
class KeymapChoice:
    """What the keymap list answers: the file chosen, or ``None`` for the usual keys."""

    path: Path | None


def keymap_menu(app: App) -> Menu:
    """The usual keys (the defaults, with ``keymap.toml`` when there is one) or another file."""
    files = keymap_files()

    def pick(a: App, path: Path | None) -> None:
        a.dismiss(KeymapChoice(path))

    items = [MenuItem(words.keymap_choice(None).capitalize(), partial(pick, path=None))]
    items += [MenuItem(f.name, partial(pick, path=f)) for f in files]
    current = app.settings.keymap_path
    index = next((i + 1 for i, f in enumerate(files) if str(f) == current), 0)
    return Menu(words.setting_label("keymap_path"), items, on_back=_pop, index=index)


def settings_menu(app: App) -> Menu:
    """Each item shows its value.  Right and Left step it up and down, Enter steps it on and
    turns back at either end; nothing wraps round, so one key never jumps from loudest to
    silent.  Every change is saved and the new value said (in the new voice).

    Speech opens a list instead: stepping through the backends one by one would start each.
    """
    menu: Menu

    def speech_label() -> str:
        backend, output = app.speech_in_use()
        value = words.speech_in_use(app.settings.speech_backend, backend, output)
        return words.setting_item(words.setting_label("speech_backend"), value)

    def keymap_label() -> str:
        chosen = app.settings.keymap_path
        shown = words.keymap_choice(Path(chosen).name if chosen else None)
        return words.setting_item(words.setting_label("keymap_path"), shown)

    def item(name: str, shown: Any, values: tuple[Any, ...]) -> MenuItem:
        direction = [1]  # Enter's way through the values; it turns at either end

        def label() -> str:
            return words.setting_item(words.setting_label(name), shown(getattr(app.settings, name)))

        def adjust(a: App, step: int) -> None:
            value, at_edge = step_value(values, getattr(a.settings, name), step)
            if at_edge:
                a.say(menu.item_text(a), cue="menu_edge")
                return
            a.update_settings(**{name: value})
            menu.refresh(a)

        def change(a: App) -> None:
            _, at_edge = step_value(values, getattr(a.settings, name), direction[0])
            if at_edge:
                direction[0] = -direction[0]
            adjust(a, direction[0])

        return MenuItem(label, change, adjust)

    def language_item() -> MenuItem:
        def label() -> str:
            return words.setting_item(words.setting_label("language"), language_entry(language()))

        return MenuItem(label, lambda a: a.push(language_menu(a)), lambda a, step: None)

    def speech_item() -> MenuItem:
        def adjust(a: App, step: int) -> None:
            a.push(speech_menu(a))

        return MenuItem(speech_label, lambda a: a.push(speech_menu(a)), adjust)

    def keymap_chosen(choice: object) -> None:
        if not isinstance(choice, KeymapChoice):
            app.resume_top()
            return
        # The settings menu says the new value first; a problem with the file follows it.
        path = None if choice.path is None else str(choice.path)
        problems = app.update_settings(keymap_path=path, say_problems=False)
        app.resume_top()
        for problem in problems:
            app.say(problem, queue=True)

    here = app.speaks_here  # else the page's own options choose the voice and the volume
    menu = Menu(
        _(words.SETTINGS),
        [
            *([speech_item()] if here else []),
            item("verbosity", words.verbosity_label, VERBOSITY_CHOICES),
            item("sound_enabled", words.on_off, (False, True)),
            *([item("sound_volume", str, VOLUME_STEPS)] if here else []),
            *([item("tts_rate", str, RATE_STEPS)] if here else []),
            *([item("tts_volume", str, VOICE_VOLUME_STEPS)] if here else []),
            item("screen_reader_rate_wpm", words.words_per_minute, READER_RATE_STEPS),
            item("bot_pause_ms", words.milliseconds, PAUSE_STEPS),
            item("practice", words.on_off, (False, True)),
            *(
                [MenuItem(keymap_label, lambda a: a.push(keymap_menu(a), on_result=keymap_chosen))]
                if here
                else []
            ),
            language_item(),
            MenuItem(_(words.BACK_TO_MENU), _pop),
        ],
        on_back=_pop,
    )
    return menu


def with_seed(setup: GameSetup, seed: int) -> GameSetup:
    """The same table with a new shuffle (and no stacked deck)."""
    return replace(setup, seed=seed, deck=None)
