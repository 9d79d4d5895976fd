"""The table's small things, in Chromium: no "null" on /tisch, the Sonnenuhr shows its whole time while
the narrator still speaks, the result of an Augen-zu turn sends the device back to the middle, the
narrator's bar sits at the top and leaves with its caption, a refused lobby value goes back, a bad name
list is answered naming the name."""

from __future__ import annotations

from playwright.sync_api import Page
from tests.e2e.table_helpers import open_own_table


def test_the_start_page_shows_no_null_and_a_readable_hint(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.wait_for_selector("#mode-single")
    assert "null" not in page.inner_text("main")
    hint, button = page.evaluate("""() => {
      const colour = (node) => getComputedStyle(node).color;
      const single = document.getElementById("mode-single");
      return [colour(single.querySelector(".hint")), getComputedStyle(single).backgroundColor];
    }""")
    assert hint != button, "the hint on the button has its own readable colour"


def test_the_sonnenuhr_shows_two_minutes_while_the_narrator_speaks(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    shown = page.evaluate("""async () => {
      const { renderScreen } = await import("/static/table/single.js");
      const now = Date.now() / 1000;
      renderScreen({ screen: "discussion", phase: "day", deadline: now + 129, seconds: 120, now, spoken_until: now + 9,
        players: [{ seat: 0, name: "Anna", alive: true }], captions: [], marks: [] }, () => {}, "TEST");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const arc = document.querySelector(".sundial-arc");
      return [document.querySelector(".sundial-text").textContent, Number(arc.getAttribute("stroke-dashoffset"))];
    }""")
    assert shown[0] == "2:00" and shown[1] >= 0


def test_an_eyes_closed_result_sends_the_device_back_to_the_middle(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    texts = page.evaluate("""async () => {
      const { renderScreen } = await import("/static/table/single.js");
      const now = Date.now() / 1000;
      const done = (purpose) => {
        renderScreen({ screen: "result", holder: "Anna", news: [], purpose, now }, () => {}, "TEST");
        return document.getElementById("done").textContent;
      };
      return [done("night"), done("round")];
    }""")
    assert texts == ["Gerät zurück in die Mitte, Augen zu", "Fertig – Gerät weitergeben"]


def test_the_narrator_bar_sits_at_the_top_and_leaves_with_its_caption(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate("""async () => {
      const { enqueue } = await import("/static/lib/narration.js");
      enqueue([{ text: "Die Nacht bricht an.", url: null, seconds: 0.3 }]);
    }""")
    bar = page.locator(".narration-bar")
    bar.wait_for(state="visible")
    assert bar.bounding_box()["y"] == 0, "at the top, never over the button at the end of a screen"
    bar.wait_for(state="hidden", timeout=10_000)  # the caption is cleared a few seconds after the cue


def test_a_device_that_does_not_speak_shows_no_sound_buttons(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate("""async () => {
      const { enqueue, setSpeaker } = await import("/static/lib/narration.js");
      setSpeaker(false);
      enqueue([{ text: "Die Nacht bricht an.", url: null, seconds: 5 }]);
    }""")
    page.locator(".narration-caption").filter(has_text="Die Nacht bricht an.").wait_for()
    assert not page.locator(".narration-mute").is_visible(), "the captions only: its sound buttons would do nothing"
    assert not page.locator(".narration-bar input[type=range]").is_visible()
    page.evaluate("""async () => (await import("/static/lib/narration.js")).setSpeaker(true)""")
    page.locator(".narration-mute").wait_for(state="visible")
    assert page.locator(".narration-bar input[type=range]").is_visible()


def test_a_refused_timer_goes_back_in_the_lobby(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    open_own_table(page)
    page.fill("#t-night", "700")
    page.locator("#t-night").dispatch_event("change")
    page.locator("#toast").filter(has_text="600").wait_for()
    page.wait_for_function("() => document.getElementById('t-night').value === '60'")


def test_a_bad_name_list_is_answered_naming_the_name(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.click("#mode-single")
    page.fill("#names", "Anna\nBen\nCarla\nanna")
    page.click("#start")
    page.locator("#toast").filter(has_text="Name 4 („anna“) steht schon als Name 1 da").wait_for()


def test_hand_count_stays_above_the_fold_and_the_captain_votes_with_one_tap(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate("""async () => {
      const { renderScreen } = await import("/static/table/single.js");
      const now = Date.now() / 1000;
      const players = Array.from({ length: 12 },
        (_, seat) => ({ seat, name: `Spieler ${seat}`, alive: true, captain: seat === 3 }));
      renderScreen({ screen: "hands", phase: "day", kind: "vote", prompt: "Wer soll gehängt werden?", now,
        spoken_until: 0, candidates: players.map((p) => p.seat), voters: 12, captain: 3, players, captions: [] },
        () => {}, "TEST");
    }""")
    page.locator(".t-count").nth(5).locator(".t-captain-vote").click()
    assert page.inner_text("#count-5") == "1" and page.inner_text("#hands-total").startswith("1 von 12")
    assert page.locator(".t-count").nth(3).locator(".t-captain").count() == 1, "the Hauptmann is marked"
    page.locator(".t-count").nth(11).scroll_into_view_if_needed()  # the last row: the page is scrolled down
    for selector in ("#record", "#hands-total"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, f"{selector} above the fold"


def test_an_own_device_shows_the_time_left_for_its_question(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate("""async () => {
      const { renderSeat } = await import("/static/table/own.js");
      const now = Date.now() / 1000;
      const players = [0, 1, 2].map((seat) => (
        { seat, name: ["Anna", "Ben", "Carla"][seat], alive: true, captain: false, role: null }));
      const question = { kind: "seer", prompt: "Wessen Rolle willst du sehen?",
        options: { type: "seat", choices: [1, 2] }, labels: {} };
      renderSeat({ now, phase: "night", round: 1, name: "Anna", alive: true, players, captions: [], speaker: false,
        role: { name: "Seherin", description: "…" }, news: [], result: null, discussion: false, deadline: now + 42,
        questions: [question] }, { host: false }, () => {}, "TEST");
    }""")
    page.wait_for_function("() => /^0:4[012]$/.test(document.getElementById('seat-timer').textContent)")


def test_the_sonnenuhr_can_be_paused_and_extended(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    sent = page.evaluate("""async () => {
      const { renderScreen } = await import("/static/table/single.js");
      const now = Date.now() / 1000;
      const taps = [];
      const players = [{ seat: 0, name: "Anna", alive: true }];
      const screen = (paused_left) => renderScreen({ screen: "discussion", phase: "day", deadline: now + 90,
        seconds: 120, paused_left, now, spoken_until: 0, players, captions: [], marks: [] },
        (op, data) => taps.push([op, data]), "TEST");
      screen(null);
      document.getElementById("dial-pause").click();
      document.getElementById("dial-extend").click();
      screen(90);
      const shown = document.getElementById("dial-paused").textContent;
      document.getElementById("dial-resume").click();
      return { taps, shown, deadline: document.getElementById("main").dataset.deadline };
    }""")
    assert sent["taps"] == [
        ["dial", {"action": "pause"}],
        ["dial", {"action": "extend"}],
        ["dial", {"action": "resume"}],
    ]
    assert sent["shown"] == "Angehalten – noch 1:30"
    assert sent["deadline"] == "", "a paused Sonnenuhr plays no warnings"


TOAST_SCREENS = """async (scroll) => {
  const { renderScreen } = await import("/static/table/single.js");
  const { renderSeat } = await import("/static/table/own.js");
  const { toast } = await import("/static/lib/toast.js");
  const now = Date.now() / 1000;
  const players = Array.from({ length: 12 },
    (_, seat) => ({ seat, name: `Spieler ${seat}`, alive: true, captain: false }));
  const seats = players.map((p) => p.seat);
  const grid = { kind: "grid", prompt: "Wen verdächtigst du?", labels: {},
    options: { type: "grid", choices: [1, 2], optional: true } };
  const base = { phase: "night", now, spoken_until: 0, players, captions: [] };
  const day = { ...base, phase: "day" };
  const screens = {
    pass: { ...base, screen: "pass", to: "Anna", purpose: "round" },
    card: { ...base, screen: "card", holder: "Anna", role: { name: "Seherin", description: "…" }, news: [],
      next: "Ben", purpose: "deal" },
    turn: { ...base, screen: "turn", holder: "Anna", purpose: "round", grid: seats, questions: [grid, grid],
      news: [], min_seconds: 0 },
    result: { ...base, screen: "result", holder: "Anna", news: ["Nichts."], purpose: "round" },
    hands: { ...day, screen: "hands", kind: "vote", prompt: "Wer soll gehängt werden?", candidates: seats,
      voters: 12, captain: null },
    discussion: { ...day, screen: "discussion", deadline: now + 100, seconds: 180, paused_left: null, marks: [] },
    over: { ...base, screen: "over", winner: "Das Dorf gewinnt.", winners: ["Anna"], log: [], suspicions: [],
      roles: players.map((p) => ({ name: p.name, role: "Dorfbewohner" })) },
  };
  const found = [];
  const check = async (name) => {
    window.scrollTo(0, scroll === "end" ? document.body.scrollHeight : 0);
    toast("Dieser Zug ist nicht erlaubt: Spieler 1 und Spieler 3 sitzen nicht nebeneinander.", "error");
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = document.getElementById("toast").getBoundingClientRect();
    for (const button of document.querySelectorAll(".t-big, .decision .submit")) {
      const b = button.getBoundingClientRect();
      const over = b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom;
      if (over) found.push(`${name}: ${button.id || button.className}`);
    }
  };
  for (const [name, screen] of Object.entries(screens)) {
    renderScreen(screen, () => {}, "TEST");
    await check(name);
  }
  const question = { kind: "seer", prompt: "Wessen Rolle willst du sehen?", labels: {},
    options: { type: "seat", choices: [1, 2, 3, 4, 5, 6] } };
  renderSeat({ now, phase: "night", round: 1, name: "Anna", alive: true, captions: [], speaker: false,
    players: players.map((p) => ({ ...p, role: null })), role: { name: "Seherin", description: "…" },
    news: [], result: null, discussion: false, deadline: null, questions: [question] },
    { host: false }, () => {}, "TEST");
  await check("own seat");
  return found;
}"""


def test_the_toast_never_covers_a_main_button(new_context) -> None:  # type: ignore[no-untyped-def]
    """Phone size: on every table screen, scrolled to the top and to the end, the toast and the main
    buttons (.t-big, an own device's Bestätigen) do not overlap."""
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.wait_for_selector("#mode-single")
    for scroll in ("top", "end"):
        covered = page.evaluate(TOAST_SCREENS, scroll)
        assert covered == [], f"scrolled to the {scroll}, the toast covers: {covered}"


def test_a_new_game_at_the_same_table_is_heard_from_its_first_call(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    played = page.evaluate("""async () => {
      const { enqueueNew, setSpeaker } = await import("/static/lib/narration.js");
      setSpeaker(false);
      const cue = (id) => ({ id, text: `Zeile ${id}`, url: null, seconds: 0.1 });
      localStorage.setItem("under-test", "26");  // the last cue of the table's first game
      const second = enqueueNew([cue(0), cue(1), cue(2)], "under-test").map((c) => c.id);
      const redrawn = enqueueNew([cue(0), cue(1), cue(2)], "under-test").map((c) => c.id);
      const onwards = enqueueNew([cue(1), cue(2), cue(3)], "under-test").map((c) => c.id);
      return [second, redrawn, onwards];
    }""")
    assert played == [[0, 1, 2], [], [3]], "the second game numbers afresh: played once, then on from there"


def test_a_lobby_redraw_keeps_the_hosts_place_and_never_focuses_a_removal(new_context, server) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    code = open_own_table(page)
    headers = {"Origin": server.url}
    assert page.request.post(f"/api/tables/{code}/guests", data={"name": "Ben"}, headers=headers).ok
    page.locator(".t-remove").first.wait_for()
    page.focus("#t-night")
    assert page.request.post(f"/api/tables/{code}/guests", data={"name": "Carla"}, headers=headers).ok
    page.wait_for_function("() => document.querySelectorAll('.t-remove').length === 2")
    assert page.evaluate("() => document.activeElement.id") == "t-night", "Enter would not remove anybody"


def test_a_table_already_playing_tells_a_new_device_it_cannot_join(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.route(
        "**/api/tables/QQQQQQ",
        lambda route: route.fulfill(
            json={"code": "QQQQQQ", "status": "running", "mode": "table_own_devices", "players": 6}
        ),
    )
    page.goto("/t/QQQQQQ")
    page.wait_for_selector("#table-closed")
    assert "läuft das Spiel schon" in page.inner_text("#table-closed")
    assert page.locator("input").count() == 0, "no name form that could only be refused"
