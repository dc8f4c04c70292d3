import type { ToolDef } from '../tool.ts';
import { checkAiVisibilityTool } from './check-ai-visibility.tool.ts';
import { createProjectTool } from './create-project.tool.ts';
import { getProjectTool } from './get-project.tool.ts';
import { getUsageTool } from './get-usage.tool.ts';
import { listLeadsTool } from './list-leads.tool.ts';
import { listPainThemesTool } from './list-pain-themes.tool.ts';
import { listProjectsTool } from './list-projects.tool.ts';
import { listSeoOpportunitiesTool } from './list-seo-opportunities.tool.ts';
import { refreshPainThemesTool } from './refresh-pain-themes.tool.ts';
import { runScanTool } from './run-scan.tool.ts';
import { setLeadStatusTool } from './set-lead-status.tool.ts';
import { suggestProjectTool } from './suggest-project.tool.ts';
import { updateProjectTool } from './update-project.tool.ts';

/** Every tool of the endpoint, in the order tools/list shows them. */
export const TOOLS = [
  listProjectsTool,
  getProjectTool,
  listLeadsTool,
  runScanTool,
  getUsageTool,
  listPainThemesTool,
  listSeoOpportunitiesTool,
  checkAiVisibilityTool,
  setLeadStatusTool,
  refreshPainThemesTool,
  suggestProjectTool,
  createProjectTool,
  updateProjectTool,
] as unknown as ToolDef[];
