import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, messageOf } from '../api.ts';
import { navigate } from '../router.ts';

function HowToGetALink() {
  return (
    <div class="how-to">
      <h2>Getting a sign-in link</h2>
      <p>Links are single-use and valid for 15 minutes.</p>
      <ul>
        <li>
          <strong>Self-hosted:</strong> on the server, with the service stopped, run
          <pre>
            <code>npm run login -- --email you@example.com</code>
          </pre>
          and open the <code>signInUrl</code> it prints. <code>npm start</code> also prints a fresh link for
          the demo account each time it starts.
        </li>
        <li>
          <strong>Hosted:</strong> ask for a new link; it arrives by e-mail.
        </li>
      </ul>
    </div>
  );
}

function Card({ title, children }: { title: string; children: preact.ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Lead Intelligence`;
    heading.current?.focus();
  }, [title]);
  return (
    <main class="center-page">
      <div class="card auth-card">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true">
            L
          </span>
          Lead Intelligence
        </div>
        <h1 tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

type State =
  | { kind: 'working' }
  | { kind: 'no-token' }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string };

/** /sign-in#token=…: the token stays in the fragment (never sent to the server in a URL) and is posted once. */
export function SignInPage() {
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    const token = new URLSearchParams(location.hash.slice(1)).get('token');
    if (!token) {
      setState({ kind: 'no-token' });
      return;
    }
    // Out of the address bar and the history once the service has answered: the link is spent then.
    const forget = () => history.replaceState(null, '', '/sign-in');
    api('POST', '/sign-in', { token }, { expect401: true }).then(
      () => {
        forget();
        navigate('/', { replace: true });
      },
      (err: unknown) => {
        if (err instanceof ApiError && (err.status === 401 || err.status === 400)) {
          forget();
          setState({ kind: 'refused', message: err.message });
        } else setState({ kind: 'error', message: messageOf(err) });
      },
    );
  }, []);

  if (state.kind === 'working') {
    return (
      <Card title="Signing you in…">
        <p class="muted">One moment.</p>
      </Card>
    );
  }
  if (state.kind === 'refused') {
    return (
      <Card title="This sign-in link has expired or was already used">
        <p class="error" role="alert">
          {state.message}
        </p>
        <HowToGetALink />
      </Card>
    );
  }
  if (state.kind === 'error') {
    return (
      <Card title="Could not sign you in">
        <p class="error" role="alert">
          {state.message}
        </p>
        <p>If the service could not be reached, the link is still good: reload this page to try again.</p>
      </Card>
    );
  }
  return (
    <Card title="This link has no sign-in token">
      <p>
        Open the full link you were given; it ends with <code>#token=…</code>.
      </p>
      <HowToGetALink />
    </Card>
  );
}

export function SignedOutPage() {
  const signedOut = new URLSearchParams(location.search).get('reason') === 'signed-out';
  return (
    <Card title={signedOut ? 'You are signed out' : 'You are signed out: your session has ended'}>
      <p>
        {signedOut
          ? 'Your session is closed on this browser.'
          : 'The dashboard needs a session. It lasts 30 days from your last visit and ends when you sign out.'}{' '}
        To come back, open a new sign-in link.
      </p>
      <HowToGetALink />
    </Card>
  );
}
