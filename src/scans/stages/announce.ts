import type { ForgottenLead } from '../../deletions/deletions.repo.ts';
import type { EventBus } from '../../events.ts';
import type { ScanLogger } from '../scans.types.ts';
import type { CreatedLead } from './persist.ts';

export interface AnnounceDeps {
  events: EventBus;
  log: ScanLogger;
}

/** One lead.created event per new lead, after its unit committed; a listener that throws stops no other. */
export function announceCreated(deps: AnnounceDeps, created: readonly CreatedLead[]): void {
  for (const e of created) {
    try {
      deps.events.emit('lead.created', e);
    } catch (err) {
      deps.log.warn({ err, leadId: e.leadId }, 'a lead.created listener threw');
    }
  }
}

/** One leads.deleted event for the leads a unit forgot (their items were deleted or removed upstream). */
export function announceDeleted(deps: AnnounceDeps, forgotten: readonly ForgottenLead[]): void {
  if (!forgotten.length) return;
  try {
    deps.events.emit('leads.deleted', { leadIds: forgotten.map((l) => l.id) });
  } catch (err) {
    deps.log.warn({ err }, 'a leads.deleted listener threw');
  }
}
