/** Formats hundredths as money with thousands separators: 100000 → "1,000.00". */
export function formatMoney(hundredths: number): string {
  const negative = hundredths < 0;
  const abs = Math.abs(Math.trunc(hundredths));
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}
