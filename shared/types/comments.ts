// What the API answers about comments and their reports.
import type { ReportCategory } from '../constants';

export interface CommentItem {
  id: number;
  content: string;
  createdAt: string;
  /** When its author last changed it (ISO); null if never. */
  editedAt: string | null;
  user: { id: number; name: string | null; avatarUrl: string | null };
}

export type ReportStatus = 'open' | 'resolved';
export type ReportAction = 'dismiss' | 'remove_comment' | 'suspend_author';

/** GET /api/admin/reports: one report of a comment (the comment as it was, even once removed). */
export interface ReportItem {
  id: number;
  status: ReportStatus;
  category: ReportCategory;
  /** The reporter's words; empty when they chose a category and wrote nothing. */
  reason: string;
  createdAt: string;
  reporter: { id: number; name: string };
  comment: { id: number; content: string; eventId: number; author: { id: number; name: string } };
}

export interface ReportsPage {
  reports: ReportItem[];
  nextCursor: string | null;
}
