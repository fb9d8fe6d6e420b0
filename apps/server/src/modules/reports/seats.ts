// Seats in use over one day (issue #21): the 24 hours of a UTC day, each with the seats in use in
// it, and the day's peak. A day in the future answers zeros; today's hours after now are zero.
import type { SeatsReportAnswer, SeatsReportQuery } from '@reelcast/protocol/console-reports';
import type { Db } from '../../db/client';
import { seatsRepository } from './seats-repository';

const DAY_MS = 24 * 3600 * 1000;

export class SeatsReport {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async answer(q: SeatsReportQuery): Promise<Omit<SeatsReportAnswer, 'code' | 'ErrorMessage'>> {
    const start = new Date(`${q.date}T00:00:00Z`);
    const day = { start, end: new Date(start.getTime() + DAY_MS), now: this.now() };
    const [hours, peak] = await Promise.all([
      seatsRepository.hours(this.db, day),
      seatsRepository.peak(this.db, day),
    ]);
    return {
      date: q.date,
      hours: hours.map((h) => ({ hour: Number(h.hour), seats: Number(h.seats) })),
      peak: peak ? { seats: Number(peak.seats), at: peak.at } : { seats: 0, at: null },
    };
  }
}
