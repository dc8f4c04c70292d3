import { useEffect, useId, useState } from 'preact/hooks';
import { api, messageOf } from '../api.ts';
import { CopyButton, ErrorMessage, Time } from '../components/ui.tsx';
import type { Lead, LeadReply } from '../types.ts';

/** As the server refuses (src/leads/leads.schemas.ts MAX_REPLY_CHARS). */
const MAX_REPLY_CHARS = 10_000;

/**
 * The reply awaiting review, edited in place (docs/decisions/0097-editable-replies.md): saved to the lead, so it is
 * the text after a reload and in the CSV; Copy copies what is in the box; an edited reply can go back to the draft.
 */
export function ReplyEditor(props: {
  lead: Lead;
  projectId: string;
  onSaved(leadId: string, reply: LeadReply): void;
}) {
  const { lead } = props;
  const saved = lead.reply ?? '';
  const [text, setText] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const headingId = useId();
  const countId = useId();
  useEffect(() => setText(saved), [saved]);
  const changed = text !== saved;
  const path = `/projects/${encodeURIComponent(props.projectId)}/leads/${encodeURIComponent(lead.id)}/reply`;

  async function run(call: () => Promise<LeadReply>, done: string) {
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      const reply = await call();
      props.onSaved(lead.id, reply);
      setText(reply.reply ?? '');
      setNotice(done);
    } catch (err) {
      setError(`Not saved: ${messageOf(err)}`);
    } finally {
      setBusy(false);
    }
  }
  const save = () => run(() => api<LeadReply>('PUT', path, { text }), 'Reply saved.');
  const restore = () => run(() => api<LeadReply>('POST', `${path}/restore`, {}), 'The draft is back.');

  return (
    <div class="reply-editor">
      <div class="reply-head">
        <h2 class="label-heading" id={headingId}>
          {lead.replyEditedAt ? 'Your reply' : 'Drafted reply'}
        </h2>
        {lead.replyEditedAt && (
          <span class="flag flag-edited">
            Edited <Time iso={lead.replyEditedAt} />
          </span>
        )}
      </div>
      <textarea
        class="reply-input"
        aria-labelledby={headingId}
        aria-describedby={countId}
        value={text}
        rows={8}
        maxLength={MAX_REPLY_CHARS}
        placeholder="No reply drafted for this lead. Write one here."
        onInput={(e) => {
          setText(e.currentTarget.value);
          setNotice('');
        }}
        onKeyDown={(e) => {
          if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (changed && !busy) void save();
          }
        }}
      />
      <div class="reply-actions">
        <button type="button" class="btn btn-small btn-primary" disabled={!changed || busy} onClick={save}>
          Save reply
        </button>
        {text.trim() !== '' && <CopyButton text={text} label="Copy reply" />}
        {changed && (
          <button type="button" class="btn btn-small" disabled={busy} onClick={() => setText(saved)}>
            Discard changes
          </button>
        )}
        {lead.replyEditedAt && !changed && (
          <button type="button" class="btn btn-small" disabled={busy} onClick={restore}>
            Restore the draft
          </button>
        )}
        <span class="muted small" id={countId}>
          {text.length.toLocaleString('en-US')} / {MAX_REPLY_CHARS.toLocaleString('en-US')} characters
          {changed ? ' · unsaved changes' : ''}
        </span>
      </div>
      <p class="muted small" role="status">
        {notice}
      </p>
      <ErrorMessage>{error}</ErrorMessage>
    </div>
  );
}
