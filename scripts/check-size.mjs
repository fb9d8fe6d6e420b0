// The size limits of the source (docs/decisions.md, Layout): no file over 400 lines and no
// function over 80 in apps/*/src and packages/*/src; tests and data tables (the information
// pages' texts) aside. Prints each breach and exits 1 if there is one; `npm run check:size`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const roots = ['apps', 'packages'].flatMap((dir) =>
  readdirSync(dir).map((name) => path.join(dir, name, 'src')),
);
const exempt = (file) =>
  /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}content${path.sep}`);

function* sources(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(e.name) && !exempt(full)) yield full;
  }
}

const breaches = [];
let files = 0;
for (const file of roots.flatMap((root) => [...sources(root)])) {
  files++;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) breaches.push(`${file}: ${lines} lines (file)`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const length = lineOf(node.end) - lineOf(node.getStart()) + 1;
      if (length > MAX_FUNCTION_LINES) {
        const name = node.name?.getText() ?? node.parent?.name?.getText?.() ?? '<anonymous>';
        breaches.push(`${file}:${lineOf(node.getStart()) + 1}: ${name} is ${length} lines`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const b of breaches) console.log(b);
console.log(
  `size: ${files} files, ${breaches.length} over ${MAX_FILE_LINES} lines a file or ${MAX_FUNCTION_LINES} a function`,
);
process.exit(breaches.length > 0 ? 1 : 0);
