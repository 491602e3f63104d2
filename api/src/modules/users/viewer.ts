// Who is asking, as the permission checks see them: the signed-in member's id and admin flag.
export interface Viewer {
  id: number;
  isAdmin: boolean;
}
