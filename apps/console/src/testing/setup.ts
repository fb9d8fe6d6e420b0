// Every component test runs in English with the translations loaded, and starts signed out.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import en from '../locales/en.json';
import { signOut } from '../shared/auth/auth-store';
import { initI18n } from '../shared/i18n';

beforeAll(async () => {
  await initI18n('en', en);
});

afterEach(() => {
  cleanup();
  signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
});
