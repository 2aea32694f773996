import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectorActor } from '../src/access/index';
import { runAssistantCall } from '../src/assistant/index';
import { assertSchema, isDomainError, type Services } from '../src/platform/index';
import { TOOLS, type McpTool } from './tools';

/** The server's name and version in the MCP handshake. */
export const MCP_SERVER_INFO = { name: 'compliance-onboarding', title: 'Compliance onboarding (read-only)', version: '1.0.0' };

const INSTRUCTIONS = 'Read-only access to one organisation\'s compliance onboarding data: cases, decisions, screening hits, documents with '
  + 'extracted data, and the event feed. Start with search_cases, then get_case and the list_case_* tools for one case. Lists are paged: '
  + 'pass nextCursor back as cursor. Every call is recorded and shown to the organisation.';

/** A JSON Schema of a TypeBox schema, as plain JSON (TypeBox's symbol keys dropped). */
const plain = (schema: object) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/**
 * The MCP server of one request, acting for one connector and member (stateless: a fresh server per
 * HTTP request, so any API process can answer any request). Tools are the pull API's read use cases,
 * each run through the assistant feature's runAssistantCall, which puts the call on the record whether it
 * succeeds or not. A refusal (not found, a missing scope, bad arguments) is a tool error the model can
 * read, never a stack trace.
 *
 * The SDK's low-level Server (its docs steer simple servers to McpServer, whose tools take zod schemas):
 * here the input and output schemas are JSON Schemas, and the output schemas are the pull API's own wire
 * shapes (TypeBox, src/<feature>/*.wire.ts), written once for the OpenAPI document, /v1 and these tools.
 */
export function createMcpServer(svc: Services, actor: ConnectorActor): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const byName = new Map(TOOLS.map((t) => [t.name, t]));
  const listed = TOOLS.map((t) => ({
    name: t.name, title: t.title, description: t.description, inputSchema: plain(t.inputSchema) as { type: 'object' }, outputSchema: plain(t.outputSchema) as { type: 'object' },
    annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (!tool) return failure(`Unknown tool ${request.params.name}. Call tools/list for the tools of this server.`);
    return callTool(svc, actor, tool, args);
  });
  return server;
}

async function callTool(svc: Services, actor: ConnectorActor, tool: McpTool, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    const outcome = await runAssistantCall(svc, actor, { tool: tool.name, arguments: args }, () => tool.run(svc, actor, assertSchema(tool.inputSchema, args)));
    return { content: [{ type: 'text', text: outcome.text }], structuredContent: outcome.result as Record<string, unknown> };
  } catch (err) {
    if (!isDomainError(err)) throw err;
    const details = (err.extra?.details as { path: string; message: string }[] | undefined) ?? [];
    const text = [`${err.code}: ${err.message}`, ...details.map((d) => `- ${d.path || 'arguments'} ${d.message}`)].join('\n');
    return failure(text);
  }
}

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
