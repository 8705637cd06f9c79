import type { JsonSchema, MediaType, OpenApiDocument, Operation, Parameter, Response } from './openapi.js';

// The OpenAPI document as a page to read, rendered on the server: no script (the Content-Security-Policy
// allows none inline, and the page needs none), one inline style sheet, everything escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const literal = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\n+/)
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');

const alternatives = (s: JsonSchema) => (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;

/** The type of a value as a short phrase: "integer", "string or null", "array of integer", "file". */
export function typeText(s: JsonSchema): string {
  const parts = alternatives(s);
  if (parts) return [...new Set(parts.flatMap((p) => typeText(p).split(' or ')))].join(' or ');
  let type: string;
  if (s.format === 'binary') type = 'file';
  else if (s.type === 'array') type = `array of ${s.items ? typeText(s.items as JsonSchema) : 'any'}`;
  else if (typeof s.type === 'string') type = s.format ? `${s.type} (${String(s.format)})` : s.type;
  else type = 'any';
  return s.nullable ? `${type} or null` : type;
}

/** The constraints a value must meet, in words. */
export function rulesText(s: JsonSchema): string[] {
  const parts = alternatives(s);
  if (parts?.every((p) => Array.isArray(p.enum)))
    return [
      `one of ${parts
        .flatMap((p) => p.enum as unknown[])
        .map(literal)
        .join(', ')}`,
    ];
  if (parts) return parts.flatMap(rulesText);
  const rules: string[] = [];
  if (Array.isArray(s.enum)) rules.push(`one of ${s.enum.map(literal).join(', ')}`);
  if (s.minimum !== undefined) rules.push(`${s.exclusiveMinimum === true ? '>' : '≥'} ${String(s.minimum)}`);
  // zod's own bound for a whole number, not a limit of this API.
  if (s.maximum !== undefined && s.maximum !== Number.MAX_SAFE_INTEGER) rules.push(`${s.exclusiveMaximum === true ? '<' : '≤'} ${String(s.maximum)}`);
  if (s.minLength === 1) rules.push('not empty');
  else if (s.minLength !== undefined) rules.push(`at least ${String(s.minLength)} characters`);
  if (s.maxLength !== undefined) rules.push(`at most ${String(s.maxLength)} characters`);
  if (s.minItems !== undefined) rules.push(`at least ${String(s.minItems)} items`);
  if (s.maxItems !== undefined) rules.push(`at most ${String(s.maxItems)} items`);
  // zod's own date-time pattern says no more than the format does.
  if (typeof s.pattern === 'string' && s.format === undefined) rules.push(`matches ${s.pattern}`);
  if (s.default !== undefined) rules.push(`default ${literal(s.default)}`);
  if (s.type === 'array' && s.items) rules.push(...rulesText(s.items as JsonSchema).map((r) => `each ${r}`));
  return rules;
}

interface Row {
  name: string;
  where?: string;
  schema: JsonSchema;
  required: boolean;
  description?: string;
  /** a file part's content types */
  types?: string;
}

function table(rows: Row[], withWhere: boolean): string {
  const head = ['Name', ...(withWhere ? ['In'] : []), 'Type', 'Required', 'Rules', 'Description'];
  const body = rows.map((r) => {
    const cells = [
      `<code>${escapeHtml(r.name)}</code>`,
      ...(withWhere ? [escapeHtml(r.where)] : []),
      escapeHtml(typeText(r.schema)),
      r.required ? 'yes' : 'no',
      escapeHtml([...rulesText(r.schema), ...(r.types ? [`of type ${r.types}`] : [])].join('; ')),
      escapeHtml(r.description ?? r.schema.description ?? ''),
    ];
    return `<tr>${cells.map((c, i) => `<td data-label="${head[i]}">${c}</td>`).join('')}</tr>`;
  });
  return `<div class="scroll"><table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

const fieldRows = (object: JsonSchema, encoding: MediaType['encoding'] = {}): Row[] =>
  Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    schema,
    required: (object.required ?? []).includes(name),
    types: encoding[name]?.contentType,
  }));

function bodySection(type: string, media: MediaType): string {
  const title = `<h4>Body <span class="type">${escapeHtml(type)}</span></h4>`;
  const options = alternatives(media.schema);
  if (options) {
    return title + options.map((o, i) => `<p class="either">${i === 0 ? 'Either' : 'Or'}:</p>${table(fieldRows(o), false)}`).join('');
  }
  return title + paragraphs(media.schema.description) + table(fieldRows(media.schema, media.encoding), false);
}

function answersSection(responses: Record<string, Response>, doc: OpenApiDocument): string {
  const items = Object.entries(responses).map(([status, r]) => {
    const resolved = '$ref' in r ? doc.components.responses[r.$ref.split('/').pop()!]! : r;
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(resolved.description)}</li>`;
  });
  return `<h4>Answers</h4><ul class="answers">${items.join('')}</ul>`;
}

function operationSection(method: string, path: string, op: Operation, doc: OpenApiDocument): string {
  const roles = op['x-roles'].length
    ? `<p class="roles">Roles: ${op['x-roles'].map((r) => `<span class="role">${escapeHtml(r)}</span>`).join(' ')}</p>`
    : op.security?.length
      ? '<p class="roles"><span class="role">API key</span> a company\'s key, no session</p>'
      : '<p class="roles"><span class="role public">Public</span> no session needed</p>';
  // An operation outside the legacy API names its own server: its path is shown whole.
  const shownPath = `${op.servers?.[0]?.url ?? ''}${path}`;
  // The description's last paragraph names the roles, shown above as chips.
  const description = op.description
    .split(/\n\n+/)
    .filter((p) => !/^(Roles:|Public:)/.test(p))
    .join('\n\n');
  const params: Parameter[] = op.parameters ?? [];
  const body = Object.entries(op.requestBody?.content ?? {})[0];
  return `<article class="op" id="${escapeHtml(anchor(op.operationId))}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(shownPath)}</code></h3>
<p class="summary">${escapeHtml(op.summary)}</p>
${roles}
${paragraphs(description)}
${
  params.length
    ? `<h4>Parameters</h4>${table(
        params.map((p) => ({ name: p.name, where: p.in, schema: p.schema, required: p.required, description: p.description })),
        true,
      )}`
    : ''
}
${body ? bodySection(body[0], body[1]) : ''}
${answersSection(op.responses, doc)}
</article>`;
}

const STYLE = `
:root { color-scheme: light; --ink: #1a1b1e; --muted: #495057; --line: #dee2e6; --soft: #f1f3f5; --link: #1864ab; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
.page { max-width: 72rem; margin: 0 auto; padding: 1rem; }
a { color: var(--link); }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.35rem; margin: 2.5rem 0 1rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 0 0 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
h4 { font-size: 0.95rem; margin: 1rem 0 0.4rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
.path { word-break: break-all; font-size: 1rem; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 0 0 1rem; }
.summary { font-weight: 600; margin: 0 0 0.4rem; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; border-radius: 4px; padding: 0.1rem 0.4rem; font-size: 0.8rem; font-weight: 700; color: #fff; }
.get { background: #2b8a3e; } .post { background: #1864ab; } .put { background: #8f4a00; } .patch { background: #6741d9; } .delete { background: #c92a2a; }
.roles { margin: 0 0 0.5rem; color: var(--muted); }
.role { display: inline-block; background: var(--soft); border: 1px solid var(--line); border-radius: 999px; padding: 0 0.6rem; font-size: 0.85rem; color: var(--ink); }
.role.public { background: #ebfbee; border-color: #8ce99a; }
.type { font-weight: 400; color: var(--muted); }
.either { margin: 0.5rem 0 0.25rem; font-weight: 600; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); }
th { background: var(--soft); }
.answers { margin: 0; padding-left: 1.2rem; }
nav ul { columns: 15rem; padding-left: 1.2rem; }
.intro p { max-width: 48rem; }
@media (max-width: 40rem) {
  .page { padding: 0.75rem; }
  table, tbody, tr, td { display: block; width: 100%; }
  thead { display: none; }
  tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 0.5rem; padding: 0.25rem 0.5rem; }
  td { border: 0; padding: 0.15rem 0; }
  td:empty { display: none; }
  td::before { content: attr(data-label) ": "; font-weight: 600; color: var(--muted); }
}
`;

/** The whole document as one HTML page: grouped by tag, each call with its roles, inputs and answers. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]));
  const counts = new Map<string, number>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags[0]!;
      byTag.get(tag)?.push(operationSection(method, path, op, doc));
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  const json = `${doc.servers[0]!.url}/openapi.json`;
  const nav = [...byTag.keys()].map((t) => `<li><a href="#tag-${anchor(t)}">${escapeHtml(t)}</a> (${counts.get(t) ?? 0})</li>`).join('');
  const sections = [...byTag].map(([t, ops]) => `<section id="tag-${anchor(t)}"><h2>${escapeHtml(t)}</h2>${ops.join('\n')}</section>`).join('\n');
  return (
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header class="intro">
<h1>${escapeHtml(doc.info.title)}</h1>
<p>Version ${escapeHtml(doc.info.version)}. Every path below is under <code>${escapeHtml(doc.servers[0]!.url)}</code>, but those shown whole. ` +
    `The same as an OpenAPI 3 document: <a href="${escapeHtml(json)}">${escapeHtml(json)}</a>.</p>
${paragraphs(doc.info.description)}
</header>
<nav aria-label="Contents"><h2>Contents</h2><ul>${nav}</ul></nav>
<main>
${sections}
</main>
</div>
</body>
</html>
`
  );
}
