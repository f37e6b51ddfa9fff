import { type FakeOpenAi, startFakeOpenAi } from '../tests/fakes/openai';
import { logNormalClipped, type Random } from './random';

export const MODEL_KEY = 'sk-simulate-0123456789';
/** A chat model's answer time: typically about 2.5 s, a long tail, never under 1 s or over 8 s. */
export const MODEL_LATENCY = { median: 2_500, sigma: 0.5, min: 1_000, max: 8_000 } as const;
/** Share of requests the provider fails with a 500 (the engine retries them through the job). */
export const MODEL_FAILURE_RATE = 0.01;

/** The fake OpenAI endpoint answering every request with that latency and that failure rate. */
export function startSimulatedModel(random: Random): Promise<FakeOpenAi> {
  return startFakeOpenAi({
    apiKey: MODEL_KEY,
    unscripted: {
      delayMs: () => logNormalClipped(random, MODEL_LATENCY),
      failureRate: MODEL_FAILURE_RATE,
      random,
    },
  });
}
