// Two-factor enrolment: the server's new secret as a QR code for the authenticator app (and as
// text, for typing in), then one code from the app to turn it on.
import type { TwoFactorEnrolAnswer } from '@reelcast/protocol/console-staff';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error';
import { useMe } from '../../../shared/auth/use-me';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useEnrolTwoFactor } from '../api/enrol-two-factor';

function EnrolQr({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { margin: 1, width: 220 }).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [uri]);
  if (!image) return null;
  return <img src={image} alt={t('twoFactor.qr')} width={220} height={220} className="rounded" />;
}

function Confirm({ enrolment }: { enrolment: TwoFactorEnrolAnswer }) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code);
  };
  return (
    <div className="flex flex-wrap gap-6">
      <EnrolQr uri={enrolment.uri} />
      <form onSubmit={submit} className="max-w-sm space-y-3">
        <p className="text-sm">{t('twoFactor.scan')}</p>
        <p className="text-sm">
          {t('twoFactor.secret')}{' '}
          <code data-testid="totp-secret" className="break-all rounded bg-floor px-1">
            {enrolment.secret}
          </code>
        </p>
        <label className="block space-y-1">
          <span className="font-medium text-sm">{t('auth.code')}</span>
          <input
            className="field w-full"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        {confirm.error && (
          <p role="alert" className="text-danger text-sm">
            {describeError(t, confirm.error)}
          </p>
        )}
        <button type="submit" className="btn-gold" disabled={!/^\d{6}$/.test(code)}>
          {t('twoFactor.confirm')}
        </button>
      </form>
    </div>
  );
}

export function TwoFactorPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const enrol = useEnrolTwoFactor();
  return (
    <section className="space-y-4">
      <h1 className="font-semibold text-2xl">{t('twoFactor.title')}</h1>
      <p role="status">{me?.twoFactor ? t('twoFactor.on') : t('twoFactor.off')}</p>
      {!me?.twoFactor && !enrol.data && (
        <button type="button" className="btn-gold" onClick={() => enrol.mutate()}>
          {t('twoFactor.start')}
        </button>
      )}
      {enrol.error && <p role="alert">{describeError(t, enrol.error)}</p>}
      {enrol.data && !me?.twoFactor && <Confirm enrolment={enrol.data} />}
    </section>
  );
}
