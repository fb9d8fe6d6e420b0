// Writes docs/socket-protocol.md from the protocol package's schemas: `npm run docs:protocol`.
// Run it after changing a socket event; packages/protocol/src/socket-doc.test.ts fails until then.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSocketProtocols } from '../packages/protocol/src/socket-doc';

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../docs/socket-protocol.md',
);
writeFileSync(target, renderSocketProtocols());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
