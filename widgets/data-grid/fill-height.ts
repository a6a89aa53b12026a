import { useEffect, useState, type RefObject } from 'react';

/**
 * Height a list's grid may take so the page ends at the window's bottom: the window's height less
 * what is above the grid and what follows it (the page's paddings and footer), between `min` and
 * what the rows need. Null until measured, and where nothing is laid out (jsdom): the caller keeps
 * its fixed rows then.
 */
function fillHeight(el: HTMLElement, min: number, max: number): number | null {
  const rect = el.getBoundingClientRect();
  if (rect.width === 0) return null;
  const top = rect.top + window.scrollY;
  // The height set is the content box's: the element's own borders come on top of it.
  const own = getComputedStyle(el);
  const borders = own.boxSizing === 'border-box' ? 0 : px(own.borderTopWidth) + px(own.borderBottomWidth);
  const available = Math.floor(window.innerHeight - top - spaceBelow(el) - borders);
  return Math.max(min, Math.min(max, available));
}

const px = (v: string) => Number.parseFloat(v) || 0;

/**
 * What the page lays out below `el` in its column: each ancestor's following siblings (not those
 * beside it in a row, nor out of the flow), bottom paddings, borders and margins — never the free
 * space a stretched layout leaves, which is what the grid may take.
 */
function spaceBelow(el: HTMLElement): number {
  let total = 0;
  let node: HTMLElement = el;
  while (node.parentElement && node !== document.body) {
    const parent = node.parentElement;
    const ps = getComputedStyle(parent);
    const inRow =
      (ps.display.includes('flex') && !ps.flexDirection.startsWith('column')) || ps.display.includes('grid');
    total += px(getComputedStyle(node).marginBottom);
    if (!inRow) {
      for (let sib = node.nextElementSibling; sib; sib = sib.nextElementSibling) {
        const cs = getComputedStyle(sib);
        if (cs.display === 'none' || cs.position === 'absolute' || cs.position === 'fixed') continue;
        total += sib.getBoundingClientRect().height + px(cs.marginTop) + px(cs.marginBottom);
      }
    }
    total += px(ps.paddingBottom) + px(ps.borderBottomWidth);
    node = parent;
  }
  return total;
}

/** fillHeight kept current: on mount, when the window or the page above changes size. */
export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  min: number,
  max: number,
): number | null {
  const [h, setH] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof window === 'undefined') return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setH(fillHeight(el, min, max)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Filters shown or hidden, a chart drawn above, a message: the grid's place moves.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, enabled, min, max]);
  return enabled ? h : null;
}
