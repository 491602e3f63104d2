// Home (SPEC §2): a welcome that says why to join, About and Member Benefits; signed out a sign-in prompt
// and Member-Only Events. Signed in, home is about the member: a short greeting, their next event, then
// Featured Events, with About and Member Benefits after them. A leader (admin, organiser) also sees what waits
// for them ("Needs you") when anything does, and a section's leader "My section".
import { BellRing, CalendarCheck, Lock, LogIn, Users, type LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { SAMPLE_EVENT_IMAGES } from '../../../../../../shared/first-page-constants';
import { mayCreateEvents } from '../../../../../../shared/permissions';
import { Button, buttonClass } from '../../../../components/button/button';
import { Card } from '../../../../components/card/card';
import { Skeleton } from '../../../../components/skeleton/skeleton';
import { defineMessages, useT, type MessageDescriptor } from '../../../../i18n';
import { openAuthDialog, useCurrentUser } from '../../../../lib/auth';
import { brandName } from '../../../../lib/brand';
import { lazyPage } from '../../../../lib/lazy-page';
import { featuredEvents } from './featured-events-lazy';
import styles from './home-page.module.css';

const { Page: FeaturedEvents } = featuredEvents;
/** Leaders only: its own chunk, so a member's first page carries none of it. */
const { Page: NeedsYou } = lazyPage(
  () => import('./needs-you'),
  (m) => m.NeedsYou,
);

/** Admins only, with the shared notice and its icon: a member's first page carries none of it. */
const { Page: EmailOffNotice } = lazyPage(
  () => import('./email-off-notice'),
  (m) => m.EmailOffNotice,
);

/** Section leaders only, in its own chunk too. */
const { Page: MySection } = lazyPage(
  () => import('./my-section'),
  (m) => m.MySection,
);

const messages = defineMessages({
  welcome: { id: 'web.events.home.welcome', defaultMessage: 'Welcome to {brand}' },
  greeting: { id: 'web.events.home.greeting', defaultMessage: 'Good to see you, {name}! Here is what is coming up.' },
  lead: {
    id: 'web.events.home.lead',
    defaultMessage:
      'Your place to find out what is happening in our youth community: meetups, trips, workshops and more.',
  },
  signInLead: {
    id: 'web.events.home.signInLead',
    defaultMessage: 'Sign in to see upcoming events, RSVP and join the discussion.',
  },
  login: { id: 'web.events.home.login', defaultMessage: 'Login Now' },
  membersOnly: { id: 'web.events.home.membersOnly', defaultMessage: 'Member-Only Events' },
  membersOnlyText: {
    id: 'web.events.home.membersOnlyText',
    defaultMessage: 'Our events are listed for members only. Sign in to browse them and reply.',
  },
  loginToView: { id: 'web.events.home.loginToView', defaultMessage: 'Login to View Events' },
  loading: { id: 'web.events.home.loading', defaultMessage: 'Loading Events...' },
  about: { id: 'web.events.home.about', defaultMessage: 'About' },
  aboutText: {
    id: 'web.events.home.aboutText',
    defaultMessage:
      'We are a youth community organisation that brings young people together through events, projects and friendship. Everyone is welcome.',
  },
  benefits: { id: 'web.events.home.benefits', defaultMessage: 'Member Benefits' },
  exclusive: { id: 'web.events.home.exclusive', defaultMessage: 'Exclusive access to member-only events' },
  notifications: { id: 'web.events.home.notifications', defaultMessage: 'SMS and Telegram notifications' },
  rsvp: { id: 'web.events.home.rsvp', defaultMessage: 'RSVP to events' },
  connect: { id: 'web.events.home.connect', defaultMessage: 'Connect with other members' },
});

const BENEFITS: [MessageDescriptor, LucideIcon][] = [
  [messages.exclusive, Lock],
  [messages.notifications, BellRing],
  [messages.rsvp, CalendarCheck],
  [messages.connect, Users],
];

function Welcome({ name }: { name: string | null }) {
  const t = useT();
  const title = t(messages.welcome, { brand: brandName() });
  if (name) {
    return (
      <section className={styles.greeting} aria-labelledby="welcome-title">
        <h1 id="welcome-title">{title}</h1>
        <p className={styles.greetingLine}>{t(messages.greeting, { name })}</p>
      </section>
    );
  }
  return (
    <section className={styles.hero} aria-labelledby="welcome-title">
      <h1 id="welcome-title">{title}</h1>
      <p className={styles.lead}>{t(messages.lead)}</p>
      <p className={styles.lead}>{t(messages.signInLead)}</p>
      <button type="button" className={buttonClass({}, styles.heroButton)} onClick={openAuthDialog}>
        <LogIn size={20} aria-hidden="true" />
        {t(messages.login)}
      </button>
    </section>
  );
}

function MemberOnlyEvents() {
  const t = useT();
  return (
    <Card title={t(messages.membersOnly)}>
      <div className={styles.teaser} aria-hidden="true">
        {SAMPLE_EVENT_IMAGES.map((url) => (
          <img key={url} src={url} alt="" width={120} height={120} loading="lazy" />
        ))}
      </div>
      <p>{t(messages.membersOnlyText)}</p>
      <Button variant="secondary" onClick={openAuthDialog}>
        {t(messages.loginToView)}
      </Button>
    </Card>
  );
}

export function HomePage() {
  const t = useT();
  const { data: user, isPending } = useCurrentUser();
  return (
    <>
      <Welcome name={user?.name ?? null} />
      {user?.isAdmin && (
        <Suspense fallback={null}>
          <EmailOffNotice />
        </Suspense>
      )}
      {user && mayCreateEvents(user) && (
        <Suspense fallback={null}>
          <NeedsYou user={user} />
        </Suspense>
      )}
      {user && user.leadsSections.length > 0 && (
        <Suspense fallback={null}>
          <MySection user={user} />
        </Suspense>
      )}
      {isPending ? null : user ? (
        <Suspense fallback={<Skeleton label={t(messages.loading)} />}>
          <FeaturedEvents />
        </Suspense>
      ) : (
        <MemberOnlyEvents />
      )}
      <div className="two-columns">
        <Card title={t(messages.about)}>
          <p>{t(messages.aboutText)}</p>
        </Card>
        <Card title={t(messages.benefits)}>
          <ul className={styles.benefits}>
            {BENEFITS.map(([text, Icon]) => (
              <li key={text.id}>
                <span className={styles.benefitIcon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                {t(text)}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
