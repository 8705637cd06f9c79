// Hostile input for the fuzz test: a seeded random source (FUZZ_SEED replays a run) and the values
// and documents that break careless servers.

/** mulberry32: small, fast and good enough to pick test cases. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    bytes(n: number): Buffer {
      const b = Buffer.alloc(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(next() * 256);
      return b;
    },
  };
}
export type Random = ReturnType<typeof random>;

function nested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/**
 * Values no field expects: wrong types, edge numbers, huge and strange strings (null bytes, lone
 * surrogates, right-to-left text, combining marks), injection-looking text, big arrays and deep
 * nesting. No small positive integers: those are real ids, and a fuzzed call may only fail.
 */
export const HOSTILE: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  '',
  ' ',
  '\t\r\n',
  'a'.repeat(100_000),
  '9'.repeat(400),
  `${'0'.repeat(30)}1000001`,
  '\u0000',
  'abc\u0000def',
  '\u0000\u0000x',
  '\uD800',
  'x\uDC00y',
  'a\uDBFF',
  '\uFEFF',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  'Z̴̡̛̖a̷̡͓l̸̢̛g̶̨͝o̴͍͝',
  'ｆｕｌｌｗｉｄｔｈ１２３',
  "'; drop table leads; --",
  '" or ""="',
  '1 OR 1=1',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe: the server must store these characters as plain text
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00%2e%2e',
  'NaN',
  'Infinity',
  '-0',
  '1e3',
  '0x10',
  ' 1000012 ',
  '2030-02-30',
  '99:99',
  '9999-99-99',
  'true',
  'null',
  '[]',
  '{}',
  [],
  [null],
  [1.5, 'a', {}, []],
  Array.from({ length: 10_000 }, () => 0),
  Array.from({ length: 600 }, (_, i) => i + 1_000_000),
  {},
  { '': '' },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  { toString: 'x', valueOf: 'y', hasOwnProperty: 'z' },
  nested(50),
  nested(3000),
];

/** Keys the legacy API's bodies use, for bodies built from them. */
export const LEGACY_KEYS = [
  'id',
  'name',
  'mobile',
  'email',
  'password',
  'status',
  'feedback',
  'customer_id',
  'lead_ids',
  'ids',
  'page',
  'limit',
  'user_type',
  'category',
  'sendleads',
  'telemarketer_handler',
  'callback',
  'callback_date',
  'callback_time',
  'call_duration',
  'price',
  'Advance_payment',
  'approval_status',
  'reply',
  'title',
  'body',
  'message',
  'developer_id',
  'start_date',
  'end_date',
  'service',
  'area',
  'userId',
  'lead_id',
  'project_name',
  'clint_name',
  'number',
  'commission',
  'endtime',
  'api_link',
  'mobile_number',
  'expiry_date',
  'telecaller_creat_limit',
];

/** A random JSON-able value a few levels deep, with keys from `keys` and hostile leaves. */
export function randomValue(r: Random, keys: readonly string[], depth = 0): unknown {
  const roll = r.int(depth > 2 ? 2 : 4);
  if (roll === 0) return r.pick(HOSTILE.filter((v) => typeof v !== 'object' || v === null));
  if (roll === 1) return r.pick(['x', 'Ramesh', '9876543210', '2026-11-25', '10:30', 'Telicaller', 'approved', 'https://example.com', 0.01]);
  if (roll === 2) return Array.from({ length: r.int(4) }, () => randomValue(r, keys, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = r.int(6); i >= 0; i--)
    o[r.next() < 0.8 && keys.length ? r.pick(keys) : r.pick(['x', '__proto__', 'constructor', '0', ''])] = randomValue(r, keys, depth + 1);
  return o;
}

/** Raw request bodies sent as JSON that are not JSON, or JSON of the wrong kind. */
export const BAD_JSON: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '123',
  '\uFEFF{"a":1}',
  '{"a":1}{"b":2}',
  '{"a":"\\ud800"}',
  '{"a":"\u0000"}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  '{"__proto__":{"isAdmin":true}}',
  'x'.repeat(2 * 1024 * 1024),
];

/** What goes where an id sits in a path. */
export const BAD_PATH_IDS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e309',
  'abc',
  '%00',
  '1000001%00',
  '%ED%A0%80',
  '2147483648',
  '9007199254740993',
  '%2e%2e%2f',
  '9'.repeat(40),
  '%F0%9F%92%A5',
  ' 1000001 ',
  'null',
  'undefined',
  '0x1F',
  '1;drop',
];

/** Files for the upload calls: random bytes, endless lines, thousands of columns, other encodings. */
export function hostileFiles(r: Random): Array<{ label: string; content: Buffer; filename: string; type: string }> {
  const header = 'Name,Mobile,Requirement,City\n';
  const columns = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
  return [
    { label: 'random bytes', content: r.bytes(1 + r.int(64 * 1024)), filename: 'leads.csv', type: 'text/csv' },
    { label: 'random bytes as an image', content: r.bytes(1 + r.int(16 * 1024)), filename: 'a.png', type: 'image/png' },
    { label: 'empty', content: Buffer.alloc(0), filename: 'leads.csv', type: 'text/csv' },
    { label: 'a 1 MB line', content: Buffer.from(`${header}${'x'.repeat(1024 * 1024)},9876543210,a,b\n`), filename: 'leads.csv', type: 'text/csv' },
    { label: '10,000 columns', content: Buffer.from(`${columns}\n${columns}\n`), filename: 'leads.csv', type: 'text/csv' },
    { label: 'latin-1', content: Buffer.from(`${header}Jos\xe9 P\xe9rez,9876500011,caf\xe9,Pune\n`, 'latin1'), filename: 'leads.csv', type: 'text/csv' },
    {
      label: 'UTF-16 with BOM',
      content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}Asha,9876500012,x,Pune\n`, 'utf16le')]),
      filename: 'leads.csv',
      type: 'text/csv',
    },
    {
      label: 'broken UTF-8',
      content: Buffer.concat([Buffer.from(header), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]), Buffer.from(',9876500013,x,Pune\n')]),
      filename: 'leads.csv',
      type: 'text/csv',
    },
    { label: 'unbalanced quotes', content: Buffer.from(`${header}"Ravi,9876500014,"x,Pune\n"`), filename: 'leads.csv', type: 'text/csv' },
    { label: 'null bytes', content: Buffer.from(`${header}Ra\u0000vi,98765\u000000015,x,Pune\n`), filename: 'leads.csv', type: 'text/csv' },
    {
      label: 'a null byte after 8 KB',
      content: Buffer.from(
        `${header}${Array.from({ length: 300 }, (_, i) => `Lead ${i},${7_200_000_000 + i},x,Pune`).join('\n')}\nNu\u0000ll,7299999999,R\u0000,P\u0000\n`,
      ),
      filename: 'leads.csv',
      type: 'text/csv',
    },
    { label: 'an SVG named PNG', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), filename: 'a.png', type: 'image/png' },
    { label: 'a path as its name', content: Buffer.from(header), filename: '../../../etc/passwd', type: 'text/csv' },
  ];
}
