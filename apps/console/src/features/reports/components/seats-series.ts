// The seats report turned into what its chart draws: one bar per UTC hour, and the peak as words
// (the canvas says nothing to a screen reader).
import type { SeatsReportAnswer } from '@reelcast/protocol/console-reports';

export type SeatsSeries = {
  /** '00' … '23' */
  categories: string[];
  seats: number[];
  /** the most seats in use at once, and when (HH:MM, UTC); null time when none was */
  peak: { seats: number; time: string | null };
  /** the hour with the most seats in use, first of equals; null when none was */
  busiestHour: string | null;
};

const hh = (hour: number) => String(hour).padStart(2, '0');

export function seatsSeries(report: Pick<SeatsReportAnswer, 'hours' | 'peak'>): SeatsSeries {
  // By hour, whatever order the answer lists them in; an hour it leaves out had no seat in use.
  const seats = Array.from({ length: 24 }, () => 0);
  for (const h of report.hours) if (h.hour >= 0 && h.hour < 24) seats[h.hour] = h.seats;
  const most = Math.max(...seats);
  return {
    categories: seats.map((_, hour) => hh(hour)),
    seats,
    peak: { seats: report.peak.seats, time: report.peak.at?.slice(11, 16) ?? null },
    busiestHour: most > 0 ? hh(seats.indexOf(most)) : null,
  };
}
