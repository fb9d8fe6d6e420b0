import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { useAuthStore } from './shared/auth/auth-store';
import {
  afterFirstScreen,
  isFirstScreen,
  loadAllStyles,
  loadFirstScreenStyles,
} from './shared/first-screen';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// /login and /lobby start with their part of the stylesheet (issue 22, first load): the lobby's
// for a player signed in on this browser, else the login screen's. The rest follows once they are
// up (shared/first-screen.ts). Any other address takes it whole at once.
const styles = isFirstScreen(window.location.pathname)
  ? loadFirstScreenStyles(useAuthStore.getState().token ? 'lobby' : 'login')
  : loadAllStyles();

void afterFirstScreen()
  .then(() => import('./app/service-worker'))
  .then((module) => module.registerServiceWorker());
Promise.all([
  bootstrap().catch((error: unknown) => {
    // The app still starts: each part of the start-up falls back on its own.
    console.error('Start-up failed:', error);
  }),
  styles.catch((error: unknown) => console.error('Stylesheet not loaded:', error)),
]).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
