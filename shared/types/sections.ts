// What the sections API answers.

/** A section as GET /api/sections lists it. */
export interface SectionItem {
  id: number;
  name: string;
  description: string | null;
  /** "#rrggbb"; null: the app's own colour. */
  colour: string | null;
  /** Its members (leaders not counted). */
  memberCount: number;
  /** The caller is a member or a leader of it. */
  mine: boolean;
}

export type SectionRole = 'member' | 'leader';

/** A member of a section, named by the minors' rule. */
export interface SectionMemberItem {
  id: number;
  name: string;
  role: SectionRole;
}

/** PUT and GET /api/sections/{id}/members. */
export interface SectionMembers {
  members: SectionMemberItem[];
}
