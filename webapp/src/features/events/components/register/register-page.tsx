// /events/{id}/register: a meeting's register for its managers and the section's leaders, on a phone in a few
// taps — each person present, late, excused or absent (a scanned pass has marked them present already), the
// totals and the live ratio of cleared leaders to young members there, counted again with every tap. Saving
// sends only the marks changed (others keep theirs). Inside Telegram the app's BackButton leaves it.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from '../../../../lib/router';
import type { RegisterStatus } from '../../../../../../shared/types/registers';
import { Button } from '../../../../components/button/button';
import { StateCard } from '../../../../components/card/card';
import { commonMessages } from '../../../../components/common-messages';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../../components/toast-store';
import { paths } from '../../../../config/paths';
import { translate, useT } from '../../../../i18n';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { longDateTime } from '../../../../lib/dates';
import { useEvent } from '../../api/get-event';
import { useRegister, useSaveRegister } from '../../api/register';
import { RatioLine } from './ratio-line';
import { counted, type Marks } from './register-count';
import { RegisterRow } from './register-row';
import { registerMessages as messages, STATUSES } from './register-text';
import styles from './register.module.css';

export function RegisterPage() {
  const t = useT();
  const id = Number(useParams().id);
  const event = useEvent(id);
  const register = useRegister(id);
  const save = useSaveRegister(id);
  const [marks, setMarks] = useState<Marks>(new Map());
  const back = (
    <Link to={paths.event(id)} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" className={styles.backArrow} />
      {t(messages.back)}
    </Link>
  );
  if (register.isPending) return <Skeleton label={t(commonMessages.loading)} shape="rows" />;
  if (register.isError) {
    const refused = register.error instanceof ApiError && [403, 404].includes(register.error.status);
    return (
      <StateCard title={t(refused ? messages.refused : commonMessages.somethingWentWrong)} role="alert">
        <p>{errorMessage(register.error)}</p>
        {back}
      </StateCard>
    );
  }
  const data = register.data;
  const { totals, ratio } = counted(data, marks);
  const mark = (userId: number, status: RegisterStatus) =>
    setMarks((before) => {
      const next = new Map(before);
      const saved = data.lines.find((line) => line.user.id === userId)?.status ?? null;
      if (saved === status) next.delete(userId);
      else next.set(userId, status);
      return next;
    });
  const markRestAbsent = () =>
    setMarks((before) => {
      const next = new Map(before);
      for (const line of data.lines)
        if (!next.has(line.user.id) && line.status === null) next.set(line.user.id, 'absent');
      return next;
    });
  const submit = () =>
    save.mutate(
      { entries: [...marks].map(([userId, status]) => ({ userId, status })) },
      {
        onSuccess: () => {
          setMarks(new Map());
          toast({ title: translate(messages.saved) });
        },
        onError: (error) => toastError(translate(messages.saveFailed), errorMessage(error)),
      },
    );
  return (
    <div className={styles.page}>
      {back}
      <header className={styles.head}>
        <h1>{t(messages.title)}</h1>
        {event.data && (
          <p className={styles.event}>
            <strong>{event.data.name}</strong> · {longDateTime(event.data.date, event.data.timeZone)}
          </p>
        )}
      </header>
      {ratio.minors > 0 && <RatioLine ratio={ratio} />}
      <section aria-label={t(messages.totals)}>
        <ul className={styles.totals}>
          {[...STATUSES, { status: 'unmarked' as const, label: messages.unmarked }].map(({ status, label }) => (
            <li key={status} data-status={status}>
              <span className={styles.count}>{totals[status]}</span>
              <span>{t(label)}</span>
            </li>
          ))}
        </ul>
      </section>
      {data.lines.length === 0 ? (
        <p className="muted">{t(messages.empty)}</p>
      ) : (
        <ul className={styles.rows}>
          {data.lines.map((line) => (
            <RegisterRow
              key={line.user.id}
              line={line}
              status={marks.get(line.user.id) ?? line.status}
              changed={marks.has(line.user.id)}
              onMark={(status) => mark(line.user.id, status)}
            />
          ))}
        </ul>
      )}
      {data.lines.length > 0 && (
        <div className={styles.saveBar}>
          {totals.unmarked > 0 && (
            <Button variant="secondary" onClick={markRestAbsent}>
              {t(messages.restAbsent)}
            </Button>
          )}
          <Button onClick={submit} disabled={marks.size === 0 || save.isPending}>
            {save.isPending ? t(commonMessages.saving) : t(messages.save, { count: marks.size })}
          </Button>
        </div>
      )}
    </div>
  );
}
