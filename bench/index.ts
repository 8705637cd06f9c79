// `npm run bench`: the speed and memory figures the issues ask for, printed with what they are
// measured against. Each bench file exports run(); pick some with `npm run bench -- import`;
// `npm run bench -- scale` (the costs at 100,000 to 5,000,000 leads) runs only when named.
const BENCHES: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  import: () => import('./import.bench.js'),
  'file-mapping': () => import('./file-mapping.bench.js'),
  distribution: () => import('./distribution.bench.js'),
  'lead-work': () => import('./lead-work.bench.js'),
  routing: () => import('./routing.bench.js'),
  telephony: () => import('./telephony.bench.js'),
  start: () => import('./start.bench.js'),
  scale: () => import('./scale.bench.js'),
  'lead-fields': () => import('./lead-fields.bench.js'),
};
/** Run only when named: 5,000,000 leads (scale), 2,000,000 and 10,000,000 values (lead-fields) take a while to load. */
const ON_REQUEST = new Set(['scale', 'lead-fields']);

const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of chosen.length ? chosen : Object.keys(BENCHES).filter((b) => !ON_REQUEST.has(b))) {
  const load = BENCHES[name];
  if (!load) throw new Error(`unknown bench "${name}"; known: ${Object.keys(BENCHES).join(', ')}`);
  console.log(`\n== ${name}`);
  await (await load()).run();
}
