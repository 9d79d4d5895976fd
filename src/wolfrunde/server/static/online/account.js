// Before a room: logging in or registering (a real form: Enter, a phone's Go key and password managers
// work) and the online round's start (open a room, or join one by its code).
import { el } from "../lib/dom.js";
import { api } from "../lib/http.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { roomPath } from "./paths.js";
import { session } from "./session.js";

const T = TEXT.online;
const NAME_MAX = 24; // the server's limit for account names

// onDone(): the user is logged in now.
export function loginScreen(onDone) {
  const name = el("input", { id: "name", name: "username", autocomplete: "username", maxlength: NAME_MAX,
    "aria-describedby": "name-hint" });
  const nameHint = el("p", { class: "hint", id: "name-hint", "aria-live": "polite" }, T.ui.nameHint(NAME_MAX));
  // a name that reaches the limit is cut by the field: the hint says so rather than cutting silently
  name.addEventListener("input", () => {
    nameHint.textContent = name.value.length >= NAME_MAX ? T.ui.nameCut(NAME_MAX) : T.ui.nameHint(NAME_MAX);
  });
  const password = el("input", { id: "password", name: "password", type: "password", autocomplete: "current-password" });
  const message = el("p", { class: "error", role: "alert" });
  async function submit(path) {
    const result = await api(path, { name: name.value, password: password.value });
    if (!result.ok) { message.textContent = result.data.message || TEXT.errors.failed; return; }
    session.me = result.data.user;
    onDone();
  }
  const login = el("form", { class: "login", onsubmit: (event) => { event.preventDefault(); submit("/api/login"); } },
    el("label", { for: "name" }, T.ui.name), name, nameHint, el("label", { for: "password" }, T.ui.password), password,
    message, el("div", { class: "row" },
      el("button", { type: "submit" }, T.ui.login),
      el("button", { class: "secondary", onclick: () => submit("/api/register") }, T.ui.register)));
  return [el("section", {}, el("h1", {}, T.ui.loginTitle), el("p", { class: "hint" }, T.ui.loginHint), login)];
}

// go(path): opens a page of the online round.
export function homeScreen(go) {
  const code = el("input", { id: "code", maxlength: 7, autocapitalize: "characters", autocomplete: "off",
    placeholder: T.ui.codePlaceholder, "aria-describedby": "join-hint" });
  async function create() {
    const result = await api("/api/rooms", {});
    if (!result.ok) { toast(result.data.message || TEXT.errors.failed, "error"); return; }
    go(result.data.link);
  }
  const join = (event) => {
    event.preventDefault();
    if (code.value.trim()) go(roomPath(code.value.trim().toUpperCase()));
  };
  return [el("section", {}, el("h1", {}, T.ui.home), el("button", { onclick: create }, T.ui.create)),
    el("section", {}, el("form", { onsubmit: join }, el("label", { for: "code" }, T.ui.codeLabel), code,
      el("p", { class: "hint", id: "join-hint" }, T.ui.joinHint),
      el("button", { type: "submit" }, T.ui.join)))];
}
