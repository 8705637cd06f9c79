import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, startServer, type Running } from './harness.js';

export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 800 };

/** One server with the demo data, a 390 px phone browser and a 1280 px desk browser, for a whole test file. */
export function phoneAndDesk(): { server: Running; phone: BrowserContext; desk: BrowserContext } {
  const s = {} as { server: Running; phone: BrowserContext; desk: BrowserContext };
  beforeAll(async () => {
    s.server = await startServer();
    s.phone = await openBrowser(PHONE);
    s.desk = await openBrowser(DESK);
  });
  afterAll(async () => {
    await s.phone?.close();
    await s.desk?.close();
    await s.server?.stop();
  });
  return s;
}
