import { Link } from 'react-router-dom';
import { StateCard } from '../components/ui';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <StateCard title="404 Page Not Found">
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home} className="button">
        Go to the home page
      </Link>
    </StateCard>
  );
}
