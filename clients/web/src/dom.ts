// The one DOM helper every page uses.

/** An element with attributes ("text" sets its text) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  name: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
