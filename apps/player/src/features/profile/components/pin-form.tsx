// Change PIN: the account password proves it is the player, not someone at an unlocked screen.
import { ErrorCode } from '@reelcast/protocol/codes';
import { PIN_PATTERN } from '@reelcast/protocol/log-types';
import { useTranslation } from '../../../shared/i18n';
import { useChangePin } from '../api/change-pin';
import { useAccountForm } from '../hooks/use-account-form';
import { FormField } from './form-field';
import { FormOutcome } from './form-outcome';

type Values = { password: string; pin: string; confirmPin: string };

export function PinForm() {
  const { t } = useTranslation();
  const changePin = useChangePin();
  const { form, onSubmit, done, serverError } = useAccountForm<Values>({
    defaultValues: { password: '', pin: '', confirmPin: '' },
    submit: ({ password, pin }) => changePin.mutateAsync({ password, pin }),
    // On this form the password is the current one: say so, not 'Old password is wrong'.
    fieldError: (code) =>
      code === ErrorCode.oldPasswordWrong
        ? { field: 'password', message: t('profile.pin.wrongPassword') }
        : null,
  });
  const {
    register,
    formState: { errors, isValid, isSubmitting },
  } = form;

  const pinInput = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 6,
  } as const;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <FormField
        label={t('profile.pin.new')}
        {...pinInput}
        error={errors.pin?.message}
        registration={register('pin', {
          required: t('login.required'),
          pattern: { value: PIN_PATTERN, message: t('profile.pin.format') },
          deps: ['confirmPin'],
        })}
      />
      <FormField
        label={t('profile.pin.confirm')}
        {...pinInput}
        error={errors.confirmPin?.message}
        registration={register('confirmPin', {
          required: t('login.required'),
          validate: (value, values) => value === values.pin || t('profile.pin.mismatch'),
        })}
      />
      <FormField
        label={t('profile.pin.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={register('password', { required: t('login.required') })}
      />
      <FormOutcome
        serverError={serverError}
        doneText={done ? t('profile.pin.changed') : null}
        submitText={t('profile.pin.submit')}
        disabled={!isValid || isSubmitting}
      />
    </form>
  );
}
