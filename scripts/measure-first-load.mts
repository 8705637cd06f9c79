// Measures what a browser downloads to show one page: `npx tsx scripts/measure-first-load.mts [path]`.
// Starts the real server on a fresh database and reports the JS and CSS bytes on the wire (compressed) and unpacked.
import { openBrowser, startServer } from '../tests/browser/harness.js';

const target = process.argv[2] ?? '/signin';
const server = await startServer();
const browser = await openBrowser();
try {
  const page = await browser.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const wire = new Map<string, number>();
  client.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => wire.set(e.requestId, e.encodedDataLength));
  const types = new Map<string, { url: string; type: string; size: number }>();
  client.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) =>
    types.set(e.requestId, { url: e.response.url, type: e.type, size: 0 }));
  await page.goto(`${server.base}${target}`, { waitUntil: 'networkidle' });
  const bodies = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((r) => ({ url: r.name, decoded: (r as PerformanceResourceTiming).decodedBodySize })));
  let jsWire = 0, jsRaw = 0, cssWire = 0, cssRaw = 0;
  for (const [id, info] of types) {
    const raw = bodies.find((b) => b.url === info.url)?.decoded ?? 0;
    if (info.type === 'Script') { jsWire += wire.get(id) ?? 0; jsRaw += raw; }
    if (info.type === 'Stylesheet') { cssWire += wire.get(id) ?? 0; cssRaw += raw; }
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`${target}: JS ${kb(jsWire)} on the wire (${kb(jsRaw)} unpacked), CSS ${kb(cssWire)} on the wire (${kb(cssRaw)} unpacked)`);
} finally {
  await browser.close();
  await server.stop();
}
