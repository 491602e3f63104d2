// The member's event pass: a QR code the organiser scans at the door. The server's SVG is shown as an image
// (a data: URL), never inserted as markup, so nothing in it can run or change the page.
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { errorMessage } from '../../../lib/api-client';
import { usePass } from '../api/get-pass';
import styles from './rsvp-card.module.css';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function MemberPass({ eventId, eventName }: { eventId: number; eventName: string }) {
  const [open, setOpen] = useState(false);
  const pass = usePass(eventId, open);
  return (
    <>
      <Button variant="secondary" block onClick={() => setOpen(true)}>
        <QrCode size={18} aria-hidden="true" />
        Show my pass
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Your event pass" description={eventName}>
        {pass.isPending && <p role="status">Loading pass...</p>}
        {pass.isError && (
          <p className="field-error" role="alert">
            {errorMessage(pass.error)}
          </p>
        )}
        {pass.data && (
          <div className={styles.pass}>
            <img
              className={styles.qr}
              src={svgDataUrl(pass.data.qrSvg)}
              alt={`Event pass QR code for ${eventName}`}
              width={240}
              height={240}
            />
            <p className="muted">Show this code at the door. No camera? The organiser can type it in:</p>
            <code className={styles.token}>{pass.data.token}</code>
          </div>
        )}
      </Dialog>
    </>
  );
}
