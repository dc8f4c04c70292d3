import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AlertDelivery,
  AlertDestination,
  AlertInputBody,
  AlertUpdateBody,
} from '../../alerts/alerts.schemas.ts';
import type { Services } from '../../services.ts';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const ProjectParams = Type.Object({ projectId: Id('Project id') });
const AlertParams = Type.Object({ alertId: Id('Alert destination id') });

/**
 * A project's alert destinations (e-mail, Slack, Discord), their delivery log and the test button
 * (docs/decisions/0114-alerts.md); registered inside dashboardRoutes, behind its session guard.
 */
export const dashboardAlertRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { alerts } = services;
  const userId = (request: { account?: { userId: string } }) => request.account!.userId;

  app.get(
    '/projects/:projectId/alerts',
    {
      schema: {
        params: ProjectParams,
        response: { 200: Type.Object({ alerts: Type.Array(AlertDestination) }) },
      },
    },
    async (request) => ({ alerts: await alerts.list(userId(request), request.params.projectId) }),
  );

  app.post(
    '/projects/:projectId/alerts',
    { schema: { params: ProjectParams, body: AlertInputBody, response: { 201: AlertDestination } } },
    async (request, reply) =>
      reply.status(201).send(await alerts.create(userId(request), request.params.projectId, request.body)),
  );

  app.patch(
    '/alerts/:alertId',
    { schema: { params: AlertParams, body: AlertUpdateBody, response: { 200: AlertDestination } } },
    async (request) => alerts.update(userId(request), request.params.alertId, request.body),
  );

  app.delete('/alerts/:alertId', { schema: { params: AlertParams } }, async (request, reply) => {
    await alerts.remove(userId(request), request.params.alertId);
    return reply.status(204).send();
  });

  app.post(
    '/alerts/:alertId/test',
    { schema: { params: AlertParams, response: { 200: AlertDelivery } } },
    async (request) => alerts.sendTest(userId(request), request.params.alertId),
  );

  app.get(
    '/alerts/:alertId/deliveries',
    {
      schema: {
        params: AlertParams,
        response: { 200: Type.Object({ deliveries: Type.Array(AlertDelivery) }) },
      },
    },
    async (request) => ({ deliveries: await alerts.deliveries(userId(request), request.params.alertId) }),
  );
};
