// Discussion (SPEC §2): comments with avatars, 'Anonymous' and 'Date unavailable' fallbacks; whitespace is
// never sent.
import { MessagesSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import { Avatar } from '../../../components/avatar/avatar';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { EmptyState } from '../../../components/empty-state/empty-state';
import { Field } from '../../../components/field/field';
import { useTakePart } from '../../../components/take-part/take-part';
import { toast, toastError } from '../../../components/toast-store';
import { ApiError } from '../../../lib/api-client';
import { commentDate } from '../../../lib/dates';
import { useComments } from '../api/get-comments';
import { useCreateComment } from '../api/create-comment';
import { CommentMenu } from './comment-menu';

/** Only the last this many characters are counted down under the box, so a short comment is not nagged. */
const COUNTDOWN_FROM = 200;

/** Not signed in keeps SPEC §8's words; any other refusal says what the server said (too long, not invited…). */
function commentFailed(error: unknown) {
  const refused = error instanceof ApiError && error.status !== 401 && error.serverMessage;
  toastError('Error', refused || 'Failed to post comment. Please sign in to comment on events.');
}

export function Discussion({
  eventId,
  viewerId,
  canModerate = false,
  className = '',
}: {
  eventId: number;
  /** The signed-in member (their own comments get Edit and Delete). */
  viewerId?: number;
  /** The viewer runs this event or is an admin: Delete on every comment. */
  canModerate?: boolean;
  className?: string;
}) {
  const comments = useComments(eventId);
  const post = useCreateComment(eventId);
  const takePart = useTakePart();
  const [content, setContent] = useState('');
  const empty = content.trim() === '';
  const left = LIMITS.comment - content.length;

  const send = (text: string) =>
    post.mutate(text, {
      onSuccess: () => {
        setContent('');
        toast({ title: 'Comment posted' });
      },
      // The comment stays in the box while the member adds what is missing; then it is posted as written.
      onError: (error) => takePart.intercept(error, () => send(text)) || commentFailed(error),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    send(content.trim());
  };

  const list = comments.data ?? [];
  return (
    <Card title="Discussion" className={className} labelledBy="discussion-title">
      {takePart.dialog}
      <form className="form" onSubmit={submit}>
        <Field
          label="Add a comment"
          id="comment-content"
          hint={
            // Always in the page, so screen readers hear the count change once it starts.
            <span aria-live="polite">
              {left <= COUNTDOWN_FROM && `${left} ${left === 1 ? 'character' : 'characters'} left`}
            </span>
          }
        >
          <textarea
            value={content}
            maxLength={LIMITS.comment}
            placeholder="Share your thoughts about this event..."
            onChange={(event) => setContent(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={empty || post.isPending}>
            {post.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </form>
      {comments.isPending ? (
        <p role="status">Loading comments...</p>
      ) : list.length === 0 ? (
        <EmptyState icon={<MessagesSquare size={22} />} title="No comments yet. Be the first to comment!" />
      ) : (
        <ul className="comment-list" aria-label="Comments">
          {list.map((comment) => {
            const name = comment.user?.name?.trim() || 'Anonymous';
            return (
              <li key={comment.id} className="comment">
                <Avatar name={name} url={comment.user?.avatarUrl} size={36} />
                <div className="comment-body">
                  <div className="comment-meta">
                    <strong>{name}</strong>
                    <span>{commentDate(comment.createdAt)}</span>
                    {comment.editedAt && <span className="muted">(edited)</span>}
                    {viewerId !== undefined && (
                      <CommentMenu eventId={eventId} comment={comment} viewerId={viewerId} canModerate={canModerate} />
                    )}
                  </div>
                  <p>{comment.content}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
