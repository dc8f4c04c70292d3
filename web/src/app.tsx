import type { ComponentChildren } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { api, messageOf, setUnauthorizedHandler } from './api.ts';
import { Link } from './components/link.tsx';
import { ApiAccessPage } from './pages/api-access.tsx';
import { NewProjectPage } from './pages/new-project.tsx';
import { ProjectPage, type ProjectTab } from './pages/project.tsx';
import { ProjectsPage } from './pages/projects.tsx';
import { SignedOutPage, SignInPage } from './pages/sign-in.tsx';
import { UsagePage } from './pages/usage.tsx';
import { navigate, useLocation } from './router.ts';
import type { Me } from './types.ts';

setUnauthorizedHandler(() => {
  if (location.pathname !== '/signed-out') navigate('/signed-out', { replace: true });
});

export function App() {
  const { path, query } = useLocation();
  if (path === '/sign-in') return <SignInPage />;
  if (path === '/signed-out') return <SignedOutPage />;
  return <Shell path={path} query={query} />;
}

function Shell({ path, query }: { path: string; query: URLSearchParams }) {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    api<Me>('GET', '/me').then(setMe, () => {});
  }, []);

  const project =
    /^\/projects\/([^/]+)(?:\/(leads|keywords|webhooks|themes|seo|ai-visibility|scans|usage|settings))?\/?$/.exec(
      path,
    );
  let page = <NotFound />;
  let section: 'projects' | 'api' | 'usage' | null = null;
  if (path === '/') {
    page = <ProjectsPage />;
    section = 'projects';
  } else if (path === '/projects/new') {
    page = <NewProjectPage />;
    section = 'projects';
  } else if (path === '/usage') {
    page = <UsagePage />;
    section = 'usage';
  } else if (project) {
    const tab = (project[2] ?? 'leads') as ProjectTab;
    const projectId = decodeURIComponent(project[1]!);
    // One instance per project: a scan followed on one project is not shown on the next.
    page = <ProjectPage key={projectId} projectId={projectId} tab={tab} query={query} />;
    section = 'projects';
  } else if (path === '/api-access') {
    page = <ApiAccessPage />;
    section = 'api';
  }

  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <div class="topbar-inner">
          <Link href="/" class="brand">
            <span class="brand-mark" aria-hidden="true">
              L
            </span>
            <span class="brand-text">Lead Intelligence</span>
          </Link>
          <nav aria-label="Main" class="nav">
            <Link href="/" class="nav-link" current={section === 'projects'}>
              Projects
            </Link>
            <Link href="/api-access" class="nav-link" current={section === 'api'}>
              API access
            </Link>
            <Link href="/usage" class="nav-link" current={section === 'usage'}>
              Usage
            </Link>
          </nav>
          <div class="account">
            <span class="account-email" title={me?.email ?? ''}>
              {me?.email ?? ''}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Contained key={project ? project[1] : path}>{page}</Contained>
      </main>
    </div>
  );
}

function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    setBusy(true);
    try {
      await api('POST', '/sign-out', {}, { expect401: true });
      navigate('/signed-out?reason=signed-out', { replace: true });
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <button type="button" class="btn btn-small" onClick={signOut} disabled={busy} title={error ?? undefined}>
      {error ? 'Sign out failed, retry' : 'Sign out'}
    </button>
  );
}

/** A rendering bug shows a message and a way out instead of a blank page. */
function Contained({ children }: { children: ComponentChildren }) {
  const [error, reset] = useErrorBoundary();
  if (!error) return <>{children}</>;
  return (
    <div class="page">
      <h1>Something went wrong on this page</h1>
      <p class="error" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </p>
      <button type="button" class="btn" onClick={reset}>
        Try again
      </button>
    </div>
  );
}

function NotFound() {
  useEffect(() => {
    document.title = 'Not found · Lead Intelligence';
  }, []);
  return (
    <div class="page">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Back to your projects</Link>
      </p>
    </div>
  );
}
