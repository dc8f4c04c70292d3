import { Type } from 'typebox';
import { ProjectIdParams } from '../../contract/schemas.ts';

/** The project argument of every per-project tool: the REST path parameter's schema under the tool's name. */
export const ProjectArgs = Type.Object(
  {
    projectId: { ...ProjectIdParams.properties.id, description: 'Project id, as list_projects returns it.' },
  },
  { additionalProperties: false },
);
