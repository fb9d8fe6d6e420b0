import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, formatWholeUnits } from './money';

describe('formatMoney', () => {
  it('shows hundredths as currency units with Turkish separators', () => {
    expect(formatMoney(123456, 'TRY', 'tr')).toBe('₺1.234,56');
  });

  it('shows hundredths as currency units with English separators', () => {
    expect(formatMoney(123456, 'TRY', 'en')).toBe('₺1,234.56');
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
  });

  it('always shows two decimals, also for zero', () => {
    expect(formatMoney(0, 'TRY', 'tr')).toBe('₺0,00');
    expect(formatMoney(5000, 'USD', 'en')).toBe('$50.00');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-123456, 'TRY', 'tr')).toBe('-₺1.234,56');
    expect(formatMoney(-5, 'TRY', 'en')).toBe('-₺0.05');
  });

  it('falls back to the currency code when the symbol is unknown', () => {
    expect(currencySymbol('CHF')).toBe('CHF ');
    expect(formatMoney(100, 'CHF', 'en')).toBe('CHF 1.00');
  });
});

describe('formatWholeUnits', () => {
  it('shows a hot coin as whole units with the language grouping', () => {
    expect(formatWholeUnits(10_000_00, 'tr')).toBe('10.000');
    expect(formatWholeUnits(10_000_00, 'en')).toBe('10,000');
    expect(formatWholeUnits(500_00, 'tr')).toBe('500');
  });
});
