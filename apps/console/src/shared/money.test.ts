import { describe, expect, it } from 'vitest';
import { formatCents, formatRtp, parseAmount } from './money';

describe('money in the console', () => {
  it('shows hundredths as the staff member’s language writes them', () => {
    expect(formatCents(123456, 'en')).toBe('1,234.56');
    expect(formatCents(123456, 'tr')).toBe('1.234,56');
    expect(formatCents(-5, 'en')).toBe('-0.05');
  });

  it('reads a typed amount into hundredths, either decimal mark, never a float', () => {
    expect(parseAmount('1.00')).toBe(100);
    expect(parseAmount('1,5')).toBe(150);
    expect(parseAmount(' 12 ')).toBe(1200);
    expect(parseAmount('0.29')).toBe(29);
    for (const bad of ['', '0', '0.00', '-1', '1.234', 'abc', '1e3']) {
      expect([bad, parseAmount(bad)]).toEqual([bad, null]);
    }
  });

  it('shows an RTP as a percentage, or a dash without a bet', () => {
    expect(formatRtp(0.9512, 'en')).toBe('95.12 %');
    expect(formatRtp(null, 'en')).toBe('—');
  });
});
