// Leaving with your data: a copy of everything stored about the member, and erasing the account for good.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/export-data';

export function YourData() {
  const download = useDownloadMyData();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const save = () =>
    download.mutate(undefined, {
      onError: (error) => toastError('Failed to download your data', errorMessage(error)),
    });

  const erase = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void navigate(paths.home);
        toast({ title: 'Your account has been deleted', description: 'You have been signed out.' });
      },
      onError: (error) => {
        setConfirming(false);
        toastError('Failed to delete your account', errorMessage(error));
      },
    });

  return (
    <Card title="Your data" labelledBy="your-data-title">
      <p className="muted">
        Download a copy of everything stored about you: your profile, sign-in accounts, replies, comments, invitations
        and notification settings.
      </p>
      <div className="button-group">
        <Button variant="secondary" onClick={save} disabled={download.isPending}>
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="Your name, email addresses, phone number, Telegram account and photo are erased, you leave every event you replied to, and you are signed out everywhere. Your comments stay, shown as “Deleted member”. This cannot be undone."
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={erase}
      />
    </Card>
  );
}
