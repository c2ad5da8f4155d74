import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../headless-browser';

/** A report's width on a desktop screen; its height is the page's own. */
const VIEWPORT = { width: 1100, height: 800 };
/** Launch, load and draw finish within this, or the picture fails with a clear message. */
const PNG_TIMEOUT_MS = 60_000;

/**
 * A one-file HTML report (no scripts, its charts inline SVG) drawn in
 * headless Chromium and saved as a PNG of the whole page: the picture is
 * the report, so the two never disagree. The browser goes on every path.
 */
export async function htmlPng(html: string, out: string, browserPath?: string): Promise<void> {
  const executablePath = findBrowser(browserPath);
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: PNG_TIMEOUT_MS });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 2 });
    // Nothing to fetch: the report holds everything, and its own CSP forbids the rest.
    await page.setContent(html, { waitUntil: 'load', timeout: PNG_TIMEOUT_MS });
    await page.screenshot({ path: out, fullPage: true, timeout: PNG_TIMEOUT_MS });
  } finally {
    await browser.close();
  }
}
