/**
 * A real headless browser for the tests that check what a person sees: Debian's `chromium`, driven by
 * playwright-core. Tests that need it skip with a visible reason when no browser is installed
 * (`apt-get install -y chromium`; CI installs it, see .ci/run).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);

/** Path of an installed Chromium, or null. */
export function chromiumPath(): string | null {
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Why browser tests cannot run here, or false when they can (the `skip` option of node:test). */
export function browserSkipReason(): string | false {
  return chromiumPath() ? false : 'no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH): headless-browser check skipped';
}

/** Runs `work` in a fresh headless Chromium profile; the profile is removed afterwards. */
export async function withBrowser<T>(work: (context: BrowserContext) => Promise<T>): Promise<T> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('no Chromium installed');
  const profile = mkdtempSync(join(tmpdir(), 'apsis-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    return await work(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export interface DocsPage {
  /** `METHOD /path` of every operation Swagger UI rendered. */
  operations: string[];
  /** Requests the page tried to send anywhere but the service (all refused). */
  foreignRequests: string[];
  /** Console errors of the page. */
  consoleErrors: string[];
}

/**
 * Opens `${baseUrl}/docs` with every request outside the service refused (an air-gapped network), waits for
 * Swagger UI to render the operations, and returns what it lists.
 */
export async function openDocsPage(baseUrl: string, expectedCount: number, timeoutMs = 60_000): Promise<DocsPage> {
  const origin = new URL(baseUrl).origin;
  return await withBrowser(async (context) => {
    const foreignRequests: string[] = [];
    const consoleErrors: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) await route.continue();
      else {
        foreignRequests.push(url);
        await route.abort('internetdisconnected');
      }
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, expectedCount, { timeout: timeoutMs });
    const operations = await page.$$eval('.opblock', (blocks) =>
      blocks.map((block) => {
        const method = block.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
        const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? block.querySelector('.opblock-summary-path')?.textContent?.trim() ?? '';
        return `${method} ${path.replace(/\u200b/g, '')}`;
      }),
    );
    return { operations, foreignRequests, consoleErrors };
  });
}
