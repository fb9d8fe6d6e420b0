import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error';
import { type LoginInput, useLogin } from '../api/login';

const minLength = 4;
// Messages are i18n keys, translated when shown, so switching language re-words an open error.
const fieldRules = {
  required: 'login.required',
  minLength: { value: minLength, message: 'login.minLength' },
};

const inputClass =
  'min-h-12 w-full rounded-xl border border-line bg-floor px-4 text-base text-ink placeholder:text-ink-soft/60 focus:border-gold focus:outline-none aria-invalid:border-danger';

export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput>({ mode: 'onChange', defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      // On success the guest-only route sends the player on to where they were going.
    } catch (error) {
      setError('root.server', { message: describeError(t, error) });
    }
  });

  const usernameError = errors.username?.message;
  const passwordError = errors.password?.message;
  const serverError = errors.root?.server?.message;

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
            {t(usernameError)}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-password`} className="text-sm font-medium text-ink-soft">
          {t('login.password')}
        </label>
        <div className="relative">
          <input
            id={`${id}-password`}
            type={passwordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            className={`${inputClass} pe-14`}
            {...register('password', fieldRules)}
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
        {passwordError && (
          <p id={`${id}-password-error`} className="text-sm text-danger">
            {t(passwordError)}
          </p>
        )}
      </div>

      {serverError && (
        <p
          role="alert"
          className="rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {serverError}
        </p>
      )}

      <button type="submit" disabled={!isValid || isSubmitting} className="btn-gold min-h-12">
        <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
