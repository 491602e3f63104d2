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
import { defineMessages, useT } from '../../../i18n';
import { useCurrentUser } from '../../../lib/auth';
import { AuditTab } from './audit-tab';
import { BackupsTab } from './backups-tab';
import { MembersTab } from './members-tab';
import { OrganisationTab } from './organisation-tab';
import { ReportsTab } from './reports-tab';
import { SmtpTab } from './smtp-tab';
import { TemplatesTab } from './templates-tab';

const TABS = ['templates', 'email', 'backups', 'members', 'reports', 'audit', 'organisation'] as const;

const messages = defineMessages({
  adminsOnly: { id: 'web.admin.settings.adminsOnly', defaultMessage: 'Admins only' },
  adminsOnlyText: {
    id: 'web.admin.settings.adminsOnlyText',
    defaultMessage: "Admin Settings are for the organisation's administrators. Ask an admin if you need access.",
  },
  goHome: { id: 'web.admin.settings.goHome', defaultMessage: 'Go to the home page' },
  title: { id: 'web.admin.settings.title', defaultMessage: 'Admin Settings' },
  tabsLabel: { id: 'web.admin.settings.tabsLabel', defaultMessage: 'Admin settings' },
  templates: { id: 'web.admin.settings.tabTemplates', defaultMessage: 'Notification Templates' },
  email: { id: 'web.admin.settings.tabEmail', defaultMessage: 'Email Settings' },
  backups: { id: 'web.admin.settings.tabBackups', defaultMessage: 'Backups' },
  members: { id: 'web.admin.settings.tabMembers', defaultMessage: 'Members' },
  reports: { id: 'web.admin.settings.tabReports', defaultMessage: 'Reports' },
  audit: { id: 'web.admin.settings.tabAudit', defaultMessage: 'Audit' },
  organisation: { id: 'web.admin.settings.tabOrganisation', defaultMessage: 'Organisation' },
});

export function AdminSettingsPage() {
  const t = useT();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((value) => value === asked) ?? 'templates';
  if (!user?.isAdmin) {
    return (
      <StateCard title={t(messages.adminsOnly)} icon={<ShieldAlert size={32} aria-hidden="true" />}>
        <p>{t(messages.adminsOnlyText)}</p>
        <Link to={paths.home} className={buttonClass()}>
          {t(messages.goHome)}
        </Link>
      </StateCard>
    );
  }
  return (
    <>
      <h1>{t(messages.title)}</h1>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'templates' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label={t(messages.tabsLabel)} wrap>
          <TabsTrigger value="templates">{t(messages.templates)}</TabsTrigger>
          <TabsTrigger value="email">{t(messages.email)}</TabsTrigger>
          <TabsTrigger value="backups">{t(messages.backups)}</TabsTrigger>
          <TabsTrigger value="members">{t(messages.members)}</TabsTrigger>
          <TabsTrigger value="reports">{t(messages.reports)}</TabsTrigger>
          <TabsTrigger value="audit">{t(messages.audit)}</TabsTrigger>
          <TabsTrigger value="organisation">{t(messages.organisation)}</TabsTrigger>
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
