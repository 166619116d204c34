import type { Locator } from 'playwright-core';

/** How far (px) an element's content runs past its own box, and its box past a container's. */
export interface Overflow {
  /** Content wider than the box: cut off (overflow hidden) or sticking out. */
  content: number;
  /** The box past the container's left or right edge. */
  outside: number;
}

/**
 * Measures whether text is cut off: long unbroken strings (a long link, an id, a word without
 * spaces) must wrap inside their box, and the box must stay inside `container` (the closest
 * ancestor matching that selector, e.g. the scrolling message list).
 */
export function overflowOf(element: Locator, container: string): Promise<Overflow> {
  return element.evaluate((el, selector) => {
    const outer = el.closest(selector);
    if (!outer) throw new Error(`no ${selector} around the element`);
    const box = el.getBoundingClientRect();
    const bounds = outer.getBoundingClientRect();
    const descendants = [el, ...Array.from(el.querySelectorAll('*'))];
    return {
      content: Math.max(...descendants.map((d) => d.scrollWidth - d.clientWidth)),
      outside: Math.max(bounds.left - box.left, box.right - bounds.right),
    };
  }, container);
}

/** Fails unless the element's text wraps inside it and it stays inside `container`. */
export async function expectFits(element: Locator, container: string): Promise<void> {
  const overflow = await overflowOf(element, container);
  // A pixel for rounding.
  expect(overflow.content).toBeLessThanOrEqual(1);
  expect(overflow.outside).toBeLessThanOrEqual(1);
}

/** A string no browser can break at a space or a hyphen: it wraps only if the box lets words break. */
export const UNBROKEN = `${'Unbrokenstring'.repeat(12)}_${'9'.repeat(40)}`;
/** A long link as visitors paste them. */
export const LONG_LINK = `https://mugs.example/checkout/session/${'a1b2c3d4e5'.repeat(14)}?utm_source=newsletter`;
