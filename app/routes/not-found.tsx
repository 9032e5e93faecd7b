import { data } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { pageTitle } from '~/lib/store-info';

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle('Page not found') }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
