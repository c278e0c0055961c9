import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { PublicReviewRoot } from '@/features/public-review';
import { applyStoredTheme } from '@/lib/theme-storage';

import './index.css';

/*
 * The public review page's own entry (client/review.html, which server/app.ts answers for /review/:link): a
 * customer's phone loads this page alone, without the app's router, data library, shell or zod (issue 13;
 * scripts/check-bundle-budget.ts fails the e2e run when it grows past its budget).
 */

// The saved theme before the first render, as main.tsx does; no inline script in the HTML: the CSP forbids it.
applyStoredTheme();

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root not found');

createRoot(container).render(
  <StrictMode>
    <PublicReviewRoot pathname={window.location.pathname} />
  </StrictMode>,
);
