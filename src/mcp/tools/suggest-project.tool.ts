import { SuggestInput, Suggestion } from '../../onboarding/onboarding.schemas.ts';
import { defineTool } from '../tool.ts';

export const suggestProjectTool = defineTool({
  name: 'suggest_project',
  title: 'Suggest a project',
  description:
    "Reads a product's page (url, https) and/or a paragraph about it (description) and suggests a project: name, " +
    'solution, pain, target users, geography and budget where the page says them, 5-12 keywords people write when ' +
    'they need the product (with -word exclusions for ambiguous ones), competitors the page names, and subreddits ' +
    'where the keywords match in posts already stored. The preview counts, per keyword and subreddit, the stored ' +
    'posts and comments of the last 7 days they match (data already bought: no upstream cost), warns about ' +
    'keywords that match too much or nothing, and shows up to 5 matching posts scored as leads. Pass keywords ' +
    'and/or subreddits to preview those instead; fresh: true also reads those subreddits (at most 5) from the ' +
    'upstream now, at the cost of a scan, recorded in usage. Saves nothing; costUsd is what the call spent (a ' +
    "configured LLM's tokens and a fresh look's calls, else 0).",
  inputSchema: SuggestInput,
  outputSchema: Suggestion,
  annotations: {
    title: 'Suggest a project',
    // It saves no project, but reads a page anywhere on the web and, with an LLM configured, spends tokens.
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:projects',
  run: ({ services, caller }, args) => services.onboarding.suggest({ userId: caller.userId }, args),
});
