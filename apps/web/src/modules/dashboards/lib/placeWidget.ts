/** A widget's place and size: grid units on a grid board, pixels on a big-screen canvas. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a new widget of w × h goes (issue 31.15): the first free place, top to bottom and left to
 * right, beside the widgets already there — every new widget used to go under all the others at
 * the left edge, so a board of number cards became one narrow column. Candidate places are the
 * left edge, the top and the right and bottom edges of the widgets; `height` bounds a canvas
 * (null: a grid board grows downwards). Null when nothing fits in a bounded canvas.
 */
export function placeWidget(placed: readonly Box[], w: number, h: number, width: number, height: number | null = null): { x: number; y: number } | null {
  const xs = [...new Set([0, ...placed.map((b) => b.x + b.w)])].filter((x) => x + w <= width).sort((a, b) => a - b);
  const ys = [...new Set([0, ...placed.map((b) => b.y + b.h)])].filter((y) => height === null || y + h <= height).sort((a, b) => a - b);
  for (const y of ys) {
    for (const x of xs) {
      const box = { x, y, w, h };
      if (!placed.some((other) => overlaps(box, other))) {
        return { x, y };
      }
    }
  }
  return null;
}
