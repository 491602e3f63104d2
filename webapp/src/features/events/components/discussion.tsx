// Discussion (SPEC §2): comments with 'Anonymous' and 'Date unavailable' fallbacks; whitespace is never sent.
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../../shared/constants';
import { toast, toastError } from '../../../components/toast-store';
import { commentDate } from '../../../lib/dates';
import { useComments } from '../api/get-comments';
import { useCreateComment } from '../api/create-comment';

export function Discussion({ eventId }: { eventId: number }) {
  const comments = useComments(eventId);
  const post = useCreateComment(eventId);
  const [content, setContent] = useState('');
  const empty = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    post.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        toast({ title: 'Comment posted' });
      },
      onError: () => toastError('Error', 'Failed to post comment. Please sign in to comment on events.'),
    });
  };

  return (
    <section className="card" aria-labelledby="discussion-title">
      <h2 id="discussion-title" className="card-title">
        Discussion
      </h2>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="comment-content">Add a comment</label>
          <textarea
            id="comment-content"
            value={content}
            maxLength={LIMITS.comment}
            placeholder="Share your thoughts about this event..."
            onChange={(event) => setContent(event.target.value)}
          />
        </div>
        <div>
          <button type="submit" className="button" disabled={empty || post.isPending}>
            {post.isPending ? 'Posting...' : 'Post Comment'}
          </button>
        </div>
      </form>
      {comments.isPending ? (
        <p role="status">Loading comments...</p>
      ) : (comments.data ?? []).length === 0 ? (
        <p className="muted">No comments yet. Be the first to comment!</p>
      ) : (
        <ul className="comment-list" aria-label="Comments">
          {comments.data!.map((comment) => (
            <li key={comment.id} className="comment">
              <div className="comment-meta">
                <strong>{comment.user?.name?.trim() || 'Anonymous'}</strong>
                <span>{commentDate(comment.createdAt)}</span>
              </div>
              <p>{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
