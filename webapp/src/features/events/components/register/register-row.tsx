// One person on the register: their name (no picture: a child's full name is never shown beside a photo), what
// they replied or whether a scanned pass marked them, and four large choices to tap.
import type { RegisterLine, RegisterStatus } from '../../../../../../shared/types/registers';
import { useT } from '../../../../i18n';
import { registerMessages as messages, STATUSES } from './register-text';
import styles from './register.module.css';

const REPLIES = { attending: messages.coming, not_attending: messages.notComing, maybe: messages.maybe } as const;

export function RegisterRow({
  line,
  status,
  changed,
  onMark,
}: {
  line: RegisterLine;
  status: RegisterStatus | null;
  changed: boolean;
  onMark: (status: RegisterStatus) => void;
}) {
  const t = useT();
  const reply = line.reply && line.reply in REPLIES ? REPLIES[line.reply as keyof typeof REPLIES] : null;
  const notes = [
    line.role === 'leader' ? t(messages.leader) : null,
    line.checkedIn && !changed ? t(messages.checkedIn) : null,
    reply ? t(reply) : null,
  ].filter(Boolean);
  const name = `register-name-${line.user.id}`;
  return (
    <li className={styles.row} data-changed={changed || undefined}>
      <div className={styles.who}>
        <span id={name} className={styles.name}>
          {line.user.name}
        </span>
        {notes.length > 0 && <span className={styles.notes}>{notes.join(' · ')}</span>}
      </div>
      <div role="radiogroup" aria-labelledby={name} className={styles.choices}>
        {STATUSES.map((choice) => (
          <label key={choice.status} className={styles.choice} data-status={choice.status}>
            <input
              type="radio"
              name={`mark-${line.user.id}`}
              value={choice.status}
              checked={status === choice.status}
              onChange={() => onMark(choice.status)}
            />
            <span>{t(choice.label)}</span>
          </label>
        ))}
      </div>
    </li>
  );
}
