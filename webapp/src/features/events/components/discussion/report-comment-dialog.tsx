// Reporting a comment: what is wrong with it (a category), then the member's words, which may be left out when a
// category says enough. A safeguarding concern alerts the administrators at once, and the dialog says so.
import { useState, type FormEvent } from 'react';
import { LIMITS, REPORT_CATEGORIES, type ReportCategory } from '../../../../../../shared/constants';
import { Button } from '../../../../components/button/button';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field } from '../../../../components/field/field';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { REPORT_CATEGORY_HINTS, REPORT_CATEGORY_LABELS } from '../../../../lib/report-categories';
import { useReportComment } from '../../api/comment-actions';
import { common } from '../../messages';
import styles from './report-comment-dialog.module.css';

const messages = defineMessages({
  reported: { id: 'web.events.comment.reported', defaultMessage: 'Comment reported' },
  reportedText: { id: 'web.events.comment.reportedText', defaultMessage: 'An administrator will look at it.' },
  alertedText: {
    id: 'web.events.comment.alertedText',
    defaultMessage: 'The administrators have been alerted and will look at it now.',
  },
  reportFailed: {
    id: 'web.events.comment.reportFailed',
    defaultMessage: 'Failed to report comment. Please try again.',
  },
  report: { id: 'web.events.comment.report', defaultMessage: 'Report' },
  reportTitle: { id: 'web.events.comment.reportTitle', defaultMessage: 'Report comment' },
  reportText: {
    id: 'web.events.comment.reportText',
    defaultMessage:
      'Tell the administrators what is wrong with this comment. They will not tell its author who reported it.',
  },
  category: { id: 'web.events.comment.category', defaultMessage: 'What is wrong with it?' },
  reason: { id: 'web.events.comment.reason', defaultMessage: 'Reason' },
  details: { id: 'web.events.comment.details', defaultMessage: 'Anything to add? (optional)' },
  sending: { id: 'web.events.comment.sending', defaultMessage: 'Sending...' },
});

export function ReportCommentDialog({
  eventId,
  commentId,
  open,
  onClose,
}: {
  eventId: number;
  commentId: number;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const report = useReportComment(eventId);
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [text, setText] = useState('');
  // "Something else" says nothing by itself: then the words are needed.
  const ready = category !== null && (category !== 'other' || text.trim() !== '');

  const close = () => {
    setCategory(null);
    setText('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    report.mutate(
      { commentId, category, reason: text.trim() },
      {
        onSuccess: () => {
          close();
          const description = category === 'safeguarding' ? messages.alertedText : messages.reportedText;
          toast({ title: translate(messages.reported), description: translate(description) });
        },
        onError: (error) =>
          toastError(
            translate(common.error),
            error instanceof ApiError && error.serverMessage ? error.serverMessage : translate(messages.reportFailed),
          ),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t(messages.reportTitle)}
      description={t(messages.reportText)}
    >
      <form className="form" onSubmit={submit}>
        <fieldset className={styles.choices}>
          <legend>{t(messages.category)}</legend>
          {REPORT_CATEGORIES.map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`report-category-${commentId}`}
                value={value}
                checked={category === value}
                onChange={() => setCategory(value)}
              />
              <span>
                <strong>{t(REPORT_CATEGORY_LABELS[value])}</strong>
                <span className="muted">{t(REPORT_CATEGORY_HINTS[value])}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field label={t(category === 'other' ? messages.reason : messages.details)} id={`comment-report-${commentId}`}>
          <textarea value={text} maxLength={LIMITS.reportReason} onChange={(event) => setText(event.target.value)} />
        </Field>
        <DialogActions>
          <Button type="button" variant="secondary" onClick={close}>
            {t(common.cancel)}
          </Button>
          <Button type="submit" disabled={!ready || report.isPending}>
            {t(report.isPending ? messages.sending : messages.report)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
