/**
 * Lets glide-data-grid render in jsdom (vitest): a do-nothing 2D canvas context, a ResizeObserver,
 * and sizes for the elements inside a DataGrid (jsdom lays nothing out, so every size is 0 and
 * glide would draw nothing). With these, glide builds its accessibility table — real
 * `role="gridcell"` elements with the cells' text — and handles mouse events at coordinates, so
 * tests can read rows and click or double-click them.
 *
 * Call `installGlideJsdom()` once per test file (e.g. in beforeAll); it returns an uninstaller.
 * The pointer helpers (grid-pointer.ts) are re-exported here and work in stories too.
 * Only elements inside `[data-gpms-grid]` get a size; every other element keeps jsdom's zeros.
 */

/** Width the tests give every grid. */
const TEST_GRID_WIDTH = 800;

function gridOf(el: Element): HTMLElement | null {
  return el.closest<HTMLElement>('[data-gpms-grid]');
}

function gridSize(grid: HTMLElement): { width: number; height: number } {
  return { width: TEST_GRID_WIDTH, height: Number.parseFloat(grid.style.height) || 300 };
}

function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    canvas,
    measureText: (text: string) => ({
      width: text.length * 7,
      actualBoundingBoxAscent: 9,
      actualBoundingBoxDescent: 3,
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: text.length * 7,
      fontBoundingBoxAscent: 11,
      fontBoundingBoxDescent: 3,
    }),
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
    createPattern: () => null,
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    getLineDash: () => [],
    isPointInPath: () => false,
  };
  return new Proxy(state, {
    get: (target, prop) => (prop in target ? target[prop] : () => undefined),
    set: (target, prop, value) => {
      target[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

export function installGlideJsdom(): () => void {
  const restore: Array<() => void> = [];
  const define = <T extends object>(proto: T, key: string, descriptor: PropertyDescriptor) => {
    const previous = Object.getOwnPropertyDescriptor(proto, key);
    Object.defineProperty(proto, key, { configurable: true, ...descriptor });
    restore.push(() =>
      previous ? Object.defineProperty(proto, key, previous) : delete (proto as Record<string, unknown>)[key],
    );
  };

  define(HTMLCanvasElement.prototype, 'getContext', {
    value(this: HTMLCanvasElement) {
      return fakeContext(this);
    },
    writable: true,
  });

  // jsdom has no element scrolling; glide scrolls the focused cell into view after an edit.
  for (const key of ['scrollTo', 'scrollBy'] as const) {
    if (typeof (Element.prototype as unknown as Record<string, unknown>)[key] !== 'function') {
      define(Element.prototype, key, { value() {}, writable: true });
    }
  }

  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  define(HTMLElement.prototype, 'clientWidth', {
    get(this: HTMLElement) {
      const grid = gridOf(this);
      return grid ? gridSize(grid).width : (clientWidth?.get?.call(this) ?? 0);
    },
  });
  define(HTMLElement.prototype, 'clientHeight', {
    get(this: HTMLElement) {
      const grid = gridOf(this);
      return grid ? gridSize(grid).height : (clientHeight?.get?.call(this) ?? 0);
    },
  });
  const rect = HTMLCanvasElement.prototype.getBoundingClientRect;
  define(HTMLCanvasElement.prototype, 'getBoundingClientRect', {
    value(this: HTMLCanvasElement) {
      const grid = gridOf(this);
      if (!grid) return rect.call(this);
      const { width, height } = gridSize(grid);
      return {
        x: 0,
        y: 0,
        left: 0,
        top: 0,
        width,
        height,
        right: width,
        bottom: height,
        toJSON: () => ({}),
      } as DOMRect;
    },
    writable: true,
  });

  const hadObserver = 'ResizeObserver' in window;
  const previousObserver = (window as { ResizeObserver?: unknown }).ResizeObserver;
  class TestResizeObserver {
    private readonly callback: ResizeObserverCallback;
    constructor(callback: ResizeObserverCallback) {
      this.callback = callback;
    }
    observe(target: Element) {
      const grid = gridOf(target);
      const size = grid ? gridSize(grid) : { width: 0, height: 0 };
      this.callback(
        [
          {
            target,
            contentRect: { ...size, x: 0, y: 0, top: 0, left: 0, right: size.width, bottom: size.height },
          } as unknown as ResizeObserverEntry,
        ],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  (window as { ResizeObserver?: unknown }).ResizeObserver = TestResizeObserver;
  restore.push(() => {
    if (hadObserver) (window as { ResizeObserver?: unknown }).ResizeObserver = previousObserver;
    else delete (window as { ResizeObserver?: unknown }).ResizeObserver;
  });

  return () => restore.reverse().forEach((undo) => undo());
}

export { clickGridRow, doubleClickGridRow, gridHeaderTexts, gridRowTexts } from './grid-pointer';
