import { describe, expect, it } from 'vitest';
import { type ConnectionEvent, type ConnectionStatus, nextStatus } from './connection-state';

const statuses: ConnectionStatus[] = ['connecting', 'open', 'lost', 'closed'];
const events: ConnectionEvent[] = ['joined', 'dropped', 'attemptFailed', 'ended'];

/** Every status × event, written out: a change to the machine must change this table. */
const table: Record<ConnectionStatus, Record<ConnectionEvent, ConnectionStatus>> = {
  connecting: { joined: 'open', dropped: 'lost', attemptFailed: 'connecting', ended: 'closed' },
  open: { joined: 'open', dropped: 'lost', attemptFailed: 'lost', ended: 'closed' },
  lost: { joined: 'open', dropped: 'lost', attemptFailed: 'lost', ended: 'closed' },
  closed: { joined: 'closed', dropped: 'closed', attemptFailed: 'closed', ended: 'closed' },
};

describe('machine connection states', () => {
  for (const status of statuses) {
    for (const event of events) {
      it(`${status} + ${event} → ${table[status][event]}`, () => {
        expect(nextStatus(status, event)).toBe(table[status][event]);
      });
    }
  }
});
