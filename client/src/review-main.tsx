import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { likelyLanguage, PublicReviewRoot } from '@/features/public-review';
import { loadCustomerLanguage } from '@/lib/customer-i18n';
import { applyStoredTheme } from '@/lib/theme-storage';

import './index.css';

/*
 * The public review page's own entry (client/review.html, which server/app.ts answers for /review/:link): a
 * customer's phone loads this page alone, without the app's router, data library, shell or zod (issue 13;
 * scripts/check-bundle-budget.ts fails the e2e run when it grows past its budget).
 */

// The saved theme before the first render, as main.tsx does; no inline script in the HTML: the CSP forbids it.
applyStoredTheme();

// The likely language's words travel beside the page's data rather than after it (English is here already).
const likely = likelyLanguage();
if (likely && likely !== 'en') loadCustomerLanguage(likely).catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root not found');

createRoot(container).render(
  <StrictMode>
    <PublicReviewRoot pathname={window.location.pathname} />
  </StrictMode>,
);
