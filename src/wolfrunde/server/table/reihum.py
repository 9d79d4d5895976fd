"""The one shape of every Reihum turn, and the pack's agreement when the device goes round.

A glance at the device must not tell whether its holder acts. So every turn asks exactly two questions,
each a grid of the same names (everyone alive when the night fell, the holder too) with a "Niemand"
button; which names may be tapped is known to the device alone and never shows. A player with nothing to
do is asked "Wen verdächtigst du?" and "Wem vertraust du?"; a role with one decision answers it in the
first grid and the trust question in the second; the Hexe heals in the first and poisons in the second;
Amor names one lover in each; the Hundeführer names the two neighbours his dog lies between, one in each.
A choice of two values is a name for the one and "Niemand" for the other (yes/no, the Grenzgänger's
side); the Dieb says in the first grid whether he takes a card from the centre and in the second which
one (a name: the first card, "Niemand": the second). The Mädchen's peek (a clarity from 0 to 100 online) is
a name for a look half as clear as the clearest (`PEEK_BY_NAME`) and "Niemand" for none. A request no grid
can carry keeps its own form (`Plan.uniform` is False).

Every night has the same number of rounds (`ROUNDS`), so its length tells nothing about the roles in play.
That the engine asks its steps one after the other must not cost rounds: a seat whose step is still to
come tonight is asked it ahead, in his turn, when the question is sure to be the same whatever the open
steps before it are answered (tried on copies of the game, `SingleDevice._predicted`); his answer is kept
and given to the engine once it asks. A step whose question tells what others chose (`NEVER_AHEAD`: the
Hexe's heal, the Urwolf, catching the Mädchen) waits until it is open. Whatever is still open after the
last round is answered as a timeout would (the pack's standing proposal stands).

The wolves cannot whisper at their seats, so they agree turn by turn (`PackTalk`, see docs/rulings.md):
the first wolf to hold the device proposes a victim; each wolf after him confirms it by tapping the same
name or counters with another; the pack has chosen once every wolf has tapped the standing proposal since
it was made, and after the last wolf's turn of round `PACK_ROUNDS` the standing proposal stands (so the
steps after the pack, the Urwolf and then the Hexe, still have a round each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wolfrunde.server.table import texts

PACK_KIND = "werewolves"
ROUNDS = 4  # every night the device goes round this often, whatever the roles in play
PACK_ROUNDS = ROUNDS - 2  # after the wolves' turns of this round the standing proposal is the pack's choice
# asked ahead only once they are really open: their question tells what others chose tonight
NEVER_AHEAD = frozenset({"witch", "alpha_wolf", "catch"})

# a number (the Mädchen's clarity, 0 to 100) asked by a name: this share of the way from least to most
PEEK_BY_NAME = 50

Decision = tuple[str, Any]  # (request kind, choice)


@dataclass(frozen=True)
class Grid:
    """One question of a Reihum turn: a prompt over the night's names; `legal` may be tapped."""

    prompt: str
    legal: tuple[int, ...]
    nobody: bool = True  # "Niemand" is an answer here
    suspicion: bool = False  # a decoy "Wen verdächtigst du?": its answer joins the recap at the end


@dataclass(frozen=True)
class Plan:
    """A seat's turn: two grids, and how their two answers become the seat's decisions."""

    grids: tuple[Grid, Grid]
    combine: Callable[[Any, Any], list[Decision]]
    uniform: bool = True
    # the two answers together, before they are decided: raises ValueError with a German reason
    check: Callable[[Any, Any, Sequence[str]], None] | None = None


def _no_decisions(first: Any, second: Any) -> list[Decision]:
    return []


def decoys(seat: int, night_seats: Sequence[int]) -> tuple[Grid, Grid]:
    others = tuple(s for s in night_seats if s != seat)
    return (Grid(texts.SUSPECT_PROMPT, others, suspicion=True), Grid(texts.TRUST_PROMPT, others))


def two_grids(kind: str, legal: tuple[int, ...], optional: bool) -> tuple[Grid, Grid]:
    """A question of two people as two grids of the same names: the first person, then the second."""
    first, second = texts.two_people(kind)
    return Grid(first, legal, optional), Grid(second, legal, optional)


def plan_turn(seat: int, requests: list[dict[str, Any]], night_seats: Sequence[int]) -> Plan:
    """The two grids of `seat`'s turn for its open night requests (described as views show them)."""
    suspect, trust = decoys(seat, night_seats)
    confirms: list[Decision] = [(r["kind"], True) for r in requests if r["options"]["type"] == "confirm"]
    acting = [r for r in requests if r["options"]["type"] != "confirm"]
    if not acting:
        return Plan((suspect, trust), lambda first, second: list(confirms))
    request = acting[0]
    kind, options = request["kind"], request["options"]
    kind_type = options["type"]

    def with_confirms(decisions: list[Decision]) -> list[Decision]:
        return confirms + decisions

    if kind_type == "seat":
        grid = Grid(texts.prompt(kind), tuple(options["choices"]), bool(options.get("optional", True)))
        return Plan((grid, trust), lambda first, second: with_confirms([(kind, first)]))
    if kind_type == "witch":
        heal = Grid(texts.HEAL_PROMPT, tuple(options["heal"]))
        poison = Grid(texts.POISON_PROMPT, tuple(options["poison"]))
        return Plan((heal, poison), lambda first, second: with_confirms([(kind, {"heal": first, "poison": second})]))
    if kind_type == "seats" and options.get("count") == 2:
        optional = bool(options.get("optional", True))
        legal = tuple(options["choices"])
        pair = two_grids(kind, legal, optional)

        def both(first: Any, second: Any) -> list[Decision]:
            return with_confirms([(kind, None if first is None and second is None else [first, second])])

        return Plan(pair, both)
    if kind_type == "seats" and options.get("count") == 1:
        grid = Grid(texts.prompt(kind), tuple(options["choices"]), bool(options.get("optional", True)))
        return Plan((grid, trust), lambda first, second: with_confirms([(kind, None if first is None else [first])]))
    if kind_type == "choice" and len(options["choices"]) == 2:
        # a name: the second value (yes, the pack's side), "Niemand": the first (the engine lists no first)
        no, yes = options["choices"]
        if isinstance(no, bool):
            no, yes = False, True
            text = texts.yes_by_name(kind)
        else:
            text = texts.value_by_name(kind, texts.value_label(yes), texts.value_label(no))
        grid = Grid(text, tuple(s for s in night_seats if s != seat))
        return Plan((grid, trust), lambda first, second: with_confirms([(kind, no if first is None else yes)]))
    if kind_type == "number":
        # the Mädchen's clarity: a name looks as clearly as `PEEK_BY_NAME` says, "Niemand" not at all
        least, most = options["min"], options["max"]
        glance = least + (most - least) * PEEK_BY_NAME // 100
        grid = Grid(texts.yes_by_name(kind), tuple(s for s in night_seats if s != seat))
        return Plan((grid, trust), lambda first, second: with_confirms([(kind, least if first is None else glance)]))
    if kind_type == "card" and len(options["choices"]) == 2:
        cards = list(options["choices"])
        others = tuple(s for s in night_seats if s != seat)
        take = Grid(texts.TAKE_CARD, others, bool(options.get("optional", True)))
        which = Grid(texts.which_card(*(texts.value_label(c) for c in cards)), others)

        def card(first: Any, second: Any) -> list[Decision]:
            return with_confirms([(kind, None if first is None else cards[0] if second is not None else cards[1])])

        return Plan((take, which), card)
    if kind_type == "gap":
        gaps = [tuple(gap) for gap in options["choices"]]
        legal = tuple(sorted({s for gap in gaps for s in gap}))
        optional = bool(options.get("optional", True))
        pair = two_grids(kind, legal, optional)

        def check_gap(first: Any, second: Any, names: Sequence[str]) -> None:
            if first is None and second is None:
                return
            if first is None or second is None:
                raise ValueError(texts.BOTH_OR_NOBODY)
            if not any({first, second} == set(gap) for gap in gaps):
                raise ValueError(texts.no_gap(names[first], names[second]))

        def gap(first: Any, second: Any) -> list[Decision]:
            return with_confirms([(kind, None if first is None or second is None else [first, second])])

        return Plan(pair, gap, check=check_gap)
    return Plan((suspect, trust), _no_decisions, uniform=False)


def check_answer(grid: Grid, value: Any, names: Sequence[str]) -> None:
    """Raises ValueError with a German reason unless `value` may be tapped in `grid`."""
    if value is None:
        if not grid.nobody:
            raise ValueError(texts.NOBODY_NOT_ALLOWED)
        return
    if isinstance(value, bool) or not isinstance(value, int) or value not in grid.legal:
        shown = (
            names[value]
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names)
            else value
        )
        raise ValueError(texts.not_selectable(str(shown)))


@dataclass
class PackTalk:
    """The wolves' agreement while the device goes round (one per night step of the pack)."""

    proposal: int | None = None
    by: int | None = None
    made: bool = False
    agreed: set[int] = field(default_factory=set)

    def answer(self, wolf: int, target: int | None, pack: Sequence[int], last: bool = False) -> bool:
        """The wolf's tap in his turn (`last`: the pack's last turn of its talk); True once the pack has
        chosen (`proposal` is its victim)."""
        if not self.made or target != self.proposal:
            self.proposal, self.by, self.made, self.agreed = target, wolf, True, {wolf}
        else:
            self.agreed.add(wolf)
        return set(pack) <= self.agreed or last

    def news(self, wolf: int, names: Sequence[str]) -> list[str]:
        """What the wolf holding the device reads about the pack's talk so far."""
        if not self.made:
            return [texts.PACK_FIRST]
        assert self.by is not None
        target = texts.NOBODY if self.proposal is None else names[self.proposal]
        if self.by == wolf:
            return [texts.pack_own_standing(target)]
        return [texts.pack_proposal(names[self.by], target)]
