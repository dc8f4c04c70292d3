import { useEffect, useId, useRef } from 'preact/hooks';

export const SHORTCUTS: [keys: string[], what: string][] = [
  [['j', 'k'], 'Next / previous lead (across pages)'],
  [['x'], 'Select or unselect the lead (Space too)'],
  [['h'], 'Hide the selected leads, or the focused one'],
  [['n'], 'Mark as not a fit'],
  [['e'], 'Return to new'],
  [['r'], 'Mark replied: you answered them (out of New, into Replied)'],
  [['u'], 'Undo the last action'],
  [['o', 'Enter'], 'Open the lead: its text and drafted reply'],
  [['O'], 'Open the post on Reddit in a new tab'],
  [['/'], 'Search'],
  [['Esc'], 'Leave the search; clear the selection'],
  [['?'], 'This list'],
];

/** The keyboard shortcuts, in a modal dialog opened by `?` or its button. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog shortcuts" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <table class="shortcuts-table">
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={what}>
              <th scope="row">
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="dialog-actions">
        <button type="button" class="btn" onClick={onClose} autofocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
