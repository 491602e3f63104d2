// A care card to read: the member's own when a guardian keeps it, and each block of the trip sheet. An empty field
// says so in words, so a leader on a campsite knows nothing was given rather than wondering what is missing.
import type { CareCard } from '../../../../shared/care';
import { useT } from '../../i18n';
import { careMessages, DIETARY_LABELS } from './care-messages';
import styles from './care-card.module.css';

function Text({ value }: { value: string | null }) {
  const t = useT();
  return value ? <dd className="pre-wrap">{value}</dd> : <dd className="muted">{t(careMessages.none)}</dd>;
}

export function CareSummary({ card }: { card: CareCard }) {
  const t = useT();
  const diet = [card.dietary.needs.map((need) => t(DIETARY_LABELS[need])).join(', '), card.dietary.notes ?? '']
    .filter(Boolean)
    .join(' — ');
  return (
    <>
      {card.unreadable && (
        <p className={styles.unreadable} role="status">
          {t(careMessages.unreadable)}
        </p>
      )}
      <dl className={styles.summary}>
        <dt>{t(careMessages.allergies)}</dt>
        <Text value={card.allergies} />
        <dt>{t(careMessages.medications)}</dt>
        <Text value={card.medications} />
        <dt>{t(careMessages.medicalNotes)}</dt>
        <Text value={card.medicalNotes} />
        <dt>{t(careMessages.dietary)}</dt>
        <Text value={diet || null} />
        <dt>{t(careMessages.contacts)}</dt>
        {card.emergencyContacts.length === 0 ? (
          <Text value={null} />
        ) : (
          <dd>
            <ul className={styles.contactList}>
              {card.emergencyContacts.map((contact, index) => (
                <li key={index}>
                  <strong>{contact.name}</strong> ({contact.relation}) —{' '}
                  <a href={`tel:${contact.phone}`} dir="ltr">
                    {contact.phone}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        )}
      </dl>
    </>
  );
}
