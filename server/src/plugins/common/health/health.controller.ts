import { Controller, Get, Header, Res } from '@nestjs/common';
import { TransactionalConnection } from '@vendure/core';
import type { Response } from 'express';

/** How long readiness waits for the database before it answers 503. */
const DB_PROBE_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness of Vendure, for `npm start`'s supervisor and any orchestrator:
 * `/healthz` answers while the process serves HTTP; `/readyz` only when the database answers a
 * trivial query too (restart on a failing /healthz, stop routing traffic on a failing /readyz).
 * Never cached.
 */
@Controller()
export class HealthController {
  constructor(private readonly connection: TransactionalConnection) {}

  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readyz(@Res({ passthrough: true }) res: Response) {
    if (await this.databaseAnswers()) return { status: 'ready', database: 'up' };
    res.status(503).setHeader('Retry-After', '5');
    return { status: 'unavailable', database: 'down' };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_PROBE_TIMEOUT_MS)));
    try {
      const probe = this.connection.rawConnection.query('SELECT 1').then(
        () => true,
        () => false,
      );
      return await Promise.race([probe, timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
