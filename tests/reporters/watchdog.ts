import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Says which test files are running while a run is long. CI keeps only the end of a log and stops a
 * run at 90 minutes: a file that hangs (or a project that is slower than thought) must name itself
 * before then. Every 20 seconds this writes test-results/in-flight.txt (the files running now, since
 * when, and the test each is in); a file running longer than WATCHDOG_AFTER_S (300) is printed, again
 * every five minutes; every ten minutes a line per project says how many files are done.
 * scripts/test.mjs prints the in-flight file when it stops a run at its deadline.
 */
interface Running {
  project: string;
  file: string;
  since: number;
  test: string | null;
  warnedAt: number;
}

export default class WatchdogReporter implements Reporter {
  private readonly running = new Map<string, Running>();
  private readonly queued = new Map<string, number>();
  private readonly done = new Map<string, number>();
  private readonly started = Date.now();
  private readonly afterMs = Number(process.env.WATCHDOG_AFTER_S ?? 300) * 1000;
  private readonly file = path.resolve(process.env.IN_FLIGHT_FILE ?? 'test-results/in-flight.txt');
  private lastProgress = Date.now();
  /** The least memory the machine had available at a tick (MemAvailable), and when: an OOM kill hangs a run. */
  private lowest: { mb: number; at: number } | null = null;
  private timer: NodeJS.Timeout | null = null;

  onTestRunStart(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    this.timer = setInterval(() => this.tick(), Number(process.env.WATCHDOG_TICK_S ?? 20) * 1000);
    this.timer.unref();
  }

  onTestModuleQueued(m: TestModule): void {
    this.queued.set(m.project.name, (this.queued.get(m.project.name) ?? 0) + 1);
  }

  onTestModuleStart(m: TestModule): void {
    this.running.set(m.moduleId, {
      project: m.project.name,
      file: this.relative(m.moduleId),
      since: Date.now(),
      test: null,
      warnedAt: 0,
    });
  }

  onTestCaseReady(test: TestCase): void {
    const r = this.running.get(test.module.moduleId);
    if (r) r.test = test.fullName;
  }

  onTestModuleEnd(m: TestModule): void {
    this.running.delete(m.moduleId);
    this.done.set(m.project.name, (this.done.get(m.project.name) ?? 0) + 1);
  }

  onTestRunEnd(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.lowest)
      console.log(
        `watchdog: the least memory available during the run was ${this.lowest.mb} MB, ${minutes(this.lowest.at - this.started)} in`,
      );
    fs.rmSync(this.file, { force: true });
  }

  private tick(): void {
    const now = Date.now();
    const available = availableMb();
    if (available !== null && (!this.lowest || available < this.lowest.mb)) this.lowest = { mb: available, at: now };
    const lines = [...this.running.values()].map(
      (r) => `${r.project} ${r.file} — running ${minutes(now - r.since)}${r.test ? `, in “${r.test}”` : ''}`,
    );
    fs.writeFileSync(
      this.file,
      `${new Date(now).toISOString()} (${minutes(now - this.started)} into the run; memory available ${available ?? '?'} MB)\n${lines.join('\n')}\n`,
    );
    for (const r of this.running.values()) {
      if (now - r.since < this.afterMs || now - r.warnedAt < 300_000) continue;
      r.warnedAt = now;
      console.log(
        `⏳ watchdog: ${r.project} ${r.file} has run ${minutes(now - r.since)}${r.test ? ` (in “${r.test}”)` : ''}`,
      );
    }
    if (now - this.lastProgress >= Number(process.env.WATCHDOG_PROGRESS_S ?? 600) * 1000) {
      this.lastProgress = now;
      const projects = [...this.queued.keys()]
        .map((p) => `${p} ${this.done.get(p) ?? 0}/${this.queued.get(p)}`)
        .join(', ');
      console.log(
        `⏳ watchdog: ${minutes(now - this.started)} into the run; files done: ${projects}; running: ${[...this.running.values()].map((r) => r.file).join(', ') || 'none'}; memory available: ${available ?? '?'} MB`,
      );
    }
  }

  private relative(id: string): string {
    return id.startsWith(process.cwd() + '/') ? id.slice(process.cwd().length + 1) : id;
  }
}

/** MemAvailable of /proc/meminfo in MB (what can be had without swapping), or null off Linux. */
function availableMb(): number | null {
  try {
    const m = /MemAvailable:\s+(\d+) kB/.exec(fs.readFileSync('/proc/meminfo', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}
