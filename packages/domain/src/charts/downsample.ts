/**
 * Downsampling of time-ordered points to a point budget (never more than `maxPoints`), so a
 * chart of a million values stays light while its spikes stay visible (docs/charts.md).
 */
export type Point = [number, number];

/**
 * Min/max per time slot: the window is cut into maxPoints/2 slots and each slot keeps its
 * lowest and highest point, in time order. Every extreme of the data survives — a single spike
 * among a million values is still drawn.
 */
export function minMaxDownsample(points: readonly Point[], maxPoints: number): Point[] {
  if (points.length <= maxPoints) {
    return points.slice();
  }
  const slots = Math.max(1, Math.floor(maxPoints / 2));
  const first = points[0][0];
  const span = points[points.length - 1][0] - first + 1;
  const out: Point[] = [];
  let slot = -1;
  let lo: Point | null = null;
  let hi: Point | null = null;
  const flush = () => {
    if (lo && hi) {
      if (lo === hi) {
        out.push(lo);
      } else if (lo[0] <= hi[0]) {
        out.push(lo, hi);
      } else {
        out.push(hi, lo);
      }
    }
  };
  for (const point of points) {
    const s = Math.min(slots - 1, Math.floor(((point[0] - first) / span) * slots));
    if (s !== slot) {
      flush();
      slot = s;
      lo = point;
      hi = point;
    } else {
      if (point[1] < lo![1]) {
        lo = point;
      }
      if (point[1] > hi![1]) {
        hi = point;
      }
    }
  }
  flush();
  return out;
}

/**
 * Largest-Triangle-Three-Buckets (Steinarsson 2013): keeps the first and last point and, from
 * each of maxPoints-2 buckets, the point making the largest triangle with its neighbours — the
 * shape of the line with exactly `maxPoints` points.
 */
export function lttb(points: readonly Point[], maxPoints: number): Point[] {
  const n = points.length;
  if (maxPoints >= n || maxPoints < 3) {
    return maxPoints < 3 && n > maxPoints ? points.slice(0, Math.max(0, maxPoints)) : points.slice();
  }
  const out: Point[] = [points[0]];
  const every = (n - 2) / (maxPoints - 2);
  let a = 0;
  for (let i = 0; i < maxPoints - 2; i++) {
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += points[j][0];
      avgY += points[j][1];
    }
    const length = Math.max(1, nextEnd - nextStart);
    avgX /= length;
    avgY /= length;
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const [ax, ay] = points[a];
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((ax - avgX) * (points[j][1] - ay) - (ax - points[j][0]) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out.push(points[best]);
    a = best;
  }
  out.push(points[n - 1]);
  return out;
}
