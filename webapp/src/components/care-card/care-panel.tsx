// A care card where it is kept: its rules in one plain line (who sees it, until when, that every look is recorded),
// then the form — or, for a minor whose guardian keeps it, the card to read.
import type { CareRules } from '../../../../shared/care';
import { useCareCard, useCareRules, type CareOwner } from '../../lib/care';
import { errorMessage } from '../../lib/api-client';
import { defineMessages, msg, useT } from '../../i18n';
import { commonMessages } from '../common-messages';
import { Skeleton } from '../skeleton/skeleton';
import { CareForm } from './care-form';
import { CareSummary } from './care-summary';
import styles from './care-card.module.css';

const messages = defineMessages({
  whoSeesOwn: {
    id: 'web.care.panel.whoSeesOwn',
    defaultMessage:
      'Who sees this card: you, your linked parents or guardians, the admins, and the leaders of each event you reply to — from your reply until {days, plural, one {# day} other {# days}} after the event. Every time someone else opens it, that is recorded.',
  },
  whoSeesChild: {
    id: 'web.care.panel.whoSeesChild',
    defaultMessage:
      'Who sees this card: you, {name}, {name}’s other linked guardians, the admins, and the leaders of each event {name} replies to — from the reply until {days, plural, one {# day} other {# days}} after the event. Every time someone else opens it, that is recorded.',
  },
});

export function CareVisibility({ rules, childName }: { rules: CareRules; childName?: string }) {
  const t = useT();
  return (
    <p className={styles.visibility}>
      {childName
        ? t(messages.whoSeesChild, { name: childName, days: rules.visibleDays })
        : t(messages.whoSeesOwn, { days: rules.visibleDays })}
    </p>
  );
}

interface CarePanelProps {
  owner: CareOwner;
  /** The child's first name, on a guardian's page. */
  childName?: string;
  idPrefix: string;
}

export function CarePanel({ owner, childName, idPrefix }: CarePanelProps) {
  const t = useT();
  const rules = useCareRules(owner);
  const card = useCareCard(owner);
  if (rules.isPending || card.isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (rules.isError || card.isError) {
    return (
      <p role="alert" className={styles.error}>
        {errorMessage(rules.error ?? card.error)}
      </p>
    );
  }
  return (
    <div className={styles.panel}>
      <CareVisibility rules={rules.data} childName={childName} />
      {rules.data.keptByGuardian ? (
        <>
          <p role="note">
            <strong>{t(msg('careKeptByGuardian'))}</strong>
          </p>
          <CareSummary card={card.data} />
        </>
      ) : (
        // A saved card from elsewhere (another tab, the other guardian) starts the form afresh.
        <CareForm key={card.data.updatedAt ?? 'new'} owner={owner} card={card.data} idPrefix={idPrefix} />
      )}
    </div>
  );
}
