"""When a player's seat dies, his screen says so at once and switches to the Jenseits, where he talks with
the dead; the living read none of it. Three players and two bots, one wolf and four villagers: the
players name one villager among them (V) for the wolf's victim, as Hauptmann and in the vote, so a
player dies in night 1 or, failing that, V by the vote of day 1 (his double vote and the two others'
against at most the bots' two)."""

from __future__ import annotations

import re
import time
from contextlib import suppress

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tests.e2e.online_helpers import screens
from tests.e2e.test_online_game import act
from tests.e2e.test_online_votes import NAMES, start_game

UNTIL_A_DEATH_SECONDS = 120
AGAINST_V = ("werewolves", "captain", "captain_runoff", "vote")


def role_of(page: Page) -> str:
    page.locator("#own-card").click()
    role = page.locator(".card .role").inner_text()
    page.locator("#own-card").click()
    return role


def act_against(page: Page, victim: str) -> None:
    """The open decision: against V where it is about him, else its first option."""
    decision = page.locator(".sheet .decision").first
    try:
        if decision.count() and decision.get_attribute("data-kind", timeout=500) in AGAINST_V:
            option = decision.locator("button.option", has_text=victim)
            if option.count():
                option.first.click(timeout=1000)
                return
        act(page)
    except PlaywrightError:  # the screen changed under the click: the next round looks again
        return


NOT_ALIVE = ("section.end", "#death-notice", "ul.table li.me.gone")  # the game ended, or the seat died
WHILE_ALIVE = "body" + "".join(f":not(:has({marker}))" for marker in NOT_ALIVE)


def reads_no_jenseits_while_alive(page: Page) -> bool:
    """The living page lists no Jenseits channel (True), or it stopped being a living player's screen
    first (False): the game goes on while the test looks, so he may die, or the game end, after which
    every channel is open to everyone. Fails when the Jenseits shows on a living player's screen."""
    expect(page.locator(f"{WHILE_ALIVE} #channel-beyond")).to_have_count(0)
    return page.locator(WHILE_ALIVE).count() == 1


def test_a_player_who_dies_is_told_so_and_switches_to_the_jenseits(new_context) -> None:  # type: ignore[no-untyped-def]
    pages = start_game(new_context, NAMES)
    roles = [role_of(page) for page in pages]
    victim = NAMES[roles.index("Dorfbewohner")]
    deadline = time.monotonic() + UNTIL_A_DEATH_SECONDS
    dead: list[Page] = []
    while time.monotonic() < deadline and not dead:
        for page in pages:
            if page.locator("#death-notice").count():
                dead.append(page)
            elif page.locator("section.end").count() == 0:
                act_against(page, victim)
    assert dead, "no player died in night 1 or by the vote of day 1"
    page = dead[0]
    name = NAMES[pages.index(page)]
    notice = page.locator("#death-notice")
    expect(notice).to_have_attribute("role", "alert")
    expect(notice.locator("h2")).to_have_text("Du bist gestorben.")
    expect(notice).to_contain_text("Du bist jetzt im Jenseits")
    expect(page.locator("ul.table li.me")).to_contain_text("tot")
    chat = page.locator("#chat")
    expect(chat).to_be_visible()
    expect(page.locator("#channel-beyond")).to_have_attribute("aria-pressed", "true")
    expect(chat.locator(".chatlines")).to_have_attribute("aria-label", "Jenseits")
    screens(page, "online-death")

    page.fill("#chat-text", "Hier ist es still.")
    page.locator("#chat-send").click()
    expect(chat.locator(".chatlines")).to_contain_text(f"{name}: Hier ist es still.")
    living = [p for p in pages if p is not page and p.locator("ul.table li.me.gone").count() == 0]
    looked = 0
    for other in living:
        expect(other.locator("body:not(:has(ul.table li.me.gone)) #death-notice")).to_have_count(0)
        other.get_by_role("button", name="Gespräch").click()
        expect(other.locator("#chat")).to_be_visible()
        looked += reads_no_jenseits_while_alive(other)
    assert looked, "every living player died or the game ended before his chat was looked at"

    with suppress(PlaywrightError):  # a screen drawn anew (his successor's question) may have closed it
        notice.get_by_role("button", name="Schließen").click(timeout=5000)
    expect(page.locator("#death-notice")).to_have_count(0)
    # a dead Hauptmann is told he died and names who follows him; the game may have ended meanwhile
    told = page.locator(".sheet", has_text=re.compile("Du bist tot.|Wer wird dein Nachfolger"))
    expect(told.or_(page.locator("section.end")).first).to_be_visible()
    successor = page.locator('.sheet .decision[data-kind="captain_successor"]')
    if successor.count():
        with suppress(PlaywrightError):  # the question may have timed out under the click
            successor.locator("button.option").first.click(timeout=5000)
    dead_sheet = page.locator(".sheet", has_text="Du bist tot.")
    expect(dead_sheet.or_(page.locator("section.end")).first).to_be_visible()
