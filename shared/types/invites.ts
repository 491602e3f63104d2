// What the API answers about invite links.
import type { InviteRole } from '../constants';

/** GET /api/invites/{code}: the invite page's words, for anyone holding the code. */
export interface InvitePreview {
  /** Who made the link, as the invited person may see them (a minor by first name); null if gone. */
  inviter: { name: string } | null;
  organisation: { name: string };
  role: InviteRole;
}

/** An invite link as admins see it (they may copy it again from the list). */
export interface InviteView {
  code: string;
  /** Opens the web app's join page. */
  url: string;
  /** Opens the Mini App on the join page (t.me/<bot>?startapp=join_<code>); null without a bot. */
  miniAppUrl: string | null;
  expiresAt: string;
  /** null: as many uses as come before it expires. */
  maxUses: number | null;
  uses: number;
  role: InviteRole;
}
