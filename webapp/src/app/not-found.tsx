import { Link } from '../lib/router';
import { buttonClass } from '../components/button/button';
import { StateCard } from '../components/card/card';
import { paths } from '../config/paths';
import { commonMessages } from '../components/common-messages';
import { defineMessages, useT } from '../i18n';

const messages = defineMessages({
  title: { id: 'web.app.notFound.title', defaultMessage: '404 Page Not Found' },
  text: { id: 'web.app.notFound.text', defaultMessage: 'The page you are looking for does not exist.' },
});

export function NotFoundPage() {
  const t = useT();
  return (
    <StateCard title={t(messages.title)}>
      <p>{t(messages.text)}</p>
      <Link to={paths.home} className={buttonClass()}>
        {t(commonMessages.goHome)}
      </Link>
    </StateCard>
  );
}
