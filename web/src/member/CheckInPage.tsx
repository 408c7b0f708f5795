import { useEffect, useState } from 'react';
import type { CheckInResult } from '@app/contract/kiosk';
import { memberLinkStorageKey, memberTokenHeader } from '@app/contract/portalNames';
import { defaultMemberPalette } from '@app/contract/palettes';
import { useMemberLook } from './memberLook';
import { memberPageCss } from '@app/contract/memberPageStyle';
import { checkInText, phoneLanguage, resultLine } from './checkInTexts';

type State =
  { kind: 'working' } | { kind: 'noLink' } | { kind: 'failed' } | { kind: 'done'; result: CheckInResult };

/** The remembered member page's token (the page keeps `/m/<token>` in localStorage), if any. */
function rememberedToken(): string | null {
  try {
    const page = localStorage.getItem(memberLinkStorageKey);
    const token = page?.split('/')[2];
    return token ? decodeURIComponent(token) : null;
  } catch {
    return null;
  }
}

/**
 * The short address an entrance screen's QR opens (/m/in/<code>, issue 47): on a phone where the
 * member's own page was opened, checks them in (or out) with that page's token and shows a large
 * green or red result. The code leaves the address bar at once, so it is not kept in the history.
 */
export function CheckInPage({ code }: { code: string }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const [language] = useState(phoneLanguage);
  const { style } = useMemberLook(defaultMemberPalette);
  const token = rememberedToken();

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = checkInText(language, 'checkInTitle');
    if (!token) {
      setState({ kind: 'noLink' });
      return;
    }
    let cancelled = false;
    history.replaceState(null, '', '/m/in/');
    void fetch('/api/portal/checkIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [memberTokenHeader]: token },
      body: JSON.stringify({ code }),
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    })
      .then(async (res) => {
        if (cancelled) return;
        if (res.status === 404) return setState({ kind: 'noLink' });
        if (!res.ok) return setState({ kind: 'failed' });
        setState({ kind: 'done', result: (await res.json()) as CheckInResult });
      })
      .catch(() => !cancelled && setState({ kind: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [code, token, language]);

  const t = (key: Parameters<typeof checkInText>[1]) => checkInText(language, key);
  return (
    <main className="mp" style={style}>
      <style>{memberPageCss}</style>
      {state.kind === 'working' && (
        <p className="mp-note" role="progressbar" aria-label={t('checkingIn')}>
          {t('checkingIn')}
        </p>
      )}
      {state.kind === 'noLink' && (
        <p className="mp-alert" role="alert">
          {t('noLink')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="mp-alert" role="alert">
          {t('failed')}
        </p>
      )}
      {state.kind === 'done' && (
        <section
          className={`mp-checkin ${state.result.result === 'refused' ? 'mp-checkin-refused' : 'mp-checkin-ok'}`}
          data-testid="check-in-result"
          data-result={state.result.result}
          role="status"
        >
          {state.result.result === 'refused' && <h1>{t('refusedTitle')}</h1>}
          <p>{resultLine(language, state.result)}</p>
        </section>
      )}
      {token && (
        <p className="mp-note">
          <a href={`/m/${encodeURIComponent(token)}`}>{t('toMyPage')}</a>
        </p>
      )}
    </main>
  );
}
