// Routing of our own over the History API, with react-router's names for the part of it the app
// used (issue 22, first load: react-router's declarative mode was 13.8 kB gzipped of every first
// screen). Routes match in the order they are written, case-insensitively, each `:param`
// decoded; `:param?` may be missing, a trailing `*` matches the rest. A location's state is kept
// in history.state as react-router kept it ({ usr, key }), so it survives a reload.
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
};
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export type NavigateOptions = { replace?: boolean; state?: unknown };
type Params = Record<string, string | undefined>;

/** Where the router reads and writes the address: the browser's, or a list in memory (tests). */
type History = {
  location: () => Location;
  go: (to: string, options: NavigateOptions) => void;
  listen: (onChange: () => void) => () => void;
};

const newKey = () => Math.random().toString(36).slice(2, 10);

function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function browserHistory(): History {
  const listeners = new Set<() => void>();
  const read = (): Location => {
    const state = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  let current = read();
  const changed = () => {
    current = read();
    for (const listener of listeners) listener();
  };
  window.addEventListener('popstate', changed);
  return {
    location: () => current,
    go(to, { replace = false, state = null }) {
      const entry = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      changed();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function memoryHistory(initialEntry: string): History {
  const listeners = new Set<() => void>();
  let current: Location = { ...parsePath(initialEntry), state: null, key: 'default' };
  return {
    location: () => current,
    go(to, { state = null }) {
      current = { ...parsePath(to), state, key: newKey() };
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type RouterValue = { history: History; location: Location };
const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({
  params: {},
  outlet: null,
});

function Router({ history, children }: { history: History; children: ReactNode }) {
  const location = useSyncExternalStore(history.listen, history.location);
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** For tests: starts at the first of initialEntries. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries[0] ?? '/'));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Routing is used outside a router');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

function href(to: To, from: Location): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const { history } = useRouter();
  // The same function for the router's life, as react-router's, so effects may depend on it.
  return useCallback(
    (to: To, options: NavigateOptions = {}) => history.go(href(to, history.location()), options),
    [history],
  );
}

export function useParams<T extends Params = Params>(): T {
  return useContext(RouteContext).params as T;
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = (
    next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => {
    const value = typeof next === 'function' ? next(new URLSearchParams(location.search)) : next;
    navigate({ pathname: location.pathname, search: `?${new URLSearchParams(value)}` }, options);
  };
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: To };

/** An ordinary link; a plain left click navigates in the app, any other goes to the browser. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const address = href(to, location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(address, { replace, state });
  };
  return <a {...anchor} href={address} target={target} onClick={follow} />;
}

/** Goes to the address once rendered. */
export function Navigate({ to, replace, state }: NavigateOptions & { to: To }) {
  const navigate = useNavigate();
  const address = typeof to === 'string' ? to : JSON.stringify(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per address and state
  useEffect(() => navigate(to, { replace, state }), [address, replace]);
  return null;
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

/** A route of <Routes>, which reads its props; it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** The params of a path that matches the pattern, else null. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = pattern.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  const params: Params = {};
  for (const [index, segment] of wanted.entries()) {
    const part = parts[index];
    if (segment === '*') {
      params['*'] = parts.slice(index).map(decodeURIComponent).join('/');
      return params;
    }
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(1, -1) : segment.slice(1);
    if (part === undefined) {
      if (!optional) return null;
      continue;
    }
    if (segment.startsWith(':')) params[name] = decodeURIComponent(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length > wanted.length ? null : params;
}

/** The chain of routes (layouts first) that renders the path, with its params, or null. */
function matchRoutes(
  children: ReactNode,
  pathname: string,
): { chain: RouteProps[]; params: Params } | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const route = (child as ReactElement<RouteProps>).props;
    if (route.path === undefined) {
      const inner = matchRoutes(route.children, pathname);
      if (inner) return { chain: [route, ...inner.chain], params: inner.params };
      continue;
    }
    const params = matchPath(route.path, pathname);
    if (params) return { chain: [route], params };
  }
  return null;
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const matched = matchRoutes(children, pathname);
  if (!matched) return null;
  const { chain, params } = matched;
  // Innermost first: each layout renders the route below it as its <Outlet />.
  let rendered: ReactNode = null;
  for (const route of [...chain].reverse()) {
    const outlet = rendered;
    rendered = <RouteContext value={{ params, outlet }}>{route.element ?? outlet}</RouteContext>;
  }
  return rendered;
}
