// The comments table. Commenters are shown by id, name and picture only: members never read each other's emails.
import type { CommentItem } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { isPrismaError } from './events-repository';

const commentSelect = {
  id: true,
  content: true,
  createdAt: true,
  user: { select: { id: true, name: true, avatarUrl: true } },
} as const;

type CommentRow = {
  id: number;
  content: string;
  createdAt: Date;
  user: { id: number; name: string; avatarUrl: string | null };
};

const toItem = (row: CommentRow): CommentItem => ({
  id: row.id,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  user: { id: row.user.id, name: row.user.name, avatarUrl: row.user.avatarUrl },
});

/** Oldest first, so a discussion reads top to bottom. */
export async function listComments(prisma: Prisma, eventId: number): Promise<CommentItem[]> {
  const rows = await prisma.comment.findMany({
    where: { eventId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: commentSelect,
  });
  return rows.map(toItem);
}

/** Null when the event was deleted meanwhile (a foreign-key failure). */
export async function addComment(
  prisma: Prisma,
  eventId: number,
  userId: number,
  content: string,
): Promise<CommentItem | null> {
  try {
    return toItem(await prisma.comment.create({ data: { eventId, userId, content }, select: commentSelect }));
  } catch (error) {
    if (isPrismaError(error, 'P2003')) return null;
    throw error;
  }
}
