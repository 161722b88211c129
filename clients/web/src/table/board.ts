// Drawing: dominoes with pips (SVG), the table with pan and zoom, and the paper tally.
import { FIT_PAD, type Geometry, type PlacedTile, type Rect, boundsOf } from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";
export const UNIT = 40; // pixels per domino square at zoom 1

export function svg<K extends keyof SVGElementTagNameMap>(
  name: K, attrs: Record<string, string | number> = {}, parent?: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

// Pip positions on a 3×3 grid (0..2) for 0..6.
const PIPS: [number, number][][] = [
  [],
  [[1, 1]],
  [[0, 0], [2, 2]],
  [[0, 0], [1, 1], [2, 2]],
  [[0, 0], [2, 0], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
];

/** One half (a square) of a domino with its pips, at (x, y) of size s. */
function drawHalf(g: Element, x: number, y: number, s: number, pips: number): void {
  const step = s / 4;
  for (const [i, j] of PIPS[pips] ?? []) {
    svg("circle", { cx: x + step * (i + 1), cy: y + step * (j + 1), r: s * 0.09, class: "pip" }, g);
  }
}

/** A domino drawn in `rect` (pixels); `first` is the left/top half. */
export function drawDomino(
  parent: Element, rect: Rect, first: number, second: number, attrs: Record<string, string> = {},
): SVGGElement {
  const g = svg("g", { class: "domino", ...attrs }, parent);
  const inset = rect.w * 0.02 + 1;
  svg("rect", {
    x: rect.x + inset, y: rect.y + inset, width: rect.w - 2 * inset, height: rect.h - 2 * inset,
    rx: Math.min(rect.w, rect.h) * 0.14, class: "face",
  }, g);
  const horizontal = rect.w >= rect.h;
  const s = horizontal ? rect.w / 2 : rect.h / 2;
  if (horizontal) {
    svg("line", { x1: rect.x + s, y1: rect.y + s * 0.15, x2: rect.x + s, y2: rect.y + rect.h - s * 0.15, class: "divider" }, g);
    drawHalf(g, rect.x, rect.y, s, first);
    drawHalf(g, rect.x + s, rect.y, s, second);
  } else {
    svg("line", { x1: rect.x + s * 0.15, y1: rect.y + s, x2: rect.x + rect.w - s * 0.15, y2: rect.y + s, class: "divider" }, g);
    drawHalf(g, rect.x, rect.y, s, first);
    drawHalf(g, rect.x, rect.y + s, s, second);
  }
  return g;
}

/** A standalone domino (hand tiles): an <svg> of width × height pixels. */
export function dominoIcon(low: number, high: number, vertical: boolean, size = 34): SVGSVGElement {
  const w = vertical ? size : size * 2;
  const h = vertical ? size * 2 : size;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, "aria-hidden": "true", focusable: "false" });
  drawDomino(root, { x: 0, y: 0, w, h }, low, high);
  return root;
}

export interface Marker {
  x: number; // units
  y: number;
  label: string;
  /** What a placement here scores ("+3"), drawn beside the marker. */
  badge?: string;
  onPick: () => void;
}

/** A counting end's star: where (units) and what it adds to the end sum. */
export interface CountingMark {
  x: number;
  y: number;
  value: number;
  label: string;
}

/** A five-pointed star of outer radius r centred on (cx, cy), pixels. */
function starPath(cx: number, cy: number, r: number): string {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M ${points.join(" L ")} Z`;
}

/** The table: an SVG of the layout with pan (drag), zoom (wheel, pinch, buttons). */
export class Board {
  readonly root: SVGSVGElement;
  private readonly content: SVGGElement;
  private view = { x: -6, y: -4, w: 12, h: 8 }; // viewBox in units
  private userMoved = false;
  private lastCount = -1;
  private pointers = new Map<number, { x: number; y: number }>();
  private pinch = 0;

  constructor(host: HTMLElement, label: string) {
    this.root = svg("svg", { class: "board", role: "group", "aria-label": label });
    this.content = svg("g", {}, this.root);
    host.appendChild(this.root);
    this.root.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomAt(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
    }, { passive: false });
    this.root.addEventListener("pointerdown", (e) => {
      if ((e.target as Element).closest(".marker")) return;
      this.root.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.pinch = this.pinchDistance();
    });
    this.root.addEventListener("pointermove", (e) => {
      const before = this.pointers.get(e.pointerId);
      if (!before) return;
      const rect = this.root.getBoundingClientRect();
      if (this.pointers.size === 1) {
        const k = this.view.w / Math.max(1, rect.width);
        this.view.x -= (e.clientX - before.x) * k;
        this.view.y -= (e.clientY - before.y) * k;
        this.userMoved = true;
      }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) {
        const d = this.pinchDistance();
        if (this.pinch > 0 && d > 0) this.zoomAt(this.pinch / d, rect.left + rect.width / 2, rect.top + rect.height / 2);
        this.pinch = d;
      }
      this.apply();
    });
    const up = (e: PointerEvent) => {
      this.pointers.delete(e.pointerId);
      this.pinch = this.pinchDistance();
    };
    this.root.addEventListener("pointerup", up);
    this.root.addEventListener("pointercancel", up);
    new ResizeObserver(() => this.fitOrKeep()).observe(this.root);
  }

  private pinchDistance(): number {
    const p = [...this.pointers.values()];
    return p.length === 2 ? Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) : 0;
  }

  zoomAt(factor: number, clientX?: number, clientY?: number): void {
    const rect = this.root.getBoundingClientRect();
    const fx = clientX === undefined ? 0.5 : (clientX - rect.left) / Math.max(1, rect.width);
    const fy = clientY === undefined ? 0.5 : (clientY - rect.top) / Math.max(1, rect.height);
    const w = Math.min(400, Math.max(3, this.view.w * factor));
    const h = (this.view.h * w) / this.view.w;
    this.view.x += (this.view.w - w) * fx;
    this.view.y += (this.view.h - h) * fy;
    this.view.w = w;
    this.view.h = h;
    this.userMoved = true;
    this.apply();
  }

  fit(): void {
    this.userMoved = false;
    this.fitOrKeep();
  }

  private bounds: Rect = { x: -2, y: -1, w: 4, h: 2 };

  private fitOrKeep(): void {
    if (this.userMoved) return this.apply();
    const rect = this.root.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.5;
    const pad = FIT_PAD;
    let w = Math.max(this.bounds.w + 2 * pad, 10);
    let h = Math.max(this.bounds.h + 2 * pad, 6);
    if (w / h > aspect) h = w / aspect;
    else w = h * aspect;
    const cx = this.bounds.x + this.bounds.w / 2;
    const cy = this.bounds.y + this.bounds.h / 2;
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.apply();
  }

  private apply(): void {
    const { x, y, w, h } = this.view;
    this.root.setAttribute("viewBox", `${x * UNIT} ${y * UNIT} ${w * UNIT} ${h * UNIT}`);
  }

  render(
    geometry: Geometry, tileLabel: (t: PlacedTile) => string, markers: Marker[], fresh: number | null,
    counting: readonly CountingMark[] = [],
  ): void {
    this.content.replaceChildren();
    for (const placed of geometry.tiles) {
      if (placed.link && (placed.link.x1 !== placed.link.x2 || placed.link.y1 !== placed.link.y2)) {
        svg("line", {
          x1: placed.link.x1 * UNIT, y1: placed.link.y1 * UNIT, x2: placed.link.x2 * UNIT, y2: placed.link.y2 * UNIT,
          class: "link",
        }, this.content);
      }
    }
    for (const placed of geometry.tiles) {
      const r = placed.rect;
      const g = drawDomino(this.content, { x: r.x * UNIT, y: r.y * UNIT, w: r.w * UNIT, h: r.h * UNIT }, placed.first, placed.second, {
        role: "img", "aria-label": tileLabel(placed), "data-tile": `${placed.tile.low}-${placed.tile.high}`,
      });
      if (placed.index === fresh) g.classList.add("fresh");
    }
    // a star just past each end that counts (the terminal's ★), under any marker there
    for (const mark of counting) {
      const g = svg("g", { class: "counting", role: "img", "aria-label": mark.label, "data-value": mark.value }, this.content);
      svg("path", { d: starPath(mark.x * UNIT, mark.y * UNIT, UNIT * 0.3) }, g);
    }
    for (const marker of markers) {
      const g = svg("g", { class: "marker", role: "button", tabindex: 0, "aria-label": marker.label }, this.content);
      svg("circle", { cx: marker.x * UNIT, cy: marker.y * UNIT, r: UNIT * 0.42 }, g);
      svg("path", {
        d: `M ${marker.x * UNIT - 8} ${marker.y * UNIT} h 16 M ${marker.x * UNIT} ${marker.y * UNIT - 8} v 16`,
      }, g);
      if (marker.badge) {
        svg("text", { x: marker.x * UNIT, y: (marker.y - 0.62) * UNIT, class: "marker-badge", "text-anchor": "middle" }, g).textContent = marker.badge;
      }
      const pick = (e: Event) => {
        e.preventDefault();
        marker.onPick();
      };
      g.addEventListener("click", pick);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") pick(e);
      });
    }
    const rects = geometry.tiles.map((t) => t.rect);
    for (const m of [...markers, ...counting]) rects.push({ x: m.x - 0.5, y: m.y - 0.5, w: 1, h: 1 });
    this.bounds = boundsOf(rects);
    if (geometry.tiles.length !== this.lastCount) {
      this.lastCount = geometry.tiles.length;
    }
    this.fitOrKeep();
  }
}

/** The paper tally of displayed points: a stroke per point, and for each full ten a big
 *  X with a small x in each of its four spaces (RULES: 50 raw points). */
export function tallySvg(points: number, label: string): SVGSVGElement {
  const tens = Math.floor(Math.abs(points) / 10);
  const ones = Math.abs(points) % 10;
  const cell = 34;
  const width = Math.max(1, tens * (cell + 6) + (ones ? ones * 6 + 6 : 0) + (points < 0 ? 12 : 0));
  const root = svg("svg", { viewBox: `0 0 ${width} ${cell}`, width, height: cell, role: "img", "aria-label": label, class: "tally" });
  let x = 0;
  if (points < 0) {
    svg("line", { x1: 1, y1: cell / 2, x2: 9, y2: cell / 2 }, root);
    x = 12;
  }
  for (let i = 0; i < tens; i += 1) {
    svg("line", { x1: x + 2, y1: 2, x2: x + cell - 2, y2: cell - 2 }, root);
    svg("line", { x1: x + cell - 2, y1: 2, x2: x + 2, y2: cell - 2 }, root);
    // a small x in each of the four spaces between the arms of the big X
    const small = (cx: number, cy: number) => {
      svg("line", { x1: cx - 2, y1: cy - 2, x2: cx + 2, y2: cy + 2, class: "small" }, root);
      svg("line", { x1: cx + 2, y1: cy - 2, x2: cx - 2, y2: cy + 2, class: "small" }, root);
    };
    small(x + cell / 2, 5.5); // top space
    small(x + cell / 2, cell - 5.5); // bottom
    small(x + 5.5, cell / 2); // left
    small(x + cell - 5.5, cell / 2); // right
    x += cell + 6;
  }
  for (let i = 0; i < ones; i += 1) {
    svg("line", { x1: x + 3, y1: 4, x2: x + 3, y2: cell - 4 }, root);
    x += 6;
  }
  return root;
}

/** A still picture of a layout (the round-end panel's final table): no pan, no zoom,
 *  the view fitted to the tiles. */
export function layoutPicture(geometry: Geometry, label: string): SVGSVGElement {
  const b = boundsOf(geometry.tiles.map((t) => t.rect));
  const pad = 0.4;
  const root = svg("svg", {
    class: "board still", role: "img", "aria-label": label,
    viewBox: `${(b.x - pad) * UNIT} ${(b.y - pad) * UNIT} ${(b.w + 2 * pad) * UNIT} ${(b.h + 2 * pad) * UNIT}`,
  });
  for (const placed of geometry.tiles) {
    const r = placed.rect;
    drawDomino(root, { x: r.x * UNIT, y: r.y * UNIT, w: r.w * UNIT, h: r.h * UNIT }, placed.first, placed.second);
  }
  return root;
}
