import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CheckInResult, KioskCode, KioskEvent } from '@app/contract/kiosk';
import { kioskKeyHeader, memberCodePrefix } from '@app/contract/kioskNames';
import { CameraScanner } from './CameraScanner';
import { formatTimeOfDay } from '../../lib/dates';

/** The browser keeps its kiosk key here once paired; nothing else of a staff session. */
export const kioskKeyStorage = 'kioskKey';

const readKey = () => {
  try {
    return localStorage.getItem(kioskKeyStorage);
  } catch {
    return null;
  }
};

async function kioskCall<T>(key: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`/api/kiosk/${path}`, {
    ...init,
    headers: { ...init.headers, [kioskKeyHeader]: key, 'content-type': 'application/json' },
    cache: 'no-store',
  });
  if (!res.ok) throw Object.assign(new Error(res.statusText), { status: res.status });
  return (await res.json()) as T;
}

/** A short tone: high for in or out, low for a refusal (no sound file to download). */
function beep(ok: boolean) {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (ok ? 0.15 : 0.5));
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this browser.
  }
}

/** The result as the screen says it: first name and seat only. */
export function resultText(t: TFunction, r: CheckInResult): string {
  if (r.result === 'refused') {
    return t(`kiosk.reasons.${r.reason ?? 'codeInvalid'}`, {
      date: r.validTill ?? '',
      window: r.window ?? '',
    });
  }
  const name = r.firstName ?? '';
  if (r.result === 'out') return t('kiosk.goodbye', { name });
  return [
    t('kiosk.welcome', { name }),
    r.seat && t('kiosk.seat', { seat: r.seat }),
    r.until && t('kiosk.till', { time: r.until }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The entrance screen (/kiosk, issue 47): no staff session. Unpaired, it asks for the six-digit code
 * from Devices → Add entrance screen; paired, it shows the branch, a QR code that changes every 30
 * seconds, the time, how many are inside and the last result, large, with a tone. A barcode scanner
 * types a member's own code followed by Enter: read from the keyboard wherever the focus is.
 */
export function KioskPage() {
  const { t } = useTranslation();
  const [key, setKey] = useState(readKey);
  const [revoked, setRevoked] = useState(false);
  const forget = useCallback(() => {
    try {
      localStorage.removeItem(kioskKeyStorage);
    } catch {
      // Nothing kept.
    }
    setRevoked(true);
    setKey(null);
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', p: { xs: 2, md: 4 }, bgcolor: 'background.default' }}>
      {key ? (
        <PairedScreen kioskKey={key} onRevoked={forget} />
      ) : (
        <PairingForm
          revoked={revoked}
          onPaired={(k) => {
            try {
              localStorage.setItem(kioskKeyStorage, k);
            } catch {
              // Kept for this visit only.
            }
            setKey(k);
          }}
        />
      )}
      <Typography variant="h1" sx={{ display: 'none' }}>
        {t('kiosk.title')}
      </Typography>
    </Box>
  );
}

function PairingForm({ onPaired, revoked }: { onPaired: (key: string) => void; revoked: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/api/kiosk/pair', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      if (res.status === 201) onPaired(((await res.json()) as { kioskKey: string }).kioskKey);
      else setError(res.status === 429 ? t('kiosk.tooMany') : t('kiosk.pairFailed'));
    } catch {
      setError(t('kiosk.pairFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ maxWidth: 420, mx: 'auto', mt: 8, p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('kiosk.pairTitle')}
      </Typography>
      {revoked && (
        <Typography color="error" gutterBottom>
          {t('kiosk.revoked')}
        </Typography>
      )}
      <Typography color="text.secondary" gutterBottom>
        {t('kiosk.pairHelp')}
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', gap: 2, mt: 2 }}
      >
        <TextField
          label={t('kiosk.pairingCode')}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          error={error !== null}
          helperText={error ?? ' '}
          autoFocus
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy || code.length !== 6} sx={{ height: 56 }}>
          {t('kiosk.pair')}
        </Button>
      </Box>
    </Paper>
  );
}

function PairedScreen({ kioskKey, onRevoked }: { kioskKey: string; onRevoked: () => void }) {
  const { t } = useTranslation();
  const [screen, setScreen] = useState<KioskCode | null>(null);
  const [inside, setInside] = useState<number | null>(null);
  const [last, setLast] = useState<CheckInResult | null>(null);
  const [now, setNow] = useState(() => new Date());
  const showResult = useCallback((r: CheckInResult & { insideNow?: number }) => {
    setLast(r);
    if (r.insideNow !== undefined) setInside(r.insideNow);
    beep(r.result !== 'refused');
  }, []);

  // The code: fetched again when it is replaced (every 30 s), the count with it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = async () => {
      let next = 5000;
      try {
        const answer = await kioskCall<KioskCode>(kioskKey, 'getCode');
        if (stopped) return;
        setScreen(answer);
        setInside(answer.insideNow);
        next = Math.min(15_000, Math.max(1000, Date.parse(answer.expiresAt) - Date.now() + 200));
      } catch (error) {
        if ((error as { status?: number }).status === 401) return onRevoked();
      }
      if (!stopped) timer = setTimeout(() => void load(), next);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [kioskKey, onRevoked]);

  // Results as they are decided (server-sent events, read with fetch: EventSource sends no header).
  useEffect(() => {
    const controller = new AbortController();
    const listen = async () => {
      while (!controller.signal.aborted) {
        try {
          const res = await fetch('/api/kiosk/events', {
            headers: { [kioskKeyHeader]: kioskKey },
            signal: controller.signal,
          });
          if (res.status === 401) return onRevoked();
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (data) showResult(JSON.parse(data.slice(6)) as KioskEvent);
            }
          }
        } catch {
          // Reconnected below.
        }
        if (!controller.signal.aborted) await new Promise((r) => setTimeout(r, 3000));
      }
    };
    void listen();
    return () => controller.abort();
  }, [kioskKey, onRevoked, showResult]);

  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, []);

  const scan = useCallback(
    (text: string) =>
      void kioskCall<CheckInResult>(kioskKey, 'scanMember', {
        method: 'POST',
        body: JSON.stringify({ memberCode: text }),
      }).catch((error: { status?: number }) => error.status === 401 && onRevoked()),
    [kioskKey, onRevoked],
  );

  // A barcode scanner is a keyboard: its characters then Enter, wherever the focus is.
  const typed = useRef('');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        const text = typed.current.trim();
        typed.current = '';
        if (text.startsWith(memberCodePrefix)) scan(text);
      } else if (e.key.length === 1) {
        typed.current = (typed.current + e.key).slice(-200);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [scan]);

  const ok = last?.result !== 'refused';
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h3" component="h1" data-testid="kiosk-branch">
          {screen?.branchName ?? ''}
        </Typography>
        <Typography variant="h2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatTimeOfDay(now.toISOString())}
        </Typography>
        <Typography variant="h5" data-testid="kiosk-inside">
          {t('kiosk.inside', { count: inside ?? 0 })}
        </Typography>
        {screen && (
          <Box
            component="img"
            src={screen.qrDataUrl}
            alt={t('kiosk.qrAlt')}
            data-testid="kiosk-qr"
            data-url={screen.url}
            sx={{ width: 320, height: 320, maxWidth: '100%', mt: 2, bgcolor: '#fff' }}
          />
        )}
        <Typography color="text.secondary">{t('kiosk.scanHelp')}</Typography>
        <CameraScanner onCode={scan} />
        {!window.isSecureContext && (
          <Typography color="warning.main" sx={{ mt: 2 }} data-testid="kiosk-http">
            {t('kiosk.cameraNeedsHttps')}
          </Typography>
        )}
      </Box>
      <Box
        role="status"
        data-testid="kiosk-result"
        data-result={last?.result ?? ''}
        sx={{
          minHeight: 260,
          borderRadius: 2,
          p: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          color: last ? '#fff' : 'text.secondary',
          bgcolor: last ? (ok ? 'success.main' : 'error.main') : 'action.hover',
        }}
      >
        <Typography variant="h3" component="p">
          {last ? resultText(t, last) : t('kiosk.waiting')}
        </Typography>
      </Box>
    </Box>
  );
}
