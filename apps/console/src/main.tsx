import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { chooseLanguage, initI18n } from './shared/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

initI18n(chooseLanguage())
  .catch((error: unknown) => console.error('Translations did not load:', error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
