import { useState, type FormEvent } from 'react';
import type { MemberClaim, PortalSummary, UpiOffer } from '@app/contract/portal';
import { claimUpiPayment, MemberApiError, problemText, saidOnPage } from './memberApi';
import { Card } from './MemberCards';
import { useMemberFormat } from './useMemberFormat';
import { useTexts } from './useTexts';

type Upi = NonNullable<PortalSummary['upi']>;

/**
 * "Pay dues" and "Renew" as upi:// links (a phone opens its UPI app) with their QR codes (to pay from
 * another phone), then the member's claim with the UTR; the desk confirms it (issue 37).
 */
export function UpiCard(props: {
  summary: PortalSummary;
  upi: Upi;
  token: string;
  onClaimed: () => Promise<void>;
}) {
  const { summary, upi } = props;
  const { t } = useTexts();
  return (
    <Card title={t('pay')} id="mp-pay">
      {upi.offers.map((offer) => (
        <Offer key={offer.reference} summary={summary} offer={offer} />
      ))}
      {upi.offers.length > 0 && <ClaimForm {...props} />}
      <Claims summary={summary} claims={summary.claims} />
    </Card>
  );
}

function Offer({ summary, offer }: { summary: PortalSummary; offer: UpiOffer }) {
  const { t } = useTexts();
  const f = useMemberFormat(summary);
  const [qr, setQr] = useState(false);
  const amount = f.money(offer.amount);
  const title =
    offer.purpose === 'dues'
      ? t('payDues')
      : offer.feeStructureName
        ? t('renewFor', { name: offer.feeStructureName })
        : t('renew');
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
        <button
          type="button"
          className="mp-button mp-outlined"
          aria-expanded={qr}
          onClick={() => setQr((q) => !q)}
        >
          {qr ? t('hideQr') : t('showQr')}
        </button>
      </div>
      {qr && (
        <img className="mp-qr" src={offer.qrDataUrl} alt={t('qrAlt', { amount })} width={240} height={240} />
      )}
    </div>
  );
}

function ClaimForm({
  summary,
  upi,
  token,
  onClaimed,
}: {
  summary: PortalSummary;
  upi: Upi;
  token: string;
  onClaimed: () => Promise<void>;
}) {
  const { t, language } = useTexts();
  const f = useMemberFormat(summary);
  const [reference, setReference] = useState(upi.offers[0]!.reference);
  const offer = upi.offers.find((o) => o.reference === reference) ?? upi.offers[0]!;
  const [amount, setAmount] = useState((offer.amount / 100).toFixed(2));
  const [utr, setUtr] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const [sent, setSent] = useState(false);

  const choose = (next: string) => {
    setReference(next);
    const chosen = upi.offers.find((o) => o.reference === next);
    if (chosen) setAmount((chosen.amount / 100).toFixed(2));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSent(false);
    const paise = Math.round(Number(amount.replace(',', '.')) * 100);
    if (!/^\d{12}$/.test(utr.trim())) return setProblem({ field: 'utr', message: t('paidHelp') });
    if (!Number.isFinite(paise) || paise <= 0) return setProblem({ field: 'amount', message: t('required') });
    setBusy(true);
    try {
      await claimUpiPayment(token, { amount: paise, utr: utr.trim(), reference });
      setSent(true);
      setUtr('');
      await onClaimed();
    } catch (error) {
      const detail = error instanceof MemberApiError ? error.details?.[0] : undefined;
      setProblem(
        detail
          ? { field: detail.path.replace('body.', ''), message: saidOnPage(language, detail) }
          : { message: problemText(language, error) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mp-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('paid')}</h3>
      <p className="mp-muted mp-small">{t('paidHelp')}</p>
      {upi.offers.length > 1 && (
        <label>
          {t('whichPayment')}
          <select value={reference} onChange={(e) => choose(e.target.value)}>
            {upi.offers.map((o) => (
              <option key={o.reference} value={o.reference}>
                {o.purpose === 'dues' ? t('payDues') : t('renew')} · {f.money(o.amount)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('amount')}
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={problem?.field === 'amount'}
        />
      </label>
      <label>
        {t('utr')}
        <input
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={utr}
          onChange={(e) => setUtr(e.target.value.replace(/\D/g, ''))}
          aria-invalid={problem?.field === 'utr'}
          data-testid="utr-input"
        />
      </label>
      {problem && (
        <p className="mp-alert" role="alert">
          {problem.message}
        </p>
      )}
      {sent && (
        <p className="mp-ok" role="status">
          {t('sent')}
        </p>
      )}
      <button type="submit" className="mp-button" disabled={busy}>
        {t('send')}
      </button>
    </form>
  );
}

function Claims({ summary, claims }: { summary: PortalSummary; claims: MemberClaim[] }) {
  const { t } = useTexts();
  const f = useMemberFormat(summary);
  if (claims.length === 0) return null;
  const label = { pending: 'claimPending', confirmed: 'claimConfirmed', rejected: 'claimRejected' } as const;
  const tone = { pending: 'mp-chip-wait', confirmed: 'mp-chip-ok', rejected: 'mp-chip-bad' } as const;
  return (
    <div className="mp-claims">
      <h3>{t('claims')}</h3>
      <ul className="mp-list">
        {claims.map((c) => (
          <li key={c.id} data-testid="member-claim">
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
