import type { TFunction } from '../i18n';
import { translateCode } from '../i18n';
import { ApiError, networkErrorCode } from './api-client';

/** What to tell the player about a failed call, in their language (§8). */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === networkErrorCode) return t('errors.network');
    return translateCode(t, 'errors', error.code, error.message, error.params);
  }
  return t('errors.unknown');
}
