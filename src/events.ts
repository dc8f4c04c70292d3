import { EventEmitter } from 'node:events';

/** What a scan announces once a new lead and its reply draft are committed. */
export interface LeadCreatedEvent {
  leadId: string;
  projectId: string;
  projectName: string;
  subreddit: string;
  title: string;
  url: string;
  score: number;
  reply: string;
  draftedAt: Date;
}

/** Leads whose post or comment was found deleted or removed on Reddit (docs/decisions/0103-deleted-items.md). */
export interface LeadsDeletedEvent {
  leadIds: string[];
}

export interface AppEvents {
  'lead.created': [LeadCreatedEvent];
  'leads.deleted': [LeadsDeletedEvent];
}

/** In-process events between capabilities (scans -> webhooks); listeners must not throw or block. */
export function createEventBus() {
  return new EventEmitter<AppEvents>({ captureRejections: true });
}
export type EventBus = ReturnType<typeof createEventBus>;
