import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSummary } from '@app/contract/portal';
import { errorMessage } from '../../lib/errorMessage';
import { fetchReceiptPdf } from './memberApi';
import { useMemberFormat } from './useMemberFormat';

export function Card({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="mp-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ValidityCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTranslation();
  const f = useMemberFormat(summary);
  const { member } = summary;
  const days = member.daysLeft;
  const left =
    days > 0
      ? t('memberPage.daysLeft', { count: days })
      : days === 0
        ? t('memberPage.endsToday')
        : t('memberPage.endedAgo', { count: -days });
  return (
    <Card title={t('memberPage.validity')} id="mp-validity">
      <p className="mp-big" data-testid="member-valid-till">
        {t('memberPage.validTill', { date: f.longDate(member.validTill) })}
      </p>
      <p className="mp-row">
        <span className={`mp-chip ${member.active ? 'mp-chip-ok' : 'mp-chip-bad'}`}>
          {member.active ? t('memberPage.active') : t('memberPage.ended')}
        </span>
        <span
          data-testid="member-days-left"
          className={days < 0 ? 'mp-bad' : days <= 7 ? 'mp-warn' : undefined}
        >
          {left}
        </span>
      </p>
      <p className="mp-muted">{t('memberPage.validFrom', { date: f.date(member.validFrom) })}</p>
    </Card>
  );
}

export function SeatCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTranslation();
  const { member } = summary;
  return (
    <Card title={t('memberPage.seat')} id="mp-seat">
      <p>
        {member.seatNumber !== null && member.roomName !== null
          ? t('memberPage.seatIn', { seat: member.seatNumber, room: member.roomName })
          : t('memberPage.noSeat')}
      </p>
      <p className="mp-big">
        {t('memberPage.window', { from: member.entryTime, till: member.exitTime })}{' '}
        {member.nextDayExit && <span className="mp-muted">{t('memberPage.nextDay')}</span>}
      </p>
    </Card>
  );
}

export function DuesCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTranslation();
  const f = useMemberFormat(summary);
  const dues = summary.member.dues;
  return (
    <Card title={t('memberPage.dues')} id="mp-dues">
      <p className={`mp-big ${dues > 0 ? 'mp-bad' : ''}`} data-testid="member-dues">
        {dues > 0 ? f.money(dues) : t('memberPage.nothingDue')}
      </p>
    </Card>
  );
}

export function ReceiptsCard({ summary, token }: { summary: PortalSummary; token: string }) {
  const { t, i18n } = useTranslation();
  const f = useMemberFormat(summary);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async (paymentId: number) => {
    setProblem(null);
    // Opened before the download, so a phone's pop-up blocker sees it come from the tap.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchReceiptPdf(token, paymentId, i18n.language));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setProblem(errorMessage(error));
    }
  };
  return (
    <Card title={t('memberPage.receipts')} id="mp-receipts">
      {summary.receipts.length === 0 && <p className="mp-muted">{t('memberPage.noReceipts')}</p>}
      <ul className="mp-list">
        {summary.receipts.map((r) => (
          <li key={r.paymentId}>
            <span>
              <strong>{r.receiptNumber}</strong>
              <br />
              <span className="mp-muted">
                {f.date(r.paidOn)} · {f.money(r.received)}
                {r.status === 'voided' && ` · ${t('memberPage.voided')}`}
              </span>
            </span>
            <button type="button" className="mp-button mp-outlined" onClick={() => void open(r.paymentId)}>
              {t('memberPage.openPdf')}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p className="mp-alert" role="alert">
          {problem}
        </p>
      )}
    </Card>
  );
}

export function AttendanceCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTranslation();
  const f = useMemberFormat(summary);
  const visits = summary.attendance;
  return (
    <Card title={t('memberPage.attendance')} id="mp-attendance">
      {visits.length === 0 ? (
        <p className="mp-muted">{t('memberPage.noAttendance')}</p>
      ) : (
        <>
          <p className="mp-big">{t('memberPage.daysPresent', { count: visits.length })}</p>
          <ul className="mp-list mp-compact">
            {visits.map((v) => (
              <li key={v.day}>
                <span>{f.date(v.day)}</span>
                <span className="mp-muted">
                  {v.firstIn}
                  {v.lastOut && ` – ${v.lastOut}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

export function WifiCard({ wifi }: { wifi: { username: string; pin: string } }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Card title={t('memberPage.wifi')} id="mp-wifi">
      <dl className="mp-pairs">
        <dt>{t('memberPage.wifiUser')}</dt>
        <dd>{wifi.username}</dd>
        <dt>{t('memberPage.wifiPin')}</dt>
        <dd>
          <span data-testid="wifi-pin" className="mp-mono">
            {shown ? wifi.pin : '••••••'}
          </span>{' '}
          <button
            type="button"
            className="mp-button mp-text"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('memberPage.hide') : t('memberPage.show')}
          </button>
        </dd>
      </dl>
    </Card>
  );
}
