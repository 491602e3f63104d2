// Date of birth (set once; afterwards only an admin corrects it), and for members under the consent age the
// parent or guardian who gives consent. A member who is someone's guardian finds their children from here.
import { Link } from '../../../lib/router';
import type { CurrentUser } from '../../../../../shared/types';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { BirthDateForm } from '../../../components/take-part/birth-date-form';
import { GuardianRequest } from '../../../components/take-part/guardian-request';
import { toast } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { calendarDateText } from '../../../lib/dates';
import { useGuardianChildren } from '../../../lib/guardian-children';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

const messages = defineMessages({
  birthDate: { id: 'web.settings.age.birthDate', defaultMessage: 'Date of birth' },
  askAdmin: { id: 'web.settings.age.askAdmin', defaultMessage: 'Ask an admin to correct it.' },
  saved: { id: 'web.settings.age.saved', defaultMessage: 'Date of birth saved' },
  guardian: { id: 'web.settings.age.guardian', defaultMessage: 'Parent or guardian' },
  childrenText: {
    id: 'web.settings.age.childrenText',
    defaultMessage: 'Consent, photo permissions and permission slips for the children you look after.',
  },
});

export function AgeSettings({ user }: { user: CurrentUser }) {
  const children = useGuardianChildren();
  const hasChildren = (children.data?.length ?? 0) > 0;
  const t = useT();
  return (
    <>
      <Card title={t(messages.birthDate)} labelledBy="birth-date-title">
        {user.birthDate ? (
          <>
            <p>
              <strong>{calendarDateText(user.birthDate)}</strong>
            </p>
            <p className="muted">{t(messages.askAdmin)}</p>
          </>
        ) : (
          <BirthDateForm onSaved={() => toast({ title: t(messages.saved) })} />
        )}
      </Card>
      {user.isMinor && (
        <Card title={t(messages.guardian)} labelledBy="guardian-title">
          <GuardianRequest user={user} />
        </Card>
      )}
      {hasChildren && (
        <Card title={t(commonMessages.yourChildren)} labelledBy="your-children-title">
          <p className="muted">{t(messages.childrenText)}</p>
          <Link to={paths.guardian} className={buttonClass({ variant: 'secondary' })}>
            {t(commonMessages.yourChildren)}
          </Link>
        </Card>
      )}
    </>
  );
}
