// Admin settings (SPEC §2): two tabs, notification templates and email (SMTP) settings.
import * as Tabs from '@radix-ui/react-tabs';
import { SmtpTab } from './smtp-tab';
import { TemplatesTab } from './templates-tab';

export function AdminSettingsPage() {
  return (
    <>
      <h1>Admin Settings</h1>
      <Tabs.Root defaultValue="templates">
        <Tabs.List className="tabs-list" aria-label="Admin settings">
          <Tabs.Trigger value="templates" className="tabs-trigger">
            Notification Templates
          </Tabs.Trigger>
          <Tabs.Trigger value="email" className="tabs-trigger">
            Email Settings
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="templates">
          <TemplatesTab />
        </Tabs.Content>
        <Tabs.Content value="email">
          <SmtpTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
