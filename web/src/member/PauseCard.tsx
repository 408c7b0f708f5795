import { useState, type FormEvent } from 'react';
import type { Pause } from '@app/contract/pauses';
import { DayInput } from './DayInput';
import { Card } from './MemberCards';
import { problemText, requestPause } from './memberApi';
import { useTexts } from './useTexts';

/**
 * Asking for a pause from the page (issue 45, point 4): first day, days and a reason; staff approve
 * or refuse it, and approving moves the validity on by the days.
 */
export function PauseCard({ token, today }: { token: string; today: string }) {
  const { t, language } = useTexts();
  const [from, setFrom] = useState(today);
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<Pause | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(days);
    if (!Number.isInteger(count) || count < 1) return setProblem(t('pauseDaysHelp'));
    setBusy(true);
    setProblem(null);
    try {
      setAsked(await requestPause(token, { from, days: count, reason: reason.trim() }));
    } catch (error) {
      setProblem(problemText(language, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('pause')} id="mp-pause">
      {asked ? (
        <p className="mp-ok" role="status" data-testid="pause-asked">
          {t('pauseAsked')}
        </p>
      ) : (
        <form className="mp-form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="mp-muted mp-small">{t('pauseHelp')}</p>
          <label>
            {t('pauseFrom')}
            <DayInput value={from} min={today} onChange={setFrom} />
          </label>
          <label>
            {t('pauseDays')}
            <input
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value.replace(/\D/g, ''))}
              data-testid="pause-days"
            />
          </label>
          <label>
            {t('pauseReason')}
            <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </label>
          {problem && (
            <p className="mp-alert" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="mp-button" disabled={busy}>
            {t('pauseAsk')}
          </button>
        </form>
      )}
    </Card>
  );
}
