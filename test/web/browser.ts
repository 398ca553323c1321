/**
 * A real browser for the page's end-to-end tests: Debian's `chromium` (or `CHROMIUM_PATH`) driven by
 * `playwright-core`, which downloads nothing. Each context gets a fresh user-data directory and the flags that keep
 * Chromium off the network (no component updates, sync, QUIC or background requests).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** The browser executable, or undefined when none is installed. */
export const CHROMIUM = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));

/** Why the browser tests skip, or undefined when they run. */
export const BROWSER_SKIP = CHROMIUM ? undefined : 'no chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser context over a fresh profile; `close()` also removes the profile. */
export async function openBrowser(options: { httpCredentials?: { username: string; password: string } } = {}): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'ogs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM!,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await close(...args);
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // A profile Chromium still writes to is left in the temp directory.
    }
  };
  return context;
}
