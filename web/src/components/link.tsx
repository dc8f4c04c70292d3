import type { ComponentChildren } from 'preact';
import { navigate } from '../router.ts';

/** An in-app link: a real <a href> (new tab and copy work), without a page reload on a plain click. */
export function Link(props: {
  href: string;
  class?: string;
  current?: boolean;
  children: ComponentChildren;
}) {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!navigate(props.href)) return;
    document.getElementById('main')?.focus({ preventScroll: true });
    scrollTo(0, 0);
  };
  return (
    <a
      href={props.href}
      class={props.class}
      onClick={onClick}
      aria-current={props.current ? 'page' : undefined}
    >
      {props.children}
    </a>
  );
}
