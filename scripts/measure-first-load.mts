// Measures what a browser downloads to show one page: `npm run measure:first-load -- [path]`.
// Starts the real server on a fresh database and reports the JS and CSS bytes on the wire (compressed) and unpacked.
import { openBrowser, startServer } from '../tests/browser/harness.js';
import { measureFirstLoad } from '../tests/browser/first-load.js';

const target = process.argv[2] ?? '/signin';
const server = await startServer();
const browser = await openBrowser();
try {
  const m = await measureFirstLoad(browser, `${server.base}${target}`);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`${target}: JS ${kb(m.jsWire)} on the wire (${kb(m.jsRaw)} unpacked), CSS ${kb(m.cssWire)} on the wire (${kb(m.cssRaw)} unpacked)`);
} finally {
  await browser.close();
  await server.stop();
}
