import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';

// The spinner in the corner duplicates the bar and jumps around in the header; the bar is enough.
// NProgress's own markup gives the bar role="bar", which is no ARIA role (axe: aria-roles); the bar
// only decorates, so it is hidden from assistive technology instead, and found by its class.
NProgress.configure({
  showSpinner: false,
  barSelector: '.bar',
  spinnerSelector: '.spinner',
  template:
    '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' +
    '<div class="spinner" aria-hidden="true"><div class="spinner-icon"></div></div>',
});

/** Top of every screen: the navigation progress bar of spec §2 Guards. */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    // "loading" covers guard loaders and lazily fetched area chunks, "submitting" covers actions.
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  useEffect(() => () => void NProgress.done(), []);
  return <Outlet />;
}
