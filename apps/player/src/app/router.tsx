// §2 routes in react-router's declarative mode (13 KB against the data router's 29). Every page
// is its own chunk; all WebRTC and socket code is reached only through the game page's chunk.
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { IdleGuard } from '../features/lock/components/idle-guard';
import { type RouteAuth, routeAuth } from '../shared/auth/access';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { Spinner } from '../shared/ui/spinner';
import { Guard, notFoundPath } from './route-guards';
import { ShellLayout } from './shell-layout';

const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((module) => ({
    default: module.LoginPage,
  })),
);
const LogoutPage = lazy(() =>
  import('../features/auth/components/logout-page').then((module) => ({
    default: module.LogoutPage,
  })),
);
const LobbyPage = lazy(() =>
  import('../features/lobby/components/lobby-page').then((module) => ({
    default: module.LobbyPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((module) => ({
    default: module.ProfilePage,
  })),
);
const NotFoundPage = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);
const GamePage = lazy(() =>
  import('../features/game/components/game-page').then((module) => ({
    default: module.GamePage,
  })),
);

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('app.starting')} className="py-24" />;
}

/** Each route gets its own boundary, so a crash in one screen leaves the others usable. */
function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** A page behind its §6 guard, in its own error boundary and suspense. */
function Guarded({ auth, children }: { auth: RouteAuth; children: ReactNode }) {
  return (
    <Guard auth={auth}>
      <Page>{children}</Page>
    </Guard>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Guarded auth={routeAuth.onlyGuest}>
            <LoginPage />
          </Guarded>
        }
      />
      <Route
        path="/logout"
        element={
          <Guarded auth={routeAuth.user}>
            <LogoutPage />
          </Guarded>
        }
      />
      <Route
        path="/game/:gameId/:name"
        element={
          <Guarded auth={routeAuth.user}>
            <GamePage />
          </Guarded>
        }
      />
      <Route path="/game" element={<Navigate to="/lobby" replace />} />
      <Route
        element={
          <Guard auth={routeAuth.user}>
            <ShellLayout />
          </Guard>
        }
      >
        <Route
          path="/lobby/:id?/:name?"
          element={
            <Page>
              <LobbyPage />
            </Page>
          }
        />
        <Route
          path="/profile/:profileId?"
          element={
            <Page>
              <ProfilePage />
            </Page>
          }
        />
      </Route>
      <Route path="/" element={<Navigate to="/lobby" replace />} />
      <Route
        path={notFoundPath}
        element={
          <Page>
            <NotFoundPage />
          </Page>
        }
      />
      <Route path="*" element={<Navigate to={notFoundPath} replace />} />
    </Routes>
  );
}

/**
 * §8 toasts: bottom-center, 3 s. On the game screen they go to the top instead: at the bottom
 * they would cover the machine's own buttons and the controls under the player's thumbs.
 */
function Toasts() {
  const { i18n } = useTranslation();
  const onGame = useLocation().pathname.startsWith('/game/');
  return (
    <Toaster
      position={onGame ? 'top-center' : 'bottom-center'}
      duration={3000}
      theme="dark"
      richColors
      dir={i18n.dir()}
    />
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
      {/* Deliberately under the app's own error boundary, not a local one: should the lock ever
          crash, the whole screen is replaced by the error page rather than left uncovered. */}
      <IdleGuard />
      <Toasts />
    </BrowserRouter>
  );
}
