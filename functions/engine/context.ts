import type { AppSettings, Ports } from '../ports';

/** What the engine runs with: in a request, or in a job delivered by the runner or QStash. */
export interface EngineContext {
  ports: Ports;
  settings: AppSettings;
}
