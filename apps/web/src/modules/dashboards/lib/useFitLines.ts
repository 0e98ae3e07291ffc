import { useEffect, useState } from 'react';

/** The smallest font a fitted line shrinks to (px); below it the line is cut, as a last resort. */
const minFontPx = 12;

/** Shrinks each element that is wider than its box (one line, `white-space: nowrap`) until it fits. */
export function fitLines(root: HTMLElement, selector: string): void {
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    element.style.fontSize = '';
    const room = element.clientWidth;
    const needed = element.scrollWidth;
    if (room > 0 && needed > room) {
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      element.style.fontSize = `${Math.max(minFontPx, Math.floor((size * room) / needed))}px`;
    }
  }
}

/**
 * A widget's big numbers (a number card's value and unit, the aggregate card of the charts module)
 * shrink to fit a narrow widget instead of being cut (issue 31.11: "11.5…" on a phone). Each keeps
 * its stylesheet size whenever that fits; measured again when the widget's size or its text changes.
 */
export function useFitLines(selector: string) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) {
      return undefined;
    }
    const fit = () => fitLines(element, selector);
    fit();
    const resized = new ResizeObserver(fit);
    resized.observe(element);
    // Text only: the sizes fitLines sets are attribute changes and do not start it again.
    const changed = new MutationObserver(fit);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [element, selector]);
  return setElement;
}
