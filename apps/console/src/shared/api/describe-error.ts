import { errorMessages } from '@reelcast/protocol/codes';
import type { TFunction } from 'i18next';
import { ApiError, networkErrorCode } from './api-client';

/** What to tell staff about a failed call, in their language: by code, else the server's text. */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === networkErrorCode) return t('errors.network');
    return t(`errors.${error.code}`, {
      ...error.params,
      defaultValue: error.message || errorMessages[error.code] || t('errors.unknown'),
    });
  }
  return t('errors.unknown');
}
