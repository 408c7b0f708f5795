import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n, { i18nReady } from '../lib/i18n';

// A cold lazy route or a first MUI render can take over the default 1 s on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only unmounts by itself when test globals are on; they are off here.
afterEach(cleanup);

// jsdom has no layout, so scrolling (used by the router's scroll restoration) is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Texts load as their own chunk (lib/i18n.ts); every test starts with them in, the landing page's
// own namespace too.
await i18nReady;
await i18n.loadNamespaces('landing');
