"""What a role module declares: its card, its rules as hooks, and what other layers need to know of it.

Every module in `wolfrunde.engine.roles` (except those starting with `_`) defines `ROLE = Role(...)`.
The core (flow, dawn, day, deaths, sides, victory, setup, view, night order) never names a role: it
asks the declared categories and calls the hooks below. `roles/_skeleton.py` shows every hook with its
meaning; `docs/roles.md` walks through adding a role. German texts live in the role's data file
(`engine/texts/roles/<id>.json`), never here.

Role state lives in the game, never in a module: on the card (`game.card_state(seat)`, travels with the
card), in the seat's memory (`game.memory(seat)`), in the table-wide state of the role
(`game.state(role_id)`), or in the night's notes (`night.note(role_id)`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Mode, Phase, Request, Side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game
    from wolfrunde.engine.player import Player

Outcome = tuple[str, list[int]]
"""A win: the winner id (`village`, `lovers` …) and the winning seats."""

POWERS_PASSED = "passed_to_maid"
"""Card-state key: the card's powers went on with the card to a new holder (the Magd took it), so they
no longer fire for its dead holder (the Jäger's shot)."""

P = ParamSpec("P")
R = TypeVar("R")


def asks_nothing(rule: Callable[P, R]) -> Callable[P, Handler[R]]:
    """Use a plain function where a hook may ask (`Handler`), for a rule that never asks anything."""

    def handler(*args: P.args, **kwargs: P.kwargs) -> Handler[R]:
        return rule(*args, **kwargs)
        yield  # makes this a generator; never reached

    handler.__name__ = getattr(rule, "__name__", "rule")
    handler.__doc__ = rule.__doc__
    return handler


@dataclass(frozen=True, slots=True)
class NightStep:
    """A step of the night. Called on its nights when a card it is called for is in the deck (alive or
    not, held or in the centre), so that the calls tell nobody who is still in play."""

    id: str
    cadence: Cadence
    run: Callable[[Game, NightEffects], Handler[None]]
    called_for: Callable[[Card], bool] | None = None  # None: the declaring role's own card
    modes: tuple[Mode, ...] | None = None  # None: every mode
    after: str | None = None  # a step that is not in night_order.NIGHT_ORDER: the step it follows
    # whether the step may ask again once its first questions are answered (the Urwolf after the pack's
    # choice), judged from the public deck: a caller that times steps leaves room for it in every game
    # where it may happen, so that it happening tells nobody anything
    asks_again: Callable[[Game], bool] | None = None


@dataclass(frozen=True, slots=True)
class Cause:
    """A cause of death a role brings into the game."""

    id: str
    public: bool = False  # the village learns it; otherwise the death shows as "night"
    wolf_attack: bool = False  # guards and heals stop it; the Ältester absorbs it; the Ritter answers it
    ends_the_hunt: bool = False  # a death of this cause leaves no wolf attack of that night standing


@dataclass(slots=True)
class Verdict:
    """The village condemned a player. Hooks read it and may change how the card is shown."""

    condemned: int
    cause: str  # "vote", or a role's cause such as "scapegoat"
    first: bool  # belongs to the village's first vote of the day (with its tie rules)
    spared: bool = False  # the condemned's card spares him (the Dorfnarr's first verdict)
    hide_role: bool = False  # his card is not shown when he dies
    after_death: list[Callable[[], None]] = field(default_factory=list)  # right after he died


@dataclass(frozen=True, slots=True)
class Tie:
    kind: str  # the vote's request kind ("vote", "revote", "second_vote")
    tied: list[int]
    votes: Mapping[int, int | None]
    first: bool


@dataclass(frozen=True, slots=True)
class TieBreaker:
    """A rule that decides a tied vote. The first breaker in `votes.TIE_BREAKERS` whose `announce` gives
    fields for the public `tie` event (with `resolution`) decides; `run` names who dies and why."""

    id: str
    announce: Callable[[Game, Tie], dict[str, Any] | None]
    run: Callable[[Game, Tie], Handler[tuple[int, str] | None]]
    after: str | None = None


@dataclass(frozen=True, slots=True)
class Consequence:
    """Something a death sets off, resolved in `deaths.CONSEQUENCES` order until nothing new happens.
    `run` returns True when it changed something (then the consequences start over)."""

    id: str
    run: Callable[[Game], Handler[bool]]
    after: str | None = None


@dataclass(frozen=True, slots=True)
class VictoryCondition:
    """One line of the victory list (`victory.VICTORY_ORDER`); the first that holds wins."""

    id: str
    check: Callable[[Game], Outcome | None]
    after: str | None = None


@dataclass(frozen=True, slots=True)
class PackWatch:
    """A role that acts while the pack chooses (the Mädchen): its request joins the pack's batch, and
    `after` reacts to its answer; it returns True when the pack kills nobody else tonight."""

    request: Callable[[Game], Request | None]
    after: Callable[[Game, NightEffects, list[int], Any], Handler[bool]]


class Absent(StrEnum):
    """What a scenario key that is left out answers."""

    NOTHING = "nothing"  # null: the role does nothing (a forced choice is then an error)
    DEFAULT = "default"  # the request's default (a timeout's answer)


@dataclass(frozen=True, slots=True)
class ScenarioKey:
    """A key of the scenario format (shared spec scenario-format.md) and the request kinds it answers."""

    key: str
    kinds: tuple[str, ...]
    phases: tuple[Phase, ...] = (Phase.NIGHT,)
    forms: tuple[str, ...] | None = None  # answers these kinds only in these request forms (None: any)
    ballot: bool = False  # {voter: target}: one answer per voter (a single name: everyone's answer)
    absent: Absent | None = None  # None: nothing where the request is optional, else its default
    unused: str | None = None  # why the key is not used, when it is not about the role's holder
    posthumous: bool = False  # its holder answers it as he dies (the Jäger's shot)
    # the key may stand unused when this holds: the decision it gives was not needed (the dying
    # Hauptmann's successor, when his death ended the game)
    moot: Callable[[Game], bool] | None = None

    def answers(self, kind: str, form: str) -> bool:
        """Whether this key answers a request of this kind in this form."""
        return kind in self.kinds and (self.forms is None or form in self.forms)


@dataclass(frozen=True, slots=True)
class Recommendation:
    """The role's place in the recommended sets (`recommend.py`)."""

    sets: tuple[int, ...] = ()  # player counts (3 to 18) whose written set holds this card
    large: int | None = None  # its place in the order in which cards join larger sets
    duesterwald_from: int | None = None  # from this many players the `duesterwald` set holds it
    filler: bool = False  # fills the seats of its side that no other card takes (Werwolf, Dorfbewohner)


@dataclass(frozen=True, slots=True)
class Role:
    """A role: its card, its hooks and its declarations. Every hook is optional."""

    card: Card
    steps: tuple[NightStep, ...] = ()
    kinds: tuple[str, ...] = ()  # request kinds it asks (each has texts in its data file)
    harms: tuple[str, ...] = ()  # of those, the kinds whose chosen seat comes to harm (bots pick suspects)
    events: tuple[str, ...] = ()  # event types it emits (each has a German line in its data file)
    causes: tuple[Cause, ...] = ()
    scenario: tuple[ScenarioKey, ...] = ()
    recommend: Recommendation = Recommendation()
    visible_state: tuple[str, ...] = ()  # card_state keys its holder sees in his own view

    # --- the holder's card -----------------------------------------------------------------
    side: Callable[[Player], Side | None] | None = None  # its side now, where it is not the card's
    win_side: Callable[[Player], str | None] | None = None  # whom it wins with, where not its side
    absorbs_attack: Callable[[Game, int, str], bool] | None = None  # survives this wolf attack (spends it)
    on_death: Callable[[Game, int, str], None] | None = None  # after the deaths of that moment
    spares: Callable[[Game, int, Verdict], bool] | None = None  # this verdict does not kill him
    on_verdict: Callable[[Game, int, Verdict], None] | None = None  # after the window, before the card falls
    verdict_win: Callable[[Game, int, Verdict], Outcome | None] | None = None  # condemned, he wins at once
    may_vote: Callable[[Game, int], bool] | None = None
    findings: Callable[[Game, int], dict[int, str]] | None = None  # seat -> side it found (for bots)

    # --- the whole table ----------------------------------------------------------------
    on_game_start: Callable[[Game], None] | None = None
    day_start: Callable[[Game], Handler[None]] | None = None  # before the discussion
    dawn_threats: Callable[[Game], list[tuple[int, str]]] | None = None  # deaths due at this dawn
    after_morning: Callable[[Game, NightEffects], None] | None = None  # public news after `morning`
    with_pack: PackWatch | None = None
    on_pack_victim: Callable[[Game, NightEffects, int], Handler[bool]] | None = None  # True: not attacked
    consequences: tuple[Consequence, ...] = ()
    vote_weight: Callable[[Game, int], int] | None = None  # a voter's weight (1 unless a hook says more)
    extra_votes: Callable[[Game], dict[int, int]] | None = None  # added to the day's first vote
    forbidden_votes: Callable[[Game, int], dict[int, str]] | None = None  # target -> German reason
    tie_breakers: tuple[TieBreaker, ...] = ()
    reveal_window: Callable[[Game, Verdict], Handler[None]] | None = None  # after a verdict, card unseen
    after_vote: Callable[[Game], Handler[str | None]] | None = None  # the kind of a vote it demands now
    victory: tuple[VictoryCondition, ...] = ()
    side_win_excluded: Callable[[Game], set[int]] | None = None  # seats that never share a side's win
    view_you: Callable[[Game, int], dict[str, Any]] | None = None  # fields of the seat's own `you`
    # (viewer) -> {field: its value for each player, in seat order}: one call per view, not per player
    view_players: Callable[[Game, int], dict[str, list[Any]]] | None = None

    @property
    def id(self) -> str:
        return self.card.id
