// The rate limit of the player routes that check a secret (password or PIN): slowed down like
// /login, so they cannot be used to guess it.
import type { Config } from '../../config';

export function slowedLikeLogin(config: Pick<Config, 'LOGIN_RATE_PER_MINUTE'>) {
  return { rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } };
}
