// `npm run bench`: the speed and memory figures the issues ask for, printed with what they are
// measured against. Each bench file exports run(); pick some with `npm run bench -- import`.
const BENCHES: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  import: () => import('./import.bench.js'),
  distribution: () => import('./distribution.bench.js'),
  'lead-work': () => import('./lead-work.bench.js'),
  routing: () => import('./routing.bench.js'),
};

const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of chosen.length ? chosen : Object.keys(BENCHES)) {
  const load = BENCHES[name];
  if (!load) throw new Error(`unknown bench "${name}"; known: ${Object.keys(BENCHES).join(', ')}`);
  console.log(`\n== ${name}`);
  await (await load()).run();
}
