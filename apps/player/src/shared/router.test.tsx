import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from './router';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('matchPath', () => {
  it('matches segments, decoded params, optional params and a trailing *', () => {
    expect(matchPath('/game/:gameId/:name', '/game/3/Golden%20Sevens')).toEqual({
      gameId: '3',
      name: 'Golden Sevens',
    });
    expect(matchPath('/lobby/:id?/:name?', '/lobby')).toEqual({});
    expect(matchPath('/lobby/:id?/:name?', '/lobby/2/')).toEqual({ id: '2' });
    expect(matchPath('/Slot-Sessions', '/slot-sessions')).toEqual({});
    expect(matchPath('/game', '/game/3')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('*', '/a/b')).toEqual({ '*': 'a/b' });
  });
});

function Where() {
  const { pathname, search, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search} ${JSON.stringify(state)}`}</p>;
}

function Game() {
  const { name } = useParams<{ name: string }>();
  return <p>game {name}</p>;
}

function Layout() {
  return (
    <section aria-label="layout">
      <Outlet />
    </section>
  );
}

function Filter() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ page: '2' })}>
      page {params.get('page') ?? '1'}
    </button>
  );
}

function App() {
  return (
    <>
      <Routes>
        <Route path="/" element={<Navigate to="/lobby" replace state={{ from: '/' }} />} />
        <Route element={<Layout />}>
          <Route path="/lobby" element={<Link to="/game/3/Lucky%20Bells">play</Link>} />
          <Route path="/game/:gameId/:name" element={<Game />} />
        </Route>
        <Route path="/list" element={<Filter />} />
        <Route path="*" element={<p>not found</p>} />
      </Routes>
      <Where />
    </>
  );
}

describe('routes', () => {
  it('redirects with state, renders layouts around their page, follows a link', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/lobby {"from":"/"}');
    await userEvent.click(screen.getByRole('link', { name: 'play' }));
    expect(screen.getByRole('region', { name: 'layout' }).textContent).toBe('game Lucky Bells');
  });

  it('keeps the state in the browser history, so a reload and Back find it', async () => {
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(window.location.pathname).toBe('/lobby');
    expect(window.history.state).toMatchObject({ usr: { from: '/' } });
    await userEvent.click(screen.getByRole('link', { name: 'play' }));
    expect(window.location.pathname).toBe('/game/3/Lucky%20Bells');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/lobby {"from":"/"}');
  });

  it('changes the query with useSearchParams and shows the catch-all route', async () => {
    render(
      <MemoryRouter initialEntries={['/list']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'page 1' }));
    expect(screen.getByTestId('where').textContent).toBe('/list?page=2 null');
    expect(screen.getByRole('button', { name: 'page 2' })).toBeTruthy();
  });

  it('renders the * route for an unknown address', () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText('not found')).toBeTruthy();
  });
});
