/** Fakes of the services the engine talks to: real HTTP servers on loopback, for tests and benches. */
export * from './fake-anthropic.ts';
export * from './fake-evidence.ts';
export * from './fake-openai.ts';
export * from './fake-ops.ts';
