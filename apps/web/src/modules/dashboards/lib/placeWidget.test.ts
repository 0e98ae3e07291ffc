import { describe, expect, it } from 'vitest';
import { placeWidget } from './placeWidget';

describe('placeWidget (where a new widget goes)', () => {
  it('goes to the top left of an empty board', () => {
    expect(placeWidget([], 3, 3, 12)).toEqual({ x: 0, y: 0 });
  });

  it('goes beside the widgets of a row that has room, not under them at the left edge', () => {
    const cards = [
      { x: 0, y: 0, w: 3, h: 3 },
      { x: 3, y: 0, w: 3, h: 3 },
    ];
    expect(placeWidget(cards, 3, 3, 12)).toEqual({ x: 6, y: 0 });
    expect(placeWidget([...cards, { x: 6, y: 0, w: 3, h: 3 }, { x: 9, y: 0, w: 3, h: 3 }], 3, 3, 12)).toEqual({ x: 0, y: 3 });
  });

  it('takes the first hole that fits and never overlaps', () => {
    const placed = [
      { x: 0, y: 0, w: 6, h: 6 },
      { x: 6, y: 0, w: 6, h: 2 },
    ];
    expect(placeWidget(placed, 6, 4, 12)).toEqual({ x: 6, y: 2 });
    expect(placeWidget(placed, 8, 2, 12)).toEqual({ x: 0, y: 6 });
  });

  it('on a bounded canvas answers null when nothing fits', () => {
    expect(placeWidget([{ x: 0, y: 0, w: 1920, h: 1080 }], 480, 135, 1920, 1080)).toBeNull();
    expect(placeWidget([{ x: 0, y: 0, w: 480, h: 135 }], 480, 135, 1920, 1080)).toEqual({ x: 480, y: 0 });
  });
});
