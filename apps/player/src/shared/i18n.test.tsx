import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { changeLanguage, i18n, initI18n, translateCode, useTranslation } from './i18n';

// Each test may replace the English texts with its own; the real ones come back after it.
afterEach(() => initI18n('en', en));

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('login.title')}</p>;
}

describe('t()', () => {
  it('reads nested keys and fills {placeholders}, leaving one it was not given as written', async () => {
    await initI18n('en', { a: { b: 'Hello {name}, {missing}', n: 'Machines: {count}' } });
    expect(i18n.t('a.b', { name: 'Selin' })).toBe('Hello Selin, {missing}');
    expect(i18n.t('a.n', { count: 0 })).toBe('Machines: 0');
  });

  it('answers the default value, then the key, for a text it does not have', async () => {
    await initI18n('en', { a: { b: 'x' } });
    expect(i18n.t('a.c', { defaultValue: 'Left {n}', n: 2 })).toBe('Left 2');
    expect(i18n.t('a.c')).toBe('a.c');
    expect(i18n.t('a')).toBe('a');
  });

  it('a server code: ours by code, else the server text, else our unknown error', async () => {
    await initI18n('en', {
      errors: { 10700: 'Wrong password, {left_count} left', unknown: 'Something went wrong' },
    });
    expect(translateCode(i18n.t, 'errors', 10700, 'srv', { left_count: 2 })).toBe(
      'Wrong password, 2 left',
    );
    expect(translateCode(i18n.t, 'errors', 99999, 'From the server')).toBe('From the server');
    expect(translateCode(i18n.t, 'errors', 99999, '')).toBe('Something went wrong');
  });
});

describe('useTranslation', () => {
  it('renders again in the new language, which sets the page language and direction', async () => {
    await initI18n('en', en);
    render(<Greeting />);
    const english = screen.getByRole('paragraph').textContent;
    await act(() => changeLanguage('ar'));
    expect(screen.getByRole('paragraph').textContent).not.toBe(english);
    expect(document.documentElement).toHaveProperty('dir', 'rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.dir()).toBe('rtl');
  });
});

describe('the first screens first', () => {
  it('starts with the first part only and has the rest after loadAllTranslations', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.initFirstScreenI18n('tr');
    expect(fresh.i18n.t('game.removed')).toBe('game.removed');
    expect(fresh.i18n.t('login.submit')).toBe('login.submit');
    expect(fresh.i18n.t('lobby.title')).not.toBe('lobby.title');
    await fresh.loadLoginTranslations();
    expect(fresh.i18n.t('login.submit')).not.toBe('login.submit');
    expect(fresh.i18n.t('game.removed')).toBe('game.removed');
    await fresh.loadAllTranslations();
    expect(fresh.i18n.t('game.removed')).not.toBe('game.removed');
  });
});
