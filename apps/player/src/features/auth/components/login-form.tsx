import { ErrorCode } from '@reelcast/protocol/codes';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { type LoginInput, useLogin } from '../api/login';
import { useRememberMe } from '../hooks/use-remember-me';

const minLength = 4;
// Messages are i18n keys, translated when shown, so switching language re-words an open error.
const fieldRules = {
  required: 'login.required',
  minLength: { value: minLength, message: 'login.minLength' },
};

/** The field a 40000 refusal names (its detail reads like "/username …"), if any. */
export function refusedField(error: unknown): keyof LoginInput | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.invalidRequest) return null;
  const detail = String(error.params.detail ?? '');
  if (/(^|[\s;/])username\b/.test(detail)) return 'username';
  if (/(^|[\s;/])password\b/.test(detail)) return 'password';
  return null;
}

const inputClass =
  'min-h-12 w-full rounded-xl border border-line bg-floor px-4 text-base text-ink placeholder:text-ink-soft/60 focus:border-gold focus:outline-none aria-invalid:border-danger';

/** The form's state, its submission and the errors to show under each field. */
function useLoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const { remember, setRemember, rememberUsername, rememberedUsername } = useRememberMe();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({
    mode: 'onChange',
    defaultValues: { username: rememberedUsername, password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login.mutateAsync(values);
      rememberUsername(values.username);
      // On success the guest-only route sends the player on to where they were going.
    } catch (error) {
      const message = describeError(t, error);
      // §8: a toast; the form keeps the message too, because a toast is gone in 3 s and a
      // warning about the attempts left must stay readable.
      toast.error(message, { id: 'login-error' });
      const field = refusedField(error);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      // Kept outside the form state: a root error there would disable the button until a field
      // changes, and a player may well try the same again (after a network error, say).
      else setServerError(message);
    }
  });

  // Our own rules carry i18n keys; a server's message arrives translated already.
  const shown = (error: { type: string; message?: string } | undefined) =>
    error?.message && (error.type === 'server' ? error.message : t(error.message));
  return {
    register,
    onSubmit,
    usernameError: shown(errors.username),
    passwordError: shown(errors.password),
    serverError,
    remember,
    setRemember,
    canSubmit: isValid && !isSubmitting,
    isSubmitting,
  };
}

export function LoginForm() {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    onSubmit,
    usernameError,
    passwordError,
    serverError,
    remember,
    setRemember,
    canSubmit,
    isSubmitting,
  } = useLoginForm();

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-username`} className="text-sm font-medium text-ink-soft">
          {t('login.username')}
        </label>
        <input
          id={`${id}-username`}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${id}-username-error` : undefined}
          className={inputClass}
          {...register('username', fieldRules)}
        />
        {usernameError && (
          <p id={`${id}-username-error`} className="text-sm text-danger">
            {usernameError}
          </p>
        )}
      </div>

      <PasswordField
        id={`${id}-password`}
        error={passwordError}
        registration={register('password', fieldRules)}
      />

      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink-soft">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
          className="size-5 accent-gold"
        />
        {t('login.rememberMe')}
      </label>

      {serverError && (
        <p
          role="alert"
          className="rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {serverError}
        </p>
      )}

      <button type="submit" disabled={!canSubmit} className="btn-gold min-h-12">
        <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

type PasswordFieldProps = {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

/** The password, hidden unless the player asks to see it. */
function PasswordField({ id, error, registration }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [passwordVisible, setPasswordVisible] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {t('login.password')}
      </label>
      <div className="relative">
        <input
          id={id}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} pe-14`}
          {...registration}
        />
        <button
          type="button"
          onClick={() => setPasswordVisible((visible) => !visible)}
          aria-label={passwordVisible ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={passwordVisible}
          className="absolute inset-y-0 end-0 flex w-12 items-center justify-center text-ink-soft hover:text-gold"
        >
          {passwordVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
