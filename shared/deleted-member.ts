// How an erased account is named on the rows that keep it (its comments, the events it created), in a module of
// its own: the web app shows it in the reader's language (MSG.deletedMember) without bundling all of MSG.
export const DELETED_MEMBER_NAME = 'Deleted member';
