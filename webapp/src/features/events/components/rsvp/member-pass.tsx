// The member's event pass: a QR code the organiser scans at the door. The server's SVG is shown as an image
// (a data: URL), never inserted as markup, so nothing in it can run or change the page.
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { Dialog } from '../../../../components/dialog/dialog';
import { defineMessages, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { usePass } from '../../api/get-pass';
import styles from './rsvp-card.module.css';

const messages = defineMessages({
  show: { id: 'web.events.pass.show', defaultMessage: 'Show my pass' },
  title: { id: 'web.events.pass.title', defaultMessage: 'Your event pass' },
  loading: { id: 'web.events.pass.loading', defaultMessage: 'Loading pass...' },
  alt: { id: 'web.events.pass.alt', defaultMessage: 'Event pass QR code for {name}' },
  hint: {
    id: 'web.events.pass.hint',
    defaultMessage: 'Show this code at the door. No camera? The organiser can type it in:',
  },
});

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function MemberPass({ eventId, eventName }: { eventId: number; eventName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const pass = usePass(eventId, open);
  return (
    <>
      <Button variant="secondary" block onClick={() => setOpen(true)}>
        <QrCode size={18} aria-hidden="true" />
        {t(messages.show)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t(messages.title)} description={eventName}>
        {pass.isPending && <p role="status">{t(messages.loading)}</p>}
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
              alt={t(messages.alt, { name: eventName })}
              width={240}
              height={240}
            />
            <p className="muted">{t(messages.hint)}</p>
            <code className={styles.token}>{pass.data.token}</code>
          </div>
        )}
      </Dialog>
    </>
  );
}
