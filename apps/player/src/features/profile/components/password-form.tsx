// Change password (§5 password rules: 40001 old password wrong, 40101 too short, minimum 8).
import { PASSWORD_MIN_LENGTH } from '@reelcast/protocol/log-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { useChangePassword } from '../api/change-password';
import { FormField } from './form-field';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export function PasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [done, setDone] = useState(false);
  // Outside the form state: a root error there would disable the button until a field changes.
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values>({
    mode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setDone(false);
    setServerError(null);
    try {
      await changePassword.mutateAsync({ oldPassword, newPassword });
      reset();
      setDone(true);
    } catch (error) {
      const message = describeError(t, error);
      const code = error instanceof ApiError ? error.code : null;
      if (code === 40001) setError('oldPassword', { type: 'server', message });
      else if (code === 40101) setError('newPassword', { type: 'server', message });
      else setServerError(message);
      toast.error(message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <FormField
        label={t('profile.password.old')}
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        registration={register('oldPassword', { required: t('login.required') })}
      />
      <FormField
        label={t('profile.password.new')}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        registration={register('newPassword', {
          required: t('login.required'),
          minLength: {
            value: PASSWORD_MIN_LENGTH,
            message: t('profile.password.minLength', { count: PASSWORD_MIN_LENGTH }),
          },
          deps: ['confirmPassword'],
        })}
      />
      <FormField
        label={t('profile.password.confirm')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={register('confirmPassword', {
          required: t('login.required'),
          validate: (value, values) =>
            value === values.newPassword || t('profile.password.mismatch'),
        })}
      />
      {serverError && (
        // Not a live region: the error toast already announces it.
        <p className="text-sm text-danger">{serverError}</p>
      )}
      {/* Success is announced here, the lasting place, rather than in a toast too. */}
      <p role="status" className="text-sm text-(--money-cash) empty:hidden">
        {done ? t('profile.password.changed') : ''}
      </p>
      <button type="submit" disabled={!isValid || isSubmitting} className="btn-gold self-start">
        {t('profile.password.submit')}
      </button>
    </form>
  );
}
