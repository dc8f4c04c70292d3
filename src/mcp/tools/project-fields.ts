import { type TObject, Type } from 'typebox';
import { ProjectDetail, ProjectInput } from '../../projects/projects.schemas.ts';
import type { SavedProject } from '../../projects/projects.service.ts';
import { ScanResult, toScanResult } from '../../scans/scans.schemas.ts';
import { ProjectArgs } from './project-arg.ts';

const described = (field: keyof typeof ProjectInput.properties, description: string) =>
  Type.Optional({ ...ProjectInput.properties[field], description });

/** The project's fields as the dashboard and the REST API name them, each with what it is for. */
export const PROJECT_FIELDS = {
  name: {
    ...ProjectInput.properties.name,
    description: 'The product, as the dashboard shows it; unique on the account.',
  },
  url: described('url', "The product's website (example.com or https://example.com), or null."),
  pain: described('pain', 'The problem the product solves, in the words of the people who have it.'),
  solution: described('solution', 'What the product does about it.'),
  targetUsers: described('targetUsers', 'Who buys it.'),
  geography: described('geography', 'Where its buyers are, or null for anywhere.'),
  budgetFit: described(
    'budgetFit',
    'What it costs, as a buyer would compare it (e.g. "under $50 per month").',
  ),
  scoreThreshold: described(
    'scoreThreshold',
    'Matches scoring below this (0-100) are not leads; null: the default (40).',
  ),
  replyTone: described(
    'replyTone',
    "How reply drafts sound: 'plain' (short and direct; the default), 'friendly' (a warmer first line) or " +
      "'expert' (more specific, technical advice).",
  ),
  replySignature: described(
    'replySignature',
    'A line ending every reply draft ("— Sam from SnapBill"): at most 80 characters, one line, no link; null: none.',
  ),
  keywords: described(
    'keywords',
    'Phrases a buyer writes; a post matching one is scored. "-word" excludes posts with that word.',
  ),
  subreddits: described(
    'subreddits',
    'Subreddits to read (names, r/name or links); none: the keywords are searched across Reddit.',
  ),
  competitors: described(
    'competitors',
    'Products named as alternatives; a post naming one reads as comparing.',
  ),
};

/** What create_project and update_project answer: the project as saved and the scan its change started. */
export const SavedProjectResult = Type.Object({
  project: ProjectDetail,
  scan: {
    ...Type.Union([ScanResult, Type.Null()]),
    description:
      'The scan started at once (trigger first), over the last 7 days where the upstream reaches back; null when ' +
      'the change watches nothing new (no keyword to match, or no keyword or subreddit added).',
  },
});

/** The saved project as the tools answer it. */
export const toSavedResult = (saved: SavedProject) => ({
  project: saved.project,
  scan: saved.scan && toScanResult(saved.scan),
});

/** What the endpoint checks before a project tool runs: an object; the service checks the fields (ADR 0119). */
export const looseArguments = (required: TObject | null): TObject =>
  Type.Object({ ...(required?.properties ?? {}) }, { additionalProperties: true });

export { ProjectArgs };
