"""Hypothesis strategies for random legal setups with all 28 roles."""

from __future__ import annotations

from hypothesis import strategies as st

from wolfrunde.engine import Setup
from wolfrunde.engine.cards import all_cards

WOLF_CARDS = ("werewolf", "primal_wolf", "alpha_wolf", "white_wolf")
UNIQUE_ROLES = tuple(
    role.id for role in all_cards().values() if role.cards_per_set == 1 and role.id not in ("captain", *WOLF_CARDS[1:])
)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    mode = draw(st.sampled_from(["online", "table_single_device", "table_own_devices"]))
    rules = draw(st.sampled_from(["wolfrunde", "duesterwald"]))
    players = draw(st.integers(5, 14) if mode == "online" else st.integers(3, 18))
    roles = [draw(st.sampled_from(WOLF_CARDS))]
    extra_wolves = draw(st.integers(0, max(0, players // 4 - 1)))
    for _ in range(extra_wolves):
        wolf = draw(st.sampled_from(WOLF_CARDS))
        roles.append("werewolf" if wolf in roles and wolf != "werewolf" else wolf)
    if players >= 8 and draw(st.booleans()):
        roles += ["sister", "sister"]
    if players >= 10 and draw(st.booleans()):
        roles += ["brother", "brother", "brother"]
    candidates = [r for r in UNIQUE_ROLES if all_cards()[r].min_players <= players and mode in all_cards()[r].modes]
    room = max(0, players - len(roles))
    chosen = draw(
        st.lists(st.sampled_from(candidates), unique=True, min_size=min(room, len(candidates)) // 2, max_size=room)
    )
    roles += chosen
    roles = roles[:players]
    roles += ["villager"] * (players - len(roles))
    roles = draw(st.permutations(roles))
    center: tuple[str, ...] = ()
    if "thief" in roles:
        spare = "villager" if "seer" in roles else "seer"
        center = (draw(st.sampled_from(["villager", "werewolf"])), draw(st.sampled_from(["werewolf", spare])))
    names = tuple(f"S{i}" for i in range(players))
    return Setup(
        names=names,
        roles=tuple(roles),
        center=center,
        rules=rules,
        mode=mode,
        seed=draw(st.integers(0, 2**32)),
        meldeliste=draw(st.booleans()),
    )
