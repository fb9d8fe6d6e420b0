// The socket contract's maps agree with the event lists the server registers its handlers from
// (checked by tsc: `npm run typecheck`; vitest only runs the assertions on the lists).
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type Ack,
  type MachineAckBodies,
  type MachineClientEvent,
  type MachineClientEvents,
  machineClientEvents,
  type signalFromClient,
  type transferRequest,
} from './machine-socket';
import { type NoticeClientEvents, noticeClientEvents } from './notice';
import { MACHINE_NAMESPACE, NOTICE_NAMESPACE } from './socket-namespaces';

describe('socket contract', () => {
  it('acknowledges every /machine request but the browser’s signals', () => {
    expectTypeOf<keyof MachineAckBodies>().toEqualTypeOf<Exclude<MachineClientEvent, 'signal'>>();
    expectTypeOf<keyof MachineClientEvents>().toEqualTypeOf<MachineClientEvent>();
    expectTypeOf<Parameters<MachineClientEvents['signal']>>().toEqualTypeOf<
      [z.input<typeof signalFromClient>]
    >();
    expectTypeOf<Parameters<MachineClientEvents['transfer']>>().toEqualTypeOf<
      [z.input<typeof transferRequest>, (answer: Ack<MachineAckBodies['transfer']>) => void]
    >();
    expect(Object.keys(machineClientEvents).sort()).toEqual(
      [
        'cashout',
        'init',
        'layout',
        'leave',
        'ping',
        'press',
        'quality',
        'signal',
        'touch',
        'transfer',
        'video',
        'watch',
      ].sort(),
    );
  });

  it('types /notice from its list', () => {
    expectTypeOf<keyof NoticeClientEvents>().toEqualTypeOf<keyof typeof noticeClientEvents>();
    expect(Object.keys(noticeClientEvents)).toEqual(['init', 'lobby']);
  });

  it('names the namespaces without zod', () => {
    expect([MACHINE_NAMESPACE, NOTICE_NAMESPACE]).toEqual(['/machine', '/notice']);
  });
});
