// Response shapes of the API (SPEC §3), shared by the API and the web app, one file per feature in types/. This file
// gathers them for the importers written before the split (types leave nothing in a bundle); new code imports the
// feature file.
export type * from './types/admin';
export type * from './types/attendance';
export type * from './types/comments';
export type * from './types/events';
export type * from './types/guardians';
export type * from './types/invites';
export type * from './types/members';
export type * from './types/users';
