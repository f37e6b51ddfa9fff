import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai';
import { type LocalServer, type ServerEnv, startFreshServer } from '../../support/local-server';
import { type Account, readyAccount } from './account';
import { launchBrowser } from './browser';

/** What a browser test of a signed-in screen stands on; filled before the file's first test. */
export interface Stage {
  llm: FakeOpenAi;
  server: LocalServer;
  browser: Browser;
  account: Account;
}

/** An external system's fake started beside the LLM: the server variables pointing at it, and its stop. */
export interface StagedFake {
  env: ServerEnv;
  close: () => Promise<void>;
}

/**
 * Registers the file's set-up and tear-down: the fake LLM, a fresh local server on it (and on `more`,
 * another system's fake), Chromium, and a ready account of `user`.
 */
export function stageWithLlm(user: string, more?: () => Promise<StagedFake>): Stage {
  const stage = {} as Stage;
  const key = `sk-e2e-${user}-0123456789`;
  let extra: StagedFake | undefined;
  beforeAll(async () => {
    [stage.llm, extra] = await Promise.all([startFakeOpenAi({ apiKey: key }), more?.()]);
    stage.server = await startFreshServer({
      LLM_BASE_URL: stage.llm.baseUrl,
      LLM_API_KEY: key,
      ...extra?.env,
    });
    stage.browser = await launchBrowser();
    stage.account = await readyAccount(stage.server, user);
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
    await Promise.all([stage.llm?.close(), extra?.close()]);
  });
  return stage;
}

/** A fresh local server and Chromium, for a file whose tests start signed out; filled before its first test. */
export function stageServerAndBrowser(): { server: LocalServer; browser: Browser } {
  const stage = {} as { server: LocalServer; browser: Browser };
  beforeAll(async () => {
    stage.server = await startFreshServer();
    stage.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
  });
  return stage;
}
