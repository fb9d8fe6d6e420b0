// Staff sign-in: username and password, then the authenticator's six digits when the server asks
// for them (10706). A player's account is told this is the staff console and keeps no token here.
import { ErrorCode } from '@reelcast/protocol/codes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { LanguageSelect } from '../../../shared/ui/language-select';
import { NotStaffError, signInStaff } from '../api/sign-in';

type Fields = { username: string; password: string; otp: string };

/** The second step: the authenticator's six digits, with the server's word on a wrong one. */
function CodeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <label htmlFor="otp" className="block font-medium text-sm">
        {t('auth.code')}
      </label>
      <input
        id="otp"
        className="field w-full"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        // biome-ignore lint/a11y/noAutofocus: the code is what the step asks for
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby="otp-help"
        {...registration}
      />
      <p id="otp-help" className={`text-xs ${error ? 'text-danger' : 'text-ink-soft'}`}>
        {error || t('errors.10706')}
      </p>
    </div>
  );
}

function Heading() {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h1 className="font-display font-semibold text-2xl text-gold">{t('auth.title')}</h1>
        <LanguageSelect />
      </div>
      <p className="text-ink-soft text-sm">{t('auth.staffOnly')}</p>
    </>
  );
}

export function SignInPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const signedOutReason = useAuthStore((s) => s.signedOutReason);
  const [askCode, setAskCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Fields>({
    defaultValues: { username: '', password: '', otp: '' },
  });
  if (token) return <Navigate to="/" replace />;

  const submit = handleSubmit(async ({ username, password, otp }) => {
    setFormError(null);
    try {
      const { token: signedIn, me } = await signInStaff({
        username,
        password,
        ...(askCode ? { otp } : {}),
      });
      queryClient.setQueryData(['me', signedIn], me);
      signIn(signedIn);
    } catch (error) {
      if (error instanceof NotStaffError) return setFormError(t('auth.notStaff'));
      if (error instanceof ApiError && error.code === ErrorCode.twoFactorRequired) {
        return setAskCode(true);
      }
      if (error instanceof ApiError && error.code === ErrorCode.twoFactorWrong) {
        return setError('otp', { message: t('errors.10707') });
      }
      setFormError(describeError(t, error));
    }
  });
  const field = 'field w-full';
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <form
        onSubmit={submit}
        noValidate
        className="w-[min(26rem,100%)] space-y-4 rounded-2xl border border-line bg-panel p-6"
      >
        <Heading />
        {signedOutReason && <p role="status">{t(signedOutReason)}</p>}
        <label className="block space-y-1">
          <span className="font-medium text-sm">{t('auth.username')}</span>
          <input
            className={field}
            autoComplete="username"
            readOnly={askCode}
            {...register('username', { required: true })}
          />
        </label>
        <label className="block space-y-1">
          <span className="font-medium text-sm">{t('auth.password')}</span>
          <input
            className={field}
            type="password"
            autoComplete="current-password"
            readOnly={askCode}
            {...register('password', { required: true })}
          />
        </label>
        {askCode && (
          <CodeField
            registration={register('otp', { required: true, pattern: /^\d{6}$/ })}
            error={formState.errors.otp?.message}
          />
        )}
        {formError && (
          <p role="alert" className="text-danger">
            {formError}
          </p>
        )}
        <button type="submit" className="btn-gold w-full" disabled={formState.isSubmitting}>
          {askCode ? t('auth.verify') : t('auth.signIn')}
        </button>
      </form>
    </main>
  );
}
