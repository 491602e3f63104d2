// Editing or deleting one event of a recurring series asks which: "This event" or "This and following
// events". The dialog stays up while the change runs; the caller closes it.
import { useState } from 'react';
import type { SeriesScope } from '../../../../../shared/constants';
import { Button } from '../../../components/button/button';
import { Dialog, DialogActions } from '../../../components/dialog/dialog';

interface SeriesScopeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: 'edit' | 'delete';
  busy?: boolean;
  onChoose: (scope: SeriesScope) => void;
}

const TEXTS = {
  edit: {
    title: 'Edit recurring event',
    description: 'Apply your changes to:',
    confirm: 'Save',
    busy: 'Saving...',
  },
  delete: {
    title: 'Delete recurring event',
    description: 'Delete which events? This cannot be undone: their attendees and comments are removed as well.',
    confirm: 'Delete',
    busy: 'Deleting...',
  },
} as const;

export function SeriesScopeDialog({ open, onOpenChange, action, busy = false, onChoose }: SeriesScopeDialogProps) {
  const [scope, setScope] = useState<SeriesScope>('this');
  const texts = TEXTS[action];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts.title} description={texts.description}>
      <div role="radiogroup" aria-label={texts.title}>
        <label className="checkbox-row">
          <input type="radio" name="series-scope" checked={scope === 'this'} onChange={() => setScope('this')} />
          <span>This event</span>
        </label>
        <label className="checkbox-row">
          <input
            type="radio"
            name="series-scope"
            checked={scope === 'following'}
            onChange={() => setScope('following')}
          />
          <span>This and following events</span>
        </label>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={action === 'delete' ? 'danger' : 'primary'} disabled={busy} onClick={() => onChoose(scope)}>
          {busy ? texts.busy : texts.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
