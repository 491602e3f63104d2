// Setup: what an admin sets once and seldom visits (sections, notification templates, email, backups, the
// organisation), one list of entries that each open their section, with a way back. Inside the Mini App the
// backup download is refused (it is kept to the website's session): the entry says so instead of an error.
import { ArrowLeft, ChevronRight, Database, FileText, Landmark, Mail, Shapes, type LucideIcon } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Card } from '../../../components/card/card';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { isMiniApp } from '../../../lib/telegram-mini-app';
import { BackupsTab } from './backups-tab';
import { OrganisationTab } from './organisation-tab';
import { SectionsTab } from './sections-tab';
import styles from './setup-tab.module.css';
import { SmtpTab } from './smtp-tab';
import { TemplatesTab } from './templates-tab';

export const SETUP_SECTIONS = ['sections', 'templates', 'email', 'backups', 'organisation'] as const;
export type SetupSection = (typeof SETUP_SECTIONS)[number];

const messages = defineMessages({
  title: { id: 'web.admin.setupList.title', defaultMessage: 'Setup' },
  back: {
    id: 'web.admin.setupList.back',
    defaultMessage: 'Setup',
    description: 'A link back to the list of setup pages.',
  },
  sections: { id: 'web.admin.settings.tabSections', defaultMessage: 'Sections' },
  sectionsHint: {
    id: 'web.admin.setupList.sectionsHint',
    defaultMessage: 'Beavers, Cubs, Scouts: their members, leaders and colours',
  },
  templates: { id: 'web.admin.settings.tabTemplates', defaultMessage: 'Notification Templates' },
  email: { id: 'web.admin.settings.tabEmail', defaultMessage: 'Email Settings' },
  backups: { id: 'web.admin.settings.tabBackups', defaultMessage: 'Backups' },
  organisation: { id: 'web.admin.settings.tabOrganisation', defaultMessage: 'Organisation' },
  templatesHint: {
    id: 'web.admin.setupList.templatesHint',
    defaultMessage: 'The words of the emails and SMS members get about events',
  },
  emailHint: { id: 'web.admin.setupList.emailHint', defaultMessage: 'The mail server that sends every email' },
  backupsHint: { id: 'web.admin.setupList.backupsHint', defaultMessage: 'Download the latest copy of the database' },
  backupsWebsiteOnly: {
    id: 'web.admin.setupList.backupsWebsiteOnly',
    defaultMessage: 'Website only: open Admin Settings in a browser',
  },
  backupsWebsiteOnlyText: {
    id: 'web.admin.setupList.backupsWebsiteOnlyText',
    defaultMessage:
      "A backup holds every member's personal data, so it can be downloaded from the website only, not inside Telegram. Open Admin Settings in a browser and sign in there to download it.",
  },
  organisationHint: {
    id: 'web.admin.setupList.organisationHint',
    defaultMessage: 'Name, membership, consent, language and time zone',
  },
});

const ENTRIES: Record<SetupSection, { label: MessageDescriptor; hint: MessageDescriptor; Icon: LucideIcon }> = {
  sections: { label: messages.sections, hint: messages.sectionsHint, Icon: Shapes },
  templates: { label: messages.templates, hint: messages.templatesHint, Icon: FileText },
  email: { label: messages.email, hint: messages.emailHint, Icon: Mail },
  backups: { label: messages.backups, hint: messages.backupsHint, Icon: Database },
  organisation: { label: messages.organisation, hint: messages.organisationHint, Icon: Landmark },
};

function BackupsWebsiteOnly() {
  const t = useT();
  return (
    <Card title={t(messages.backups)}>
      <p>{t(messages.backupsWebsiteOnlyText)}</p>
    </Card>
  );
}

function Section({ section }: { section: SetupSection }) {
  switch (section) {
    case 'sections':
      return <SectionsTab />;
    case 'templates':
      return <TemplatesTab />;
    case 'email':
      return <SmtpTab />;
    case 'backups':
      return isMiniApp() ? <BackupsWebsiteOnly /> : <BackupsTab />;
    case 'organisation':
      return <OrganisationTab />;
  }
}

export function SetupTab({ section }: { section: SetupSection | null }) {
  const t = useT();
  if (section) {
    return (
      <>
        <Link to={{ search: '?tab=setup' }} className={styles.back}>
          <ArrowLeft size={18} aria-hidden="true" className={styles.flip} />
          {t(messages.back)}
        </Link>
        <Section section={section} />
      </>
    );
  }
  return (
    <Card title={t(messages.title)} labelledBy="setup-title">
      <ul className={styles.list}>
        {SETUP_SECTIONS.map((value) => {
          const { label, hint, Icon } = ENTRIES[value];
          const websiteOnly = value === 'backups' && isMiniApp();
          return (
            <li key={value}>
              <Link to={{ search: `?tab=${value}` }} className={styles.entry}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon size={20} />
                </span>
                <span className={styles.text}>
                  <span className={styles.label}>{t(label)}</span>
                  <span className={styles.hint}>{t(websiteOnly ? messages.backupsWebsiteOnly : hint)}</span>
                </span>
                <ChevronRight size={18} aria-hidden="true" className={`${styles.chevron} ${styles.flip}`} />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
