// The PIN as the client may see it (§4: the idle lock compares a typed PIN with the stored
// value): `sha256$<salt>$<hex sha256(salt + pin)>`, with a fresh random salt in every answer.
import { createHash, randomBytes } from 'node:crypto';

export function pinCode(pin: string, salt = randomBytes(16).toString('hex')): string {
  return `sha256$${salt}$${createHash('sha256')
    .update(salt + pin)
    .digest('hex')}`;
}

/** What the client does: split the pin_code and hash the typed PIN with its salt. */
export function pinMatches(code: string, typed: string): boolean {
  const [alg, salt] = code.split('$');
  return alg === 'sha256' && salt !== undefined && pinCode(typed, salt) === code;
}
