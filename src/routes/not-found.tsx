import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFoundView } from '../components/error-page/error-page';
import { routeMeta } from '../seo/route-meta';

// Unknown paths in either language: a real 404 status, rendered by the layout's error boundary
// (header and footer stay).
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: '', description: '', notFound: true });

export default function NotFound() {
  return <NotFoundView />;
}
