// The console's pages under /console. Reports (the charting library) and two-factor enrolment (the
// QR code) load only when opened.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AuditPage } from '../features/audit/components/audit-page';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { FloorPage } from '../features/floor/components/floor-page';
import { PlayerPage } from '../features/players/components/player-page';
import { PlayersPage } from '../features/players/components/players-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { StaffAccountsPage } from '../features/staff-accounts/components/staff-accounts-page';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { Loading } from '../shared/ui/states';
import { RequireStaff } from './require-staff';
import { ShellLayout } from './shell-layout';

const ReportsPage = lazy(() =>
  import('../features/reports/components/reports-page').then((m) => ({ default: m.ReportsPage })),
);
const TwoFactorPage = lazy(() =>
  import('../features/auth/components/two-factor-page').then((m) => ({
    default: m.TwoFactorPage,
  })),
);

const page = (element: React.ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<Loading />}>{element}</Suspense>
  </ErrorBoundary>
);

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="login" element={<SignInPage />} />
      <Route
        element={
          <RequireStaff>
            <ShellLayout />
          </RequireStaff>
        }
      >
        <Route index element={<Navigate to="floor" replace />} />
        <Route path="floor" element={page(<FloorPage />)} />
        <Route path="floor/:machineId" element={page(<FloorPage />)} />
        <Route path="players" element={page(<PlayersPage />)} />
        <Route path="players/:playerId" element={page(<PlayerPage />)} />
        <Route path="reports" element={page(<ReportsPage />)} />
        <Route path="audit" element={page(<AuditPage />)} />
        <Route path="staff" element={page(<StaffAccountsPage />)} />
        <Route path="settings" element={page(<SettingsPage />)} />
        <Route path="two-factor" element={page(<TwoFactorPage />)} />
        <Route path="*" element={<Navigate to="/floor" replace />} />
      </Route>
    </Routes>
  );
}
