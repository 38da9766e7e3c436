import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteName } from '@shared/routes.js';
import { NotFoundPage, RouteErrorPage } from '../components/ErrorPage.js';
import { Spinner } from '../components/Spinner.js';
import { ChatLayout } from './layouts/ChatLayout.js';
import { DefaultLayout } from './layouts/DefaultLayout.js';
import { EmptyLayout } from './layouts/EmptyLayout.js';
import { LanderLayout } from './layouts/LanderLayout.js';
import { Root } from './Root.js';
import { SCREENS, type LayoutName } from './route-table.js';
import { ScreenGate } from './ScreenGate.js';

function screenRoute(name: RouteName): RouteObject {
  const spec = SCREENS[name];
  return {
    id: name,
    path: ROUTES[name],
    lazy: async () => {
      const Screen = await spec.load();
      return { Component: () => <ScreenGate spec={spec} screen={Screen} /> };
    },
  };
}

function routesOf(layout: LayoutName): RouteObject[] {
  return (Object.keys(SCREENS) as RouteName[]).filter((name) => SCREENS[name].layout === layout).map(screenRoute);
}

/** The router is built from the ROUTES table of shared/src/routes.ts, grouped by layout. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's code loads (its route is lazy); without it React Router warned
    // on every page load and showed nothing.
    hydrateFallbackElement: <Spinner block delayed />,
    children: [
      { element: <DefaultLayout />, children: [...routesOf('default'), { path: '*', element: <NotFoundPage /> }] },
      { element: <ChatLayout />, children: routesOf('chat') },
      { element: <LanderLayout />, children: routesOf('lander') },
      { element: <EmptyLayout />, children: routesOf('empty') },
    ],
  },
];

export const router = createBrowserRouter(routes);
