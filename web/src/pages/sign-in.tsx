import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError, api, messageOf } from '../api.ts';
import { Link } from '../components/link.tsx';
import { navigate } from '../router.ts';
import type { Me } from '../types.ts';

interface LinkRequested {
  delivery: 'email' | 'log';
  validMinutes: number;
}

/**
 * Asks the service for a link (docs/decisions/0061): the answer is the same for every address, so the page
 * never says whether one has an account; it says where the link went on this instance.
 */
function SignInForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<(LinkRequested & { email: string }) | null>(null);
  const inputId = useId();
  const errorId = useId();
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<LinkRequested>('POST', '/sign-in-links', { email }, { expect401: true });
      setSent({ ...answer, email: email.trim() });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="sign-in-form" onSubmit={submit} noValidate>
      <label for={inputId}>E-mail address</label>
      <div class="add-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          spellcheck={false}
        />
        <button type="submit" class="btn btn-primary" disabled={busy || !email.trim()}>
          {busy ? 'Sending…' : 'Send me a sign-in link'}
        </button>
      </div>
      <p id={errorId} class="error" role="alert" hidden={!error}>
        {error}
      </p>
      <div role="status" class="link-sent" hidden={!sent}>
        {sent?.delivery === 'email' && (
          <p>
            <strong>Check your inbox.</strong> If {sent.email} can sign in here, a sign-in link is on its way
            to it. It works once, for {sent.validMinutes} minutes.
          </p>
        )}
        {sent?.delivery === 'log' && (
          <p>
            <strong>Look in the terminal where the service runs.</strong> This instance does not send e-mail:
            if {sent.email} can sign in here, the link was written to the service's log, on a line with{' '}
            <code>sign-in#token=</code>. Open that link; it works once, for {sent.validMinutes} minutes.
          </p>
        )}
      </div>
    </form>
  );
}

function HowToGetALink() {
  return (
    <div class="how-to">
      <h2>Getting a sign-in link</h2>
      <SignInForm />
      <p>
        <strong>If you run the service yourself:</strong>{' '}
        <code>npm run login -- --email you@example.com</code> prints a link for an existing account (also
        while the service runs); <code>npm start</code> prints one for the demo account each time it starts.
        Links are single-use and valid for 15 minutes.
      </p>
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
  | { kind: 'signed-in'; email: string | null }
  | { kind: 'error'; message: string };

/** /sign-in#token=…: the token stays in the fragment (never sent to the server in a URL) and is posted once. */
export function SignInPage() {
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    const attempt = () => {
      const token = new URLSearchParams(location.hash.slice(1)).get('token');
      if (!token) {
        setState({ kind: 'no-token' });
        return;
      }
      setState({ kind: 'working' });
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
            const message = err.message;
            // A link opened twice (an e-mail read again) in a browser that is signed in: no dead end.
            api<Me>('GET', '/me', undefined, { expect401: true }).then(
              (me) => setState({ kind: 'signed-in', email: me.email }),
              () => setState({ kind: 'refused', message }),
            );
          } else setState({ kind: 'error', message: messageOf(err) });
        },
      );
    };
    attempt();
    // A link pasted into this same tab, on the sign-in page, changes only the fragment.
    addEventListener('hashchange', attempt);
    return () => removeEventListener('hashchange', attempt);
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
  if (state.kind === 'signed-in') {
    return (
      <Card title="You are already signed in">
        <p>
          This sign-in link has expired or was already used, but you need no other: this browser is signed in
          {state.email ? (
            <>
              {' '}
              as <strong>{state.email}</strong>.
            </>
          ) : (
            '.'
          )}
        </p>
        <p>
          <Link class="btn btn-primary" href="/">
            Go to the dashboard
          </Link>
        </p>
        <p class="muted small">
          To sign in as someone else, sign out from the dashboard first, then open a new link.
        </p>
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
    <Card title="Sign in">
      <p>No passwords: ask for a link, then open it.</p>
      <HowToGetALink />
    </Card>
  );
}

export function SignedOutPage() {
  const signedOut = new URLSearchParams(location.search).get('reason') === 'signed-out';
  return (
    // Reached without a session too (never signed in on this browser, or one that expired): say only what is true
    // in every case.
    <Card title={signedOut ? 'You are signed out' : 'Sign in'}>
      <p>
        {signedOut
          ? 'Your session is closed on this browser. To come back, ask for a new sign-in link below.'
          : 'The dashboard needs a session: ask for a sign-in link below. A session lasts 30 days from your last visit and ends when you sign out.'}
      </p>
      <HowToGetALink />
    </Card>
  );
}
