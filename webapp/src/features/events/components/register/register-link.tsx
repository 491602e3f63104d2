// The register's link: among the event's tools (the panel is its managers' already), and at the top of the event
// page for a leader the event names.
import { ClipboardCheck } from 'lucide-react';
import { Link } from '../../../../lib/router';
import { buttonClass } from '../../../../components/button/button';
import { paths } from '../../../../config/paths';
import { useT } from '../../../../i18n';
import { registerMessages } from './register-text';

export function RegisterLink({ eventId }: { eventId: number }) {
  const t = useT();
  return (
    <Link className={buttonClass({ variant: 'secondary', size: 'small' })} to={paths.register(eventId)}>
      <ClipboardCheck size={16} aria-hidden="true" />
      {t(registerMessages.title)}
    </Link>
  );
}
