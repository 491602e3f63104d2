// The browser's camera as a QR scanner at the door (inside Telegram the Mini App uses Telegram's own scanner
// instead). qr-scanner (nimiq) arrives only when the organiser starts scanning: about 16 KB compressed, decoding
// in a web worker (or the browser's own BarcodeDetector where there is one), so no page grows by it.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useT } from '../../../../i18n';
import styles from './check-in.module.css';

const messages = defineMessages({
  video: { id: 'web.events.checkIn.cameraView', defaultMessage: 'Camera view for scanning passes' },
  starting: { id: 'web.events.checkIn.cameraStarting', defaultMessage: 'Starting the camera...' },
  aim: { id: 'web.events.checkIn.cameraAim', defaultMessage: "Hold the member's pass in front of the camera." },
  failed: {
    id: 'web.events.checkIn.cameraFailed',
    defaultMessage: 'The camera could not start. Allow this site to use the camera, or type the code below.',
  },
});

/** Whether this browser can give the page a camera at all (a secure page in a browser with getUserMedia). */
export const cameraAvailable = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * Shows what the camera sees and hands every QR code it reads to `onText` (the same code again and again while
 * it stays in view: the caller decides what a repeat means). The camera stops when this leaves the page.
 */
export function CameraScanner({ onText }: { onText: (text: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onText);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');

  useEffect(() => {
    handler.current = onText;
  }, [onText]);

  useEffect(() => {
    let stopped = false;
    let scanner: { destroy: () => void } | null = null;
    const start = async () => {
      const { default: QrScanner } = await import('qr-scanner');
      if (stopped || !video.current) return;
      const instance = new QrScanner(video.current, (result) => handler.current(result.data), {
        returnDetailedScanResult: true,
        preferredCamera: 'environment',
        maxScansPerSecond: 5,
        // A frame around the square it reads, and the outline of a code it sees, so the camera is easy to aim.
        highlightScanRegion: true,
        highlightCodeOutline: true,
      });
      scanner = instance;
      await instance.start();
      if (!stopped) setState('scanning');
    };
    start().catch(() => {
      if (!stopped) setState('failed');
    });
    return () => {
      stopped = true;
      scanner?.destroy();
    };
  }, []);

  return (
    <div className={styles.camera}>
      {/* qr-scanner puts its frame over the video, in this box. */}
      <div className={styles.viewfinder} hidden={state === 'failed'}>
        <video ref={video} className={styles.video} muted playsInline aria-label={t(messages.video)} />
      </div>
      {state === 'failed' ? (
        <p className="field-error" role="alert">
          {t(messages.failed)}
        </p>
      ) : (
        <p className="muted" role="status">
          {t(state === 'starting' ? messages.starting : messages.aim)}
        </p>
      )}
    </div>
  );
}
