// A comment's menu: Edit (its author), Delete (its author, the event's organiser, admins) and Report (anyone
// else). The server decides again on every request; this only hides what would be refused.
import { MoreHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../../shared/constants';
import type { CommentItem } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field } from '../../../../components/field/field';
import { Menu, MenuItem } from '../../../../components/menu/menu';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { useEditComment, useRemoveComment } from '../../api/comment-actions';
import { common } from '../../messages';
import { ReportCommentDialog } from './report-comment-dialog';

const messages = defineMessages({
  updated: { id: 'web.events.comment.updated', defaultMessage: 'Comment updated' },
  updateFailed: {
    id: 'web.events.comment.updateFailed',
    defaultMessage: 'Failed to update comment. Please try again.',
  },
  deleted: { id: 'web.events.comment.deleted', defaultMessage: 'Comment deleted' },
  deleteFailed: {
    id: 'web.events.comment.deleteFailed',
    defaultMessage: 'Failed to delete comment. Please try again.',
  },
  actions: { id: 'web.events.comment.actions', defaultMessage: 'Comment actions' },
  edit: { id: 'web.events.comment.edit', defaultMessage: 'Edit' },
  report: { id: 'web.events.comment.report', defaultMessage: 'Report' },
  editTitle: { id: 'web.events.comment.editTitle', defaultMessage: 'Edit comment' },
  comment: { id: 'web.events.comment.comment', defaultMessage: 'Comment' },
  save: { id: 'web.events.comment.save', defaultMessage: 'Save' },
  deleteTitle: { id: 'web.events.comment.deleteTitle', defaultMessage: 'Delete comment' },
  deleteText: { id: 'web.events.comment.deleteText', defaultMessage: 'The comment will no longer be shown to anyone.' },
});

const reasonOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

export function CommentMenu({
  eventId,
  comment,
  viewerId,
  canModerate,
}: {
  eventId: number;
  comment: CommentItem;
  viewerId: number;
  /** The viewer runs this event or is an admin. */
  canModerate: boolean;
}) {
  const t = useT();
  const isAuthor = comment.user.id === viewerId;
  const [open, setOpen] = useState<'edit' | 'delete' | 'report' | null>(null);
  const [text, setText] = useState('');
  const edit = useEditComment(eventId);
  const remove = useRemoveComment(eventId);
  const close = () => setOpen(null);

  const start = (which: 'edit' | 'report') => {
    if (which === 'edit') setText(comment.content);
    setOpen(which);
  };

  const submitEdit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    edit.mutate(
      { commentId: comment.id, content: text.trim() },
      {
        onSuccess: () => {
          close();
          toast({ title: translate(messages.updated) });
        },
        onError: (error) => toastError(translate(common.error), reasonOf(error, translate(messages.updateFailed))),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        close();
        toast({ title: translate(messages.deleted) });
      },
      onError: (error) => toastError(translate(common.error), reasonOf(error, translate(messages.deleteFailed))),
    });

  return (
    <>
      <Menu
        trigger={
          <Button variant="ghost" size="small" aria-label={t(messages.actions)}>
            <MoreHorizontal size={18} aria-hidden="true" />
          </Button>
        }
      >
        {isAuthor && <MenuItem onSelect={() => start('edit')}>{t(messages.edit)}</MenuItem>}
        {(isAuthor || canModerate) && <MenuItem onSelect={() => setOpen('delete')}>{t(common.delete)}</MenuItem>}
        {!isAuthor && <MenuItem onSelect={() => start('report')}>{t(messages.report)}</MenuItem>}
      </Menu>

      <Dialog open={open === 'edit'} onOpenChange={(next) => !next && close()} title={t(messages.editTitle)}>
        <form className="form" onSubmit={submitEdit}>
          <Field label={t(messages.comment)} id={`comment-edit-${comment.id}`}>
            <textarea value={text} maxLength={LIMITS.comment} onChange={(event) => setText(event.target.value)} />
          </Field>
          <DialogActions>
            <Button type="button" variant="secondary" onClick={close}>
              {t(common.cancel)}
            </Button>
            <Button type="submit" disabled={!text.trim() || edit.isPending}>
              {t(edit.isPending ? common.saving : messages.save)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <ReportCommentDialog eventId={eventId} commentId={comment.id} open={open === 'report'} onClose={close} />

      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => !next && close()}
        title={t(messages.deleteTitle)}
        description={t(messages.deleteText)}
        confirmLabel={t(common.delete)}
        busyLabel={t(common.deleting)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
