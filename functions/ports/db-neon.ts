import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import * as schema from '../../db/schema';
import type { Db } from './db';

export interface NeonOptions {
  connectionString: string;
  /**
   * Only for tests: a plain `host:port/path` WebSocket proxy standing in for Neon's, reached without TLS.
   */
  wsProxy?: string;
}

export function openNeonDb(options: NeonOptions): { db: Db; pool: Pool } {
  if (options.wsProxy) {
    const proxy = options.wsProxy;
    neonConfig.wsProxy = () => proxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
  }
  const pool = new Pool({ connectionString: options.connectionString });
  return { db: drizzle(pool, { schema }), pool };
}
