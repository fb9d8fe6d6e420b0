// Change password (§5 password rules: 40001 old password wrong, 40101 too short, minimum 8).
import { ErrorCode } from '@reelcast/protocol/codes';
import { PASSWORD_MIN_LENGTH } from '@reelcast/protocol/log-types';
import { useTranslation } from '../../../shared/i18n';
import { useChangePassword } from '../api/change-password';
import { useAccountForm } from '../hooks/use-account-form';
import { FormField } from './form-field';
import { FormOutcome } from './form-outcome';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export function PasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { form, onSubmit, done, serverError } = useAccountForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    submit: ({ oldPassword, newPassword }) =>
      changePassword.mutateAsync({ oldPassword, newPassword }),
    fieldError: (code, message) => {
      if (code === ErrorCode.oldPasswordWrong) return { field: 'oldPassword', message };
      if (code === ErrorCode.passwordTooShort) return { field: 'newPassword', message };
      return null;
    },
  });
  const {
    register,
    formState: { errors, isValid, isSubmitting },
  } = form;

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
      <FormOutcome
        serverError={serverError}
        doneText={done ? t('profile.password.changed') : null}
        submitText={t('profile.password.submit')}
        disabled={!isValid || isSubmitting}
      />
    </form>
  );
}
