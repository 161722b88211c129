// The one DOM helper every view uses (as the players' app's): an element with
// attributes ("text" sets its text content) and children.  No inline styles anywhere:
// the page's Content-Security-Policy admits the stylesheet only.

export type Child = Node | string;

export function el<K extends keyof HTMLElementTagNameMap>(
  name: K, attrs: Record<string, string> = {}, ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

let ids = 0;

/** A fresh id for a label's `for`, an aria-labelledby or aria-describedby. */
export function uid(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** A heading that focus can be moved to (after a page change or an action). */
export function heading(level: 2 | 3, text: string, attrs: Record<string, string> = {}): HTMLHeadingElement {
  return el(`h${level}`, { tabindex: "-1", ...attrs, text });
}
