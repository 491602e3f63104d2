// Words the leaders card, its picker and the page's leaders warning share.
import { defineMessages } from '../../../../i18n';

export const leadersMessages = defineMessages({
  title: { id: 'web.leaders.title', defaultMessage: 'Leaders' },
  notCleared: { id: 'web.leaders.notCleared', defaultMessage: 'Checks not current' },
  choose: { id: 'web.leaders.choose', defaultMessage: 'Choose leaders' },
});
