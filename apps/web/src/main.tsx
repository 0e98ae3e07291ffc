import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '@/app/i18n/i18n';
import { AppProviders } from '@/app/providers/AppProviders';
import { createAppRouter } from '@/app/router/router';
import '@/app/styles/global.css';

initI18n();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
