import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './lib/i18n';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    {/* The providers of MUI, TanStack Query and notistack are in the lazy AppShell route. */}
    <RouterProvider router={router} />
  </StrictMode>,
);
