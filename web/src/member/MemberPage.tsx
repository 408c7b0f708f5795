import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { defaultMemberPalette } from '@app/contract/palettes';
import type { PortalSummary } from '@app/contract/portal';
import { memberLinkStorageKey } from '@app/contract/portalNames';
import { fetchSummary, MemberApiError, problemText } from './memberApi';
import { useMemberLook } from './memberLook';
import { AttendanceCard, DuesCard, ReceiptsCard, SeatCard, ValidityCard, WifiCard } from './MemberCards';
import { phoneLanguage, translate, type Language } from './texts';
import { UpiCard } from './UpiCard';
// The check-in code and the pause form are asked for after the page's first cards: they load as
// chunks of their own, so the page's first load stays within its weight limit (bench/routeWeights.ts).
const CheckInCard = lazy(() => import('./CheckInCard').then((m) => ({ default: m.CheckInCard })));
const PauseCard = lazy(() => import('./PauseCard').then((m) => ({ default: m.PauseCard })));
import { LanguageContext } from './useTexts';
import './memberPage.css';

type State =
  | { kind: 'loading' }
  | { kind: 'dead' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; summary: PortalSummary };

/**
 * The phone keeps the address of the live link it opened (issue 45, point 2): the page added to the
 * home screen and check-in on that phone find it; a dead link is forgotten. Storage a browser
 * refuses (private mode) only means nothing is remembered.
 */
function remember(token: string, live: boolean) {
  try {
    const page = `/m/${token}`;
    if (live) localStorage.setItem(memberLinkStorageKey, page);
    else if (localStorage.getItem(memberLinkStorageKey) === page)
      localStorage.removeItem(memberLinkStorageKey);
  } catch {
    // Not remembered.
  }
}

/** The link's token: the address is /m/<token> (the server sends this page for every /m/...). */
export const tokenOf = (path: string) => decodeURIComponent(path.split('/')[2] ?? '');

/**
 * A member's own page (/m/<token>, issue 37): an entry of its own (member.html), drawn without the
 * admin app, phone first, in the member's language. The token stays in the address bar and goes to
 * the API only in a header.
 */
export function MemberPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // The product's palette until the summary names the organisation's (member.html's outline has it).
  const { style } = useMemberLook(
    state.kind === 'ready' ? state.summary.organisation.palette : defaultMemberPalette,
  );
  // The phone's language until the summary names the member's.
  const [language, setLanguage] = useState<Language>(phoneLanguage);
  const t = (key: 'title' | 'loading' | 'dead' | 'retry') => translate(language, key);

  const load = useCallback(async () => {
    try {
      const summary = await fetchSummary(token);
      setLanguage(summary.language === 'de' ? 'de' : 'en');
      setState({ kind: 'ready', summary });
      remember(token, true);
    } catch (error) {
      if (error instanceof MemberApiError && error.status === 404) remember(token, false);
      setState(
        error instanceof MemberApiError && error.status === 404
          ? { kind: 'dead' }
          : { kind: 'failed', error },
      );
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title =
      state.kind === 'ready'
        ? `${state.summary.member.name} · ${translate(language, 'title')}`
        : translate(language, 'title');
  }, [state, language]);

  return (
    <LanguageContext value={language}>
      <main className="mp" style={style}>
        {state.kind === 'loading' && (
          <p className="mp-note" role="progressbar" aria-label={t('loading')}>
            {t('loading')}
          </p>
        )}
        {state.kind === 'dead' && (
          <p className="mp-alert" role="alert">
            {t('dead')}
          </p>
        )}
        {state.kind === 'failed' && (
          <div className="mp-alert" role="alert">
            <p>{problemText(language, state.error)}</p>
            <button type="button" className="mp-button" onClick={() => void load()}>
              {t('retry')}
            </button>
          </div>
        )}
        {state.kind === 'ready' && <Summary summary={state.summary} token={token} reload={load} />}
      </main>
    </LanguageContext>
  );
}

function Summary({
  summary,
  token,
  reload,
}: {
  summary: PortalSummary;
  token: string;
  reload: () => Promise<void>;
}) {
  const { member, organisation } = summary;
  return (
    <>
      <header className="mp-header">
        <p className="mp-org">{organisation.name}</p>
        <h1>{member.name}</h1>
        <p className="mp-branch">{member.branchName}</p>
      </header>
      <div className="mp-cards">
        <ValidityCard summary={summary} />
        {member.active && (
          <Suspense fallback={null}>
            <CheckInCard token={token} />
          </Suspense>
        )}
        <SeatCard summary={summary} />
        <DuesCard summary={summary} />
        {summary.upi && <UpiCard summary={summary} upi={summary.upi} token={token} onClaimed={reload} />}
        <ReceiptsCard summary={summary} token={token} />
        <AttendanceCard summary={summary} />
        {summary.wifi && <WifiCard wifi={summary.wifi} />}
        {member.active && (
          <Suspense fallback={null}>
            <PauseCard token={token} today={summary.today} />
          </Suspense>
        )}
      </div>
    </>
  );
}
