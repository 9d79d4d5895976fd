"""The day's vote in real browsers: three players and two bots (who vote at once). A player votes, changes
his vote before the vote closes, everyone sees the live tally move, and the vote's result shows his last
ballot."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page, expect
from tests.e2e.online_helpers import open_room, pick_roles, register, screens
from tests.e2e.test_online_game import act, join_by_code

NAMES = ["Anna", "Bruno", "Clara"]
# the players' answers close every step before it, long before its timer (once `to_the_vote` voted for a
# page whose vote form came between its look and its click; it waited for that page to be asked for ever)
TO_THE_VOTE_SECONDS = 120
# the last ballot closes the vote, its timer (120 s) at the latest: once a CI run saw it still open after 30 s
VOTE_CLOSES_MS = 150_000


def start_game(new_context, names: list[str], *, meldeliste: bool = False) -> list[Page]:  # type: ignore[no-untyped-def]
    """The players register and sit down, bots fill the table to five, one wolf and four villagers; the
    night is short, the day and the vote long (the players' answers close them)."""
    pages = [new_context().new_page() for _ in names]
    for page, name in zip(pages, names, strict=True):
        register(page, name)
    host = pages[0]
    code = open_room(host)
    for page in pages[1:]:
        join_by_code(page, code)
    for _ in range(5 - len(names)):
        host.get_by_role("button", name="Bot hinzufügen").click()
    expect(host.locator("ul.seats li")).to_have_count(5)
    for key, seconds in (("night", 5), ("day", 120), ("vote", 120), ("lovers", 5)):
        host.fill(f"#t-{key}", str(seconds))
    pick_roles(host, {"werewolf": 1, "villager": 4})
    if meldeliste:
        host.check("#meld")
    host.get_by_role("button", name="Übernehmen").click()
    expect(pages[-1].locator("#t-vote")).to_have_value("120")
    if meldeliste:
        expect(pages[-1].locator("#meld")).to_be_checked()
    host.get_by_role("button", name="Spiel starten").click()
    for page in pages:
        expect(page.locator("#own-card")).to_be_visible()
    return pages


def voting(page: Page) -> bool:
    return page.locator('.sheet .decision[data-kind="vote"]').count() > 0


def to_the_vote(pages: list[Page], before: Callable[[Page], bool] = lambda page: True) -> list[Page]:
    """Every decision before the day's vote answered with its first option (on a page once `before(page)`
    holds); the pages asked to vote."""
    deadline = time.monotonic() + TO_THE_VOTE_SECONDS
    while time.monotonic() < deadline:
        asked = [page for page in pages if voting(page)]
        alive = [page for page in pages if page.locator("ul.table li.me.gone").count() == 0]
        if asked and len(asked) == len(alive):
            return asked
        for page in pages:
            if not voting(page) and before(page):
                act(page, but="vote")  # a vote form that has just come is left to the test
    shown = [(page.locator(".phasebar").all_inner_texts(), page.locator(".sheet").all_inner_texts()) for page in pages]
    raise AssertionError(f"the day's vote did not come: {shown}")


def seats_by_name(page: Page) -> dict[str, int]:
    places = page.locator("ul.table li.place")
    return {
        places.nth(i).locator(".name").inner_text(): int(places.nth(i).get_attribute("data-seat") or "-1")
        for i in range(places.count())
    }


def votes_for(page: Page, seat: int) -> int:
    entry = page.locator(f'section.tally li[data-seat="{seat}"]')
    return int(entry.get_attribute("data-votes") or "0") if entry.count() else 0


def test_a_vote_changed_before_the_close_counts(new_context) -> None:  # type: ignore[no-untyped-def]
    pages = start_game(new_context, NAMES)
    asked = to_the_vote(pages)
    assert len(asked) >= 2, "a night kills one at most: two players are left to vote"
    changer, watcher, *rest = asked
    seats = seats_by_name(watcher)
    name_of = {seat: name for name, seat in seats.items()}
    me = changer.locator("ul.table li.me")
    weight = 2 if "Hauptmann" in me.inner_text() else 1
    expect(watcher.locator("section.tally")).to_be_visible()
    options = changer.locator('.decision[data-kind="vote"] button.option')
    first, second = options.nth(0).inner_text(), options.nth(1).inner_text()
    before = {name: votes_for(watcher, seats[name]) for name in (first, second)}  # the bots' ballots

    changer.locator('.decision[data-kind="vote"] button.option', has_text=first).click()
    ballot = changer.locator('.sheet .ballot[data-kind="vote"]')
    expect(ballot.locator(".receipt")).to_contain_text(f"Deine Stimme: {first}")
    expect(changer.locator('.phasebar [aria-label="Verbleibende Zeit"]')).to_be_visible()  # may still change
    expect(watcher.locator(f'section.tally li[data-seat="{seats[first]}"]')).to_have_attribute(
        "data-votes", str(before[first] + weight)
    )
    changer_name = name_of[int(me.get_attribute("data-seat") or "-1")]
    expect(watcher.locator(f'ul.table li.place[data-seat="{seats[changer_name]}"]')).to_contain_text("hat abgestimmt")
    screens(changer, "online-vote-change")

    ballot.locator("button.option", has_text=second).click()  # changed his mind
    expect(ballot.locator(".receipt:not(.sending)")).to_contain_text(f"Deine Stimme: {second}")
    expect(ballot.locator("button.option.picked")).to_have_text(second)
    expect(watcher.locator(f'section.tally li[data-seat="{seats[second]}"]')).to_have_attribute(
        "data-votes", str(before[second] + weight)
    )
    assert votes_for(watcher, seats[first]) == before[first], "the first ballot no longer counts"
    screens(watcher, "online-vote-tally")

    for page in [watcher, *rest]:  # the last ballot closes the vote
        page.locator('.decision[data-kind="vote"] button.secondary.skip').click()
    for page in pages:  # who voted for whom, unless the verdict hit the one wolf and the game is over
        row = page.locator("table.ballots tr", has=page.locator(f"td:text-is('{changer_name}')"))
        over = page.locator("section.end")
        expect(row.or_(over).first).to_be_visible(timeout=VOTE_CLOSES_MS)
        if over.count() == 0:
            expect(row.locator("td").nth(1)).to_have_text(second)
    expect(changer.locator(".sheet .ballot")).to_have_count(0, timeout=VOTE_CLOSES_MS)
    expect(changer.locator("section.tally")).to_have_count(0, timeout=VOTE_CLOSES_MS)


def test_the_silence_vote_is_explained_while_it_counts(new_context) -> None:  # type: ignore[no-untyped-def]
    """With the Meldeliste, who never raised a hand before the first vote of day 1 gets a vote against him:
    the tally says so in one sentence, naming them (the bots never raise a hand; Anna does)."""
    pages = start_game(new_context, ["Anna", "Bruno"], meldeliste=True)
    raised: list[Page] = []

    def hand_first(page: Page) -> bool:
        """The first living player by day raises his hand before he answers anything of the day."""
        if raised or page.locator("#raise-hand").count() == 0:
            return bool(raised) or page.locator(".phasebar.phase-night").count() > 0
        page.click("#raise-hand")
        expect(page.locator("#raise-hand")).to_be_disabled()
        raised.append(page)
        return True

    asked = to_the_vote(pages, hand_first)
    assert raised, "a living player raised his hand"
    speaker = raised[0]
    seats = seats_by_name(speaker)
    places = speaker.locator("ul.table li.place:not(.gone)")
    living = [places.nth(i).locator(".name").inner_text() for i in range(places.count())]
    me = speaker.locator("ul.table li.me .name").inner_text()
    silent = sorted((name for name in living if name != me), key=lambda name: seats[name])
    listed = f"{', '.join(silent[:-1])} und {silent[-1]}"
    note = speaker.locator("section.tally .silence-note")
    expect(note).to_have_text(
        f"{listed} haben sich vor der ersten Abstimmung nie gemeldet und bekommen dafür nach der Regel der "
        "Meldeliste je eine Strafstimme, die schon mitgezählt ist."
    )
    for name in silent:
        expect(speaker.locator(f'section.tally li[data-seat="{seats[name]}"]')).to_be_visible()
    screens(speaker, "online-silence-vote")
    for page in asked:
        page.locator('.decision[data-kind="vote"] button.secondary.skip').click()
    # once the vote has closed and been told: in the news, and in the whole story (which the end screen
    # keeps when the verdict hit the one wolf)
    told = speaker.locator("section.news, details.story").filter(
        has_text=f"{listed} haben sich vor der Abstimmung nie gemeldet und bekommen dafür je eine Strafstimme."
    )
    expect(told.first).to_be_attached(timeout=VOTE_CLOSES_MS)
