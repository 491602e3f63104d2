// Words the leaders card and its picker share.
import { defineMessages } from '../../../../i18n';

export const leadersMessages = defineMessages({
  title: { id: 'web.leaders.title', defaultMessage: 'Leaders' },
  notCleared: { id: 'web.leaders.notCleared', defaultMessage: 'Checks not current' },
});
