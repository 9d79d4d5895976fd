"""The skeleton of a role module: every hook a role can use, with what it means and when it is called.

Not a role (its name starts with `_`, so the registry skips it). To add a role, copy this file to
`roles/<id>.py`, delete what the role does not need, and write its data file
`engine/texts/roles/<id>.json` (see docs/roles.md for the walk, `texts/catalogue.py` for the file).

Rules the core keeps for every hook:
- Hooks read and write the game only through `game` (its players, `game.card_state(seat)`,
  `game.memory(seat)`, `game.state(role_id)`) and the night's `NightEffects`. Nothing is kept in the
  module: one process plays many games.
- Whatever happens is an event (`game.emit(type, visible_to=…, reveals=…, **data)`) that names who may
  see it; `visible_to=None` is public. Put the acting seat under `actor` when only that seat sees the
  event, so that its German line can say "Du …" to it and "Carl …" to everyone else. Every event type
  is listed in `events=` and has a line in the data file.
- A hook that asks is a `Handler[T]`: it yields a batch of requests (`requests.py` builds them) and gets
  their answers, `answers[(seat, kind)]`. Every request kind is listed in `kinds=` and has a prompt.
- Chance: `game.chance.secret` for draws only some may learn of, `game.chance.public` for draws everyone
  sees the result of. Never `random` itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Phase, Request, Side
from wolfrunde.engine.player import Player
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import (
    Cause,
    Consequence,
    NightStep,
    Outcome,
    PackWatch,
    Recommendation,
    Role,
    ScenarioKey,
    Tie,
    TieBreaker,
    Verdict,
    VictoryCondition,
)

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

# The card: identity and the categories the core asks. German prose (description, cadence …) is in the
# data file. `step` is the night step the role acts in (for the rules website); `is_wolf_card`: on the
# wolf side from the start (the pack's step is called for it); `dealt=False`: an office, never in a deck;
# `centre_cards`: cards that lie in the centre with it (the Dieb: 2); `shows_side`: the Seherin also
# learns its holder's current side.
CARD = Card(id="skeleton", name="Skelett", side=Side.VILLAGE, step="skeleton")


# --- the night -------------------------------------------------------------------------------------
@by_holder(CARD.id)
def step(game: Game, night: NightEffects, holder: int) -> Handler[None]:
    """A night step: called on its nights whenever its card is in the deck, alive or not; it asks only a
    living holder who can act (`by_holder` hands it that seat and skips the step without one). Record
    what dawn must resolve in `night`: `night.threaten(seat, cause)` (a death at dawn),
    `night.protect(seat, CARD.id, WOLF_ATTACK, …)`, `night.note(CARD.id)[…]`."""
    answers = yield [seat_choice(game, holder, "skeleton", game.living(), what="Skelett")]
    target = answers[(holder, "skeleton")]
    if target is not None:
        game.emit("skeleton_chose", visible_to=[holder], actor=holder, player=target)


def during_the_pack(game: Game) -> Request | None:
    """`with_pack`: a request that joins the pack's batch while the wolves choose (the Mädchen)."""
    return None


def after_the_pack(game: Game, night: NightEffects, pack: list[int], answer: Any) -> Handler[bool]:
    """`with_pack`: reacts to that answer; True means the pack kills nobody else tonight."""
    return False
    yield  # a handler that never asks


def on_pack_victim(game: Game, night: NightEffects, victim: int) -> Handler[bool]:
    """Asked right after the pack chose; True: the victim is not attacked (the Urwolf infected him)."""
    return False
    yield


# --- dawn ------------------------------------------------------------------------------------------
def dawn_threats(game: Game) -> list[tuple[int, str]]:
    """Deaths due at this dawn that were set up earlier (the Ritter's blade): (seat, cause)."""
    return []


def absorbs_attack(game: Game, seat: int, cause: str) -> bool:
    """The holder's card survives this wolf attack that got past every protection (the Ältester). Spend
    the power here; True means the attack is absorbed."""
    return False


def on_death(game: Game, seat: int, cause: str) -> None:
    """The holder died (called once all deaths of that moment happened): the Ritter's blade."""


def after_morning(game: Game, night: NightEffects) -> None:
    """After the `morning` event: public news of the night (the Denunziant's letter, the dog)."""


def consequence(game: Game) -> Handler[bool]:
    """A consequence of deaths (`deaths.CONSEQUENCES`, or `after=` one of them): True when it changed
    something; then all consequences run again from the first."""
    return False
    yield


# --- the day ---------------------------------------------------------------------------------------
def day_start(game: Game) -> Handler[None]:
    """Before the discussion (the Hauptmann's election on day 1)."""
    return
    yield


def vote_weight(game: Game, voter: int) -> int:
    """A voter's weight; the largest weight any role gives counts (the Hauptmann: 2)."""
    return 1


def extra_votes(game: Game) -> dict[int, int]:
    """Votes added to the day's first vote (the Denunziant's two)."""
    return {}


def forbidden_votes(game: Game, voter: int) -> dict[int, str]:
    """Targets this voter may not vote for, with a German reason (`duesterwald` lovers)."""
    return {}


def may_vote(game: Game, seat: int) -> bool:
    """Whether the holder may vote (a pardoned Dorfnarr may not)."""
    return True


def announce_tie(game: Game, tie: Tie) -> dict[str, Any] | None:
    """A tie rule (`votes.TIE_BREAKERS` order): the fields of the public `tie` event, with `resolution`,
    when this rule decides the tie; None when it does not apply."""
    return None


def break_tie(game: Game, tie: Tie) -> Handler[tuple[int, str] | None]:
    """Who dies of the tie and why (seat, cause), or None: nobody dies."""
    return None
    yield


def spares(game: Game, seat: int, verdict: Verdict) -> bool:
    """The holder survives this verdict (the Dorfnarr's first). Asked before the window; no effects."""
    return False


def reveal_window(game: Game, verdict: Verdict) -> Handler[None]:
    """The public window after every verdict, before the card is shown (`core.BEFORE_REVEAL`). Whoever
    may act here is asked here (the Magd); `verdict.hide_role` and `verdict.after_death` change what
    follows. Nobody else can tell whether anyone was asked."""
    return
    yield


def on_verdict(game: Game, seat: int, verdict: Verdict) -> None:
    """The holder's card answers the verdict after the window (the Dorfnarr is pardoned)."""


def verdict_win(game: Game, seat: int, verdict: Verdict) -> Outcome | None:
    """Condemned, the holder wins at once (the Engel on day 1)."""
    return None


def after_vote(game: Game) -> Handler[str | None]:
    """The public window after each day's vote (`core.AFTER_VOTE`): the kind of a further vote this role
    demands now (the Richter's "second_vote"), or None."""
    return None
    yield


# --- sides and victory -----------------------------------------------------------------------------
def side(player: Player) -> Side | None:
    """The holder's side now, where it is not the card's (the Grenzgänger, the Findelkind)."""
    return None


def win_side(player: Player) -> str | None:
    """Whom the holder wins with, where it is not his side (the Weißer Wolf wins alone)."""
    return None


def victory(game: Game) -> Outcome | None:
    """A line of the victory list (`victory.VICTORY_ORDER`, or `after=` one of them)."""
    return None


def side_win_excluded(game: Game) -> set[int]:
    """Seats that never share a side's win (a mixed couple)."""
    return set()


# --- what a seat may know, and what bots may use -----------------------------------------------------
def view_you(game: Game, seat: int) -> dict[str, Any]:
    """Fields of the seat's own `you` in its view (Amor: `lover`)."""
    return {}


def view_players(game: Game, viewer: int) -> dict[str, list[Any]]:
    """Fields of every player in a seat's view, each as its values in seat order (the Hauptmann:
    `{"captain": [False, True, …]}`). Only what `viewer` may know."""
    return {}


def findings(game: Game, seat: int) -> dict[int, str]:
    """What the holder found out about others' sides (the Seherin), for simulated players."""
    return {}


def on_game_start(game: Game) -> None:
    """Once, before night 1 (Schwestern and Brüder learn each other)."""


ROLE = Role(
    card=CARD,
    steps=(NightStep("skeleton", Cadence.EVERY_NIGHT, step, after="seer"),),  # after=: not in NIGHT_ORDER
    kinds=("skeleton",),  # every request kind it asks: each needs a prompt in the data file
    harms=(),  # kinds whose chosen seat comes to harm (bots pick suspects there)
    events=("skeleton_chose",),  # every event type it emits: each needs a German line
    causes=(Cause("skeleton", public=False, wolf_attack=False),),  # its causes of death: each needs a label
    scenario=(ScenarioKey("skeleton", ("skeleton",), phases=(Phase.NIGHT,)),),  # its key in scenario files
    recommend=Recommendation(sets=(), large=None, duesterwald_from=None),  # its place in recommended sets
    visible_state=(),  # card_state keys its holder may see; everything else on the card stays hidden
    side=side,
    win_side=win_side,
    absorbs_attack=absorbs_attack,
    on_death=on_death,
    spares=spares,
    on_verdict=on_verdict,
    verdict_win=verdict_win,
    may_vote=may_vote,
    findings=findings,
    on_game_start=on_game_start,
    day_start=day_start,
    dawn_threats=dawn_threats,
    after_morning=after_morning,
    with_pack=PackWatch(during_the_pack, after_the_pack),
    on_pack_victim=on_pack_victim,
    consequences=(Consequence("skeleton_consequence", consequence, after="captain_successor"),),
    vote_weight=vote_weight,
    extra_votes=extra_votes,
    forbidden_votes=forbidden_votes,
    tie_breakers=(TieBreaker("skeleton_tie", announce_tie, break_tie, after="captain"),),
    reveal_window=reveal_window,
    after_vote=after_vote,
    victory=(VictoryCondition("skeleton_wins", victory, after="werewolves"),),
    side_win_excluded=side_win_excluded,
    view_you=view_you,
    view_players=view_players,
)
