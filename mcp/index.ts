import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Services } from '../src/platform/index';
import { mcpActorOf, mcpBearerAuth } from './bearer';
import { createMcpServer } from './server';

/** JSON-RPC bodies of /mcp: at most 64 KiB, like /v1. */
const body = express.json({ limit: '64kb' });

/**
 * The MCP server at BASE_URL/mcp over the Streamable HTTP transport, stateless: every POST is answered
 * by a fresh server and transport (no session id, JSON responses, no server-to-client stream), so
 * several API processes behind a load balancer answer any request without sticky sessions or a shared
 * session store; the tools need no server state between calls (paging uses the pull API's cursors).
 * GET (a stream) and DELETE (a session) are 405, as the transport specifies for a server without them.
 * A JSON-RPC batch is refused (400, JSON-RPC -32600): each tool call is its own request, counted and recorded.
 */
export function mcpRoutes(svc: Services): Router {
  const router = Router();
  const auth = mcpBearerAuth(svc);
  router.use('/mcp', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const handle: RequestHandler = async (req, res) => {
    // JSON-RPC batches (an array of messages) are refused: the SDK would run up to 100 tool calls
    // behind one bearer check, so one request would count once against the rate limit. MCP 2025-06-18
    // removed batching; a client sends one message per POST.
    if (Array.isArray(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported; send one message per request.' }, id: null });
      return;
    }
    const server = createMcpServer(svc, mcpActorOf(res));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
  router.post('/mcp', auth, body, handle);
  const notAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send JSON-RPC requests with POST.' }, id: null });
  };
  router.get('/mcp', auth, notAllowed);
  router.delete('/mcp', auth, notAllowed);
  router.use('/mcp', mcpErrors());
  return router;
}

/** Errors of /mcp as JSON-RPC errors: a malformed body is a parse error; anything else internal, never a stack. */
function mcpErrors(): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const e = err as { type?: string };
    if (e.type === 'entity.parse.failed') return res.status(400).json({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON.' }, id: null });
    if (e.type === 'entity.too.large') return res.status(413).json({ jsonrpc: '2.0', error: { code: -32600, message: 'The request body is larger than 64 KiB.' }, id: null });
    req.log.error({ err }, 'mcp request failed');
    res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'An internal error occurred.' }, id: null });
  };
}
