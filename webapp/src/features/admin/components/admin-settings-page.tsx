// Admin settings (SPEC §2): notification templates and email (SMTP) settings, the database's backups, and the
// organisation's members, reported comments, audit log and guardian consent text. The open tab is in the URL (?tab=reports), so a
// link can open the tab it is about. A member who is not an admin sees one clear 'admins only' state instead of forms full of refused requests (the server refuses
// them anyway).
import { ShieldAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs/tabs';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { AuditTab } from './audit-tab';
import { BackupsTab } from './backups-tab';
import { MembersTab } from './members-tab';
import { OrganisationTab } from './organisation-tab';
import { ReportsTab } from './reports-tab';
import { SmtpTab } from './smtp-tab';
import { TemplatesTab } from './templates-tab';

const TABS = ['templates', 'email', 'backups', 'members', 'reports', 'audit', 'organisation'] as const;

export function AdminSettingsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((value) => value === asked) ?? 'templates';
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
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'templates' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Admin settings" wrap>
          <TabsTrigger value="templates">Notification Templates</TabsTrigger>
          <TabsTrigger value="email">Email Settings</TabsTrigger>
          <TabsTrigger value="backups">Backups</TabsTrigger>
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="audit">Audit</TabsTrigger>
          <TabsTrigger value="organisation">Organisation</TabsTrigger>
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
        <TabsContent value="members">
          <MembersTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="organisation">
          <OrganisationTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
