import type { Page } from 'playwright-core';

/**
 * What the benchmark reads from and marks in the page. The page's CSP forbids
 * eval, so code that runs in it is passed as functions, and the few DOM types
 * those functions touch are declared here (the bench compiles without the DOM lib).
 */
export const MARK_COMMIT = 'kvscope-commit';
export const MARK_PAUSE = 'kvscope-pause';
export const MARK_RESUME = 'kvscope-resume';
const THROUGHPUT = '[data-testid="throughput-chart"]';
const PROGRESS = '[data-testid="progress"]';
const PHASE = '[data-testid="phase"]';
const POLL_MS = 100;
const PAGE_TIMEOUT_MS = 30_000;

interface MiniNode {
  getAttribute(name: string): string | null;
}
interface PageGlobals {
  document: { querySelector(selector: string): MiniNode | null };
  performance: { mark(name: string): unknown };
  MutationObserver: new (callback: () => void) => { observe(target: MiniNode, options: Record<string, boolean>): void };
}

/** Poll `read` until `ok` holds; bounded, and the error says what was last seen. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last seen: ${String(v)})`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const intAttr = async (page: Page, selector: string, name: string): Promise<number> =>
  Number((await page.getAttribute(selector, name, { timeout: PAGE_TIMEOUT_MS })) ?? NaN);

/** Points the throughput chart draws right now. */
export const chartPoints = (page: Page): Promise<number> => intAttr(page, THROUGHPUT, 'data-points');
/** Seconds the page has applied (the run bar's progress: last second + 1). */
export const appliedSeconds = (page: Page): Promise<number> => intAttr(page, PROGRESS, 'aria-valuenow');

/**
 * Open the dashboard and wait until it has caught up with the run and shows
 * the Live view with its charts, then pick the chart window.
 */
export async function openLive(page: Page, url: string, window: string, seconds: number): Promise<void> {
  await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
  await page.waitForSelector(THROUGHPUT, { timeout: PAGE_TIMEOUT_MS });
  const phase = await page.getAttribute(PHASE, 'data-phase', { timeout: PAGE_TIMEOUT_MS });
  if (phase !== 'running') throw new Error(`the Live view shows phase ${phase}, expected running`);
  await page.click(`[data-testid="window-${window}"]`, { timeout: PAGE_TIMEOUT_MS });
  await until(
    'the page to apply the run so far',
    () => appliedSeconds(page),
    (n) => n === seconds,
    PAGE_TIMEOUT_MS,
  );
}

/**
 * One user-timing mark per store update that reaches the DOM: the run bar's
 * elapsed clock changes with every new second, so a mutation there is a
 * commit. The mark lands in the trace inside the committing task.
 */
export async function observeCommits(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const g = globalThis as unknown as PageGlobals;
    const elapsed = g.document.querySelector('[data-testid="elapsed"]');
    if (!elapsed) throw new Error('no elapsed clock on the Live view');
    new g.MutationObserver(() => void g.performance.mark(name)).observe(elapsed, { characterData: true, childList: true, subtree: true });
  }, MARK_COMMIT);
}

/** A user-timing mark, so the trace shows where the benchmark paused the stream. */
export async function mark(page: Page, name: string): Promise<void> {
  await page.evaluate((n) => void (globalThis as unknown as PageGlobals).performance.mark(n), name);
}
