// A member's name as the reader sees it: an erased account keeps a stored name ("Deleted member"), shown in the
// reader's language. Call it while rendering, with the component's messages loaded (useT).
import { DELETED_MEMBER_NAME } from '../../../shared/deleted-member';
import { msg, translate } from '../i18n';

export const memberName = (name: string): string =>
  name === DELETED_MEMBER_NAME ? translate(msg('deletedMember')) : name;
