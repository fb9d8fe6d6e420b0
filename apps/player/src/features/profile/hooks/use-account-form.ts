// What the password and PIN forms share: validation on change, the server's refusal shown on the
// field it concerns (or under the form), a toast, and a lasting 'changed' status on success.
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/ui/toast';

export function useAccountForm<V extends FieldValues>(opts: {
  defaultValues: DefaultValues<V>;
  submit: (values: V) => Promise<unknown>;
  /** The field a refusal code belongs to and what to say there; null puts it under the form. */
  fieldError: (code: number | null, message: string) => { field: Path<V>; message: string } | null;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  // Outside the form state: a root error there would disable the button until a field changes.
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<V>({ mode: 'onChange', defaultValues: opts.defaultValues });

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(false);
    setServerError(null);
    try {
      await opts.submit(values);
      form.reset();
      setDone(true);
    } catch (error) {
      const message = describeError(t, error);
      const onField = opts.fieldError(error instanceof ApiError ? error.code : null, message);
      if (onField) form.setError(onField.field, { type: 'server', message: onField.message });
      else setServerError(message);
      toast.error(onField?.message ?? message);
    }
  });

  return { form, onSubmit, done, serverError };
}
