// The sign-in screen: the operator pastes an operator credential (`make run` prints one
// for the local stack; `fiveup admin credential` makes one) or an ID token of the
// identity provider that carries the operator role.  GetOperator checks it before it is
// kept (in this tab's sessionStorage only).
import { signIn } from "../api.js";
import { el, heading, uid } from "../dom.js";
import { reasonText, t } from "../i18n.js";
import { bareFrame, showError } from "../shell.js";

export function signInView(done: () => void, why = ""): void {
  const host = bareFrame();
  document.title = `${t("signInTitle")} · ${t("title")}`;
  const id = uid("token");
  const hint = uid("token-hint");
  const input = el("input", {
    id, name: "token", type: "password", required: "", autocomplete: "off", spellcheck: "false",
    "aria-describedby": hint,
  });
  const submit = el("button", { type: "submit", class: "primary", text: t("signIn") });
  const form = el("form", { class: "card signin", "aria-labelledby": "signin-title" },
    heading(2, t("signInTitle"), { id: "signin-title" }),
    el("p", { id: hint, text: t("signInHint") }),
    el("div", { class: "field" }, el("label", { for: id, text: t("tokenLabel") }), input),
    el("p", { class: "note", text: t("signInStorage") }),
    el("div", { class: "buttons" }, submit));
  if (why) form.insertBefore(el("p", { class: "error", role: "alert", text: t("signedOutBecause", { reason: reasonText(why) }) }), form.children[1]);
  host.replaceChildren(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!token) {
      input.focus();
      return;
    }
    submit.disabled = true;
    try {
      await signIn(token);
      done();
    } catch (err) {
      showError(form, err);
      submit.disabled = false;
      input.focus();
    }
  });
  input.focus();
}
