// One member on the trip sheet: name, age, reply, check-in, care card, guardians to call, photo consent and the
// answers to the event's sensitive questions — a block that prints whole on one page.
import type { TripSheetAttendee } from '../../../../../shared/care';
import { CareSummary } from '../../../components/care-card/care-summary';
import { careMessages } from '../../../components/care-card/care-messages';
import { defineMessages, useT } from '../../../i18n';
import styles from './trip-sheet.module.css';

const messages = defineMessages({
  age: { id: 'web.care.trip.age', defaultMessage: 'Age {age, number}' },
  status: {
    id: 'web.care.trip.status',
    defaultMessage:
      '{status, select, attending {Attending} waitlisted {Waitlisted} other {Waiting for a guardian’s approval}}',
  },
  checkedIn: {
    id: 'web.care.trip.checkedIn',
    defaultMessage: '{checkedIn, select, yes {Checked in} other {Not checked in}}',
  },
  photos: {
    id: 'web.care.trip.photos',
    defaultMessage: '{state, select, full {Photos allowed} internal {Photos for organisers only} other {No photos}}',
  },
  guardians: { id: 'web.care.trip.guardians', defaultMessage: 'Parents and guardians' },
  noGuardians: { id: 'web.care.trip.noGuardians', defaultMessage: 'No guardian linked' },
  answers: { id: 'web.care.trip.answers', defaultMessage: 'Sensitive answers' },
});

export function TripSheetBlock({ attendee }: { attendee: TripSheetAttendee }) {
  const t = useT();
  const titleId = `trip-${attendee.user.id}`;
  const facts = [
    attendee.age === undefined ? null : t(messages.age, { age: attendee.age }),
    t(messages.status, { status: attendee.status }),
    t(messages.checkedIn, { checkedIn: attendee.checkedIn ? 'yes' : 'no' }),
    t(messages.photos, { state: attendee.photoConsent }),
  ].filter(Boolean);
  return (
    <article className={styles.block} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.name}>
        {attendee.user.name}
      </h2>
      <p className={styles.facts}>{facts.join(' · ')}</p>
      <h3 className={styles.subhead}>{t(careMessages.title)}</h3>
      <CareSummary card={attendee.care} />
      <h3 className={styles.subhead}>{t(messages.guardians)}</h3>
      {attendee.guardians.length === 0 ? (
        <p className="muted">{t(messages.noGuardians)}</p>
      ) : (
        <ul className={styles.people}>
          {attendee.guardians.map((guardian, index) => (
            <li key={index}>
              <strong>{guardian.name}</strong>
              {guardian.phone && (
                <>
                  {' — '}
                  <a href={`tel:${guardian.phone}`} dir="ltr">
                    {guardian.phone}
                  </a>
                </>
              )}
              {guardian.email && (
                <>
                  {' — '}
                  <a href={`mailto:${guardian.email}`} dir="ltr">
                    {guardian.email}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {attendee.sensitiveAnswers.length > 0 && (
        <>
          <h3 className={styles.subhead}>{t(messages.answers)}</h3>
          <dl className={styles.answers}>
            {attendee.sensitiveAnswers.map((answer, index) => (
              <div key={index}>
                <dt>{answer.question}</dt>
                <dd className="pre-wrap">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </article>
  );
}
