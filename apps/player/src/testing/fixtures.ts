// Test data shaped as the server sends it: tokens and JSON answers.
import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';

export function tokenWith(claims: Record<string, unknown>): string {
  // As a server does it: UTF-8 bytes, base64url without padding.
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

export function playerToken(overrides: Record<string, unknown> = {}): string {
  return tokenWith({
    id: 5,
    username: 'ayse',
    name: 'Ayşe',
    lastname: 'Yıldız',
    email: 'ayse@example.com',
    role: 'user',
    exp: inAnHour(),
    ...overrides,
  });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The player as a sign-in answer describes them (§3, §6): a seeded player holds 145. */
export function accountAnswer(overrides: Record<string, unknown> = {}) {
  return {
    Permissions: [{ PermissionId: 145 }],
    Group: 'players',
    type: 'player',
    displayName: 'Ayşe Yıldız',
    photoURL: null,
    shortcuts: [] as string[],
    settings: { layout: { navbarFolded: false, walletVisible: true } },
    ...overrides,
  };
}

/** A successful /login answer for playerToken() (a fake-server handler). */
export const loginAnswer = () => loginAnswerWith({});

/** The same answer with some of the account's fields overridden. */
export const loginAnswerWith = (account: Record<string, unknown>) =>
  jsonResponse(200, {
    token: playerToken(),
    pin_code: PIN_CODE_MARKER,
    ip_address: '10.0.0.9',
    versions: 'v2.4.5',
    last_logon: null,
    last_logon_ip: null,
    ...accountAnswer(account),
  });
