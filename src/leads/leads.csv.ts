import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { DashboardLead, Lead } from './leads.schemas.ts';

/**
 * The export's file name: `leads-<project>-<status>-<day>.csv`, the project's name as a slug (ASCII letters and
 * digits between dashes, accents dropped, at most 40 characters; `project` when nothing is left), safe in a
 * Content-Disposition header and on every file system.
 */
export function exportFileName(projectName: string, status: string, day: string): string {
  const slug =
    projectName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'project';
  return `leads-${slug}-${status}-${day}.csv`;
}

/** The REST Lead's fields in its order, body last: these cells read like the API's lead. */
export const CSV_LEAD_FIELDS = [
  'id',
  'postId',
  'commentId',
  'title',
  'subreddit',
  'author',
  'url',
  'score',
  'stage',
  'reason',
  'matchedPhrase',
  'sellerSide',
  'status',
  'postedAt',
  'scoredAt',
  'costUsd',
  'body',
] as const satisfies readonly (keyof Lead)[];

/**
 * Each column: a dashboard lead's field and its header; the Lead's fields, the links to the story's other places
 * (separated by spaces; empty when none), then the drafted reply (empty when none) and when it was marked replied
 * (empty when not).
 */
const COLUMNS = [
  ...CSV_LEAD_FIELDS.map((key) => ({ key, header: key })),
  { key: 'otherPlaces', header: 'otherPlaces' },
  { key: 'reply', header: 'reply_draft' },
  // When the person marked it replied (the dashboard's Replied tab; its status stays the API's "hidden").
  { key: 'repliedAt', header: 'replied_at' },
] as const satisfies readonly { key: keyof DashboardLead; header: string }[];

/** The story's other places as one cell: their links, oldest first, separated by spaces. */
export const otherPlacesCell = (lead: Pick<Lead, 'otherPlaces'>) =>
  (lead.otherPlaces ?? []).map((p) => p.url).join(' ');

/** The header row. */
export const CSV_COLUMNS = COLUMNS.map((c) => c.header);

/**
 * RFC 4180 CSV (CRLF, fields quoted when they hold a comma, quote or line break) with a UTF-8 byte order mark
 * so that spreadsheets read accents and emoji right. Post text is written by strangers, so a cell that starts
 * like a formula (=, +, -, @, tab, CR) gets a leading ' (docs/decisions/0066-lead-csv-export.md); so does a
 * drafted reply, which quotes them.
 */
export function leadsCsv(pages: AsyncIterable<DashboardLead[]>): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { boolean: (v) => (v ? 'true' : 'false') },
  });
  const rows = Readable.from(
    (async function* () {
      for await (const page of pages) {
        for (const lead of page) yield { ...lead, otherPlaces: otherPlacesCell(lead) };
      }
    })(),
  );
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}
