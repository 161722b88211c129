// Tables of records: a caption (the table's name for a screen reader), column headers,
// and a wrapper that scrolls sideways on a phone.  A scrolling region must be reachable
// by keyboard (WCAG 2.1.1): the wrapper is a focusable, named region.
import { el, uid, type Child } from "./dom.js";

export function dataTable(caption: string, headers: string[], rows: Child[][], empty: string, attrs: Record<string, string> = {}): HTMLElement {
  if (rows.length === 0) return el("p", { class: "note empty", ...attrs, text: empty });
  const id = uid("caption");
  const head = el("tr", {}, ...headers.map((h) => el("th", { scope: "col", text: h })));
  const body = el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c) => el("td", {}, c)))));
  const table = el("table", {}, el("caption", { id, text: caption }), el("thead", {}, head), body);
  return el("div", { class: "table-wrap", role: "region", "aria-labelledby": id, tabindex: "0", ...attrs }, table);
}
