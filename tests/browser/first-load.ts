import type { BrowserContext, Page } from 'playwright-core';

export interface FirstLoad {
  /** bytes on the wire (compressed as served) */
  jsWire: number;
  jsRaw: number;
  cssWire: number;
  cssRaw: number;
}

/**
 * What a browser with an empty cache downloads to show one page, as Chromium's network log counts it.
 * `ready` waits for the page's own content: the network can fall quiet for half a second between the
 * app's first files and the page's own (a busy machine), and the count must include the page's.
 */
export async function measureFirstLoad(browser: BrowserContext, url: string, ready?: (page: Page) => Promise<unknown>): Promise<FirstLoad> {
  const page = await browser.newPage();
  try {
    const client = await browser.newCDPSession(page);
    await client.send('Network.enable');
    await client.send('Network.setCacheDisabled', { cacheDisabled: true });
    const wire = new Map<string, number>();
    const seen = new Map<string, { url: string; type: string }>();
    client.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => wire.set(e.requestId, e.encodedDataLength));
    client.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) =>
      seen.set(e.requestId, { url: e.response.url, type: e.type }),
    );
    await page.goto(url, { waitUntil: 'networkidle' });
    if (ready) {
      await ready(page);
      await page.waitForLoadState('networkidle');
    }
    const bodies = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => ({ url: r.name, decoded: (r as PerformanceResourceTiming).decodedBodySize })),
    );
    const total: FirstLoad = { jsWire: 0, jsRaw: 0, cssWire: 0, cssRaw: 0 };
    for (const [id, info] of seen) {
      const raw = bodies.find((b) => b.url === info.url)?.decoded ?? 0;
      if (info.type === 'Script') {
        total.jsWire += wire.get(id) ?? 0;
        total.jsRaw += raw;
      } else if (info.type === 'Stylesheet') {
        total.cssWire += wire.get(id) ?? 0;
        total.cssRaw += raw;
      }
    }
    return total;
  } finally {
    await page.close();
  }
}
