import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { registerServiceWorker } from './app/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

registerServiceWorker();
bootstrap()
  .catch((error: unknown) => {
    // The app still starts: each part of the start-up falls back on its own.
    console.error('Start-up failed:', error);
  })
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
