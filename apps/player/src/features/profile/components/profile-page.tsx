// /profile and /profile/:profileId (§2): the player's details, password, PIN and login log. A
// player sees only their own profile: another id in the address goes to /profile.
import type { ReactNode } from 'react';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useTranslation } from '../../../shared/i18n';
import { Navigate, useParams } from '../../../shared/router';
import { useProfile } from '../api/get-profile';
import { LoginLog } from './login-log';
import { PasswordForm } from './password-form';
import { PinForm } from './pin-form';
import { ProfileDetails } from './profile-details';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-floor-raised/90 p-5 shadow-xl shadow-black/30"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { profileId } = useParams<{ profileId?: string }>();
  const userId = useAuthStore((state) => state.user?.id);
  const profile = useProfile();

  if (profileId !== undefined && profileId !== String(userId)) {
    return <Navigate to="/profile" replace />;
  }

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-5 sm:px-6">
      <h1 className="text-2xl font-semibold">{t('profile.title')}</h1>

      <Card id="profile-details" title={t('profile.details')}>
        {profile.data ? (
          <ProfileDetails profile={profile.data} />
        ) : profile.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <span>{t('profile.loadError')}</span>
            <button type="button" className="btn-ghost" onClick={() => void profile.refetch()}>
              {t('lobby.retry')}
            </button>
          </div>
        ) : (
          <div aria-busy="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <span key={key} className="skeleton h-10" />
            ))}
          </div>
        )}
      </Card>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Card id="profile-password" title={t('profile.password.title')}>
          <PasswordForm />
        </Card>
        <Card id="profile-pin" title={t('profile.pin.title')}>
          <PinForm />
        </Card>
      </div>

      <Card id="profile-logs" title={t('profile.logs.title')}>
        <LoginLog />
      </Card>
    </main>
  );
}
