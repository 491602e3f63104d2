// /guardian, a guardian's home: each of their children (child-card.tsx), or what happens next for an account
// not let in yet.
import { Hourglass, Users } from 'lucide-react';
import { Card, StateCard } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useGuardianChildren } from '../../../lib/guardian-children';
import { useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import { ChildCard } from './child-card';
import { FamilyFees, FamilyPaymentReturn } from './family-fees';
import { SiblingsCard } from './siblings-card';
import { guardianMessages as messages } from './guardian-messages';
import styles from './guardian.module.css';

/**
 * An account the organisation has not let in yet (a parent who signed in before any child named them, or who
 * came to join): the server refuses it the children's list, so it is not asked; the page says what happens next.
 */
function WaitingParent() {
  const t = useT();
  return (
    <StateCard title={t(messages.pendingTitle)} icon={<Hourglass size={32} aria-hidden="true" />} role="status">
      <p>{t(messages.pendingText)}</p>
      <p className="muted">{t(messages.noChildrenText)}</p>
    </StateCard>
  );
}

export function GuardianPage() {
  const { data: user } = useCurrentUser();
  const pending = user?.status === 'pending';
  const children = useGuardianChildren(!pending);
  const t = useT();
  // Refused as pending (a status that changed since the page loaded): the same waiting, never an error.
  if (pending || (children.error instanceof ApiError && children.error.status === 403 && user?.role !== 'guardian'))
    return <WaitingParent />;
  if (children.isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (children.isError) {
    return (
      <StateCard title={t(commonMessages.somethingWentWrong)} role="alert">
        <p>{errorMessage(children.error)}</p>
      </StateCard>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{t(commonMessages.yourChildren)}</h1>
      {children.data.length === 0 ? (
        <Card>
          <EmptyState icon={<Users size={22} />} title={t(messages.noChildren)}>
            <p className="muted">{t(messages.noChildrenText)}</p>
          </EmptyState>
        </Card>
      ) : (
        <>
          <FamilyPaymentReturn family={children.data} />
          <FamilyFees family={children.data} />
          <SiblingsCard family={children.data} />
          {children.data.map((child) => (
            <ChildCard key={child.id} child={child} />
          ))}
        </>
      )}
    </div>
  );
}
