// Leaving with your data: a copy of everything stored about the member, and erasing the account for good.
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, toastError } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/export-data';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';

const messages = defineMessages({
  downloadFailed: { id: 'web.settings.data.downloadFailed', defaultMessage: 'Failed to download your data' },
  deleted: { id: 'web.settings.data.deleted', defaultMessage: 'Your account has been deleted' },
  deletedText: { id: 'web.settings.data.deletedText', defaultMessage: 'You have been signed out.' },
  deleteFailed: { id: 'web.settings.data.deleteFailed', defaultMessage: 'Failed to delete your account' },
  title: { id: 'web.settings.data.title', defaultMessage: 'Your data' },
  intro: {
    id: 'web.settings.data.intro',
    defaultMessage:
      'Download a copy of everything stored about you: your profile, sign-in accounts, replies, comments, invitations and notification settings.',
  },
  download: { id: 'web.settings.data.download', defaultMessage: 'Download my data' },
  delete: { id: 'web.settings.data.delete', defaultMessage: 'Delete my account' },
  confirmTitle: { id: 'web.settings.data.confirmTitle', defaultMessage: 'Delete your account?' },
  confirmText: {
    id: 'web.settings.data.confirmText',
    defaultMessage:
      'Your name, email addresses, phone number, Telegram account and photo are erased, you leave every event you replied to, and you are signed out everywhere. Your comments stay, shown as “Deleted member”. This cannot be undone.',
  },
  deleting: { id: 'web.settings.data.deleting', defaultMessage: 'Deleting...' },
});

export function YourData() {
  const download = useDownloadMyData();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const t = useT();

  const save = () =>
    download.mutate(undefined, {
      onError: (error) => toastError(t(messages.downloadFailed), errorMessage(error)),
    });

  const erase = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void navigate(paths.home);
        toast({ title: t(messages.deleted), description: t(messages.deletedText) });
      },
      onError: (error) => {
        setConfirming(false);
        toastError(t(messages.deleteFailed), errorMessage(error));
      },
    });

  return (
    <Card title={t(messages.title)} labelledBy="your-data-title">
      <p className="muted">{t(messages.intro)}</p>
      <div className="button-group">
        <Button variant="secondary" onClick={save} disabled={download.isPending}>
          {download.isPending ? t(commonMessages.preparing) : t(messages.download)}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t(messages.delete)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(messages.confirmTitle)}
        description={t(messages.confirmText)}
        confirmLabel={t(messages.delete)}
        busyLabel={t(messages.deleting)}
        busy={remove.isPending}
        onConfirm={erase}
      />
    </Card>
  );
}
