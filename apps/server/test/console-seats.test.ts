// Seats in use over a day: slot sessions opened and closed at known times land in every hour they
// overlap, a machine used twice in an hour is one seat, the peak is the most open at once, a
// session still open counts up to now; any staff role reads it, a player does not, a bad date is
// refused with 40000.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotSessions } from '../src/db/schema';
import { SeatsReport } from '../src/modules/reports/seats';
import { consoleCaller, consoleTokens } from './console-support';
import { playerRow, startTestServer, type TestServer } from './support';

const DAY = '2026-01-15';
const t = (hhmm: string, date = DAY) => new Date(`${date}T${hhmm}:00Z`);

describe('seats in use over the day', () => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;
  let playerId: number;
  let machines: number[];

  /** A slot session as the database keeps it, at the times given. */
  const session = async (machineId: number, openedAt: Date, closedAt: Date | null) => {
    const [row] = await server.services.database.db
      .insert(slotSessions)
      .values({ playerId, machineId, openedAt, closedAt, status: closedAt ? 'closed' : 'open' })
      .returning();
    return row!.id;
  };
  const seatsOn = (date: string, who: 'auditor' | 'cashier' | 'player' = 'auditor') =>
    call(who, 'GET', `/staff/reports/seats?date=${date}`);

  beforeAll(async () => {
    server = await startTestServer('pglite');
    call = consoleCaller(server, await consoleTokens(server));
    playerId = (await playerRow(server, 'demo')).id;
    machines = [...server.services.floor.all()].map((a) => a.machineId).sort((a, b) => a - b);
    expect(machines.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => server?.close());

  it('counts each seat in every hour its sessions overlap, and the most in use at once', async () => {
    const [m1, m2, m3] = machines as [number, number, number];
    await session(m1, t('09:30'), t('11:15'));
    await session(m2, t('10:45'), t('10:50'));
    // m1 again in hour 11: still one seat; it closes on the hour, so not in hour 12.
    await session(m1, t('11:30'), t('12:00'));
    // Opens the moment the first closes: not two at once.
    await session(m3, t('11:15'), t('11:20'));
    // Across midnight at both ends of the day.
    await session(m3, t('23:00', '2026-01-14'), t('00:30'));
    await session(m2, t('23:50'), t('01:00', '2026-01-16'));

    const res = await seatsOn(DAY);
    expect(res.status).toBe(200);
    const seats = res.body.hours.map((h: { hour: number; seats: number }) => h.seats);
    const expected = Array(24).fill(0);
    Object.assign(expected, { 0: 1, 9: 1, 10: 2, 11: 2, 23: 1 });
    expect(seats).toEqual(expected);
    expect(res.body.hours.map((h: { hour: number }) => h.hour)).toEqual([...Array(24).keys()]);
    expect(res.body).toMatchObject({
      code: 20000,
      date: DAY,
      peak: { seats: 2, at: '2026-01-15T10:45:00.000Z' },
    });

    // The days around it see only their part of the sessions across midnight.
    const before = (await seatsOn('2026-01-14')).body;
    expect(before.hours[23].seats).toBe(1);
    expect(before.peak).toEqual({ seats: 1, at: '2026-01-14T23:00:00.000Z' });
    const after = (await seatsOn('2026-01-16')).body;
    expect(after.hours.slice(0, 2).map((h: { seats: number }) => h.seats)).toEqual([1, 0]);
    expect(after.peak).toEqual({ seats: 1, at: '2026-01-16T00:00:00.000Z' });

    const empty = (await seatsOn('2026-01-10', 'cashier')).body;
    expect(empty.hours.every((h: { seats: number }) => h.seats === 0)).toBe(true);
    expect(empty.peak).toEqual({ seats: 0, at: null });
  });

  it('counts a session still open up to now, and not after', async () => {
    const m3 = machines[2]!;
    const id = await session(m3, t('10:10', '2026-01-20'), null);
    const at1530 = new SeatsReport(server.services.database.db, () => t('15:30', '2026-01-20'));
    const day = await at1530.answer({ date: '2026-01-20' });
    expect(day.hours.map((h) => h.seats)).toEqual(
      [...Array(24).keys()].map((h) => (h >= 10 && h <= 15 ? 1 : 0)),
    );
    expect(day.peak).toEqual({ seats: 1, at: '2026-01-20T10:10:00.000Z' });
    await server.services.database.db
      .update(slotSessions)
      .set({ status: 'closed', closedAt: t('16:00', '2026-01-20') })
      .where(eq(slotSessions.id, id));
  });

  it("shows a seat taken on the floor right now in this hour's bucket", async () => {
    const { sessions } = server.services;
    const machineId = machines[0]!;
    const open = await sessions.open(playerId, machineId);
    try {
      const today = new Date().toISOString().slice(0, 10);
      const res = await seatsOn(today);
      const hour = new Date().getUTCHours();
      expect(res.body.hours[hour].seats).toBeGreaterThanOrEqual(1);
      // Nothing is in use in an hour that has not come yet.
      for (const h of res.body.hours.slice(hour + 1)) expect(h.seats).toBe(0);
      expect(res.body.peak.seats).toBeGreaterThanOrEqual(1);
    } finally {
      await sessions.close(open.id, 'player');
    }
  });

  it("lets any staff role read it, answers a player's token 403 and a bad date 40000", async () => {
    expect((await seatsOn(DAY, 'cashier')).status).toBe(200);
    expect((await seatsOn(DAY, 'player')).status).toBe(403);
    for (const q of ['date=2026-02-30', 'date=2026-1-5', 'date=today', '']) {
      const res = await call('auditor', 'GET', `/staff/reports/seats?${q}`);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 40000]);
    }
  });
});
