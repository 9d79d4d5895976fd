"""What the table's browser tests share."""

from __future__ import annotations

from playwright.sync_api import Page


def open_single_table(
    page: Page, names: list[str], *, roles: list[str] | None = None, rules: str = "wolfrunde", night: str = "round"
) -> str:
    """A one-device table (`roles`: None for the recommended set; `night`: "round" for Reihum or
    "eyes_closed"), opened as the setup page does, its device key stored; returns its code."""
    page.goto("/tisch")
    page.wait_for_selector("#mode-single")
    code: str = page.evaluate(
        """async ([names, roles, rules, night]) => {
          const body = { mode: "single", names, rules, narrator: "leopold", night_style: night, vote_style: "secret",
            discussion: 180, ...(roles ? { roles } : {}) };
          const answer = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
            body: JSON.stringify(body) });
          const made = await answer.json();
          if (!answer.ok) throw new Error(made.message);
          const device = { code: made.code, token: made.token, mode: "single" };
          localStorage.setItem("wolfrunde.table.device", JSON.stringify(device));
          return made.code;
        }""",
        [names, roles, rules, night],
    )
    page.goto("/tisch")
    return code


def open_own_table(page: Page, host: str = "Anna") -> str:
    """An own-devices table opened by `host` through the setup page, its lobby shown; returns its code."""
    page.goto("/tisch")
    page.click("#mode-own")
    page.fill("#host-name", host)
    page.click("#open-table")
    page.wait_for_selector("#t-night")
    code: str = page.evaluate("() => location.pathname.split('/').pop()")
    return code
