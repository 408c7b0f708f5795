import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { memberCodePrefix } from '@app/contract/kioskNames';
import { cameraStream } from '../../lib/secureContext';

/** The browser's own QR reader (Chromium on Android, ChromeOS, macOS); absent elsewhere. */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | undefined =>
  (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * The entrance screen's own camera reading members' check-in QR codes (issue 47), with the browser's
 * BarcodeDetector where it has one. A camera needs HTTPS or localhost (the screen says so otherwise);
 * the same code is not sent twice within 5 seconds.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();

  useEffect(() => {
    if (!on || !Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = { text: '', at: 0 };
    const detector = new Detector({ formats: ['qr_code'] });
    const opening = cameraStream({ video: { facingMode: 'user' } });
    if (!opening) return;
    void opening
      .then(async (s) => {
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then((codes) => {
            const text = codes.map((c) => c.rawValue).find((v) => v.startsWith(memberCodePrefix));
            if (!text || (text === last.text && Date.now() - last.at < 5000)) return;
            last = { text, at: Date.now() };
            onCode(text);
          });
        }, 400);
      })
      .catch(() => {
        setFailed(true);
        setOn(false);
      });
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, Detector, onCode]);

  if (!window.isSecureContext || !Detector) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={() => setOn((v) => !v)}>
        {on ? t('kiosk.cameraOff') : t('kiosk.cameraOn')}
      </Button>
      {failed && <Typography color="error">{t('kiosk.cameraFailed')}</Typography>}
      {on && (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          sx={{ display: 'block', width: 320, maxWidth: '100%', mx: 'auto', mt: 1 }}
        />
      )}
    </Box>
  );
}
