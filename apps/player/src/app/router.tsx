// §2 routes (shared/router.tsx, with react-router's names). Every page is its own chunk; all
// WebRTC and socket code is reached only through the game page's chunk.
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { IdleGuard } from '../features/lock/components/idle-guard';
import type { IdleWatchProps } from '../features/lock/components/idle-watch';
import { type RouteAuth, routeAuth } from '../shared/auth/access';
import { useAuthStore } from '../shared/auth/auth-store';
import {
  afterFirstScreen,
  firstScreenShown,
  loadAllStyles,
  loadFirstScreenStyles,
} from '../shared/first-screen';
import { loadAllTranslations, loadLoginTranslations, useTranslation } from '../shared/i18n';
import { BrowserRouter, Navigate, Route, Routes } from '../shared/router';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { MessageBanner } from '../shared/ui/message';
import { Spinner } from '../shared/ui/spinner';
import { Toasts } from '../shared/ui/toasts';
import { LayoutSettingsSync } from './layout-settings';
import { Guard, notFoundPath } from './route-guards';

/** A page beyond the first screens: its chunk, and the rest of the translations and styles. */
function beyondFirstScreens<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadAllTranslations(), loadAllStyles()]).then(([module]) => module);
}

/** A screen whose words are the first screens' own: its chunk and the rest of the styles. */
function withAllStyles<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadAllStyles()]).then(([module]) => module);
}

// With the translations only the login screen reads (shared/i18n.ts), and its styles.
const LoginPage = lazy(() =>
  Promise.all([
    import('../features/auth/components/login-page'),
    loadLoginTranslations(),
    loadFirstScreenStyles('login'),
  ]).then(([module]) => ({ default: module.LoginPage })),
);
const LogoutPage = lazy(() =>
  import('../features/auth/components/logout-page').then((module) => ({
    default: module.LogoutPage,
  })),
);
// The lobby and the shell around it, one chunk (./lobby-screen.ts), with their styles.
const lobbyScreen = () =>
  Promise.all([import('./lobby-screen'), loadFirstScreenStyles('lobby')]).then(
    ([module]) => module,
  );
const LobbyPage = lazy(() => lobbyScreen().then((module) => ({ default: module.LobbyPage })));
const ProfilePage = lazy(() =>
  beyondFirstScreens(import('../features/profile/components/profile-page')).then((module) => ({
    default: module.ProfilePage,
  })),
);
const TransactionsPage = lazy(() =>
  beyondFirstScreens(import('../features/transactions/components/transactions-page')).then(
    (module) => ({
      default: module.TransactionsPage,
    }),
  ),
);
const LimitsPage = lazy(() =>
  beyondFirstScreens(import('../features/limits/components/limits-page')).then((module) => ({
    default: module.LimitsPage,
  })),
);
const SlotSessionsPage = lazy(() =>
  beyondFirstScreens(import('../features/slot-sessions/components/slot-sessions-page')).then(
    (module) => ({
      default: module.SlotSessionsPage,
    }),
  ),
);
// Its own chunk, loaded once the lobby is up (it asks the server first): most visits have no
// open session to offer, and the lobby does not wait for it.
const ReconnectDialog = lazy(() =>
  afterFirstScreen()
    .then(() => beyondFirstScreens(import('../features/reconnect/components/reconnect-dialog')))
    .then((module) => ({
      default: module.ReconnectDialog,
    })),
);
// The query cache, the notice connection and the jackpot toast: signed in only, one chunk.
const SignedInPages = lazy(() =>
  import('./signed-in').then((module) => ({ default: module.SignedInPages })),
);
const SignedInServices = lazy(() =>
  import('./signed-in').then((module) => ({ default: module.SignedInServices })),
);
// The shell is not needed on /login: it loads with the first page inside it.
const ShellLayout = lazy(() => lobbyScreen().then((module) => ({ default: module.ShellLayout })));
// Once the first screen is up, in one chunk: the wallet's claim buttons in the lobby and game
// pages, with the automatic claims (§9 AUTO_DISCOUNT / AUTO_BONUS, which may claim a moment
// later), and the idle watch (its lock or question comes after minutes). The buttons' row keeps
// its height meanwhile, so nothing below it moves.
const signedInExtras = () =>
  afterFirstScreen().then(() => beyondFirstScreens(import('./signed-in-extras')));
const ClaimButtons = lazy(() =>
  signedInExtras().then((module) => ({ default: module.ClaimButtons })),
);
const IdleWatch = lazy(() => signedInExtras().then((module) => ({ default: module.IdleWatch })));
const idleWatch = (props: IdleWatchProps) => (
  <Suspense fallback={null}>
    <IdleWatch {...props} />
  </Suspense>
);
const claims = (
  <Suspense fallback={<div aria-hidden="true" className="min-h-11" />}>
    <ClaimButtons />
  </Suspense>
);
const CallbackPage = lazy(() =>
  withAllStyles(import('./callback-page')).then((module) => ({ default: module.CallbackPage })),
);
const NotFoundPage = lazy(() =>
  withAllStyles(import('./not-found-page')).then((module) => ({ default: module.NotFoundPage })),
);
const GamePage = lazy(() =>
  beyondFirstScreens(import('../features/game/components/game-page')).then((module) => ({
    default: module.GamePage,
  })),
);

// /watch/:machineId (issue #18): a spectator's page, through the signed-in chunk (its own chunk
// named there), so the login screen's first load carries one more route and nothing else.
const WatchPage = lazy(() =>
  import('./signed-in')
    .then((module) => module.loadWatchPage())
    .then((page) => ({ default: page })),
);
function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('app.starting')} className="py-24" />;
}

/** Rendered with a page's content: from then on what can wait loads (shared/first-screen). */
function FirstScreenShown() {
  useEffect(firstScreenShown, []);
  return null;
}

/** Each route gets its own boundary, so a crash in one screen leaves the others usable. */
function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <FirstScreenShown />
        {children}
      </Suspense>
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

/** Full-screen pages, each behind its §6 guard. */
const guardedPages: Array<{ path: string; auth: RouteAuth; page: ReactNode }> = [
  { path: '/login', auth: routeAuth.onlyGuest, page: <LoginPage /> },
  { path: '/callback', auth: routeAuth.onlyGuest, page: <CallbackPage /> },
  { path: '/logout', auth: routeAuth.user, page: <LogoutPage /> },
];

/** The pages inside the shell (header and navigation), for signed-in users. */
const shellPages: Array<{ path: string; page: ReactNode }> = [
  {
    path: '/lobby/:id?/:name?',
    page: (
      <>
        <LobbyPage claims={claims} />
        <Suspense fallback={null}>
          <ReconnectDialog />
        </Suspense>
      </>
    ),
  },
  { path: '/profile/:profileId?', page: <ProfilePage /> },
  { path: '/slot-sessions', page: <SlotSessionsPage /> },
  { path: '/transactions', page: <TransactionsPage /> },
  { path: '/limits', page: <LimitsPage /> },
];

export function AppRoutes() {
  return (
    <Routes>
      {guardedPages.map(({ path, auth, page }) => (
        <Route key={path} path={path} element={<Guarded auth={auth}>{page}</Guarded>} />
      ))}
      <Route path="/game" element={<Navigate to="/lobby" replace />} />
      <Route
        element={
          <Guard auth={routeAuth.user}>
            <Suspense fallback={<PageLoading />}>
              <SignedInPages />
            </Suspense>
          </Guard>
        }
      >
        <Route
          path="/game/:gameId/:name"
          element={
            <Page>
              <GamePage claims={claims} />
            </Page>
          }
        />
        <Route
          path="/watch/:machineId"
          element={
            <Page>
              <WatchPage />
            </Page>
          }
        />
        <Route
          element={
            <Suspense fallback={<PageLoading />}>
              <ShellLayout />
            </Suspense>
          }
        >
          {shellPages.map(({ path, page }) => (
            <Route key={path} path={path} element={<Page>{page}</Page>} />
          ))}
        </Route>
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

function SignedInServicesWhileSignedIn() {
  const signedIn = useAuthStore((state) => state.token !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SignedInServices />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
      {/* Deliberately under the app's own error boundary, not a local one: should the lock ever
          crash, the whole screen is replaced by the error page rather than left uncovered. */}
      <IdleGuard watch={idleWatch} />
      <SignedInServicesWhileSignedIn />
      <LayoutSettingsSync />
      <Toasts />
      <MessageBanner />
    </BrowserRouter>
  );
}
