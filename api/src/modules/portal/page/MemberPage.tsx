// A member's own page (/m/<token>, issues 37 and 45) drawn on the server by React: the cards the
// page drew in the browser, as HTML the phone reads without any script. What opened with a click
// opens with <details> (the PIN, a QR code); the claim and the pause request are forms that post to
// the server and come back to the page with the result (pageRoutes.ts).
import { createContext, use, type ReactNode } from 'react';
import {
  memberIconPath,
  memberManifestPath,
  type MemberClaim,
  type PortalSummary,
  type UpiOffer,
  type WifiUsage,
} from '@app/contract/portal';
import type { Pause } from '@app/contract/pauses';
import type { FreeSeats } from '@app/contract/seatHolds';
import { memberFormat, formatBytes } from './format.ts';
import { saidOnPage, translate, type Key, type Language } from './texts.ts';

/** What the page says at its top after a form came back: the claim sent, the pause asked, or why not. */
export type Notice =
  | { form: 'claim'; ok: true }
  | { form: 'claim'; ok: false; code: string }
  | { form: 'pause'; ok: true }
  | { form: 'pause'; ok: false; code: string }
  | { form: 'seat'; ok: true }
  | { form: 'seat'; ok: false; code: string };

/** What the server adds to the summary: the QR codes as inline SVG and the check-in code. */
export interface PageExtras {
  token: string;
  /** Each offer's QR code (SVG markup) by its reference. */
  qr: Record<string, string>;
  checkIn: { memberCode: string; expiresAt: string; svg: string } | null;
  notice: Notice | null;
  /** The seats a renewing member may choose (issue 45, point 5), where the branch has rooms. */
  seats: FreeSeats | null;
  /** The member's own pauses, newest first (issue 45, point 4): what they asked and what was decided. */
  pauses: Pause[];
  /** The organisation writes Hindi with Devanagari digits (issue 48, point 2); else Latin digits. */
  devanagariDigits?: boolean;
}

const Page = createContext<{ language: Language; summary: PortalSummary; extras: PageExtras } | null>(null);

function usePage() {
  const page = use(Page)!;
  const { language } = page;
  const f = memberFormat(page.summary, language, page.extras.devanagariDigits);
  return {
    ...page,
    f,
    // Counts in the texts ('34 days left') in the page's digits; names and codes stay as written.
    t: (key: Key, params?: Record<string, string | number>) => translate(language, key, params, f.number),
  };
}

/** The server's SVG markup inside an element of the page (made by the qrcode library, not input). */
const Svg = ({ svg, label, ...rest }: { svg: string; label: string; [data: `data-${string}`]: string }) => (
  <div className="mp-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} {...rest} />
);

/** Text shown while a <details> is closed, and the other once it is open (CSS: .mp-hidden/.mp-shown). */
const Toggle = ({ closed, open }: { closed: string; open: string }) => (
  <>
    <span className="mp-hidden">{closed}</span>
    <span className="mp-shown">{open}</span>
  </>
);

export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="mp-card" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function ValidityCard() {
  const { t, f, summary } = usePage();
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

/** The member's check-in QR (issue 47): drawn with the page, renewed every 30 s by the page's script. */
function CheckInCard() {
  const { t, extras } = usePage();
  const code = extras.checkIn;
  if (!code) return null;
  return (
    <Card title={t('myCode')} id="mp-checkin-code">
      <Svg
        svg={code.svg}
        label={t('myCode')}
        data-member-code={code.memberCode}
        data-expires={code.expiresAt}
      />
      <p className="mp-muted">{t('myCodeHelp')}</p>
    </Card>
  );
}

function SeatCard() {
  const { t, f, summary } = usePage();
  const { member } = summary;
  return (
    <Card title={t('seat')} id="mp-seat">
      <p>
        {member.seatNumber !== null && member.roomName !== null
          ? t('seatIn', { seat: member.seatNumber, room: member.roomName })
          : t('noSeat')}
      </p>
      <p className="mp-big">
        {/* An entry equal to the exit is the whole day (contract/seatWindows), not '00:00 – 00:00'. */}
        {member.entryTime === member.exitTime
          ? t('wholeDay')
          : t('window', { from: f.digits(member.entryTime), till: f.digits(member.exitTime) })}{' '}
        {member.nextDayExit && <span className="mp-muted">{t('nextDay')}</span>}
      </p>
    </Card>
  );
}

function DuesCard() {
  const { t, f, summary } = usePage();
  const dues = summary.member.dues;
  return (
    <Card title={t('dues')} id="mp-dues">
      <p className={`mp-big ${dues > 0 ? 'mp-bad' : ''}`} data-testid="member-dues">
        {dues > 0 ? f.money(dues) : t('nothingDue')}
      </p>
    </Card>
  );
}

function Offer({ offer }: { offer: UpiOffer }) {
  const { t, f, extras } = usePage();
  const amount = f.money(offer.amount);
  const title =
    offer.purpose === 'dues'
      ? t('payDues')
      : offer.feeStructureName
        ? t('renewFor', { name: offer.feeStructureName })
        : t('renew');
  const qr = extras.qr[offer.reference];
  return (
    <div className="mp-offer" data-testid={`upi-offer-${offer.purpose}`}>
      <h3>{title}</h3>
      <p className="mp-big">{amount}</p>
      {offer.purpose === 'renewal' && (
        <p className="mp-muted">
          {offer.coversTill && t('coversTill', { date: f.date(offer.coversTill) })}
          {offer.lateFine > 0 && ` · ${t('lateFine', { amount: f.money(offer.lateFine) })}`}
          {offer.dues > 0 && ` · ${t('inclDues', { amount: f.money(offer.dues) })}`}
        </p>
      )}
      <p className="mp-muted mp-small">{t('reference', { reference: offer.reference })}</p>
      <div className="mp-actions">
        <a className="mp-button" href={offer.uri} data-testid="upi-link">
          {t('openApp', { amount })}
        </a>
      </div>
      {qr && (
        <details className="mp-qr-box">
          <summary className="mp-button mp-outlined">
            <Toggle closed={t('showQr')} open={t('hideQr')} />
          </summary>
          <Svg svg={qr} label={t('qrAlt', { amount })} />
        </details>
      )}
    </div>
  );
}

/** The claim with the UTR, a form that posts to the server (no script needed). */
function ClaimForm({ offers }: { offers: UpiOffer[] }) {
  const { t, f, extras, language } = usePage();
  const notice = extras.notice?.form === 'claim' ? extras.notice : null;
  const problem = notice && !notice.ok ? notice.code : null;
  const problemText =
    problem === 'utr'
      ? t('paidHelp')
      : problem === 'amount'
        ? t('required')
        : problem && saidOnPage(language, problem);
  const first = offers[0]!;
  return (
    <form
      className="mp-form"
      method="post"
      action={`/m/${encodeURIComponent(extras.token)}/claim`}
      id="mp-claim"
    >
      <h3>{t('paid')}</h3>
      <p className="mp-muted mp-small">{t('paidHelp')}</p>
      {offers.length > 1 ? (
        <label>
          {t('whichPayment')}
          <select name="reference" defaultValue={first.reference}>
            {offers.map((o) => (
              <option key={o.reference} value={o.reference}>
                {o.purpose === 'dues' ? t('payDues') : t('renew')} · {f.money(o.amount)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <input type="hidden" name="reference" value={first.reference} />
      )}
      <label>
        {t('amount')}
        <input
          name="amount"
          inputMode="decimal"
          defaultValue={(first.amount / 100).toFixed(2)}
          aria-invalid={problem === 'amount' || problem === 'UPI_AMOUNT_ABOVE_REQUEST'}
        />
      </label>
      <label>
        {t('utr')}
        <input
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          pattern="[0-9]{12}"
          aria-invalid={problem === 'utr' || problem === 'UTR_ALREADY_CLAIMED'}
          data-testid="utr-input"
        />
      </label>
      {problemText && (
        <p className="mp-alert" role="alert">
          {problemText}
        </p>
      )}
      {notice?.ok && (
        <p className="mp-ok" role="status">
          {t('sent')}
        </p>
      )}
      <button type="submit" className="mp-button">
        {t('send')}
      </button>
    </form>
  );
}

function Claims({ claims }: { claims: MemberClaim[] }) {
  const { t, f } = usePage();
  if (claims.length === 0) return null;
  const label = { pending: 'claimPending', confirmed: 'claimConfirmed', rejected: 'claimRejected' } as const;
  const tone = { pending: 'mp-chip-wait', confirmed: 'mp-chip-ok', rejected: 'mp-chip-bad' } as const;
  return (
    <div className="mp-claims">
      <h3>{t('claims')}</h3>
      <ul className="mp-list">
        {claims.map((c) => (
          <li key={c.id} data-testid="member-claim" data-claim-status={c.status}>
            <span>
              {f.money(c.amount)} · UTR {c.utr}
              {c.rejectReason && (
                <>
                  <br />
                  <span className="mp-bad">{t('rejectedBecause', { reason: c.rejectReason })}</span>
                </>
              )}
            </span>
            <span className={`mp-chip ${tone[c.status]}`}>{t(label[c.status])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Pay dues" and "Renew" as upi:// links (a phone opens its UPI app) with their QR codes (to pay from
 * another phone), then the member's claim with the UTR; the desk confirms it (issue 37).
 */
function UpiCard({ upi }: { upi: NonNullable<PortalSummary['upi']> }) {
  const { t, summary } = usePage();
  return (
    <Card title={t('pay')} id="mp-pay">
      {upi.offers.map((offer) => (
        <Offer key={offer.reference} offer={offer} />
      ))}
      <p className="mp-row mp-muted mp-small">
        <span>{t('upiId', { upiId: upi.upiId })}</span>
        {/* Shown by the page's script, where the phone lets a page copy. */}
        <button
          type="button"
          className="mp-button mp-text"
          hidden
          data-copy={upi.upiId}
          data-copied={t('copied')}
        >
          {t('copy')}
        </button>
      </p>
      {upi.offers.length > 0 && <ClaimForm offers={upi.offers} />}
      <Claims claims={summary.claims} />
    </Card>
  );
}

function ReceiptsCard() {
  const { t, f, summary, extras, language } = usePage();
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
            <a
              className="mp-button mp-outlined"
              href={`/m/${encodeURIComponent(extras.token)}/receipt/${r.paymentId}?lang=${language}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('openPdf')}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AttendanceCard() {
  const { t, f, summary } = usePage();
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

/** The current package's data used, allowed and left, and time left (issue 45, point 6). */
function WifiUsageList({ usage }: { usage: WifiUsage }) {
  const { t, f } = usePage();
  const bytes = (n: number) => formatBytes(n, f.locale);
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

/** WiFi sign-in: the PIN opens with a <details> ("Show"), no script needed. */
function WifiCard({ wifi }: { wifi: NonNullable<PortalSummary['wifi']> }) {
  const { t } = usePage();
  return (
    <Card title={t('wifi')} id="mp-wifi">
      <dl className="mp-pairs">
        <dt>{t('wifiUser')}</dt>
        <dd>{wifi.username}</dd>
        <dt>{t('wifiPin')}</dt>
        <dd>
          <details className="mp-pin">
            <summary>
              <span className="mp-mono mp-hidden">••••••</span>{' '}
              <span className="mp-button mp-text" data-testid="wifi-pin-toggle">
                <Toggle closed={t('show')} open={t('hide')} />
              </span>
            </summary>
            <span data-testid="wifi-pin" className="mp-mono">
              {wifi.pin}
            </span>
          </details>
        </dd>
      </dl>
      <WifiUsageList usage={wifi.usage} />
    </Card>
  );
}

/**
 * Choosing a seat when renewing (issue 45, point 5): a plain grid of the room's seats for the
 * member's window, each free one a submit button of one form; the chosen one is kept for them.
 */
function SeatChoiceCard({ seats }: { seats: FreeSeats }) {
  const { t, f, extras, language } = usePage();
  const notice = extras.notice?.form === 'seat' ? extras.notice : null;
  const label = { free: 'seatFree', taken: 'seatTaken', yours: 'seatYours', held: 'seatHeld' } as const;
  return (
    <Card title={t('seats')} id="mp-seats">
      {seats.hold ? (
        <p className="mp-ok" role="status" data-testid="seat-kept">
          {t('seatKept', {
            seat: seats.hold.seatNumber,
            room: seats.hold.roomName,
            time: f.digits(seats.hold.till),
          })}
        </p>
      ) : (
        <p className="mp-muted mp-small" data-testid="seats-help">
          {/* An entry equal to the exit is the whole day (contract/seatWindows): no window to name. */}
          {seats.window.split('–')[0] === seats.window.split('–')[1]
            ? t('seatsHelpAllDay', { minutes: seats.holdMinutes })
            : t('seatsHelp', { window: f.digits(seats.window), minutes: seats.holdMinutes })}
        </p>
      )}
      {notice && !notice.ok && (
        <p className="mp-alert" role="alert">
          {saidOnPage(language, notice.code)}
        </p>
      )}
      <form method="post" action={`/m/${encodeURIComponent(extras.token)}/seat`}>
        {seats.rooms.map((room) => (
          <fieldset key={room.id} className="mp-seats">
            <legend>{t('seatsRoom', { room: room.name })}</legend>
            {room.seats.map((seat) => (
              <button
                key={seat.seatId}
                type="submit"
                name="seatId"
                value={seat.seatId}
                className={`mp-seat mp-seat-${seat.state}`}
                disabled={seat.state !== 'free'}
                aria-label={t(label[seat.state], { seat: seat.number })}
                aria-pressed={seat.state === 'held' || seat.state === 'yours'}
              >
                {seat.number}
              </button>
            ))}
          </fieldset>
        ))}
      </form>
    </Card>
  );
}

/**
 * Asking for a pause (issue 45, point 4): first day, days and a reason, a form that posts; staff
 * approve or refuse it, and approving moves the validity on by the days.
 */
/** The day before an ISO day: a pause's `until` is its first day not paused. */
const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The member's pauses: the days, and whether the library has yet to decide, approved or refused. */
function PauseHistory() {
  const { t, f, extras } = usePage();
  if (extras.pauses.length === 0) return null;
  const tone = {
    requested: 'mp-chip-wait',
    approved: 'mp-chip-ok',
    rejected: 'mp-chip-bad',
    ended: '',
  } as const;
  const label = {
    requested: 'pauseWaiting',
    approved: 'pauseApproved',
    rejected: 'pauseRefused',
    ended: 'pauseEnded',
  } as const;
  return (
    <div className="mp-claims">
      <h3>{t('pausesMine')}</h3>
      <ul className="mp-list">
        {extras.pauses.map((p) => (
          <li key={p.id} data-testid="member-pause" data-pause-status={p.status}>
            <span>
              {t('pauseRange', { from: f.date(p.from), till: f.date(dayBefore(p.until)) })}
              {p.rejectReason && (
                <>
                  <br />
                  <span className="mp-bad">{t('rejectedBecause', { reason: p.rejectReason })}</span>
                </>
              )}
            </span>
            <span className={`mp-chip ${tone[p.status]}`}>{t(label[p.status])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PauseCard() {
  const { t, summary, extras, language } = usePage();
  const notice = extras.notice?.form === 'pause' ? extras.notice : null;
  return (
    <Card title={t('pause')} id="mp-pause">
      <PauseHistory />
      {notice?.ok ? (
        <p className="mp-ok" role="status" data-testid="pause-asked">
          {t('pauseAsked')}
        </p>
      ) : (
        <form className="mp-form" method="post" action={`/m/${encodeURIComponent(extras.token)}/pause`}>
          <p className="mp-muted mp-small">{t('pauseHelp')}</p>
          <label>
            {t('pauseFrom')}
            <input type="date" name="from" defaultValue={summary.today} min={summary.today} required />
          </label>
          <label>
            {t('pauseDays')}
            <input
              name="days"
              inputMode="numeric"
              pattern="[0-9]+"
              defaultValue="7"
              required
              data-testid="pause-days"
            />
          </label>
          <label>
            {t('pauseReason')}
            <input name="reason" maxLength={200} />
          </label>
          {notice && !notice.ok && (
            <p className="mp-alert" role="alert">
              {notice.code === 'days' ? t('pauseDaysHelp') : saidOnPage(language, notice.code)}
            </p>
          )}
          <button type="submit" className="mp-button">
            {t('pauseAsk')}
          </button>
        </form>
      )}
    </Card>
  );
}

/** The page's content for a live link: the member's header and cards. */
export function MemberPage(props: { language: Language; summary: PortalSummary; extras: PageExtras }) {
  const { member, organisation } = props.summary;
  return (
    <Page value={props}>
      <main className="mp">
        <header className="mp-header">
          <p className="mp-org">{organisation.name}</p>
          <h1>{member.name}</h1>
          <p className="mp-branch">{member.branchName}</p>
        </header>
        <div className="mp-cards">
          <ValidityCard />
          {member.active && <CheckInCard />}
          <SeatCard />
          <DuesCard />
          {props.extras.seats && <SeatChoiceCard seats={props.extras.seats} />}
          {props.summary.upi && <UpiCard upi={props.summary.upi} />}
          <ReceiptsCard />
          <AttendanceCard />
          {props.summary.wifi && <WifiCard wifi={props.summary.wifi} />}
          {member.active && <PauseCard />}
        </div>
      </main>
    </Page>
  );
}

/** A page with one sentence: a dead link, too many requests, or a failure. */
export function MessagePage({ text }: { text: string }) {
  return (
    <main className="mp">
      <p className="mp-alert" role="alert">
        {text}
      </p>
    </main>
  );
}

/** The whole document: head with the inlined style, the body, and the enhancing script. */
export function MemberDocument(props: {
  language: Language;
  title: string;
  themeColor: string;
  style: string;
  script: string | null;
  token: string | null;
  children: ReactNode;
}) {
  const { token } = props;
  return (
    <html lang={props.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light dark" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="theme-color" content={props.themeColor} />
        <title>{props.title}</title>
        {token && (
          <>
            <link rel="manifest" href={memberManifestPath(token)} />
            <link rel="icon" type="image/svg+xml" href={memberIconPath(token)} />
            <link rel="apple-touch-icon" href={memberIconPath(token)} />
          </>
        )}
        <style dangerouslySetInnerHTML={{ __html: props.style }} />
      </head>
      <body>
        {props.children}
        {props.script && <script dangerouslySetInnerHTML={{ __html: props.script }} />}
      </body>
    </html>
  );
}
