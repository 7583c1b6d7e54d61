import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { homePages } from '@campus/domain/home/home.page';
import { Navigate, type RouteObject } from 'react-router';
import { getSession, type StoredSession } from './session.ts';

/**
 * An area's signed-in routes (`features/<area>/routes.ts`): path from the area's pages (the domain's
 * `<area>/<area>.page.ts`), a lazy screen and, where the screen has data, the requests it starts while its code
 * downloads. The app's router gathers them under its session guard and the signed-in layout.
 */
export type FeatureRoutes = RouteObject[];

/**
 * A page of an area outside the signed-in shell, in a window of its own: the test panel and its paper (on the
 * attempt's credential), the media page (behind the session guard).
 */
export interface OwnPage {
  route: RouteObject;
  needsSession: boolean;
}

/** Starts one query the screen will read (skipped when the screen would not run it). */
export type Prefetch = <T, K extends QueryKey>(
  query: FetchQueryOptions<T, Error, T, K> & { enabled?: unknown },
) => void;

/** Starts a screen's queries (or does nothing without a session); `address` is the query of the screen's address. */
export type StartData = (queryClient: QueryClient, address: URLSearchParams) => Promise<void>;

/**
 * Starts a screen's queries alongside its script; the screen reads the same queries, and one the screen would not
 * run (`enabled: false`) is not asked either. The session guard has already sent a signed-out user away.
 * `prefetchAll` may first import the area's query module (`await import('./api/x.ts')`): a screen the user has not
 * opened then costs the first load nothing, and the module downloads beside the screen's own script.
 */
export const prefetching =
  (
    prefetchAll: (session: StoredSession, prefetch: Prefetch, address: URLSearchParams) => void | Promise<void>,
  ): StartData =>
  async (queryClient, address) => {
    const session = getSession();
    if (!session) return;
    await prefetchAll(
      session,
      (query) => {
        if (query.enabled !== false) void queryClient.prefetchQuery(query);
      },
      address,
    );
  };

type ScreenModule = () => Promise<ComponentType>;

/** A screen's route element: the screen, or the dashboard for a session it does not `allow`. */
function RouteScreen({ Screen, allow }: { Screen: ComponentType; allow?: ScreenOptions['allow'] }) {
  const session = getSession();
  if (session && allow && !allow(session)) return <Navigate to={homePages.dashboard} replace />;
  return <Screen />;
}

export interface ScreenOptions {
  /** The screen's first requests, from `prefetching`. */
  data?: StartData;
  /** Who may open the screen beyond the menu's rules; anyone else goes to the dashboard. */
  allow?: (session: StoredSession) => boolean;
}

/** What the router starts as soon as a screen's address is known (`startScreen`). */
export interface ScreenHandle extends ScreenOptions {
  load: ScreenModule;
}

/** A signed-in route: `path`, the screen's module (loaded when first opened) and its data. */
export function screenRoute(path: string, load: ScreenModule, options: ScreenOptions = {}): RouteObject {
  const handle: ScreenHandle = { load, ...options };
  return { path, handle, element: <RouteScreen Screen={lazyScreen(load)} allow={options.allow} /> };
}

/**
 * Starts a screen's code download and its first requests together, before the layout around it has loaded (what
 * a data router's lazy routes and loaders did): neither waits for the other, nor for the shell's own script. A
 * module that fails to download is the screen's failure to show when it renders, not this one's.
 */
export function startScreen(handle: ScreenHandle, queryClient: QueryClient, address = new URLSearchParams()) {
  const session = getSession();
  if (session && handle.allow && !handle.allow(session)) return;
  void handle.load().catch(() => undefined);
  void handle.data?.(queryClient, address).catch(() => undefined);
}

const screens = new WeakMap<ScreenModule, ComponentType>();

/** One lazy component per screen module: two routes of one screen (home, announcements) keep it mounted. */
function lazyScreen(load: ScreenModule): ComponentType {
  let Screen = screens.get(load);
  if (!Screen) {
    Screen = lazy(async () => ({ default: await load() }));
    screens.set(load, Screen);
  }
  return Screen;
}
