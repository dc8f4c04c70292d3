import type { Services } from './services.ts';

/** The demo project a fresh self-hosted instance starts with: a small scheduling tool for salons. */
export const DEMO_PROJECT = {
  name: 'Demo: ChairTime salon booking',
  url: 'https://chairtime.example',
  pain: 'Small salons and barbershops lose bookings to phone tag and no-shows, and pay too much for heavy booking suites.',
  solution: 'Simple online booking with SMS reminders and deposits, priced for 1-5 chair shops.',
  targetUsers: 'Owners of small hair salons, barbershops and nail studios',
  geography: 'US, UK, Canada',
  budgetFit: 'Under $50 per month',
  scoreThreshold: 40,
  keywords: ['booking software', 'appointment scheduling', 'no-shows', 'online booking', 'salon software'],
  subreddits: ['smallbusiness', 'Entrepreneur', 'hairstylist', 'Barber'],
  competitors: ['Calendly', 'Vagaro', 'Square Appointments', 'Booksy'],
};

export const DEMO_EMAIL = 'demo@localhost';

/** Creates the demo account, its project and one key of each kind; the keys are returned once, to be printed. */
export async function createDemoAccount(services: Services) {
  const user = await services.accounts.createUser(DEMO_EMAIL, 'connected');
  const project = await services.projects.upsertProject(user.id, DEMO_PROJECT);
  const restKey = await services.accounts.issueKey(user.id, 'rest');
  const mcpKey = await services.accounts.issueKey(user.id, 'mcp');
  return { userId: user.id, projectId: project.id, restKey: restKey.key, mcpKey: mcpKey.key };
}

/** A fresh dashboard sign-in link for the demo account, or null when there is none. */
export async function demoSignInLink(services: Services): Promise<string | null> {
  const demo = await services.accounts.findUser({ email: DEMO_EMAIL });
  return demo ? (await services.sessions.mintSignInLink({ userId: demo.id })).signInUrl : null;
}
