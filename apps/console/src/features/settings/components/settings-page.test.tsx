// The Settings page: every role that reads sees the value in force, the default and the source;
// only the admin is offered editing, and what is sent is the typed value in its JSON type (a
// number, an array), never text; bad JSON is caught before anything is sent, and the server's
// refusal shows its reason.
import type { ConsoleSetting } from '@reelcast/protocol/console-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../shared/auth/auth-store';
import { fakeServer, me } from '../../../testing/fake-server';
import { renderAt } from '../../../testing/render';
import { SettingsPage } from './settings-page';

const setting = (s: Partial<ConsoleSetting> & Pick<ConsoleSetting, 'key' | 'value'>) => ({
  default: s.value,
  source: 'default',
  updatedBy: null,
  updatedAt: null,
  ...s,
});

const coins = [{ price: 500, color: 'blue' }];
const listed = {
  code: 20000,
  ErrorMessage: 'Request successful',
  settings: [
    setting({ key: 'COUNTDOWN_START', value: 20, default: 10, source: 'file' }),
    setting({ key: 'WEBCAM', value: false, default: true, source: 'console', updatedBy: 'admin' }),
    setting({ key: 'HOT_COINS', value: coins }),
  ],
};
const saved = (key: string, value: unknown) => ({
  body: { code: 20000, ErrorMessage: 'ok', setting: setting({ key: key as never, value }) },
});

function asRole(role: string, extra: Parameters<typeof fakeServer>[0] = {}) {
  signIn(`${role}-token`);
  return fakeServer({
    'GET /staff/me': { body: me(role) },
    'GET /staff/settings': { body: listed },
    ...extra,
  });
}

const row = (key: string) => screen.findByTestId(`setting-${key}`);

describe('the settings page', () => {
  it.each(['supervisor', 'auditor'])(
    'shows a %s every value, default and source, read-only',
    async (role) => {
      asRole(role);
      renderAt(<SettingsPage />);
      const countdown = await row('COUNTDOWN_START');
      expect(countdown.textContent).toContain('20');
      expect(countdown.textContent).toContain('10');
      expect(countdown.textContent).toContain('Settings file');
      expect((await row('HOT_COINS')).textContent).toContain(JSON.stringify(coins));
      expect((await row('WEBCAM')).textContent).toContain('Console');
      expect(screen.getByText(/Only an admin changes them/)).toBeTruthy();
      expect(screen.queryAllByRole('button')).toEqual([]);
    },
  );

  it('lets the admin set a number, sent as a number, with a reason', async () => {
    const { calls } = asRole('admin', { 'POST /staff/settings': saved('COUNTDOWN_START', 30) });
    renderAt(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit COUNTDOWN_START' }));
    const field = screen.getByLabelText('New value of COUNTDOWN_START');
    await userEvent.clear(field);
    await userEvent.type(field, '30');
    await userEvent.type(screen.getByLabelText(/Reason/), 'longer countdown');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'COUNTDOWN_START saved: it is served from now on.',
      ),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      url: '/staff/settings',
      token: 'admin-token',
      body: { key: 'COUNTDOWN_START', value: 30, reason: 'longer countdown' },
    });
    // The list is read again after the change.
    expect(calls.filter((c) => c.url === '/staff/settings' && c.method === 'GET').length).toBe(2);
  });

  it('edits an array as JSON: bad JSON is said and not sent, good JSON is sent parsed', async () => {
    const { calls } = asRole('admin', { 'POST /staff/settings': saved('HOT_COINS', []) });
    renderAt(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit HOT_COINS' }));
    const field = screen.getByLabelText('New value of HOT_COINS');
    expect(JSON.parse((field as HTMLTextAreaElement).value)).toEqual(coins);
    await userEvent.clear(field);
    await userEvent.paste('[{"price": 100, "color": "red"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Not valid JSON/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.paste('[{"price": 100, "color": "red"}]');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      key: 'HOT_COINS',
      value: [{ price: 100, color: 'red' }],
    });
  });

  it("shows the server's reason when it refuses a value, and keeps the editor open", async () => {
    asRole('admin', {
      'POST /staff/settings': {
        status: 400,
        body: {
          code: 40000,
          ErrorMessage: 'COUNTDOWN_START: Too big',
          Params: { key: 'COUNTDOWN_START', detail: 'Too big: expected number to be <=600' },
        },
      },
    });
    renderAt(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit COUNTDOWN_START' }));
    const field = screen.getByLabelText('New value of COUNTDOWN_START');
    await userEvent.clear(field);
    await userEvent.type(field, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not saved: Too big: expected number to be <=600',
    );
    expect(screen.getByLabelText('New value of COUNTDOWN_START')).toBeTruthy();
  });

  it('offers the admin a reset only where the console set the value', async () => {
    const { calls } = asRole('admin', { 'POST /staff/settings/reset': saved('WEBCAM', true) });
    renderAt(<SettingsPage />);
    const webcam = await row('WEBCAM');
    expect(
      within(await row('COUNTDOWN_START')).queryByRole('button', { name: /Reset/ }),
    ).toBeNull();
    await userEvent.click(within(webcam).getByRole('button', { name: /Reset WEBCAM/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/staff/settings/reset')?.body).toEqual({ key: 'WEBCAM' }),
    );
    expect(screen.getByRole('status').textContent).toMatch(/WEBCAM is back/);
  });
});
