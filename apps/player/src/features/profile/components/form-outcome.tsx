// The end of an account form (password, PIN): the server's refusal, the lasting success line and
// the submit button.

type Props = {
  serverError: string | null | undefined;
  /** the success line, shown once the change is made */
  doneText: string | null;
  submitText: string;
  disabled: boolean;
};

export function FormOutcome({ serverError, doneText, submitText, disabled }: Props) {
  return (
    <>
      {serverError && (
        // Not a live region: the error toast already announces it.
        <p className="text-sm text-danger">{serverError}</p>
      )}
      {/* Success is announced here, the lasting place, rather than in a toast too. */}
      <p role="status" className="text-sm text-(--money-cash) empty:hidden">
        {doneText ?? ''}
      </p>
      <button type="submit" disabled={disabled} className="btn-gold self-start">
        {submitText}
      </button>
    </>
  );
}
