import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberClaim, PortalSummary, UpiOffer } from '@app/contract/portal';
import { ApiError } from '../../lib/api';
import { errorMessage, saidInLanguage } from '../../lib/errorMessage';
import { claimUpiPayment } from './memberApi';
import { Card } from './MemberCards';
import { useMemberFormat } from './useMemberFormat';

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
  const { t } = useTranslation();
  return (
    <Card title={t('memberPage.pay')} id="mp-pay">
      {upi.offers.map((offer) => (
        <Offer key={offer.reference} summary={summary} offer={offer} />
      ))}
      {upi.offers.length > 0 && <ClaimForm {...props} />}
      <Claims summary={summary} claims={summary.claims} />
    </Card>
  );
}

function Offer({ summary, offer }: { summary: PortalSummary; offer: UpiOffer }) {
  const { t } = useTranslation();
  const f = useMemberFormat(summary);
  const [qr, setQr] = useState(false);
  const amount = f.money(offer.amount);
  const title =
    offer.purpose === 'dues'
      ? t('memberPage.payDues')
      : offer.feeStructureName
        ? t('memberPage.renewFor', { name: offer.feeStructureName })
        : t('memberPage.renew');
  return (
    <div className="mp-offer" data-testid={`upi-offer-${offer.purpose}`}>
      <h3>{title}</h3>
      <p className="mp-big">{amount}</p>
      {offer.purpose === 'renewal' && (
        <p className="mp-muted">
          {offer.coversTill && t('memberPage.coversTill', { date: f.date(offer.coversTill) })}
          {offer.lateFine > 0 && ` · ${t('memberPage.lateFine', { amount: f.money(offer.lateFine) })}`}
          {offer.dues > 0 && ` · ${t('memberPage.inclDues', { amount: f.money(offer.dues) })}`}
        </p>
      )}
      <p className="mp-muted mp-small">{t('memberPage.reference', { reference: offer.reference })}</p>
      <div className="mp-actions">
        <a className="mp-button" href={offer.uri} data-testid="upi-link">
          {t('memberPage.openApp', { amount })}
        </a>
        <button
          type="button"
          className="mp-button mp-outlined"
          aria-expanded={qr}
          onClick={() => setQr((q) => !q)}
        >
          {qr ? t('memberPage.hideQr') : t('memberPage.showQr')}
        </button>
      </div>
      {qr && (
        <img
          className="mp-qr"
          src={offer.qrDataUrl}
          alt={t('memberPage.qrAlt', { amount })}
          width={240}
          height={240}
        />
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
  const { t } = useTranslation();
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
    if (!/^\d{12}$/.test(utr.trim())) return setProblem({ field: 'utr', message: t('memberPage.paidHelp') });
    if (!Number.isFinite(paise) || paise <= 0)
      return setProblem({ field: 'amount', message: t('validation.required') });
    setBusy(true);
    try {
      await claimUpiPayment(token, { amount: paise, utr: utr.trim(), reference });
      setSent(true);
      setUtr('');
      await onClaimed();
    } catch (error) {
      const detail = error instanceof ApiError ? error.details?.[0] : undefined;
      setProblem(
        detail
          ? { field: detail.path.replace('body.', ''), message: saidInLanguage(detail) }
          : { message: errorMessage(error) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mp-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('memberPage.paid')}</h3>
      <p className="mp-muted mp-small">{t('memberPage.paidHelp')}</p>
      {upi.offers.length > 1 && (
        <label>
          {t('memberPage.whichPayment')}
          <select value={reference} onChange={(e) => choose(e.target.value)}>
            {upi.offers.map((o) => (
              <option key={o.reference} value={o.reference}>
                {o.purpose === 'dues' ? t('memberPage.payDues') : t('memberPage.renew')} · {f.money(o.amount)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('memberPage.amount')}
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={problem?.field === 'amount'}
        />
      </label>
      <label>
        {t('memberPage.utr')}
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
          {t('memberPage.sent')}
        </p>
      )}
      <button type="submit" className="mp-button" disabled={busy}>
        {t('memberPage.send')}
      </button>
    </form>
  );
}

function Claims({ summary, claims }: { summary: PortalSummary; claims: MemberClaim[] }) {
  const { t } = useTranslation();
  const f = useMemberFormat(summary);
  if (claims.length === 0) return null;
  const label = { pending: 'claimPending', confirmed: 'claimConfirmed', rejected: 'claimRejected' } as const;
  const tone = { pending: 'mp-chip-wait', confirmed: 'mp-chip-ok', rejected: 'mp-chip-bad' } as const;
  return (
    <div className="mp-claims">
      <h3>{t('memberPage.claims')}</h3>
      <ul className="mp-list">
        {claims.map((c) => (
          <li key={c.id} data-testid="member-claim">
            <span>
              {f.money(c.amount)} · UTR {c.utr}
              {c.rejectReason && (
                <>
                  <br />
                  <span className="mp-bad">
                    {t('memberPage.rejectedBecause', { reason: c.rejectReason })}
                  </span>
                </>
              )}
            </span>
            <span className={`mp-chip ${tone[c.status]}`}>{t(`memberPage.${label[c.status]}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
