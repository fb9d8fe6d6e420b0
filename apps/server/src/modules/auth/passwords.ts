// argon2id with OWASP's minimum (19 MiB, 2 passes). The library's default algorithm is argon2id.
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against when the username is unknown, so an unknown name costs the same time.
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password-0000');
  return dummy;
};
