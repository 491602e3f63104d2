// What a member may say a reported comment is, in the reader's language: the report dialog offers them, the
// admins' Reports list shows and filters by them.
import type { ReportCategory } from '../../../shared/constants';
import { defineMessages, type MessageDescriptor } from '../i18n';

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, MessageDescriptor> = defineMessages({
  spam: { id: 'web.reports.category.spam', defaultMessage: 'Spam' },
  bullying: { id: 'web.reports.category.bullying', defaultMessage: 'Bullying' },
  safeguarding: { id: 'web.reports.category.safeguarding', defaultMessage: 'Safeguarding concern' },
  other: { id: 'web.reports.category.other', defaultMessage: 'Something else' },
});

/** What each choice means, under its label in the report dialog. */
export const REPORT_CATEGORY_HINTS: Record<ReportCategory, MessageDescriptor> = defineMessages({
  spam: { id: 'web.reports.categoryHint.spam', defaultMessage: 'Advertising, scams or nonsense.' },
  bullying: { id: 'web.reports.categoryHint.bullying', defaultMessage: 'Unkind, threatening or hurtful words.' },
  safeguarding: {
    id: 'web.reports.categoryHint.safeguarding',
    defaultMessage: 'Someone may be at risk of harm. The administrators are alerted at once.',
  },
  other: { id: 'web.reports.categoryHint.other', defaultMessage: 'Say what is wrong below.' },
});
