import type { Static, TObject } from 'typebox';
import type { KeyScope } from '../accounts/accounts.schemas.ts';
import type { Caller } from '../accounts/accounts.service.ts';
import type { Services } from '../services.ts';

/** MCP tool annotations: hints for the agent's user, not guarantees. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolContext {
  services: Services;
  caller: Caller;
}

/**
 * One tool: its schemas (TypeBox, so validation, the listing and the types come from one place), the scope
 * a key needs to call it, and a run function that calls one service verb.
 */
export interface ToolDef<I extends TObject = TObject, O extends TObject = TObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  /**
   * What the endpoint checks before the tool runs, when the service checks the arguments itself (a project's
   * fields): its refusal, naming every bad field, and a failure of this schema are the tool's answer (isError),
   * not a protocol error, so the agent reads and corrects them. Absent: inputSchema, failures are invalid params.
   */
  argumentsSchema?: TObject;
  outputSchema: O;
  annotations: ToolAnnotations;
  scope: KeyScope;
  run(ctx: ToolContext, args: Static<I>): Promise<Static<O>>;
}

/** Keeps each tool's run function typed by its own schemas. */
export function defineTool<I extends TObject, O extends TObject>(tool: ToolDef<I, O>): ToolDef<I, O> {
  return tool;
}

/** A failure the agent should read as the tool's answer (isError: true), not as a protocol error. */
export class ToolFailure extends Error {}

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Structured output plus the same JSON as a text block, for clients that only read text. */
export function okResult(value: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
