import { useState, type ReactNode } from 'react';
import type { PortalSummary, WifiUsage } from '@app/contract/portal';
import { fetchReceiptPdf, problemText } from './memberApi';
import { useMemberFormat } from './useMemberFormat';
import { useTexts } from './useTexts';

export function Card({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="mp-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ValidityCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTexts();
  const f = useMemberFormat(summary);
  const { member } = summary;
  const days = member.daysLeft;
  const left =
    days > 0 ? t('daysLeft', { count: days }) : days === 0 ? t('endsToday') : t('endedAgo', { count: -days });
  return (
    <Card title={t('validity')} id="mp-validity">
      <p className="mp-big" data-testid="member-valid-till">
        {t('validTill', { date: f.date(member.validTill) })}
      </p>
      <p className="mp-row">
        <span className={`mp-chip ${member.active ? 'mp-chip-ok' : 'mp-chip-bad'}`}>
          {member.active ? t('active') : t('ended')}
        </span>
        <span
          data-testid="member-days-left"
          className={days < 0 ? 'mp-bad' : days <= 7 ? 'mp-warn' : undefined}
        >
          {left}
        </span>
      </p>
      <p className="mp-muted">{t('validFrom', { date: f.date(member.validFrom) })}</p>
    </Card>
  );
}

export function SeatCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTexts();
  const { member } = summary;
  return (
    <Card title={t('seat')} id="mp-seat">
      <p>
        {member.seatNumber !== null && member.roomName !== null
          ? t('seatIn', { seat: member.seatNumber, room: member.roomName })
          : t('noSeat')}
      </p>
      <p className="mp-big">
        {t('window', { from: member.entryTime, till: member.exitTime })}{' '}
        {member.nextDayExit && <span className="mp-muted">{t('nextDay')}</span>}
      </p>
    </Card>
  );
}

export function DuesCard({ summary }: { summary: PortalSummary }) {
  const { t } = useTexts();
  const f = useMemberFormat(summary);
  const dues = summary.member.dues;
  return (
    <Card title={t('dues')} id="mp-dues">
      <p className={`mp-big ${dues > 0 ? 'mp-bad' : ''}`} data-testid="member-dues">
        {dues > 0 ? f.money(dues) : t('nothingDue')}
      </p>
    </Card>
  );
}

export function ReceiptsCard({ summary, token }: { summary: PortalSummary; token: string }) {
  const { t, language } = useTexts();
  const f = useMemberFormat(summary);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async (paymentId: number) => {
    setProblem(null);
    // Opened before the download, so a phone's pop-up blocker sees it come from the tap.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchReceiptPdf(token, paymentId, language));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setProblem(problemText(language, error));
    }
  };
  return (
    <Card title={t('receipts')} id="mp-receipts">
      {summary.receipts.length === 0 && <p className="mp-muted">{t('noReceipts')}</p>}
      <ul className="mp-list">
        {summary.receipts.map((r) => (
          <li key={r.paymentId}>
            <span>
              <strong>{r.receiptNumber}</strong>
              <br />
              <span className="mp-muted">
                {f.date(r.paidOn)} · {f.money(r.received)}
                {r.status === 'voided' && ` · ${t('voided')}`}
              </span>
            </span>
            <button type="button" className="mp-button mp-outlined" onClick={() => void open(r.paymentId)}>
              {t('openPdf')}
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
  const { t } = useTexts();
  const f = useMemberFormat(summary);
  const visits = summary.attendance;
  return (
    <Card title={t('attendance')} id="mp-attendance">
      {visits.length === 0 ? (
        <p className="mp-muted">{t('noAttendance')}</p>
      ) : (
        <>
          <p className="mp-big">{t('daysPresent', { count: visits.length })}</p>
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

/** Bytes as the page shows them: decimal GB (as the package's cap is set), MB below 1 GB. */
export function formatBytes(bytes: number, language: string): string {
  const gb = bytes >= 1e9;
  const value = bytes / (gb ? 1e9 : 1e6);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value);
  return `${number} ${gb ? 'GB' : 'MB'}`;
}

/** The current package's data used, allowed and left, and time left (issue 45, point 6). */
function WifiUsage({ usage }: { usage: WifiUsage }) {
  const { t, language } = useTexts();
  const bytes = (n: number) => formatBytes(n, language);
  const minutes = Math.floor(usage.secondsLeft / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const timeLeft =
    days > 0 ? t('wifiDaysHours', { days, hours }) : t('wifiHoursMinutes', { hours, minutes: minutes % 60 });
  const left = usage.allowedBytes === null ? null : Math.max(0, usage.allowedBytes - usage.usedBytes);
  return (
    <>
      {usage.allowedBytes !== null && (
        <meter
          className="mp-meter"
          aria-label={t('wifiUsed')}
          min={0}
          max={usage.allowedBytes}
          value={Math.min(usage.usedBytes, usage.allowedBytes)}
          high={usage.allowedBytes * 0.9}
        />
      )}
      <dl className="mp-pairs" data-testid="wifi-usage">
        <dt>{t('wifiUsed')}</dt>
        <dd data-testid="wifi-used">{bytes(usage.usedBytes)}</dd>
        <dt>{t('wifiAllowed')}</dt>
        <dd data-testid="wifi-allowed">
          {usage.allowedBytes === null ? t('wifiUnlimited') : bytes(usage.allowedBytes)}
        </dd>
        {left !== null && (
          <>
            <dt>{t('wifiLeft')}</dt>
            <dd data-testid="wifi-left">{bytes(left)}</dd>
          </>
        )}
        <dt>{t('wifiTimeLeft')}</dt>
        <dd data-testid="wifi-time-left">{timeLeft}</dd>
      </dl>
      {left === 0 && <p className="mp-row">{t('wifiUsedUp')}</p>}
    </>
  );
}

export function WifiCard({ wifi }: { wifi: { username: string; pin: string; usage: WifiUsage } }) {
  const { t } = useTexts();
  const [shown, setShown] = useState(false);
  return (
    <Card title={t('wifi')} id="mp-wifi">
      <dl className="mp-pairs">
        <dt>{t('wifiUser')}</dt>
        <dd>{wifi.username}</dd>
        <dt>{t('wifiPin')}</dt>
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
            {shown ? t('hide') : t('show')}
          </button>
        </dd>
      </dl>
      <WifiUsage usage={wifi.usage} />
    </Card>
  );
}
