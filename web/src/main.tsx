// First: zod must be jitless before any schema parses (see the module).
import './lib/zodJitless';
import { TOAST_DURATION_MS } from '@price-alerts/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { DesktopBlock } from './shared/DesktopBlock';
import './styles.css';

const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <DesktopBlock>
      <RouterProvider router={router} />
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </DesktopBlock>
  </StrictMode>,
);
