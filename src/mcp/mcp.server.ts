import packageJson from '../../package.json' with { type: 'json' };
import type { Caller } from '../accounts/accounts.service.ts';
import { AppError } from '../contract/errors.ts';
import type { Services } from '../services.ts';
import { createArgumentsValidator } from './arguments.ts';
import { RPC, RpcError, type RpcRequest } from './jsonrpc.ts';
import { errorResult, okResult, ToolFailure, type ToolResult } from './tool.ts';
import { TOOLS } from './tools/index.ts';

/** Newest first; initialize answers with the client's version when it is one of these, else the newest. */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export const LATEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0];

export function isSupportedProtocolVersion(v: string): boolean {
  return (PROTOCOL_VERSIONS as readonly string[]).includes(v);
}

const INSTRUCTIONS =
  'Lead intelligence over Reddit posts and comments. Call list_projects first to get a projectId; ' +
  'list_leads returns scored leads (score 0-100 is a sort order, not a probability). ' +
  'run_scan buys upstream data; set_lead_status triages leads (hidden, not_fit, back to new); ' +
  'suggest_project reads a product page and proposes a project with a preview over stored posts; ' +
  'create_project and update_project save a project and start its first scan at once; ' +
  'the other tools are read-only.';

const invalidParams = (message: string, argument?: string | null) =>
  new RpcError(RPC.invalidParams, message, {
    data: { code: 'invalid_request', ...(argument ? { argument } : {}) },
  });

/** The MCP methods of a tools-only server: initialize, ping, tools/list and tools/call. */
export function createMcpServer(services: Services) {
  const tools = new Map(
    TOOLS.map((tool) => [
      tool.name,
      { tool, check: createArgumentsValidator(tool.argumentsSchema ?? tool.inputSchema) },
    ]),
  );
  const listing = TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    annotations: t.annotations,
  }));

  async function callTool(params: Record<string, unknown>, caller: Caller): Promise<ToolResult> {
    const name = params.name;
    if (typeof name !== 'string' || name === '') {
      throw invalidParams('params.name must be the name of a tool; tools/list shows them.', 'name');
    }
    const entry = tools.get(name);
    if (!entry) {
      throw invalidParams(`Unknown tool "${name}". The tools are ${[...tools.keys()].join(', ')}.`, 'name');
    }
    const args = params.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw invalidParams('params.arguments must be an object of named arguments.', 'arguments');
    }
    const checked = entry.check(args);
    if (!checked.ok) {
      if (entry.tool.argumentsSchema) return errorResult(checked.message);
      throw invalidParams(checked.message, checked.argument);
    }
    if (!caller.scopes.includes(entry.tool.scope)) {
      return errorResult(
        `This key lacks the ${entry.tool.scope} scope that ${name} needs. ` +
          "A new tool key from the dashboard's API access page carries every tool scope.",
      );
    }
    try {
      return okResult(await entry.tool.run({ services, caller }, checked.value));
    } catch (err) {
      // Domain failures (unknown project, scanning unavailable) are the tool's answer, for the agent to read.
      if (err instanceof ToolFailure || err instanceof AppError) return errorResult(err.message);
      throw err;
    }
  }

  return {
    /** Answers one request; throws RpcError for protocol-level failures. */
    async handle(request: RpcRequest, caller: Caller): Promise<unknown> {
      const { method, params } = request;
      switch (method) {
        case 'initialize': {
          const asked = params.protocolVersion;
          if (typeof asked !== 'string') {
            throw invalidParams(
              'params.protocolVersion must be a string, e.g. "2025-11-25".',
              'protocolVersion',
            );
          }
          return {
            protocolVersion: isSupportedProtocolVersion(asked) ? asked : LATEST_PROTOCOL_VERSION,
            capabilities: { tools: {} },
            serverInfo: {
              name: 'lead-intelligence',
              title: 'Lead Intelligence',
              version: packageJson.version,
            },
            instructions: INSTRUCTIONS,
          };
        }
        case 'ping':
          return {};
        case 'tools/list':
          return { tools: listing };
        case 'tools/call':
          return callTool(params, caller);
        default:
          throw new RpcError(
            RPC.methodNotFound,
            `Method not found: ${method}. This server offers tools only.`,
            {
              data: { code: 'invalid_request' },
            },
          );
      }
    },
  };
}
export type McpServer = ReturnType<typeof createMcpServer>;
