// What the API answers admins and leaders: audit, templates, email settings, backups, organisation, needs.
import type {
  ConsentVerification,
  MembershipMode,
  OrganisationLanguage,
  TemplateChannel,
  TemplateType,
} from '../constants';

/** GET /api/admin/audit: one entry of the audit log; actor null for the system. */
export interface AuditEntryItem {
  id: string;
  at: string;
  actor: { id: number; name: string } | null;
  action: string;
  subject: { type: string; id: string };
  details: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntryItem[];
  nextCursor: string | null;
}

export interface InvitationItem {
  userId: number;
}

export interface NotificationTemplateItem {
  id: number;
  type: TemplateType;
  channel: TemplateChannel;
  template: string;
  /** The language it is written in: members of that language get it (others of the organisation's too). */
  language: OrganisationLanguage;
}

export interface SmtpSettingsView {
  id: number;
  host: string;
  port: number;
  secure: boolean;
  auth_user: string;
  from_email: string;
  from_name: string;
  enabled: boolean;
  /** The password is write-only: the API only says whether one is stored. */
  has_password: boolean;
}

/** One test send, as POST /api/test-notification-template reports it (one per template type and channel). */
export interface TemplateTestResult {
  type: string;
  channel: TemplateChannel;
  /** The language the test was written in: the template's, or the admin's for a built-in text. */
  language: OrganisationLanguage;
  to: string | null;
  status: 'sent' | 'failed' | 'skipped';
  error?: string;
}

/** A recorded backup: its SHA-256 checks a copy, `instance` names the server whose folder received the file. */
export interface BackupItem {
  name: string;
  createdAt: string;
  size: number;
  sha256: string;
  instance: string;
}

/** GET /api/admin/backups: the newest backup in the server's backups folder (admins only). */
export interface BackupsView {
  latest: BackupItem | null;
  /** Every kept backup, newest first, as the database records them (whichever instance made them). */
  backups: BackupItem[];
  /** How many nights' backups the server keeps (the newest of each night). */
  keep: number;
  /** When the nightly backup runs (HH:MM, UTC), or null when it is off. */
  dailyAtUtc: string | null;
}

/** GET/PATCH /api/admin/organisation. */
export interface OrganisationSettingsView {
  membershipMode: MembershipMode;
  consentAge: number;
  requireBirthDate: boolean;
  defaultLanguage: OrganisationLanguage;
  /** `leader`: a consent given through an email link waits for a leader's confirmation; `email`: valid at once. */
  consentVerification: ConsentVerification;
  /** Whether a shared link to a public upcoming event shows its name, date and cover in chat apps. */
  linkPreviews: boolean;
  /**
   * The IANA zone events are held in unless they name their own, and notices, calendars and ages are told in;
   * NOTIFICATIONS_TIME_ZONE until an admin saves one.
   */
  timeZone: string;
  /** What a guardian agrees to (the built-in text until an admin saves their own). */
  consentText: string;
  /** Raised by every change of consentText; a consent records the version its guardian read. */
  consentTextVersion: number;
  /**
   * Whether an admin has saved the settings once: until then the values above are the environment's and the web
   * app asks the first admin for the few that matter most (first-run setup).
   */
  configured: boolean;
}

/**
 * GET /api/admin/needs: what waits for a leader. `null`: not this viewer's to act on (an organiser sees only the
 * slips on their own events). `slipsEventId`: the soonest event with slips waiting, where they are listed.
 */
export interface LeaderNeeds {
  pendingMembers: number | null;
  openReports: number | null;
  consentsAwaitingVerification: number | null;
  slipsWaiting: number;
  slipsEventId: number | null;
  /** Events in the next 48 hours with minors attending and too few cleared leaders, that the viewer runs. */
  shortOfLeaders: number;
  /** The soonest of them. */
  shortOfLeadersEventId: number | null;
}
