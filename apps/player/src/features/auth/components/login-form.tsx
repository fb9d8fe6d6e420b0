import { ErrorCode } from '@reelcast/protocol/codes';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type RefObject,
  useId,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';
import { type LoginInput, loginAndSignIn } from '../api/login';
import { useRememberMe } from '../hooks/use-remember-me';

const minLength = 4;

/** Our own rule for a field, as an i18n key, translated when shown. */
function ruleBroken(value: string): string | undefined {
  if (value === '') return 'login.required';
  if (value.length < minLength) return 'login.minLength';
  return undefined;
}

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

type Field = keyof LoginInput;

/**
 * The form's state, its submission and the errors to show under each field. Two fields with two
 * rules are plain state (react-hook-form was 12 kB gzipped of the first screen, issue 22); as
 * before, a field's own error shows once it has been changed.
 */
function useLoginForm() {
  const { t } = useTranslation();
  const { remember, setRemember, rememberUsername, rememberedUsername } = useRememberMe();
  const [values, setValues] = useState<LoginInput>({ username: rememberedUsername, password: '' });
  const [changed, setChanged] = useState<Record<Field, boolean>>({
    username: false,
    password: false,
  });
  const [isSubmitting, setSubmitting] = useState(false);
  // An error from the server does not disable the button: a player may well try the same again
  // (after a network error or a lock, say). Typing in a field clears it.
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const inputs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const isValid = !ruleBroken(values.username) && !ruleBroken(values.password);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid || isSubmitting) return;
    setServerError(null);
    setSubmitting(true);
    try {
      await loginAndSignIn(values);
      rememberUsername(values.username);
      // On success the guest-only route sends the player on to where they were going.
    } catch (error) {
      const message = describeError(t, error);
      // §8: a toast; the form keeps the message too, because a toast is gone in 3 s and a
      // warning about the attempts left must stay readable.
      toast.error(message, { id: 'login-error' });
      const field = refusedField(error);
      setServerError({ field, message });
      if (field) inputs[field].current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  // Our own rules come first; a server's message arrives translated already.
  const shown = (field: Field) => {
    const own = changed[field] ? ruleBroken(values[field]) : undefined;
    if (own) return t(own);
    return serverError?.field === field ? serverError.message : undefined;
  };
  const input = (field: Field) => ({
    ref: inputs[field],
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [field]: value }));
      setChanged((previous) => ({ ...previous, [field]: true }));
      setServerError(null);
    },
  });
  return {
    input,
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
    input,
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
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
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
          {...input('username')}
        />
        {usernameError && (
          <p id={`${id}-username-error`} className="text-sm text-danger">
            {usernameError}
          </p>
        )}
      </div>

      <PasswordField id={`${id}-password`} error={passwordError} inputProps={input('password')} />

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
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref: RefObject<HTMLInputElement | null> };
};

/** The password, hidden unless the player asks to see it. */
function PasswordField({ id, error, inputProps }: PasswordFieldProps) {
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
          {...inputProps}
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
