// An agent's secret: 32 random bytes, printed once by `agent add` and kept only as an argon2id
// hash, like a password. Checked at each connection; an unknown id costs the same time as a
// wrong secret, so ids cannot be probed by timing.
import { randomBytes } from 'node:crypto';
import type { Runner } from '../../db/client';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { agentRepository } from './repository';

export const newAgentSecret = () => randomBytes(32).toString('base64url');

export const hashAgentSecret = (secret: string) => hashPassword(secret);

export type AgentCheck =
  | { ok: true; machines: number[] }
  | { ok: false; reason: 'unknown' | 'revoked' | 'secret' };

export async function checkAgent(db: Runner, id: string, secret: string): Promise<AgentCheck> {
  const agent = await agentRepository.find(db, id);
  if (!agent) {
    await verifyPassword(await dummyHash(), secret);
    return { ok: false, reason: 'unknown' };
  }
  if (!(await verifyPassword(agent.secretHash, secret))) return { ok: false, reason: 'secret' };
  if (agent.revokedAt) return { ok: false, reason: 'revoked' };
  return { ok: true, machines: await agentRepository.assignedMachines(db, id) };
}
