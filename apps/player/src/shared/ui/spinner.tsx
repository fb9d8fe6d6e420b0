// A wait always says what it waits for (STYLE: every wait shows something).
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex flex-col items-center gap-3 text-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-10 motion-safe:animate-spin rounded-full border-4 border-gold/25 border-t-gold"
      />
      <span className="text-sm text-ink-soft">{label}</span>
    </div>
  );
}
