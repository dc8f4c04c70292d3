import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api.ts';
import { fullDate, timeAgo } from '../format.ts';

export function ErrorMessage({ children }: { children: ComponentChildren }) {
  if (!children) return null;
  return (
    <p class="error" role="alert">
      {children}
    </p>
  );
}

export function Time({ iso, empty = '—' }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <span class="muted">{empty}</span>;
  return (
    <time dateTime={iso} title={fullDate(iso)}>
      {timeAgo(iso)}
    </time>
  );
}

async function copyText(text: string) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http self-hosted instances have no Clipboard API: the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await copyText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button
      type="button"
      class="btn btn-small btn-copy"
      onClick={copy}
      aria-label={what ? `${label} ${what}` : undefined}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Copied ✓' : state === 'failed' ? 'Select and copy' : label}
      </span>
    </button>
  );
}

/** A value shown once (a secret or a key) with its copy button and the warning that goes with it. */
export function SecretBox(props: {
  title: string;
  value: string;
  warning: ComponentChildren;
  onDone(): void;
  doneLabel?: string;
  /** The heading's level where the box sits: 2 directly under a page's h1, else 3. */
  level?: 2 | 3;
}) {
  const id = useId();
  const Heading = props.level === 2 ? 'h2' : 'h3';
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section class="callout callout-warn" aria-labelledby={id} tabIndex={-1} ref={ref}>
      <Heading id={id} class={props.level === 2 ? 'label-heading' : undefined}>
        {props.title}
      </Heading>
      <div class="secret-row">
        <code class="secret" data-testid="secret">
          {props.value}
        </code>
        <CopyButton text={props.value} what={props.title} />
      </div>
      <p class="warn-text">{props.warning}</p>
      <button type="button" class="btn" onClick={props.onDone}>
        {props.doneLabel ?? 'I have stored it'}
      </button>
    </section>
  );
}

/** A button that asks before doing something that cannot be undone, in a real modal dialog. */
export function ConfirmButton(props: {
  label: string;
  title: string;
  message: ComponentChildren;
  confirmLabel: string;
  onConfirm(): Promise<void>;
  buttonClass?: string;
  ariaLabel?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setError(null);
    dialog.current?.showModal();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm();
      dialog.current?.close();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class={props.buttonClass ?? 'btn btn-small btn-danger-quiet'}
        onClick={open}
        aria-label={props.ariaLabel}
      >
        {props.label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} class="dialog">
        <h2 id={titleId}>{props.title}</h2>
        <div class="dialog-body">{props.message}</div>
        <ErrorMessage>{error}</ErrorMessage>
        <div class="dialog-actions">
          <button type="button" class="btn" onClick={() => dialog.current?.close()} autofocus>
            Cancel
          </button>
          <button type="button" class="btn btn-danger" onClick={confirm} disabled={busy}>
            {busy ? 'Working…' : props.confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span class="spinner" role="status" aria-label={label} />;
}
