// Admin settings (SPEC §2): notification templates and email (SMTP) settings, and the database's backups. A member who is not
// an admin sees one clear 'admins only' state instead of forms full of refused requests (the server refuses
// them anyway).
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs/tabs';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { BackupsTab } from './backups-tab';
import { SmtpTab } from './smtp-tab';
import { TemplatesTab } from './templates-tab';

export function AdminSettingsPage() {
  const { data: user } = useCurrentUser();
  if (!user?.isAdmin) {
    return (
      <StateCard title="Admins only" icon={<ShieldAlert size={32} aria-hidden="true" />}>
        <p>Admin Settings are for the organisation&apos;s administrators. Ask an admin if you need access.</p>
        <Link to={paths.home} className={buttonClass()}>
          Go to the home page
        </Link>
      </StateCard>
    );
  }
  return (
    <>
      <h1>Admin Settings</h1>
      <Tabs defaultValue="templates">
        <TabsList aria-label="Admin settings">
          <TabsTrigger value="templates">Notification Templates</TabsTrigger>
          <TabsTrigger value="email">Email Settings</TabsTrigger>
          <TabsTrigger value="backups">Backups</TabsTrigger>
        </TabsList>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="email">
          <SmtpTab />
        </TabsContent>
        <TabsContent value="backups">
          <BackupsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
