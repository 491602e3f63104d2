// A comment's menu: Edit (its author), Delete (its author, the event's organiser, admins) and Report (anyone
// else). The server decides again on every request; this only hides what would be refused.
import { MoreHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import type { CommentItem } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dialog, DialogActions } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { Menu, MenuItem } from '../../../components/menu/menu';
import { toast, toastError } from '../../../components/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useEditComment, useRemoveComment, useReportComment } from '../api/comment-actions';

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
  const isAuthor = comment.user.id === viewerId;
  const [open, setOpen] = useState<'edit' | 'delete' | 'report' | null>(null);
  const [text, setText] = useState('');
  const edit = useEditComment(eventId);
  const remove = useRemoveComment(eventId);
  const report = useReportComment(eventId);
  const close = () => setOpen(null);

  const start = (which: 'edit' | 'report') => {
    setText(which === 'edit' ? comment.content : '');
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
          toast({ title: 'Comment updated' });
        },
        onError: (error) => toastError('Error', reasonOf(error, 'Failed to update comment. Please try again.')),
      },
    );
  };

  const submitReport = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    report.mutate(
      { commentId: comment.id, reason: text.trim() },
      {
        onSuccess: () => {
          close();
          toast({ title: 'Comment reported', description: 'An administrator will look at it.' });
        },
        onError: (error) => toastError('Error', reasonOf(error, 'Failed to report comment. Please try again.')),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        close();
        toast({ title: 'Comment deleted' });
      },
      onError: (error) => toastError('Error', reasonOf(error, 'Failed to delete comment. Please try again.')),
    });

  return (
    <>
      <Menu
        trigger={
          <Button variant="ghost" size="small" aria-label="Comment actions">
            <MoreHorizontal size={18} aria-hidden="true" />
          </Button>
        }
      >
        {isAuthor && <MenuItem onSelect={() => start('edit')}>Edit</MenuItem>}
        {(isAuthor || canModerate) && <MenuItem onSelect={() => setOpen('delete')}>Delete</MenuItem>}
        {!isAuthor && <MenuItem onSelect={() => start('report')}>Report</MenuItem>}
      </Menu>

      <Dialog open={open === 'edit'} onOpenChange={(next) => !next && close()} title="Edit comment">
        <form className="form" onSubmit={submitEdit}>
          <Field label="Comment" id={`comment-edit-${comment.id}`}>
            <textarea value={text} maxLength={LIMITS.comment} onChange={(event) => setText(event.target.value)} />
          </Field>
          <DialogActions>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!text.trim() || edit.isPending}>
              {edit.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog
        open={open === 'report'}
        onOpenChange={(next) => !next && close()}
        title="Report comment"
        description="Tell the administrators what is wrong with this comment. They will not tell its author who reported it."
      >
        <form className="form" onSubmit={submitReport}>
          <Field label="Reason" id={`comment-report-${comment.id}`}>
            <textarea value={text} maxLength={LIMITS.reportReason} onChange={(event) => setText(event.target.value)} />
          </Field>
          <DialogActions>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!text.trim() || report.isPending}>
              {report.isPending ? 'Sending...' : 'Report'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => !next && close()}
        title="Delete comment"
        description="The comment will no longer be shown to anyone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
