// Admin settings (SPEC §2): the organisation's members and reported comments first (with how many wait in each),
// the audit log, the treasurer's payments, and Setup: notification templates, email (SMTP) settings, the
// database's backups and the organisation's settings, behind one entry so that a phone shows one row of tabs. The open tab is in the URL
// (?tab=reports, ?tab=email), so a link can open the tab it is about. A member who is not an admin sees one clear
// 'admins only' state instead of forms full of refused requests (the server refuses them anyway).
import { ScrollText, Settings, ShieldAlert, Wallet } from 'lucide-react';
import { Link, useSearchParams } from '../../../lib/router';
import { Badge } from '../../../components/badge/badge';
import { buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs/tabs';
import { paths } from '../../../config/paths';
import { defineMessages, intlLocale, useT } from '../../../i18n';
import { useCurrentUser } from '../../../lib/auth';
import { useNeeds } from '../../../lib/needs';
import { AuditTab } from './audit-tab';
import { MembersTab } from './members-tab';
import { PaymentsTab } from './payments-tab';
import { ReportsTab } from './reports-tab';
import styles from './admin-settings-page.module.css';
import { SETUP_SECTIONS, SetupTab } from './setup-tab';

const TABS = ['members', 'reports', 'audit', 'payments', 'setup'] as const;
type Tab = (typeof TABS)[number];

const messages = defineMessages({
  adminsOnly: { id: 'web.admin.settings.adminsOnly', defaultMessage: 'Admins only' },
  adminsOnlyText: {
    id: 'web.admin.settings.adminsOnlyText',
    defaultMessage: "Admin Settings are for the organisation's administrators. Ask an admin if you need access.",
  },
  goHome: { id: 'web.admin.settings.goHome', defaultMessage: 'Go to the home page' },
  title: { id: 'web.admin.settings.title', defaultMessage: 'Admin Settings' },
  tabsLabel: { id: 'web.admin.settings.tabsLabel', defaultMessage: 'Admin settings' },
  members: { id: 'web.admin.settings.tabMembers', defaultMessage: 'Members' },
  reports: { id: 'web.admin.settings.tabReports', defaultMessage: 'Reports' },
  audit: { id: 'web.admin.settings.tabAudit', defaultMessage: 'Audit' },
  payments: { id: 'web.admin.payments.tab', defaultMessage: 'Payments' },
  setup: {
    id: 'web.admin.settings.tabSetup',
    defaultMessage: 'Setup',
    description: 'The tab that holds notification templates, email settings, backups and the organisation.',
  },
  waiting: {
    id: 'web.admin.settings.waiting',
    defaultMessage: 'waiting',
    description: 'Read by screen readers after the count on a tab: "Members, 3 waiting".',
  },
});

/** A tab's count as a badge, in the page's digits; nothing when none wait. */
function CountBadge({ count }: { count: number | null | undefined }) {
  const t = useT();
  if (!count) return null;
  return (
    <Badge tone="warning">
      {new Intl.NumberFormat(intlLocale()).format(count)}
      <span className="visually-hidden"> {t(messages.waiting)}</span>
    </Badge>
  );
}

export function AdminSettingsPage() {
  const t = useT();
  const { data: user } = useCurrentUser();
  const needs = useNeeds(user?.isAdmin ? user : null);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const section = SETUP_SECTIONS.find((value) => value === asked) ?? null;
  const tab: Tab = section ? 'setup' : (TABS.find((value) => value === asked) ?? 'members');
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
  const open = (value: Tab) => setParams(value === 'members' ? {} : { tab: value }, { replace: true });
  const membersWaiting = (needs.data?.pendingMembers ?? 0) + (needs.data?.consentsAwaitingVerification ?? 0);
  return (
    <>
      <h1>{t(messages.title)}</h1>
      <Tabs value={tab} onValueChange={(value) => open(value as Tab)}>
        <TabsList aria-label={t(messages.tabsLabel)} scroll>
          <TabsTrigger value="members">
            {t(messages.members)} <CountBadge count={membersWaiting} />
          </TabsTrigger>
          <TabsTrigger value="reports">
            {t(messages.reports)} <CountBadge count={needs.data?.openReports} />
          </TabsTrigger>
          {/* On a phone these show their icon only (the name stays for screen readers): one row of tabs. */}
          <TabsTrigger value="audit">
            <ScrollText size={18} aria-hidden="true" />
            <span className={styles.compact}>{t(messages.audit)}</span>
          </TabsTrigger>
          <TabsTrigger value="payments">
            <Wallet size={18} aria-hidden="true" />
            <span className={styles.compact}>{t(messages.payments)}</span>
          </TabsTrigger>
          <TabsTrigger value="setup">
            <Settings size={18} aria-hidden="true" />
            <span className={styles.compact}>{t(messages.setup)}</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <MembersTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="setup">
          <SetupTab section={section} />
        </TabsContent>
      </Tabs>
    </>
  );
}
