// The shape of the server's `pin_code` (§4): `sha256$<salt>$<hex>`. Kept apart from the hashing so
// the idle guard, which loads with the app, can check for a usable PIN without shipping SHA-256.

export type PinCode = { salt: string; hex: string };

const pinCodePattern = /^sha256\$([^$]*)\$([0-9a-f]{64})$/i;

export function parsePinCode(pinCode: string | null | undefined): PinCode | null {
  const match = pinCode ? pinCodePattern.exec(pinCode) : null;
  if (!match) return null;
  return { salt: match[1] ?? '', hex: (match[2] ?? '').toLowerCase() };
}
