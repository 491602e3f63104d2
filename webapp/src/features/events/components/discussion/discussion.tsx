// Discussion (SPEC §2): comments with avatars, 'Anonymous' and 'Date unavailable' fallbacks; whitespace is
// never sent.
import { MessagesSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../../shared/constants';
import { Avatar } from '../../../../components/avatar/avatar';
import { Button } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { EmptyState } from '../../../../components/empty-state/empty-state';
import { Field } from '../../../../components/field/field';
import { useTakePart } from '../../../../components/take-part/take-part';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError } from '../../../../lib/api-client';
import { commentDate } from '../../../../lib/dates';
import { relativeTime } from '../../../../lib/relative-time';
import { useComments } from '../../api/get-comments';
import { useCreateComment } from '../../api/create-comment';
import { common } from '../../messages';
import { CommentMenu } from './comment-menu';
import { memberName } from '../../../../lib/member-name';

const messages = defineMessages({
  failed: {
    id: 'web.events.discussion.failed',
    defaultMessage: 'Failed to post comment. Please sign in to comment on events.',
  },
  posted: { id: 'web.events.discussion.posted', defaultMessage: 'Comment posted' },
  title: { id: 'web.events.discussion.title', defaultMessage: 'Discussion' },
  add: { id: 'web.events.discussion.add', defaultMessage: 'Add a comment' },
  left: {
    id: 'web.events.discussion.left',
    defaultMessage: '{count, plural, one {# character left} other {# characters left}}',
  },
  placeholder: { id: 'web.events.discussion.placeholder', defaultMessage: 'Share your thoughts about this event...' },
  post: { id: 'web.events.discussion.post', defaultMessage: 'Post Comment' },
  posting: { id: 'web.events.discussion.posting', defaultMessage: 'Posting...' },
  loading: { id: 'web.events.discussion.loading', defaultMessage: 'Loading comments...' },
  empty: { id: 'web.events.discussion.empty', defaultMessage: 'No comments yet. Be the first to comment!' },
  comments: { id: 'web.events.discussion.comments', defaultMessage: 'Comments' },
  anonymous: { id: 'web.events.discussion.anonymous', defaultMessage: 'Anonymous' },
  edited: { id: 'web.events.discussion.edited', defaultMessage: '(edited)' },
});

/** Only the last this many characters are counted down under the box, so a short comment is not nagged. */
const COUNTDOWN_FROM = 200;

/** Not signed in keeps SPEC §8's words; any other refusal says what the server said (too long, not invited…). */
function commentFailed(error: unknown) {
  const refused = error instanceof ApiError && error.status !== 401 && error.serverMessage;
  toastError(translate(common.error), refused || translate(messages.failed));
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
  const t = useT();
  const comments = useComments(eventId);
  const post = useCreateComment(eventId);
  const takePart = useTakePart();
  const [content, setContent] = useState('');
  const empty = content.trim() === '';
  const left = LIMITS.comment - content.length;

  const send = (text: string) => {
    if (takePart.first(() => send(text))) return;
    post.mutate(text, {
      onSuccess: () => {
        setContent('');
        toast({ title: translate(messages.posted) });
      },
      // The comment stays in the box while the member adds what is missing; then it is posted as written.
      onError: (error) => takePart.intercept(error, () => send(text)) || commentFailed(error),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    send(content.trim());
  };

  const list = comments.data ?? [];
  return (
    <Card title={t(messages.title)} className={className} labelledBy="discussion-title">
      {takePart.dialog}
      <form className="form" onSubmit={submit}>
        <Field
          label={t(messages.add)}
          id="comment-content"
          hint={
            // Always in the page, so screen readers hear the count change once it starts.
            <span aria-live="polite">{left <= COUNTDOWN_FROM && t(messages.left, { count: left })}</span>
          }
        >
          <textarea
            value={content}
            maxLength={LIMITS.comment}
            placeholder={t(messages.placeholder)}
            onChange={(event) => setContent(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={empty || post.isPending}>
            {t(post.isPending ? messages.posting : messages.post)}
          </Button>
        </div>
      </form>
      {comments.isPending ? (
        <p role="status">{t(messages.loading)}</p>
      ) : list.length === 0 ? (
        <EmptyState icon={<MessagesSquare size={22} />} title={t(messages.empty)} />
      ) : (
        <ul className="comment-list" aria-label={t(messages.comments)}>
          {list.map((comment) => {
            const name = memberName(comment.user?.name?.trim() || t(messages.anonymous));
            return (
              <li key={comment.id} className="comment">
                <Avatar name={name} url={comment.user?.avatarUrl} size={36} />
                <div className="comment-body">
                  <div className="comment-meta">
                    <strong>{name}</strong>
                    {/* How long ago, with the SPEC's full date and time a hover (or long press) away. */}
                    <time dateTime={comment.createdAt} title={commentDate(comment.createdAt)}>
                      {relativeTime(comment.createdAt)}
                    </time>
                    {comment.editedAt && <span className="muted">{t(messages.edited)}</span>}
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
