// Where a CPU profile's time went (BENCH_CPU_PROF): self time by package (a node_modules package,
// the app's own folders, Node's internals, the garbage collector), and the functions that took most.
// `npx tsx bench/cpu-profile.ts <file.cpuprofile>` prints the same for any profile.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/(server|shared|bench|migrations)\/(.*?)(?:\/[^/]*)?$/.exec(url);
  if (own) return `${own[1]}/${own[2]!.split('/')[0]}`;
  return url;
}

export function summarizeProfile(file: string, top = 12): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { callFrame: f } = byId.get(id)!;
    if (f.functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const area = areaOf(f.url, f.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const fn = `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules\/|server\/|shared\/|bench\/)/, '$1')}:${f.lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `      ${pct(us)}  ${k}`);
  return [
    `    CPU profile ${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle; self time by package:`,
    ...rows(areas),
    '    and by function:',
    ...rows(functions),
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  for (const f of process.argv.slice(2)) console.log(summarizeProfile(f));
}
