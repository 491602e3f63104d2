import { Link } from 'react-router-dom';
import { buttonClass } from '../components/button/button';
import { StateCard } from '../components/card/card';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <StateCard title="404 Page Not Found">
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home} className={buttonClass()}>
        Go to the home page
      </Link>
    </StateCard>
  );
}
