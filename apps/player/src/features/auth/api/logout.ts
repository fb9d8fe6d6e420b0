import { apiRequest } from '../../../shared/api/api-client';

/** Tells the server the session ends. The answer does not matter: the client forgets the token. */
export function postLogout(): Promise<unknown> {
  return apiRequest<unknown>('/player/logout', { method: 'POST' });
}
