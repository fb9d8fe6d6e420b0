// One labelled input with its error, wired for screen readers, for the profile's forms.
import { type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

export const inputClass =
  'min-h-12 w-full rounded-xl border border-line bg-floor px-4 text-base text-ink placeholder:text-ink-soft/60 focus:border-gold focus:outline-none aria-invalid:border-danger';

export function FormField({ label, error, registration, className = '', ...input }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${className}`}
        {...input}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
