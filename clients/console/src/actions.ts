// An operator's action, asked for in a modal dialog: what it does, the reason (required:
// the audit log records it), an end date where the action has one, and whatever else it
// takes (a new name, a sanction).  The dialog stays open with the refusal in one line
// when the server refuses; on success it closes, the result is announced in the status
// line, and the view redraws and moves the keyboard to what changed (`done`).
// <dialog> keeps focus inside while open and Escape closes it.
import { localInputValue } from "./format.js";
import { el, uid } from "./dom.js";
import { t } from "./i18n.js";
import { announce, showError } from "./shell.js";

const MAX_REASON = 500;
const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;

export interface ActionValues {
  reason: string;
  endsAt: Date | null;
  name: string;
}

export interface ActionSpec {
  title: string;
  intro: string;
  confirm: string;
  /** An end date is asked for, this many days ahead by default. */
  endsInDays?: number;
  /** A new display name is asked for (empty: a neutral generated one). */
  name?: boolean;
  /** Labels the reason field (default: "Reason"). */
  reasonLabel?: string;
  danger?: boolean;
  /** What the dialog's form carries besides (a select), and whether an end date applies. */
  extra?: HTMLElement;
  needsEnd?: () => boolean;
  run: (values: ActionValues) => Promise<string>;
  done: () => void;
}

function field(label: string, control: HTMLElement, hint = ""): HTMLElement {
  const id = control.id;
  const parts: Node[] = [el("label", { for: id, text: label })];
  if (hint) {
    const hintId = `${id}-hint`;
    control.setAttribute("aria-describedby", hintId);
    parts.push(el("p", { class: "note", id: hintId, text: hint }));
  }
  return el("div", { class: "field" }, ...parts, control);
}

/** An end-date control (the browser's date and time picker, the operator's local time). */
export function endField(days: number): { wrap: HTMLElement; input: HTMLInputElement } {
  const now = Date.now();
  const input = el("input", {
    id: uid("ends"), name: "ends-at", type: "datetime-local", required: "",
    min: localInputValue(new Date(now)), max: localInputValue(new Date(now + YEAR_MS)),
    value: localInputValue(new Date(now + days * DAY_MS)),
  });
  return { wrap: field(t("endsAt"), input, t("endsAtHint")), input };
}

/** The end date an input holds, or an error key when it is not a time within a year. */
export function readEnd(input: HTMLInputElement): Date | "endInvalid" {
  const at = new Date(input.value);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now() || at.getTime() > Date.now() + YEAR_MS) return "endInvalid";
  return at;
}

export function openAction(spec: ActionSpec): void {
  const opener = document.activeElement as HTMLElement | null;
  const titleId = uid("dialog-title");
  const reason = el("textarea", { id: uid("reason"), name: "reason", required: "", maxlength: String(MAX_REASON), rows: "3" });
  const name = spec.name ? el("input", { id: uid("name"), name: "display-name", type: "text", maxlength: "32", autocomplete: "off" }) : null;
  const end = spec.endsInDays !== undefined ? endField(spec.endsInDays) : null;
  const submit = el("button", { type: "submit", class: spec.danger ? "danger" : "primary", text: spec.confirm });
  const cancel = el("button", { type: "button", class: "ghost", text: t("cancel") });
  const form = el("form", { class: "action-form", method: "dialog" },
    el("h2", { id: titleId, text: spec.title }),
    el("p", { class: "intro", text: spec.intro }));
  if (spec.extra) form.append(spec.extra);
  if (name) form.append(field(t("newName"), name, t("newNameHint")));
  form.append(field(spec.reasonLabel ?? t("reason"), reason, t("reasonHint")));
  if (end) form.append(end.wrap);
  const status = el("div", { class: "dialog-status" });
  form.append(status, el("div", { class: "buttons" }, cancel, submit));
  const dialog = el("dialog", { class: "action", "aria-labelledby": titleId }, form);
  document.body.append(dialog);
  const close = (): void => {
    dialog.close();
    dialog.remove();
  };
  cancel.addEventListener("click", () => {
    close();
    opener?.focus();
  });
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault(); // Escape: close as Cancel does (focus back where it was)
    close();
    opener?.focus();
  });
  const updateEnd = (): void => {
    if (!end) return;
    const needed = spec.needsEnd ? spec.needsEnd() : true;
    end.wrap.hidden = !needed;
    end.input.disabled = !needed;
  };
  spec.extra?.addEventListener("change", updateEnd);
  updateEnd();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const given = reason.value.trim();
    if (!given) {
      reason.focus();
      return;
    }
    let endsAt: Date | null = null;
    if (end && !end.input.disabled) {
      const read = readEnd(end.input);
      if (read === "endInvalid") {
        status.replaceChildren(el("p", { class: "error", role: "alert", text: t("endInvalid") }));
        end.input.focus();
        return;
      }
      endsAt = read;
    }
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
    try {
      const result = await spec.run({ reason: given, endsAt, name: name?.value.trim() ?? "" });
      close();
      announce(result);
      spec.done();
    } catch (err) {
      showError(status, err);
      submit.disabled = false;
      submit.removeAttribute("aria-busy");
    }
  });
  dialog.showModal();
  (name ?? reason).focus();
}
