import { data } from 'react-router';

/** Any unknown path under a locale: HTTP 404 and the layout's not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
