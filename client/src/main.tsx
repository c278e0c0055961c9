// First: zod reads this setting when a schema is built (zod itself loads later, with the lazy features).
import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { registerServiceWorker } from '@/lib/service-worker';
import { applyStoredTheme } from '@/lib/theme-storage';

import './index.css';

// Apply the saved theme before the first render so a dark-mode user never sees a light flash.
// (No inline script in index.html: the CSP forbids them.)
applyStoredTheme();

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root not found');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
