import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// MUI's own margins and paddings mirror in rtl only when emotion rewrites the CSS it emits.
export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
