/**
 * Server-paged rows for a grid: the grid asks for what is on screen, this fetches the pages that
 * cover it (one request per page, never twice at once), keeps a bounded number of pages and
 * forgets everything on a new search or sort. 100,000 rows never sit in memory at once.
 */
export interface PageAnswer<Row> {
  rows: Row[];
  total: number;
  totals?: Record<string, unknown> | null;
  /** A list paged by key (docs/api.md "Lists"): where the page after / before this one starts. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/** Where a page starts when a neighbour's cursor is known: the server then seeks instead of skipping `page - 1` pages. */
export type PageCursor = { after: string } | { before: string };

export type PageFetcher<Row> = (
  page: number,
  size: number,
  signal: AbortSignal,
  cursor?: PageCursor,
) => Promise<PageAnswer<Row>>;

export interface PagedRowsEvents<Row> {
  /** Rows [start, end) arrived (redraw them). */
  onRows?: (start: number, end: number) => void;
  /** The total or the totals changed. */
  onMeta?: (meta: { total: number; totals: Record<string, unknown> | null }) => void;
  onError?: (error: unknown) => void;
  /** Any request running (for a spinner). */
  onLoading?: (loading: boolean) => void;
  /** Only for type inference. */
  _row?: Row;
}

export class PagedRows<Row> {
  private pages = new Map<number, Row[]>();
  /** The cursors each page answered, kept after its rows are dropped (a few bytes a page). */
  private cursors = new Map<number, { next: string | null; prev: string | null }>();
  private pending = new Map<number, Promise<void>>();
  private controller = new AbortController();
  private generation = 0;
  total: number | null = null;
  totals: Record<string, unknown> | null = null;

  constructor(
    private readonly fetchPage: PageFetcher<Row>,
    readonly pageSize: number,
    private events: PagedRowsEvents<Row> = {},
    /** Pages kept; the ones furthest from the last request go first. */
    private readonly maxPages = 60,
  ) {}

  /** Where rows, totals, loading and errors are reported (a screen wires this in an effect). */
  listen(events: PagedRowsEvents<Row>): void {
    this.events = events;
  }

  /** The row at `index`, or undefined while its page is not here. */
  get(index: number): Row | undefined {
    const page = this.pages.get(Math.floor(index / this.pageSize));
    return page?.[index % this.pageSize];
  }

  /** All rows loaded so far, with their indexes (totals over a fully loaded result). */
  loaded(): Array<[number, Row]> {
    const out: Array<[number, Row]> = [];
    for (const [p, rows] of this.pages) rows.forEach((r, i) => out.push([p * this.pageSize + i, r]));
    return out.sort((a, b) => a[0] - b[0]);
  }

  get isComplete(): boolean {
    return this.total !== null && this.loaded().length >= this.total;
  }

  /** Starts a new result: the first page is fetched at once and answers the total. */
  reset(): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    this.generation++;
    this.pages.clear();
    this.cursors.clear();
    this.pending.clear();
    this.total = null;
    this.totals = null;
    return this.load(0);
  }

  /** Makes sure rows [start, end) are (being) fetched, one page of look-ahead included. */
  ensure(start: number, end: number): void {
    if (this.total === null) return;
    const last = Math.min(end, this.total) - 1;
    if (last < 0) return;
    const first = Math.floor(Math.max(start, 0) / this.pageSize);
    const lastPage = Math.min(Math.floor(last / this.pageSize) + 1, Math.floor((this.total - 1) / this.pageSize));
    for (let p = first; p <= lastPage; p++) void this.load(p);
    this.evict(first);
  }

  /** Stops what is in flight (the screen is going away). */
  dispose(): void {
    this.controller.abort();
    this.generation++;
  }

  private load(pageIndex: number): Promise<void> {
    if (this.pages.has(pageIndex)) return Promise.resolve();
    const running = this.pending.get(pageIndex);
    if (running) return running;
    const generation = this.generation;
    const signal = this.controller.signal;
    this.events.onLoading?.(true);
    // A neighbour still in flight (the look-ahead asked with the page on screen) is waited for: its
    // cursor then makes this page a seek, not an OFFSET over every page before it.
    const neighbour = this.cursorFor(pageIndex)
      ? undefined
      : (this.pending.get(pageIndex - 1) ?? this.pending.get(pageIndex + 1));
    const promise = (neighbour ? neighbour.catch(() => undefined) : Promise.resolve())
      .then(() => this.fetchPage(pageIndex + 1, this.pageSize, signal, this.cursorFor(pageIndex)))
      .then((answer) => {
        if (generation !== this.generation) return;
        this.pages.set(pageIndex, answer.rows);
        if (answer.nextCursor !== undefined || answer.prevCursor !== undefined)
          this.cursors.set(pageIndex, { next: answer.nextCursor ?? null, prev: answer.prevCursor ?? null });
        const metaChanged =
          this.total !== answer.total || (answer.totals !== undefined && answer.totals !== this.totals);
        this.total = answer.total;
        if (answer.totals !== undefined) this.totals = answer.totals ?? null;
        if (metaChanged) this.events.onMeta?.({ total: this.total, totals: this.totals });
        const start = pageIndex * this.pageSize;
        this.events.onRows?.(start, start + answer.rows.length);
      })
      .catch((error: unknown) => {
        if (generation !== this.generation || signal.aborted) return;
        this.events.onError?.(error);
      })
      .finally(() => {
        if (generation === this.generation) this.pending.delete(pageIndex);
        if (this.pending.size === 0) this.events.onLoading?.(false);
      });
    this.pending.set(pageIndex, promise);
    return promise;
  }

  /**
   * The next page after the one before it, the previous page before the one after it (scrolling
   * either way); a page with no fetched neighbour (a jump by the scroll bar) goes by its number,
   * the server's OFFSET.
   */
  private cursorFor(pageIndex: number): PageCursor | undefined {
    const after = this.cursors.get(pageIndex - 1)?.next;
    if (after) return { after };
    const before = this.cursors.get(pageIndex + 1)?.prev;
    if (before) return { before };
    return undefined;
  }

  private evict(near: number): void {
    if (this.pages.size <= this.maxPages) return;
    const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - near) - Math.abs(a - near));
    for (const p of far.slice(0, this.pages.size - this.maxPages)) this.pages.delete(p);
  }
}
