import { useEffect, useState } from 'react';
import type { MemberCheckInCode } from '@app/contract/kiosk';
import { memberTokenHeader } from '@app/contract/portalNames';
import { Card } from './MemberCards';
import { useTexts } from './useTexts';
import { checkInText } from './checkInTexts';

/**
 * The member's own check-in QR (issue 47): a code the server derives from this page's link and signs,
 * new every 30 seconds (a screenshot stops working), for the entrance screen's scanner or camera.
 */
export function CheckInCard({ token }: { token: string }) {
  const { language } = useTexts();
  const [code, setCode] = useState<MemberCheckInCode | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = async () => {
      let next = 10_000;
      try {
        const res = await fetch('/api/portal/getCheckInCode', {
          headers: { [memberTokenHeader]: token },
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
        });
        if (res.ok) {
          const answer = (await res.json()) as MemberCheckInCode;
          if (stopped) return;
          setCode(answer);
          next = Math.max(1000, Date.parse(answer.expiresAt) - Date.now() + 250);
        }
      } catch {
        // Tried again below.
      }
      if (!stopped) timer = setTimeout(() => void load(), next);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token]);

  if (!code) return null;
  return (
    <Card title={checkInText(language, 'myCode')} id="mp-checkin-code">
      <img
        className="mp-qr"
        src={code.qrDataUrl}
        alt={checkInText(language, 'myCode')}
        width={240}
        height={240}
        data-member-code={code.memberCode}
      />
      <p className="mp-muted">{checkInText(language, 'myCodeHelp')}</p>
    </Card>
  );
}
