import type { ScoringItem, ScoringProfile } from './types.ts';

export function draftReply(item: ScoringItem, profile: ScoringProfile): string {
  return `Hi! ${profile.name}${profile.url ? ` (${profile.url})` : ''} might help with "${item.title}".`;
}
