// Home (SPEC §2): a welcome that says why to join, About and Member Benefits; signed out a sign-in prompt
// and Member-Only Events. Signed in, home is about the member: a short greeting, their next event, then
// Featured Events, with About and Member Benefits after them.
import { BellRing, CalendarCheck, Lock, LogIn, Users, type LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { SAMPLE_EVENT_IMAGES } from '../../../../../shared/constants';
import { Button, buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';
import { brandName } from '../../../lib/brand';
import { featuredEvents } from './featured-events-lazy';
import styles from './home-page.module.css';

const { Page: FeaturedEvents } = featuredEvents;

const BENEFITS: [string, LucideIcon][] = [
  ['Exclusive access to member-only events', Lock],
  ['SMS and Telegram notifications', BellRing],
  ['RSVP to events', CalendarCheck],
  ['Connect with other members', Users],
];

function Welcome({ name }: { name: string | null }) {
  if (name) {
    return (
      <section className={styles.greeting} aria-labelledby="welcome-title">
        <h1 id="welcome-title">Welcome to {brandName()}</h1>
        <p className={styles.greetingLine}>Good to see you, {name}! Here is what is coming up.</p>
      </section>
    );
  }
  return (
    <section className={styles.hero} aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to {brandName()}</h1>
      <p className={styles.lead}>
        Your place to find out what is happening in our youth community: meetups, trips, workshops and more.
      </p>
      <p className={styles.lead}>Sign in to see upcoming events, RSVP and join the discussion.</p>
      <button type="button" className={buttonClass({}, styles.heroButton)} onClick={openAuthDialog}>
        <LogIn size={20} aria-hidden="true" />
        Login Now
      </button>
    </section>
  );
}

function MemberOnlyEvents() {
  return (
    <Card title="Member-Only Events">
      <div className={styles.teaser} aria-hidden="true">
        {SAMPLE_EVENT_IMAGES.map((url) => (
          <img key={url} src={url} alt="" width={120} height={120} loading="lazy" />
        ))}
      </div>
      <p>Our events are listed for members only. Sign in to browse them and reply.</p>
      <Button variant="secondary" onClick={openAuthDialog}>
        Login to View Events
      </Button>
    </Card>
  );
}

export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <>
      <Welcome name={user?.name ?? null} />
      {isPending ? null : user ? (
        <Suspense fallback={<Skeleton label="Loading Events..." />}>
          <FeaturedEvents />
        </Suspense>
      ) : (
        <MemberOnlyEvents />
      )}
      <div className="two-columns">
        <Card title="About">
          <p>
            We are a youth community organisation that brings young people together through events, projects and
            friendship. Everyone is welcome.
          </p>
        </Card>
        <Card title="Member Benefits">
          <ul className={styles.benefits}>
            {BENEFITS.map(([text, Icon]) => (
              <li key={text}>
                <span className={styles.benefitIcon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
