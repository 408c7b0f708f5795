import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PortalSummary } from '@app/contract/portal';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { fetchSummary } from './memberApi';
import { useMemberLook } from './memberLook';
import { AttendanceCard, DuesCard, ReceiptsCard, SeatCard, ValidityCard, WifiCard } from './MemberCards';
import { UpiCard } from './UpiCard';
import './memberPage.css';

type State =
  | { kind: 'loading' }
  | { kind: 'dead' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; summary: PortalSummary };

/**
 * A member's own page (/m/<token>, issue 37): drawn without MUI or the signed-in app, phone first,
 * in the member's language. The token stays in the address bar and goes to the API only in a header.
 */
export function MemberPage() {
  const token = useParams().token ?? '';
  const { t, i18n } = useTranslation();
  const { style } = useMemberLook();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      const summary = await fetchSummary(token);
      // The member's language, for this visit only (the browser's stored choice is left alone).
      if (i18n.language !== summary.language) await i18n.changeLanguage(summary.language);
      setState({ kind: 'ready', summary });
    } catch (error) {
      setState(
        error instanceof ApiError && error.status === 404
          ? { kind: 'dead' }
          : { kind: 'failed', message: errorMessage(error) },
      );
    }
  }, [token, i18n]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.title =
      state.kind === 'ready'
        ? `${state.summary.member.name} · ${t('memberPage.title')}`
        : t('memberPage.title');
  }, [state, t]);

  return (
    <main className="mp" style={style}>
      {state.kind === 'loading' && (
        <p className="mp-note" role="progressbar" aria-label={t('memberPage.loading')}>
          {t('memberPage.loading')}
        </p>
      )}
      {state.kind === 'dead' && (
        <p className="mp-alert" role="alert">
          {t('memberPage.dead')}
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="mp-alert" role="alert">
          <p>{state.message}</p>
          <button type="button" className="mp-button" onClick={() => void load()}>
            {t('memberPage.retry')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && <Summary summary={state.summary} token={token} reload={load} />}
    </main>
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
        <SeatCard summary={summary} />
        <DuesCard summary={summary} />
        {summary.upi && <UpiCard summary={summary} upi={summary.upi} token={token} onClaimed={reload} />}
        <ReceiptsCard summary={summary} token={token} />
        <AttendanceCard summary={summary} />
        {summary.wifi && <WifiCard wifi={summary.wifi} />}
      </div>
    </>
  );
}
