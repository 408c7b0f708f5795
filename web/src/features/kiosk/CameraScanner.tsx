import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { memberCodePrefix } from '@app/contract/kioskNames';
import { cameraStream } from '../../lib/secureContext';
import { makeQrReader } from './qrReader';

/**
 * The entrance screen's own camera reading members' check-in QR codes (issue 47, point 3): with the
 * browser's BarcodeDetector where it has one, else a decoding library downloaded when the camera is
 * first switched on (qrReader.ts). A camera needs HTTPS or localhost (the screen says so otherwise);
 * the same code is not sent twice within 5 seconds.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = { text: '', at: 0 };
    const fail = () => {
      if (stopped) return;
      setFailed(true);
      setOn(false);
    };
    const opening = cameraStream({ video: { facingMode: 'user' } });
    if (!opening) {
      fail();
      return;
    }
    setFailed(false);
    void Promise.all([opening, makeQrReader()])
      .then(async ([s, reader]) => {
        stream = s;
        if (stopped || !video.current) {
          s.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        let busy = false;
        timer = setInterval(() => {
          if (!video.current || busy) return;
          busy = true;
          void reader
            .read(video.current)
            .then((texts) => {
              const text = texts.find((v) => v.startsWith(memberCodePrefix));
              if (!text || (text === last.text && Date.now() - last.at < 5000)) return;
              last = { text, at: Date.now() };
              onCode(text);
            })
            .catch(() => undefined)
            .finally(() => {
              busy = false;
            });
        }, 400);
      })
      .catch(fail);
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, onCode]);

  if (!window.isSecureContext) return null;
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
