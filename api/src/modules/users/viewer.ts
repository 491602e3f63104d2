// Who is asking, as the permission checks see them: the signed-in member's id, admin flag and role (creator
// powers follow the role held now: shared/permissions.ts).
export interface Viewer {
  id: number;
  isAdmin: boolean;
  role: string;
}
