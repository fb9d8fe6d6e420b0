// The API document as a page to read: every operation with who may call it, its parameters, its
// body and its answers, each schema as JSON. Rendered on the server with no script, styled by the
// information pages' stylesheet, so it needs nothing from the app's CSP.
import { escapeHtml, renderPage } from '../info/render';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
}
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

const json = (schema: unknown) =>
  `<div class="table-scroll"><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></div>`;

/** A schema folded away under its label: the list stays short enough to scan. */
const folded = (label: string, schema: unknown) =>
  `<details><summary>${label}</summary>${json(schema)}</details>`;

function whoMayCall(op: Operation): string {
  if (!op.security?.length) return 'anyone';
  return escapeHtml(op.description ?? 'a bearer token');
}

function parametersOf(op: Operation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
      `<td>${p.required ? 'required' : 'optional'}</td>` +
      `<td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
  );
  return `<div class="table-scroll"><table><caption>Parameters</caption>${rows.join('')}</table></div>`;
}

function bodyOf(op: Operation): string {
  const content = Object.entries(op.requestBody?.content ?? {});
  return content.map(([type, { schema }]) => folded(`Body (${escapeHtml(type)})`, schema)).join('');
}

function answersOf(op: Operation): string {
  return Object.entries(op.responses ?? {})
    .map(([status, answer]) => {
      const content = Object.entries(answer.content ?? {});
      if (content.length === 0) return `<p>${escapeHtml(status)}</p>`;
      return content
        .map(([type, { schema }]) => folded(`${escapeHtml(status)} (${escapeHtml(type)})`, schema))
        .join('');
    })
    .join('');
}

function operation(path: string, method: string, op: Operation): string {
  return `<section class="game">
<h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>
<p>Who may call it: ${whoMayCall(op)}</p>
${parametersOf(op)}${bodyOf(op)}${answersOf(op)}
</section>`;
}

export function renderApiPage(doc: ApiDocument): string {
  const operations = Object.entries(doc.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => operation(path, m, item[m]!)),
    );
  const lead = `<p class="lead">${escapeHtml(doc.info.description ?? '')}</p>
<p>OpenAPI ${escapeHtml(doc.openapi)}, version ${escapeHtml(doc.info.version)}: the document itself is
<a href="/docs/openapi.json"><code>/docs/openapi.json</code></a> (with the same token).</p>`;
  return renderPage('en', doc.info.title, lead + operations.join('\n'));
}
