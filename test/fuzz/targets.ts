import { createWebhooksRepo } from '../../src/webhooks/webhooks.repo.ts';
import { tokenOf } from '../dashboard-helpers.ts';
import { createAccount, createProject, insertLeads, type TestApp } from '../harness.ts';
import type { FuzzTargets } from './hostile.ts';

/** Two accounts with projects, leads (null-stage ones too), a webhook, keys of every kind and a session. */
export async function prepareTargets(t: TestApp): Promise<FuzzTargets> {
  const me = await createAccount(t.services);
  const other = await createAccount(t.services);
  const project = await createProject(t.services, me.userId, { name: 'Fuzzed' });
  const otherProject = await createProject(t.services, other.userId, { name: 'Not yours' });
  await insertLeads(t.db, project.id, [
    { score: 90 },
    { score: 40, stage: null, reason: null, author: null, costUsd: null, matchedPhrase: null },
  ]);
  await insertLeads(t.db, otherProject.id, [{ score: 70 }]);
  const hook = await createWebhooksRepo(t.db).insert(project.id, 'https://hooks.example.com/fuzz');
  const revoked = await t.services.accounts.issueKey(me.userId, 'rest');
  await t.services.accounts.revokeKey(me.userId, revoked.id);
  const link = await t.services.sessions.mintSignInLink({ userId: me.userId });
  const res = await fetch(`${t.baseUrl}/dashboard/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenOf(link.signInUrl) }),
  });
  const sessionCookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!sessionCookie) throw new Error(`sign-in failed: ${res.status}`);
  return {
    baseUrl: t.baseUrl,
    restKey: me.restKey,
    mcpKey: me.mcpKey,
    revokedKey: revoked.key,
    otherRestKey: other.restKey,
    sessionCookie,
    projectId: project.id,
    otherProjectId: otherProject.id,
    webhookId: hook!.id,
    keyId: me.restKeyId,
  };
}
