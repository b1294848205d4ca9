import type { Middleware } from '@vendure/core';
import { Logger } from '@vendure/core';
import express, { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

import { RuntimeLimits, tokenLimitError } from './query-limits';

const loggerCtx = 'QueryLimits';

/** One GraphQL-shaped error answer, JSON, never a stack or a server path. */
function answer(res: Response, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  if (res.headersSent) return;
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] }));
}

/**
 * The API's request body parser, ahead of NestJS's own (which then sees a parsed body and skips):
 * Nest's parser lets body-parser's errors reach Express's final handler, which answered an
 * oversized body 500 and a malformed one with an HTML page holding the stack trace and absolute
 * server paths (Vendure runs without NODE_ENV=production under `npm start`). Here every such
 * error is a short JSON answer: 413 over `maxBodyBytes`, 415 for an unsupported charset or
 * encoding, 400 for anything else unreadable, with a correlation id in the log only.
 *
 * Then the token limit (graphql-js's parser with `maxTokens`), on the query of a POST body or of a
 * GET URL, before Apollo parses and validates it: validation is where a flood costs (5,000 fields
 * took GraphQL's rules 0.8 s), and a refusal thrown from an Apollo hook that early answers 500.
 */
export function bodyLimitMiddleware(route: string, limits: RuntimeLimits, maxTokens: number): Middleware {
  const json = express.json({ limit: limits.maxBodyBytes });
  const kb = Math.round(limits.maxBodyBytes / 1024);
  return {
    route,
    beforeListen: true,
    handler: function apiBodyParser(req: Request, res: Response, next: NextFunction) {
      json(req, res, (error?: unknown) => {
        if (!error) {
          const body = req.body as { query?: unknown } | undefined;
          const query = typeof body?.query === 'string' ? body.query : typeof req.query?.query === 'string' ? req.query.query : undefined;
          if (tokenLimitError(query, maxTokens)) {
            return answer(res, 400, 'BAD_USER_INPUT', `Syntax Error: Token limit of ${maxTokens} exceeded.`, {
              reason: 'too-many-tokens',
              max: maxTokens,
            });
          }
          return next();
        }
        const e = error as { status?: number; type?: string; message?: string };
        if (e.type === 'entity.too.large' || e.status === 413) {
          return answer(res, 413, 'PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${kb} KB.`, {
            maxBytes: limits.maxBodyBytes,
          });
        }
        if (e.status === 415) return answer(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be UTF-8 JSON.');
        const errorId = randomUUID();
        Logger.verbose(`[${errorId}] unreadable request body: ${e.type ?? ''} ${e.message ?? ''}`, loggerCtx);
        return answer(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON.', { errorId });
      });
    },
  };
}

/**
 * The cap on an answer's size: Apollo writes a complete answer with one `res.send(string)`; one
 * longer than `maxResponseBytes` is replaced by a 400 naming the limit (the cost budget keeps
 * such answers rare; this bounds what the budget's estimate cannot see, such as long texts).
 */
export function responseLimitMiddleware(route: string, limits: RuntimeLimits): Middleware {
  return {
    route,
    handler: (_req: Request, res: Response, next: NextFunction) => {
      const send = res.send.bind(res);
      res.send = ((body?: unknown) => {
        const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
        if (size > limits.maxResponseBytes) {
          res.send = send;
          const mb = (limits.maxResponseBytes / 1024 / 1024).toFixed(1);
          return send.call(
            res.status(400).type('application/json'),
            JSON.stringify({
              errors: [
                {
                  message: `The answer would be larger than the limit of ${mb} MB. Ask for fewer items or fewer fields.`,
                  extensions: { code: 'RESPONSE_TOO_LARGE', maxBytes: limits.maxResponseBytes },
                },
              ],
            }),
          );
        }
        return send(body);
      }) as Response['send'];
      next();
    },
  };
}
