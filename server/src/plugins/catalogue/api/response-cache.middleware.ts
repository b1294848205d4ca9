import { Injectable, NestMiddleware } from '@nestjs/common';
import { ConfigService } from '@vendure/core';
import type { NextFunction, Request, Response } from 'express';

import { CachedResponse, ResponseCacheService, TTL_MS } from '../services/response-cache.service';

/** Headers of a response that describe the connection or the moment, never replayed. */
const NOT_REPLAYED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Answers a cacheable catalogue query (ResponseCacheService) of an anonymous shopper from the
 * answer kept for the same request, before Vendure and Apollo handle it; otherwise lets it through
 * and keeps its answer when it is a complete 200 JSON answer without errors and without a cookie.
 * Sets `x-catalogue-cache: hit` or `miss` on the requests it handles (decision 019, session 12).
 */
@Injectable()
export class ResponseCacheMiddleware implements NestMiddleware {
  private readonly cookieName: string;
  private readonly channelTokenKey: string;
  private readonly apiKeyHeaderKey: string | undefined;

  constructor(
    private readonly cache: ResponseCacheService,
    configService: ConfigService,
  ) {
    const name = configService.authOptions.cookieOptions?.name;
    this.cookieName = (typeof name === 'string' ? name : name?.shop) ?? 'session';
    this.channelTokenKey = configService.apiOptions.channelTokenKey;
    this.apiKeyHeaderKey = (configService.authOptions as { apiKeyHeaderKey?: string }).apiKeyHeaderKey;
  }

  use(req: Request, res: Response, next: NextFunction) {
    // a conditional request may be answered 304 by Express: left to the normal pipeline
    if (!this.cache.enabled || !this.isAnonymous(req) || req.headers['if-none-match'] || req.headers['if-modified-since']) {
      return next();
    }
    const operation = this.operationOf(req);
    if (!operation || !this.cache.cacheable(operation)) return next();
    const key = this.keyOf(req);
    const kept = this.cache.get(key);
    if (kept) return this.replay(res, kept);
    const computing = this.cache.pending(key);
    if (computing) {
      // the same request is being answered: wait for its answer rather than computing it again
      computing.then((entry) => (entry && !res.headersSent ? this.replay(res, entry) : next()), next);
      return;
    }
    this.capture(req, res, key);
    next();
  }

  /**
   * The GraphQL request: a JSON POST's body, or a GET's query string as the storefront sends it
   * for server renders (services/client.ts `cacheable`), with the header that passes Apollo's
   * CSRF guard (without it Apollo refuses the request, so it is left to Apollo).
   */
  private operationOf(req: Request): unknown {
    if (req.method === 'POST') {
      return req.is('application/json') ? req.body : undefined;
    }
    if (req.method !== 'GET' || !req.headers['apollo-require-preflight']) return undefined;
    const { query, variables, extensions } = req.query as Record<string, unknown>;
    if (typeof query !== 'string' || (variables !== undefined && typeof variables !== 'string')) return undefined;
    try {
      return { query, variables: variables ? JSON.parse(variables) : undefined, extensions };
    } catch {
      return undefined;
    }
  }

  /** No session (cookie or bearer token) and no API key: the answer depends on no customer. */
  private isAnonymous(req: Request): boolean {
    if (req.headers.authorization) return false;
    if ((req as { session?: { token?: string } }).session?.token) return false;
    if (req.headers.cookie?.includes(this.cookieName)) return false;
    if (this.apiKeyHeaderKey && req.headers[this.apiKeyHeaderKey.toLowerCase()]) return false;
    return true;
  }

  /**
   * What the answer may depend on: URL (language, currency, channel token), channel header, host
   * (asset URLs), Accept (the answer's content type), body.
   */
  private keyOf(req: Request): string {
    const h = req.headers;
    return JSON.stringify([
      req.method,
      req.originalUrl,
      h[this.channelTokenKey.toLowerCase()] ?? null,
      h.host ?? null,
      h['x-forwarded-host'] ?? null,
      h['x-forwarded-proto'] ?? null,
      h['accept-language'] ?? null,
      h.accept ?? null,
      req.method === 'POST' ? req.body : null,
    ]);
  }

  private replay(res: Response, entry: CachedResponse) {
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('x-catalogue-cache', 'hit');
    res.setHeader('content-length', entry.body.length);
    res.end(entry.body);
  }

  /** Collects what the rest of the pipeline writes and keeps it if it is a clean answer. */
  private capture(req: Request, res: Response, key: string) {
    const generation = this.cache.generation();
    const done = this.cache.begin(key);
    if (generation === undefined) {
      done(undefined);
      return;
    }
    const before = new Set(res.getHeaderNames());
    res.setHeader('x-catalogue-cache', 'miss');
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: any[]) => boolean;
    const end = res.end.bind(res) as (...args: any[]) => Response;
    const add = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      add(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      add(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];
    let settled = false;
    const finish = (complete: boolean) => {
      if (settled) return;
      settled = true;
      const entry = complete ? this.entryOf(res, before, Buffer.concat(chunks), generation) : undefined;
      // waiting requests get the answer only if it was kept (nothing changed while it was computed)
      done(entry && this.cache.set(key, entry) ? entry : undefined);
    };
    res.on('finish', () => finish(true));
    res.on('close', () => finish(false));
    req.on('error', () => finish(false));
  }

  private entryOf(res: Response, before: Set<string>, body: Buffer, generation: string): CachedResponse | undefined {
    if (res.statusCode !== 200 || res.getHeader('set-cookie') || res.getHeader('content-encoding')) return undefined;
    // application/json, or application/graphql-response+json for clients that ask for it first
    // (graphql-request, so the storefront's every server render: session 14 found none of its
    // requests kept before this)
    if (!/^application\/(graphql-response\+)?json\b/.test(String(res.getHeader('content-type') ?? ''))) return undefined;
    const length = Number(res.getHeader('content-length') ?? body.length);
    if (length !== body.length) return undefined;
    const text = body.toString('utf8');
    // an answer with errors (or a partial one) is never kept; `"errors":` can only be a key,
    // quotes inside JSON strings are escaped
    if (!text.startsWith('{"data":') || text.includes('"errors":')) return undefined;
    const headers: Array<[string, string | string[]]> = [];
    for (const name of res.getHeaderNames()) {
      if (before.has(name) || NOT_REPLAYED.has(name) || name === 'x-catalogue-cache') continue;
      const value = res.getHeader(name);
      if (value !== undefined) headers.push([name, typeof value === 'number' ? String(value) : value]);
    }
    return { generation, expires: Date.now() + TTL_MS, status: 200, headers, body };
  }
}
