// The admin's editor of one setting, under its row: the value (JSON text for arrays and objects,
// a check box for a boolean, a plain field otherwise) and an optional reason for the audit log.
// A value the server refuses shows its reason here and changes nothing.
import type { ConsoleSetting } from '@reelcast/protocol/console-settings';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { describeError } from '../../../shared/api/describe-error';
import { useSetSetting } from '../api/set-setting';
import { draftOf, type EditorKind, editorKind, parseDraft } from './setting-value';

type FieldProps = {
  id: string;
  kind: EditorKind;
  draft: string;
  onDraft: (draft: string) => void;
};

/** JSON text for arrays and objects, a check box for a boolean, a plain field otherwise. */
function ValueField({ id, kind, draft, onDraft }: FieldProps) {
  if (kind === 'json') {
    return (
      <textarea
        id={id}
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        rows={Math.min(16, draft.split('\n').length + 1)}
        spellCheck={false}
        className="field w-full font-mono text-sm"
      />
    );
  }
  if (kind === 'boolean') {
    return (
      <input
        id={id}
        type="checkbox"
        checked={draft === 'true'}
        onChange={(e) => onDraft(String(e.target.checked))}
        className="size-6"
      />
    );
  }
  return (
    <input
      id={id}
      type={kind === 'number' ? 'number' : 'text'}
      step="any"
      value={draft}
      onChange={(e) => onDraft(e.target.value)}
      className="field w-full"
    />
  );
}

type Props = { setting: ConsoleSetting; onDone: (said: string) => void; onCancel: () => void };

export function SettingEditor({ setting, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const valueId = useId();
  const reasonId = useId();
  const kind = editorKind(setting.value);
  const [draft, setDraft] = useState(draftOf(setting.value));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetSetting();
  const label = t('settings.newValue', { key: setting.key });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(kind, draft);
    if (!parsed.ok) {
      setError(t(`settings.invalid.${parsed.error}`));
      return;
    }
    setError(null);
    try {
      const { key } = setting;
      await save.mutateAsync({ key, value: parsed.value, ...(reason.trim() ? { reason } : {}) });
      onDone(t('settings.saved', { key }));
    } catch (failure) {
      const detail = failure instanceof ApiError ? failure.params.detail : undefined;
      setError(
        typeof detail === 'string' ? t('settings.refused', { detail }) : describeError(t, failure),
      );
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3 p-3">
      <label htmlFor={valueId} className="block font-medium text-sm">
        {label}
      </label>
      <ValueField id={valueId} kind={kind} draft={draft} onDraft={setDraft} />
      <label htmlFor={reasonId} className="block text-sm">
        {t('settings.reason')}
      </label>
      <input
        id={reasonId}
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className="field w-full"
      />
      {error && (
        <p role="alert" className="text-danger text-sm">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-gold" disabled={save.isPending}>
          {t('common.save')}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
