// Words several of the events feature's screens share (a toast's title, dialog buttons).
import { defineMessages } from '../../i18n';

export const common = defineMessages({
  error: { id: 'web.events.common.error', defaultMessage: 'Error' },
  cancel: { id: 'web.events.common.cancel', defaultMessage: 'Cancel' },
  saving: { id: 'web.events.common.saving', defaultMessage: 'Saving...' },
  deleting: { id: 'web.events.common.deleting', defaultMessage: 'Deleting...' },
  delete: { id: 'web.events.common.delete', defaultMessage: 'Delete' },
});
