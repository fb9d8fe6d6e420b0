// The PIN check of the lock screen (§4): the server hands out `pin_code` as `sha256$<salt>$<hex>`,
// and a typed PIN unlocks when hex(sha256(salt + pin)) equals <hex>. The PIN itself never reaches
// the browser.
import { parsePinCode } from './pin-code';
import { sha256Bytes, toHex } from './sha256';

/** Hex SHA-256 of a text's UTF-8 bytes: Web Crypto where the page may use it, else our own. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle;
  if (subtle) {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // Some embedded browsers expose subtle but refuse to run it; fall through.
    }
  }
  return toHex(sha256Bytes(bytes));
}

/** Whether the typed PIN is the one the stored `pin_code` was made from. */
export async function pinMatches(pin: string, pinCode: string | null): Promise<boolean> {
  const parsed = parsePinCode(pinCode);
  if (!parsed || pin.length === 0) return false;
  const actual = await sha256Hex(parsed.salt + pin);
  // Same length always (64 hex digits); compare every digit rather than stop at the first miss.
  let difference = 0;
  for (let i = 0; i < actual.length; i++) {
    difference |= actual.charCodeAt(i) ^ parsed.hex.charCodeAt(i);
  }
  return difference === 0;
}
