import type { ScoringProfile } from '../src/domain/scoring.ts';

/** A booking tool for small service businesses: the scoring tests' reference profile. */
export const booking: ScoringProfile = {
  name: 'SlotBook',
  url: 'https://slotbook.example',
  pain: 'Salons and studios lose clients to phone tag, double bookings and no-shows',
  solution: 'Online booking page with automatic reminders, deposits and a shared staff calendar',
  targetUsers: 'Owners of small service businesses: salons, studios, clinics, tutors',
  geography: null,
  budgetFit: 'under $50 per month',
  keywords: ['booking', 'appointments', 'scheduling', 'no-shows', 'calendar'],
  competitors: ['Calendly', 'Acuity', 'Setmore'],
};
