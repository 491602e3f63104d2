// Editing or deleting one event of a recurring series asks which: "This event" or "This and following
// events". The dialog stays up while the change runs; the caller closes it.
import { useState } from 'react';
import type { SeriesScope } from '../../../../../../shared/constants';
import { Button } from '../../../../components/button/button';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { defineMessages, useT } from '../../../../i18n';
import { common } from '../../messages';

interface SeriesScopeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: 'edit' | 'delete';
  busy?: boolean;
  onChoose: (scope: SeriesScope) => void;
}

const messages = defineMessages({
  editTitle: { id: 'web.events.seriesScope.editTitle', defaultMessage: 'Edit recurring event' },
  editText: { id: 'web.events.seriesScope.editText', defaultMessage: 'Apply your changes to:' },
  save: { id: 'web.events.seriesScope.save', defaultMessage: 'Save' },
  deleteTitle: { id: 'web.events.seriesScope.deleteTitle', defaultMessage: 'Delete recurring event' },
  deleteText: {
    id: 'web.events.seriesScope.deleteText',
    defaultMessage: 'Delete which events? This cannot be undone: their attendees and comments are removed as well.',
  },
  this: { id: 'web.events.seriesScope.this', defaultMessage: 'This event' },
  following: { id: 'web.events.seriesScope.following', defaultMessage: 'This and following events' },
});

const TEXTS = {
  edit: { title: messages.editTitle, description: messages.editText, confirm: messages.save, busy: common.saving },
  delete: {
    title: messages.deleteTitle,
    description: messages.deleteText,
    confirm: common.delete,
    busy: common.deleting,
  },
} as const;

export function SeriesScopeDialog({ open, onOpenChange, action, busy = false, onChoose }: SeriesScopeDialogProps) {
  const t = useT();
  const [scope, setScope] = useState<SeriesScope>('this');
  const texts = TEXTS[action];
  const title = t(texts.title);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={t(texts.description)}>
      <div role="radiogroup" aria-label={title}>
        <label className="checkbox-row">
          <input type="radio" name="series-scope" checked={scope === 'this'} onChange={() => setScope('this')} />
          <span>{t(messages.this)}</span>
        </label>
        <label className="checkbox-row">
          <input
            type="radio"
            name="series-scope"
            checked={scope === 'following'}
            onChange={() => setScope('following')}
          />
          <span>{t(messages.following)}</span>
        </label>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t(common.cancel)}
        </Button>
        <Button variant={action === 'delete' ? 'danger' : 'primary'} disabled={busy} onClick={() => onChoose(scope)}>
          {t(busy ? texts.busy : texts.confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
