// The built server's entry point: the runtime check runs before any module that loads native code
// is even imported (a bundle's static imports of native modules would load first otherwise).
import './preflight.js';

await import('./main.js');
