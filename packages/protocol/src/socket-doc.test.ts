// docs/socket-protocol.md is what `npm run docs:protocol` writes from the schemas today, and it
// covers every namespace the server opens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSocketProtocols, socketProtocols } from './socket-doc';
import * as namespaces from './socket-namespaces';

const committed = new URL('../../../docs/socket-protocol.md', import.meta.url);

describe('the socket protocol document', () => {
  it('is the generated one: run `npm run docs:protocol` after changing a socket event', () => {
    expect(readFileSync(committed, 'utf8')).toBe(renderSocketProtocols());
  });

  it('has an entry for every namespace (socketProtocols in socket-doc.ts)', () => {
    expect(socketProtocols.map((p) => p.namespace).sort()).toEqual(
      Object.values(namespaces).sort(),
    );
  });

  it('describes each event with its schema, and each acknowledgement', () => {
    const doc = renderSocketProtocols();
    // The transfer's amount as the server parses it, and its acknowledgement's ledger entry.
    const transfer = doc.slice(doc.indexOf('#### `transfer`'), doc.indexOf('#### `cashout`'));
    expect(transfer).toContain('"maximum": 100000000');
    expect(transfer).toMatch(/Acknowledged with:[\s\S]*"seq"[\s\S]*"const": 20000/);
    expect(doc).toMatch(
      /#### `signal`\n\n```json\n\{\n {2}"oneOf"|#### `signal`\n\n```json\n\{\n {2}"anyOf"/,
    );
  });
});
