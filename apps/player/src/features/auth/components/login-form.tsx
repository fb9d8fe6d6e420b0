import { ErrorCode } from '@reelcast/protocol/codes';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import { type LoginInput, useLogin } from '../api/login';
import { useRememberMe } from '../hooks/use-remember-me';

const minLength = 4;
// Messages are i18n keys, translated when shown, so switching language re-words an open error.
const fieldRules = {
  required: 'login.required',
  minLength: { value: minLength, message: 'login.minLength' },
};

/**
 * §5: the sign-in refusals belong to a field. Wrong credentials (10700 with the attempts left,
 * 10701) go on the password, which is what the player types again; a refusal of the account
 * itself (10702 protected, 10703 address not permitted, 10704 banned) on the username.
 */
const fieldOfCode: Partial<Record<number, keyof LoginInput>> = {
  [ErrorCode.wrongCredentialsCounted]: 'password',
  [ErrorCode.wrongCredentials]: 'password',
  [ErrorCode.accountProtected]: 'username',
  [ErrorCode.ipNotPermitted]: 'username',
  [ErrorCode.banned]: 'username',
  // A time-out or self-exclusion is the account's too: the date it opens again stays in view.
  [ErrorCode.accountClosed]: 'username',
};

/** The field a server refusal belongs to: by its code, or the one a 40000's detail names. */
export function refusedField(error: unknown): keyof LoginInput | null {
  if (!(error instanceof ApiError)) return null;
  const byCode = fieldOfCode[error.code];
  if (byCode) return byCode;
  if (error.code !== ErrorCode.invalidRequest) return null;
  // Its detail reads like "/username …".
  const detail = String(error.params.detail ?? '');
  if (/(^|[\s;/])username\b/.test(detail)) return 'username';
  if (/(^|[\s;/])password\b/.test(detail)) return 'password';
  return null;
}

const inputClass =
  'min-h-12 w-full rounded-xl border border-line bg-floor px-4 text-base text-ink placeholder:text-ink-soft/60 focus:border-gold focus:outline-none aria-invalid:border-danger';

/** A server refusal: on the field it belongs to, or for the whole form (field null). */
type ServerError = { field: keyof LoginInput | null; message: string };

/** The form's state, its submission and the errors to show under each field. */
function useLoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  // Kept outside the form state: an error there would disable the button until a field changes,
  // and a player may well try the same again (after a network error or a lock, say). Typing in
  // a field clears it.
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const { remember, setRemember, rememberUsername, rememberedUsername } = useRememberMe();
  const {
    register,
    handleSubmit,
    setFocus,
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
      setServerError({ field, message });
      if (field) setFocus(field);
    }
  });
  const fieldRulesClearing = { ...fieldRules, onChange: () => setServerError(null) };

  // Our own rules carry i18n keys, shown first; a server's message arrives translated already.
  const shown = (field: keyof LoginInput) => {
    const own = errors[field]?.message;
    if (own) return t(own);
    return serverError?.field === field ? serverError.message : undefined;
  };
  return {
    register: (field: keyof LoginInput) => register(field, fieldRulesClearing),
    onSubmit,
    usernameError: shown('username'),
    passwordError: shown('password'),
    formError: serverError?.field === null ? serverError.message : null,
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
    formError,
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
          {...register('username')}
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
        registration={register('password')}
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

      {formError && (
        <p
          role="alert"
          className="rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {formError}
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
