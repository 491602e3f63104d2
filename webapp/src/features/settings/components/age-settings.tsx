// Date of birth (set once; afterwards only an admin corrects it), and for members under the consent age the
// parent or guardian who gives consent. A member who is someone's guardian finds their children from here.
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../../../shared/types';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { BirthDateForm } from '../../../components/take-part/birth-date-form';
import { GuardianRequest } from '../../../components/take-part/guardian-request';
import { toast } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { calendarDateText } from '../../../lib/dates';
import { useGuardianChildren } from '../../../lib/guardian-children';

export function AgeSettings({ user }: { user: CurrentUser }) {
  const children = useGuardianChildren();
  const hasChildren = (children.data?.length ?? 0) > 0;
  return (
    <>
      <Card title="Date of birth" labelledBy="birth-date-title">
        {user.birthDate ? (
          <>
            <p>
              <strong>{calendarDateText(user.birthDate)}</strong>
            </p>
            <p className="muted">Ask an admin to correct it.</p>
          </>
        ) : (
          <BirthDateForm onSaved={() => toast({ title: 'Date of birth saved' })} />
        )}
      </Card>
      {user.isMinor && (
        <Card title="Parent or guardian" labelledBy="guardian-title">
          <GuardianRequest user={user} />
        </Card>
      )}
      {hasChildren && (
        <Card title="Your children" labelledBy="your-children-title">
          <p className="muted">Consent, photo permissions and permission slips for the children you look after.</p>
          <Link to={paths.guardian} className={buttonClass({ variant: 'secondary' })}>
            Your children
          </Link>
        </Card>
      )}
    </>
  );
}
